import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { api } from '../helpers/api';
import type { ApiClient } from '../helpers/api';
import { DEMO_USERS } from '../helpers/demo-users';
import { createLoad, expectStatus, LOADS_API, loadHeading } from '../helpers/loads';
import { rightPanel, signedInBrowser } from '../helpers/right-panel';

// Live notifications between two people (shell document: realtime socket, notifications, right-hand
// panel): the demo dispatcher works a load of Team East, whose lead is the demo manager. Each person has a
// browser of their own; the manager's panel shows what the dispatcher does as it happens.

const NOTIFICATIONS_API = '/backend/api/v2/notifications';

/** Adds a rate confirmation to a load through the API: the move to In Transit to Pick-up asks for it. */
async function uploadRateConfirmation(request: APIRequestContext, client: ApiClient, loadId: number) {
  const response = await request.put(`${LOADS_API}/active/${loadId}/upload-file`, {
    headers: { Authorization: `Bearer ${client.accessToken}` },
    multipart: {
      file_type: 'rate_confirmation',
      file: { name: 'rate-confirmation.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') },
    },
  });
  expect(response.ok(), `upload answered ${response.status()}: ${await response.text()}`).toBe(true);
}

test('a dispatcher moves a load and the manager is told at once, follows the notification and reads it', async ({
  browser,
  request,
}) => {
  const dispatcherApi = await api(request, DEMO_USERS.dispatcher.email);
  const load = await createLoad(dispatcherApi);
  await uploadRateConfirmation(request, dispatcherApi, load.id);

  const manager = await signedInBrowser(browser, DEMO_USERS.manager.email);
  const dispatcher = await signedInBrowser(browser, DEMO_USERS.dispatcher.email);
  const panel = rightPanel(manager);
  const notice = panel.getByRole('listitem').filter({ hasText: `Load #${load.number}` });
  await expect(notice).toHaveCount(0);

  // The dispatcher moves the load on its page.
  await dispatcher.goto(`/load/active/${load.id}`);
  await expect(loadHeading(dispatcher, load)).toBeVisible();
  await dispatcher.getByRole('button', { name: 'Move to In Transit to Pick-up', exact: true }).click();
  await expectStatus(dispatcher, 'In Transit to Pick-up');

  // The manager's panel shows it at the top with the time 'Now', and chose the message sound.
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('Load status');
  await expect(notice).toContainText('Status: Waiting to accept → In Transit to Pick-up');
  await expect(notice.locator('time')).toHaveText('Now');
  await expect(panel.getByRole('listitem').first()).toContainText(`Load #${load.number}`);
  await expect(panel).toHaveAttribute('data-last-sound', 'message');
  // Nobody is told of their own change.
  await expect(
    rightPanel(dispatcher)
      .getByRole('listitem')
      .filter({ hasText: `Load #${load.number}` }),
  ).toHaveCount(0);

  // Following it opens the load's page and marks it read.
  await notice.click();
  await expect(manager).toHaveURL((url) => url.pathname === `/load/active/${load.id}`);
  await expect(loadHeading(manager, load)).toBeVisible();
  await expectStatus(manager, 'In Transit to Pick-up');
  await expect(notice).toHaveCount(0);

  // A price change is a rate notice: kept until read, with the prices before and after.
  await dispatcherApi.json('PUT', `${LOADS_API}/active/${load.id}/change-price`, {
    data: { broker_price: '1500', driver_price: '1000' },
  });
  const rate = panel.getByRole('listitem').filter({ hasText: 'Rate change' });
  await expect(rate).toHaveCount(1);
  await expect(rate).toContainText(`Load #${load.number}`);
  await expect(rate).toContainText('Broker$1,200.50 → $1,500.00');
  await expect(rate).toContainText('Driver$950.00 → $1,000.00');
  await expect(panel).toHaveAttribute('data-last-sound', 'message');

  await rate.getByRole('button', { name: `Mark as read: Load #${load.number}` }).click();
  await expect(rate).toHaveCount(0);
  // Read on the server too: it does not come back after a reload.
  const managerApi = await api(request, DEMO_USERS.manager.email);
  const unread = await managerApi.json<{ results: { type: { id: number }; load: { id: number } | null }[] }>(
    'GET',
    NOTIFICATIONS_API,
  );
  expect(unread.results.filter((item) => item.load?.id === load.id)).toEqual([]);
  await manager.reload();
  await expect(rightPanel(manager)).toHaveAttribute('data-socket', 'open');
  await expect(
    rightPanel(manager)
      .getByRole('listitem')
      .filter({ hasText: `Load #${load.number}` }),
  ).toHaveCount(0);
});

test("a load chat's messages are one notice in the manager's panel, live, kept over a reload until read", async ({
  browser,
  request,
}) => {
  const dispatcherApi = await api(request, DEMO_USERS.dispatcher.email);
  const managerApi = await api(request, DEMO_USERS.manager.email);
  const load = await createLoad(dispatcherApi);
  const chats = '/backend/api/v2/users/current/chats';
  const chat = await dispatcherApi.json<{ id: number }>('POST', `${chats}/load/${load.id}`);
  const send = (client: ApiClient, content: string) =>
    client.json('POST', `${chats}/${chat.id}/send-message`, { data: { content, files_id: [] } });
  // The manager (the team's lead) is a member of the load's chat; writing once makes sure of it.
  await send(managerApi, 'Watching this one');

  const manager = await signedInBrowser(browser, DEMO_USERS.manager.email);
  const panel = rightPanel(manager);
  await expect(panel).toHaveAttribute('data-socket', 'open');
  const notice = panel.getByRole('listitem').filter({ hasText: `Load #${load.number}` });
  await expect(notice).toHaveCount(0);

  const first = `At the shipper, door 12 ${Date.now().toString(36)}`;
  await send(dispatcherApi, first);
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText(first);
  // A newer message takes the place of the older one's notice.
  const second = `Loaded, 38,000 lb ${Date.now().toString(36)}`;
  await send(dispatcherApi, second);
  await expect(notice).toContainText(second);
  await expect(notice).toHaveCount(1);

  // Listed by the server after a reload, then read for good.
  await manager.reload();
  await expect(panel).toHaveAttribute('data-socket', 'open');
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText(second);
  await notice.getByRole('button', { name: `Mark as read: Load #${load.number}` }).click();
  await expect(notice).toHaveCount(0);
  await manager.reload();
  await expect(panel).toHaveAttribute('data-socket', 'open');
  await expect(notice).toHaveCount(0);
  await manager.context().close();
});
