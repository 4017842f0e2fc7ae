import { expect, test } from '@playwright/test';
import { api } from '../helpers/api';
import { DEMO_USERS } from '../helpers/demo-users';
import { createLoad, loadHeading } from '../helpers/loads';
import { rightPanel, signedInBrowser } from '../helpers/right-panel';

// A damage report on a load and the damage notice it raises: the demo dispatcher reports damage on a load
// of Team East; the demo manager (the team's lead, and a manager) is told at once in the right-hand panel,
// follows the notice to the load and so reads it. Each person has a browser of their own.

const NOTIFICATIONS_API = '/backend/api/v2/notifications';
const DESCRIPTION = 'Two pallets crushed at the rear door; the consignee signed with a note.';

test('a dispatcher reports damage on a load; the manager is told at once, follows the notice to the load and reads it', async ({
  browser,
  request,
}) => {
  const dispatcherApi = await api(request, DEMO_USERS.dispatcher.email);
  const load = await createLoad(dispatcherApi);

  const manager = await signedInBrowser(browser, DEMO_USERS.manager.email);
  const dispatcher = await signedInBrowser(browser, DEMO_USERS.dispatcher.email);
  const panel = rightPanel(manager);
  const notice = panel.getByRole('listitem').filter({ hasText: `Load #${load.number}` });
  await expect(notice).toHaveCount(0);

  // The dispatcher reports it on the load's page; an empty description is refused first.
  await dispatcher.goto(`/load/active/${load.id}`);
  await expect(loadHeading(dispatcher, load)).toBeVisible();
  await dispatcher.getByRole('button', { name: 'Report damage' }).click();
  const dialog = dispatcher.getByRole('dialog', { name: `Report damage on load ${load.number}` });
  await dialog.getByRole('button', { name: 'Report damage' }).click();
  await expect(dialog.getByText('Describe the damage')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Description' }).fill(DESCRIPTION);
  await dialog.getByRole('button', { name: 'Report damage' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(dispatcher.getByRole('alert').getByText('Damage reported')).toBeVisible();

  // The manager's panel shows it at once, with the notification sound; the reporter is not told.
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('Damage report');
  await expect(notice).toContainText(DESCRIPTION);
  await expect(notice.locator('time')).toHaveText('Now');
  await expect(panel).toHaveAttribute('data-last-sound', 'notification');
  await expect(
    rightPanel(dispatcher)
      .getByRole('listitem')
      .filter({ hasText: `Load #${load.number}` }),
  ).toHaveCount(0);

  // It is kept until read: after a reload it is still there (the urgent notices are fetched on start).
  await manager.reload();
  await expect(rightPanel(manager)).toHaveAttribute('data-socket', 'open');
  await expect(notice).toHaveCount(1);

  // Following it opens the load's page and marks it read.
  await notice.click();
  await expect(manager).toHaveURL((url) => url.pathname === `/load/active/${load.id}`);
  await expect(loadHeading(manager, load)).toBeVisible();
  await expect(notice).toHaveCount(0);

  // Read on the server too: neither list has it any more, and a reload does not bring it back.
  const managerApi = await api(request, DEMO_USERS.manager.email);
  for (const path of [NOTIFICATIONS_API, `${NOTIFICATIONS_API}/urgent`]) {
    const unread = await managerApi.json<{
      results: { type: { id: number }; load: { id: number } | null }[];
    }>('GET', path);
    expect(unread.results.filter((item) => item.type.id === 9 && item.load?.id === load.id)).toEqual([]);
  }
  await manager.reload();
  await expect(rightPanel(manager)).toHaveAttribute('data-socket', 'open');
  await expect(notice).toHaveCount(0);
});
