import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { api } from '../helpers/api';
import { DEMO_USERS } from '../helpers/demo-users';
import {
  createLoad,
  easternPickerText,
  expectStatus,
  fetchLoad,
  LOADS_API,
  loadHeading,
} from '../helpers/loads';
import { chooseAddress, field, openAddLoad, typeDate } from '../helpers/load-form';
import { mainMenu } from '../helpers/side-menu';
import { signIn } from '../helpers/sign-in';

// The life of a load as a dispatcher lives it (business areas: load form, lifecycle, loads calls), in the
// browser against the real server. Each test makes its own loads.

const DOCUMENTS_MESSAGE = 'Next documents needs to be uploaded before status changing';
const CANCEL_WARNING =
  'This action will cancel the load and nullify payments. If you need to create a payment for the owner, use TONU instead.';

/** Uploads a small PDF with the document type asked for. */
async function uploadDocument(page: Page, type: string, name: string) {
  const files = page.getByRole('region', { name: 'Documents' });
  await expect(files.getByRole('combobox', { name: 'Document type' })).toHaveText(type);
  await files.getByLabel('File', { exact: true }).setInputFiles({
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from(`%PDF-1.4\n% ${name}\n`),
  });
  await files.getByRole('button', { name: 'Upload' }).click();
  await expect(files.getByRole('button', { name, exact: true })).toBeVisible();
}

