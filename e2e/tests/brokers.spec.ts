import { expect, test } from '@playwright/test';
import { api } from '../helpers/api';
import { BROKERS_API, createNonOtrBroker, createOtrBroker } from '../helpers/brokers';
import type { ServerBroker } from '../helpers/brokers';
import { DEMO_USERS } from '../helpers/demo-users';
import { createLoad, LOADS_API, loadHeading } from '../helpers/loads';
import { mainMenu } from '../helpers/side-menu';
import { signIn } from '../helpers/sign-in';

// Broker companies (business areas: broker company, brokers calls; issue 4): the blacklist marks a broker's
// loads, the conflict manager rates the brokers of the rating queue, and a load's accounting broker company
// is chosen in the load form's picker. Each test makes its own brokers and loads.

type LoadAnswer = {
  rateconf_ref: string;
  broker_company: { id: number; in_blacklist: boolean } | null;
  accounting_broker_company: { id: number; name: string } | null;
};

type RatingHistoryAnswer = {
  count: number;
  results: {
    rating: { id: number; name: string };
    previous_rating: { id: number } | null;
    comment: string | null;
    rated_by: { first_name: string; last_name: string } | null;
  }[];
};

test('a manager blacklists a broker on the partners page and its loads are marked on the active loads list', async ({
  page,
  request,
}) => {
  const client = await api(request, DEMO_USERS.manager.email);
  const broker = await createOtrBroker(client, 'E2E Shady Freight');
  const load = await createLoad(client, { broker_company: broker.id });
  const { rateconf_ref: rateconf } = await client.json<LoadAnswer>('GET', `${LOADS_API}/active/${load.id}/`);

  await signIn(page, DEMO_USERS.manager.email);
  await expect(mainMenu(page)).toBeVisible();

  await test.step('the load is not marked while its broker is trusted', async () => {
    await page.goto('/my-loads/active/');
    await page.getByRole('searchbox', { name: 'Search loads' }).fill(rateconf);
    const table = page.getByRole('table', { name: 'Active loads' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText(broker.name);
    await expect(table.getByRole('row').nth(1)).not.toContainText('Blacklisted broker');
  });

  await test.step('the broker goes on the blacklist with the reason', async () => {
    await page.goto('/partners/');
    await page.getByRole('searchbox', { name: 'Search brokers' }).fill(broker.name);
    const table = page.getByRole('table', { name: 'All brokers' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('button', { name: `Actions for ${broker.name}` }).click();
    await page.getByRole('menuitem', { name: 'Add to blacklist' }).click();

    const dialog = page.getByRole('dialog', { name: `Add ${broker.name} to the blacklist` });
    const confirm = dialog.getByRole('button', { name: 'Add to blacklist' });
    // The reason is required: the next dispatcher must know why.
    await confirm.click();
    await expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(
      'Say why the broker is blacklisted',
    );
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Double brokered our load');
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row').nth(1)).toContainText('Blacklisted');

    await page.getByRole('tab', { name: 'Blacklist' }).click();
    const blacklist = page.getByRole('table', { name: 'Blacklist' });
    await expect(blacklist.getByRole('row').nth(1)).toContainText(broker.name);
    await expect(blacklist.getByRole('row').nth(1)).toContainText('Double brokered our load');
  });

  await test.step('its load is marked on the active loads list and on the load page', async () => {
    await page.goto('/my-loads/active/');
    await page.getByRole('searchbox', { name: 'Search loads' }).fill(rateconf);
    const row = page.getByRole('table', { name: 'Active loads' }).getByRole('row').nth(1);
    await expect(row).toContainText(broker.name);
    await expect(row).toContainText('Blacklisted broker');
    await row.click();
    await expect(loadHeading(page, load)).toBeVisible();
    await expect(page.getByText('Blacklisted broker').first()).toBeVisible();
  });

  const saved = await client.json<LoadAnswer>('GET', `${LOADS_API}/active/${load.id}/`);
  expect(saved.broker_company).toMatchObject({ id: broker.id, in_blacklist: true });
});

test('the conflict manager rates a broker from the rating queue, and the history says who, when and why', async ({
  page,
  request,
}) => {
  const manager = await api(request, DEMO_USERS.manager.email);
  const broker = await createOtrBroker(manager, 'E2E Queue Logistics');
  expect(broker.rating_requested_at).not.toBeNull();

  await signIn(page, DEMO_USERS.conflictManager.email);
  // Role 13 starts on the broker check.
  await expect(page).toHaveURL((url) => url.pathname === '/partners/brokers-check/');
  const queue = page.getByRole('list', { name: 'Rating queue' });
  await page.getByRole('searchbox', { name: 'Search the queue' }).fill(broker.name);
  const entry = queue.getByRole('button', { name: new RegExp(broker.name) });
  await expect(entry).toBeVisible();
  await entry.click();

  const check = page.getByRole('region', { name: 'Broker check' });
  await expect(check.getByRole('heading', { name: broker.name })).toBeVisible();
  const form = check.getByRole('form', { name: `Rating of ${broker.name}` });
  await form.getByRole('radio', { name: 'Severe Risk' }).check();
  await form.getByRole('button', { name: 'Save rating' }).click();
  // A Severe Risk rating warns the next dispatcher, so it needs a comment.
  await expect(form.getByRole('textbox', { name: 'Comment' })).toHaveAccessibleDescription(
    'Say why: a Not Approved, Severe Risk or Call Office rating needs a comment',
  );
  await form
    .getByRole('textbox', { name: 'Comment' })
    .fill('Asked for a quick pay on a load never delivered');
  await form.getByRole('button', { name: 'Save rating' }).click();

  // Rated: it leaves the queue and its history names the conflict manager.
  await expect(queue.getByRole('button', { name: new RegExp(broker.name) })).toHaveCount(0);
  const history = check.getByRole('list', { name: `Rating history of ${broker.name}` });
  await expect(history.getByRole('listitem').first()).toContainText('Severe Risk');
  await expect(history.getByRole('listitem').first()).toContainText('Rated by Marcus Hayes');
  await expect(history.getByRole('listitem').first()).toContainText(
    'Asked for a quick pay on a load never delivered',
  );

  const conflictManager = await api(request, DEMO_USERS.conflictManager.email);
  const ratings = await conflictManager.json<RatingHistoryAnswer>(
    'GET',
    `${BROKERS_API}/rating/broker-company/${broker.id}`,
    { params: { page: 1, limit: 10 } },
  );
  expect(ratings.results[0]).toMatchObject({
    rating: { id: 4, name: 'Severe Risk' },
    previous_rating: { id: 1 },
    comment: 'Asked for a quick pay on a load never delivered',
    rated_by: { first_name: 'Marcus', last_name: 'Hayes' },
  });
  const waiting = await conflictManager.json<{ results: ServerBroker[] }>(
    'GET',
    `${BROKERS_API}/rating/queue/active`,
    {
      params: { search: broker.name },
    },
  );
  expect(waiting.results.map((item) => item.id)).not.toContain(broker.id);
});

test('a dispatcher edits an active load, choosing its accounting broker company in the picker, and saves it', async ({
  page,
  request,
}) => {
  const client = await api(request, DEMO_USERS.dispatcher.email);
  const company = await createNonOtrBroker(client, 'E2E Billing Co');
  const load = await createLoad(client);

  await signIn(page, DEMO_USERS.dispatcher.email);
  await expect(mainMenu(page)).toBeVisible();
  await page.goto(`/load/active/${load.id}`);
  await expect(loadHeading(page, load)).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Edit load ${load.number}` });

  const picker = dialog.getByRole('combobox', { name: /Accounting broker company/ });
  await picker.pressSequentially(company.name.split(' ').slice(-2).join(' '), { delay: 30 });
  await page.getByRole('option', { name: new RegExp(company.name) }).click();
  await expect(picker).toHaveValue(company.name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const details = page.getByRole('region', { name: 'Load details' });
  await expect(details).toContainText(company.name);
  const saved = await client.json<LoadAnswer>('GET', `${LOADS_API}/active/${load.id}/`);
  expect(saved.accounting_broker_company).toEqual({ id: company.id, name: company.name });
});
