import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { api } from '../helpers/api';
import { DEMO_USERS } from '../helpers/demo-users';
import { createLoad } from '../helpers/loads';
import { signedInBrowser } from '../helpers/right-panel';

// Conversations live both ways, each person in a browser of their own: a load's group chat between its
// dispatcher and a manager; a dispatcher's SMS to a driver and the driver's reply from the phone page of
// the local SMS provider, shown at once in the open chat and marked read there.

const CHATS = '/backend/api/v2/users/current/chats';
const SMS = '/backend/api/v2/sms/chats';
const LIVE_WITHIN_MS = 5_000;

function messages(page: Page) {
  return page.getByRole('list', { name: 'Messages' });
}

async function write(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

test("a load's group chat between its dispatcher and a manager, live both ways", async ({
  browser,
  request,
}) => {
  const dispatcherApi = await api(request, DEMO_USERS.dispatcher.email);
  const load = await createLoad(dispatcherApi, { rateconf_ref: `CHAT-${Date.now().toString(36)}` });
  const chat = await dispatcherApi.json<{ id: number }>('POST', `${CHATS}/load/${load.id}`);

  const dispatcher = await signedInBrowser(browser, DEMO_USERS.dispatcher.email);
  const manager = await signedInBrowser(browser, DEMO_USERS.manager.email);
  await dispatcher.goto(`/group-chats/${chat.id}/`);
  await manager.goto(`/group-chats/${chat.id}/`);
  await expect(
    messages(dispatcher).or(dispatcher.getByText('No messages yet. Write the first one.')),
  ).toBeVisible();
  await expect(manager.getByRole('textbox', { name: 'Message' })).toBeVisible();

  const question = `Is the reefer pre-cooled? ${Date.now().toString(36)}`;
  await write(manager, question);
  await expect(messages(dispatcher).getByText(question)).toBeVisible({ timeout: LIVE_WITHIN_MS });

  const answer = `Yes, 34F since 6am ${Date.now().toString(36)}`;
  await write(dispatcher, answer);
  await expect(messages(manager).getByText(answer)).toBeVisible({ timeout: LIVE_WITHIN_MS });
  // Newest last on both sides.
  await expect(messages(manager).getByRole('listitem').last()).toContainText(answer);
  await expect(messages(dispatcher).getByRole('listitem').last()).toContainText(answer);

  // The dispatcher's list has the chat at the top, read (the chat is open).
  const first = dispatcher.getByRole('list', { name: 'Group chats' }).getByRole('link').first();
  await expect(first).toHaveAttribute('data-chat-id', String(chat.id));
  await expect(first.getByLabel(/Unread messages/)).toHaveCount(0);

  await dispatcher.context().close();
  await manager.context().close();
});

type Driver = { id: number; full_name: string };

test("a dispatcher's SMS to a driver, and the driver's reply from the phone page shown live and read at once", async ({
  browser,
  request,
}) => {
  const dispatcherApi = await api(request, DEMO_USERS.dispatcher.email);
  const drivers = await dispatcherApi.json<{ results: Driver[] }>('GET', '/backend/api/v2/users/drivers', {
    params: { limit: 20, exclude_fired: true },
  });
  const driver = drivers.results[test.info().workerIndex % Math.max(1, drivers.results.length)];
  expect(driver, 'a demo driver').toBeTruthy();

  // The dispatcher starts the chat from the SMS page: New SMS, the driver by name.
  const dispatcher = await signedInBrowser(browser, DEMO_USERS.dispatcher.email);
  await dispatcher.goto('/sms/');
  await dispatcher.getByRole('button', { name: 'New SMS' }).click();
  const dialog = dispatcher.getByRole('dialog', { name: 'New SMS chat' });
  await dialog.getByRole('combobox', { name: 'Driver' }).fill(driver!.full_name);
  await dispatcher
    .getByRole('option', { name: new RegExp(driver!.full_name) })
    .first()
    .click();
  await dialog.getByRole('button', { name: 'Open the chat' }).click();
  await expect(dispatcher).toHaveURL(/\/sms\/\d+\/$/);
  const chatId = Number(new URL(dispatcher.url()).pathname.split('/')[2]);

  const question = `Can you take a load to Tulsa? ${Date.now().toString(36)}`;
  await write(dispatcher, question);
  await expect(messages(dispatcher).getByText(question)).toBeVisible();

  // The driver's side: the phone page of the local provider, in a phone-sized browser of its own.
  const link = await dispatcherApi.json<{ url: string; token: string }>(
    'GET',
    `${SMS}/${chatId}/counterpart-link`,
  );
  expect(link.url).toBe(`/sms-phone/${link.token}`);
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await phone.goto(link.url);
  await expect(phone.getByRole('list', { name: 'Texts' }).getByText(question)).toBeVisible();

  const read = dispatcher.waitForRequest(
    (call) => call.method() === 'PUT' && new URL(call.url()).pathname === `${SMS}/${chatId}/mark-read/`,
  );
  const reply = `Yes, empty in 2 hours ${Date.now().toString(36)}`;
  await phone.getByRole('textbox', { name: 'Text' }).fill(reply);
  await phone.getByRole('textbox', { name: 'Text' }).press('Enter');
  await expect(phone.getByRole('list', { name: 'Texts' }).getByText(reply)).toBeVisible();

  await expect(messages(dispatcher).getByText(reply)).toBeVisible({ timeout: LIVE_WITHIN_MS });
  await expect(messages(dispatcher).getByRole('listitem').last()).toContainText(reply);
  await read;
  const item = dispatcher.getByRole('list', { name: 'SMS chats' }).locator(`[data-chat-id="${chatId}"]`);
  await expect(item).toContainText(reply);
  await expect(item.getByLabel(/Unread messages/)).toHaveCount(0);

  await phone.context().close();
  await dispatcher.context().close();
});