test('a dispatcher creates a load in the add-load dialog and lands on its load board page', async ({
  page,
  request,
}) => {
  const client = await api(request, DEMO_USERS.dispatcher.email);
  await signIn(page, DEMO_USERS.dispatcher.email);
  await expect(mainMenu(page)).toBeVisible();
  const dialog = await openAddLoad(page);

  const rateconf = `E2E-NEW-${Date.now().toString(36)}`;
  await field(dialog, /Broker name/).fill('Jane Broker');
  await field(dialog, /Broker phone/).fill('(555) 123-4567');
  await field(dialog, /Reply e-mail/).fill('jane@broker.test');
  await field(dialog, /Rate confirmation/).fill(rateconf);
  await field(dialog, /^Pays/).fill('$1200');
  await field(dialog, /Weight/).fill('1500');
  await field(dialog, /Pieces/).fill('3');
  await field(dialog, /Length/).fill('48');
  await field(dialog, /Width/).fill('40');
  await field(dialog, /Height/).fill('36');
  const pickUp = dialog.getByRole('group', { name: 'Pick-up' });
  await chooseAddress(page, pickUp, 'Chicago', /Chicago, IL/);
  await typeDate(field(pickUp, /^Date/), easternPickerText(1, 8));
  const delivery = dialog.getByRole('group', { name: 'Delivery' });
  await chooseAddress(page, delivery, 'Dallas', /Dallas, TX/);
  await typeDate(field(delivery, /^Date/), easternPickerText(3, 17, 30));

  await dialog.getByRole('button', { name: 'Create load' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/loadboard\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());

  // Without a vehicle and a driver the new load is offered on the load board, not booked yet.
  const board = await client.json<{ results: { id: number; points: { city: string }[] }[] }>(
    'GET',
    `${LOADS_API}/loadboard?loads_id=${id}`,
  );
  expect(board.results.map((load) => load.id)).toEqual([id]);
  expect(board.results[0]!.points.map((point) => point.city)).toEqual(['Chicago', 'Dallas']);

  // It is in none of the four load lists until it is booked.
  const active = await client.json<{ count: number }>('GET', `${LOADS_API}/active?search=${rateconf}`);
  expect(active.count).toBe(0);
});

test('the add-load dialog shows the validation messages as they happen and takes the fixes', async ({
  page,
}) => {
  await signIn(page, DEMO_USERS.manager.email);
  await expect(mainMenu(page)).toBeVisible();
  const dialog = await openAddLoad(page);
  const create = dialog.getByRole('button', { name: 'Create load' });
  // Nothing typed yet: no count of fields to fix and no messages.
  await expect(dialog.getByRole('button', { name: /Fields to fix/ })).toHaveCount(0);
  await expect(field(dialog, /Weight/)).not.toHaveAccessibleDescription('This field is required');

  const phone = field(dialog, /Broker phone/);
  await phone.fill('555-1234');
  await phone.press('Tab');
  await expect(phone).toHaveAccessibleDescription('Must be a US phone number, e.g. (555) 123-4567');
  await phone.fill('(555) 123-4567');
  await expect(phone).not.toHaveAccessibleDescription(/US phone/);

  const name = field(dialog, /Broker name/);
  await name.fill('J');
  await name.fill('');
  await name.press('Tab');
  await expect(name).toHaveAccessibleDescription('This field is required');
  await name.fill('Jane Broker');
  await expect(name).not.toHaveAccessibleDescription('This field is required');

  const email = field(dialog, /Reply e-mail/);
  await email.fill('jane@');
  await email.press('Tab');
  await expect(email).toHaveAccessibleDescription('Email must be valid');
  await email.fill('jane@broker.test');
  await expect(email).not.toHaveAccessibleDescription('Email must be valid');

  const length = field(dialog, /Length/);
  await length.fill('');
  await length.press('Tab');
  await expect(length).toHaveAccessibleDescription('This field is required');
  await length.fill('48');
  await expect(length).not.toHaveAccessibleDescription('This field is required');

  // Still incomplete (no points, no weight): Save stays disabled.
  await expect(create).toBeDisabled();
});

test('a load moves from Waiting to accept to Delivered once the documents each status asks for are uploaded', async ({
  page,
  request,
}) => {
  const client = await api(request, DEMO_USERS.dispatcher.email);
  const load = await createLoad(client);
  await signIn(page, DEMO_USERS.dispatcher.email);
  await expect(mainMenu(page)).toBeVisible();
  await page.goto(`/load/active/${load.id}`);
  await expect(loadHeading(page, load)).toBeVisible();
  await expectStatus(page, 'Waiting to accept');

  const moveTo = (status: string) => page.getByRole('button', { name: `Move to ${status}`, exact: true });
  const documentsAlert = page.getByRole('alert').filter({ hasText: DOCUMENTS_MESSAGE });

  // The rate confirmation before In Transit to Pick-up: the page knows it is missing, so the move waits
  // and a button names the document and leads to the upload.
  await expect(moveTo('In Transit to Pick-up')).toBeDisabled();
  await page.getByRole('button', { name: 'Upload first: Rate confirmation' }).click();
  await expect(page.getByRole('region', { name: 'Documents' }).getByRole('alert')).toHaveText(
    'Needed before the next status: Rate confirmation',
  );
  await expectStatus(page, 'Waiting to accept');
  // No move was tried, so no refusal.
  await expect(documentsAlert).toHaveCount(0);
  await uploadDocument(page, 'Rate confirmation', 'rate-confirmation.pdf');
  await moveTo('In Transit to Pick-up').click();
  await expectStatus(page, 'In Transit to Pick-up');
  await moveTo('Arrived to Pick-up').click();
  await expectStatus(page, 'Arrived to Pick-up');

  // The bill of lading before Loaded.
  await expect(moveTo('Loaded')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Upload first: Bill of lading' })).toBeVisible();
  await expectStatus(page, 'Arrived to Pick-up');
  await uploadDocument(page, 'Bill of lading', 'bill-of-lading.pdf');
  await moveTo('Loaded').click();
  await expectStatus(page, 'Loaded');
  await moveTo('In Transit to Delivery').click();
  await expectStatus(page, 'In Transit to Delivery');
  await moveTo('Arrived to Delivery').click();
  await expectStatus(page, 'Arrived to Delivery');
  await moveTo('Unloaded').click();
  await expectStatus(page, 'Unloaded');

  // The proof of delivery before Delivered; a delivered load is in checkout.
  await expect(moveTo('Delivered')).toBeDisabled();
  await uploadDocument(page, 'Proof of delivery', 'proof-of-delivery.pdf');
  await moveTo('Delivered').click();
  await expect(page).toHaveURL((url) => url.pathname === `/load/checkout/${load.id}`);
  await expectStatus(page, 'Delivered');

  const saved = await fetchLoad(client, load.id);
  expect(saved.status).toBe(8);
  expect(saved.files.map((file) => file.file_type).sort()).toEqual([
    'bill_of_lading',
    'proof_of_delivery',
    'rate_confirmation',
  ]);
  // The history tells the way, newest first.
  const history = page.getByRole('list', { name: 'History' });
  await expect(history.getByRole('listitem').first()).toContainText('Unloaded → Delivered');
});

test('one load is marked TONU, another is canceled with the spec warning and restored', async ({
  page,
  request,
}) => {
  const client = await api(request, DEMO_USERS.manager.email);
  const tonuLoad = await createLoad(client);
  const canceledLoad = await createLoad(client);
  await signIn(page, DEMO_USERS.manager.email);
  await expect(mainMenu(page)).toBeVisible();

  await test.step('TONU with the broker and driver prices moves the load to checkout', async () => {
    await page.goto(`/load/active/${tonuLoad.id}`);
    await expect(loadHeading(page, tonuLoad)).toBeVisible();
    await page.getByRole('button', { name: 'TONU', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `TONU of load ${tonuLoad.number}` });
    await dialog.getByRole('textbox', { name: 'Broker price' }).fill('$250');
    await dialog.getByRole('textbox', { name: 'Driver price' }).fill('150.50');
    await dialog.getByRole('button', { name: 'Mark TONU' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === `/load/checkout/${tonuLoad.id}`);
    await expectStatus(page, 'TONU');
    const prices = page.getByRole('region', { name: 'Prices' });
    await expect(prices).toContainText('$250.00');
    await expect(prices).toContainText('$150.50');
    expect(await fetchLoad(client, tonuLoad.id)).toMatchObject({
      status: 9,
      broker_price: 250,
      driver_price: 150.5,
    });
  });

  await test.step('cancel shows the warning of the spec and moves the load to the canceled list', async () => {
    await page.goto(`/load/active/${canceledLoad.id}`);
    await expect(loadHeading(page, canceledLoad)).toBeVisible();
    await page.getByRole('button', { name: 'Cancel load' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel load ${canceledLoad.number}` });
    await expect(dialog.getByRole('alert')).toHaveText(CANCEL_WARNING);
    await dialog.getByRole('textbox', { name: 'Driver price' }).fill('0');
    await dialog.getByRole('button', { name: 'Cancel load' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === `/load/canceled/${canceledLoad.id}`);
    await expectStatus(page, 'Canceled');

    await page.goto('/my-loads/canceled/');
    await page.getByRole('searchbox', { name: 'Search loads' }).fill(String(canceledLoad.id));
    await expect(page.getByRole('table', { name: 'Canceled loads' }).getByRole('row').nth(1)).toContainText(
      canceledLoad.number,
    );
  });

  await test.step('restore brings the load back to Waiting to accept', async () => {
    await page.goto(`/load/canceled/${canceledLoad.id}`);
    await page.getByRole('button', { name: 'Restore', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Restore load ${canceledLoad.number}` });
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/load/active/${canceledLoad.id}`);
    await expectStatus(page, 'Waiting to accept');
    expect((await fetchLoad(client, canceledLoad.id)).status).toBe(1);
  });
});
