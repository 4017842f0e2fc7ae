import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { api } from '../helpers/api';
import { DEMO_USERS } from '../helpers/demo-users';
import { createLoad, LOADS_API } from '../helpers/loads';
import { signedInBrowser } from '../helpers/right-panel';
import {
  createNamedDispatcher,
  createTeam,
  fetchTeam,
  openTeamCard,
  TEAMS_API,
  teamCard,
  uniqueName,
} from '../helpers/teams';

// Teams: a manager creates a team and a subgroup on /settings/teams/, moves a new dispatcher into the
// subgroup, and the active loads list's team filter offers both and finds the dispatcher's load. The admin,
// with the teams page open in a browser of their own, sees the team come and go without a reload
// (update_working_groups). Deleting the team, which still has the dispatcher and their open load, shows what
// it holds (the 409 team_not_empty) and asks where it goes; with a team chosen, everything moves there.

/** Marks the page, so that a reload (which would show the change anyway) can be told apart from live. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { liveMark?: boolean }).liveMark = true;
  });
}

async function expectSamePage(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark)).toBe(true);
}

test('a manager creates a team and a subgroup, moves a dispatcher into it and the load lists offer it; deleting it asks where its work goes', async ({
  browser,
  request,
}) => {
  const teamName = uniqueName('E2E Desk');
  const subgroupName = uniqueName('Nights');
  const landingName = uniqueName('E2E Landing');
  const dispatcher = await createNamedDispatcher(request, uniqueName('Teamer'));
  const managerApi = await api(request, DEMO_USERS.manager.email);
  // Where the deleted team's work goes: a team of this spec's own, so the demo teams stay as they are.
  const landing = await createTeam(managerApi, landingName);

  const admin = await signedInBrowser(browser, DEMO_USERS.admin.email);
  await admin.goto('/settings/teams/');
  await expect(teamCard(admin, landingName)).toBeVisible();
  await markPage(admin);

  const manager = await signedInBrowser(browser, DEMO_USERS.manager.email);
  await manager.goto('/settings/teams/');
  await expect(teamCard(manager, landingName)).toBeVisible();
  const card = teamCard(manager, teamName);

  await test.step('the manager creates the team; the admin sees it appear without a reload', async () => {
    await manager.getByRole('button', { name: 'New team' }).click();
    const dialog = manager.getByRole('dialog', { name: 'New team' });
    await dialog.getByRole('textbox', { name: 'Team name' }).fill(teamName);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toBeVisible();
    await expect(card.getByText('People: 0', { exact: true })).toBeVisible();

    await expect(teamCard(admin, teamName)).toBeVisible();
    await expectSamePage(admin);
  });

  await test.step('the manager adds a subgroup to it', async () => {
    await openTeamCard(card, teamName);
    await expect(card.getByText('No subgroups yet')).toBeVisible();
    await card.getByRole('button', { name: `Team actions for ${teamName}` }).click();
    await manager.getByRole('menuitem', { name: 'Add subgroup' }).click();
    const dialog = manager.getByRole('dialog', { name: `New subgroup in ${teamName}` });
    await dialog.getByRole('textbox', { name: 'Subgroup name' }).fill(subgroupName);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    const subgroup = card.getByRole('region', { name: subgroupName });
    await expect(subgroup).toBeVisible();
    await expect(subgroup.getByText('Nobody here yet')).toBeVisible();
  });

  await test.step('the manager moves the new dispatcher into the subgroup', async () => {
    const subgroup = card.getByRole('region', { name: subgroupName });
    await subgroup.getByRole('button', { name: `Subgroup actions for ${subgroupName}` }).click();
    await manager.getByRole('menuitem', { name: 'Add person' }).click();
    const dialog = manager.getByRole('dialog', { name: `Add a person to ${subgroupName}` });
    await dialog.getByRole('combobox', { name: 'Person' }).pressSequentially(dispatcher.lastName);
    await manager.getByRole('option', { name: dispatcher.name }).click();
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toBeHidden();

    await expect(subgroup.getByText(dispatcher.name, { exact: true })).toBeVisible();
    await expect(subgroup.getByText('Nobody here yet')).toHaveCount(0);
    await expect(card.getByText('People: 1', { exact: true })).toBeVisible();
    // The admin's list counts the person too, without a reload.
    await expect(teamCard(admin, teamName).getByText('People: 1', { exact: true })).toBeVisible();
    await expectSamePage(admin);
  });

  // The dispatcher's load, booked now that they are in the subgroup: it belongs to the team and subgroup.
  const ref = uniqueName('TEAMS').replace(' ', '-');
  const load = await createLoad(managerApi, { dispatcher: dispatcher.id, rateconf_ref: ref });

  await test.step("the active loads list's team filter offers the team and its subgroup", async () => {
    await manager.goto('/my-loads/active/');
    const filters = manager.getByRole('group', { name: 'Filters' });
    await filters.getByRole('combobox', { name: 'Team', exact: true }).click();
    await manager.getByRole('option', { name: teamName, exact: true }).click();
    await filters.getByRole('combobox', { name: 'Subgroup', exact: true }).click();
    await expect(manager.getByRole('option')).toHaveText(['Any', subgroupName]);
    await manager.getByRole('option', { name: subgroupName, exact: true }).click();

    const table = manager.getByRole('table', { name: 'Active loads' });
    await expect(table.getByRole('row', { name: ref })).toBeVisible();
    await expect(table.locator('tbody').getByRole('row')).toHaveCount(1);
  });

  await test.step('deleting the team shows what it holds and asks where it goes; the admin sees it go', async () => {
    await manager.goto('/settings/teams/');
    await card.getByRole('button', { name: `Team actions for ${teamName}` }).click();
    await manager.getByRole('menuitem', { name: 'Delete team' }).click();
    const dialog = manager.getByRole('dialog', { name: `Delete the team “${teamName}”?` });
    await dialog.getByRole('button', { name: 'Delete' }).click();

    // The server refused (team_not_empty) with what the team holds: the dispatcher and their open load.
    await expect(
      dialog.getByText('It still holds work. Choose where it goes before deleting:'),
    ).toBeVisible();
    await expect(dialog.getByText('Open loads: 1', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Vehicles: 0', { exact: true })).toBeVisible();
    await expect(dialog.getByText('People: 1', { exact: true })).toBeVisible();
    // The refusal changed nothing: the team is still there.
    const teams = await managerApi.json<{ name: string }[]>('GET', `${TEAMS_API}/all`);
    expect(teams.map((team) => team.name)).toContain(teamName);
    const moveAndDelete = dialog.getByRole('button', { name: 'Move and delete' });
    await expect(moveAndDelete).toBeDisabled();

    await dialog.getByRole('combobox', { name: 'Move loads, vehicles and people to' }).click();
    await manager.getByRole('option', { name: landingName, exact: true }).click();
    await moveAndDelete.click();
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);
    await expect(teamCard(manager, landingName).getByText('People: 1', { exact: true })).toBeVisible();

    await expect(teamCard(admin, teamName)).toHaveCount(0);
    await expectSamePage(admin);
  });

  // The work went where the manager chose: the dispatcher and their load are the landing team's now.
  const landed = await fetchTeam(managerApi, landing.id);
  expect(landed.members.map((member) => member.id)).toEqual([dispatcher.id]);
  expect(landed.counts).toEqual({ loads: 1, vehicles: 0, users: 1 });
  const moved = await managerApi.json<{ working_group: number | null; subgroup: number | null }>(
    'GET',
    `${LOADS_API}/active/${load.id}/`,
  );
  expect(moved.working_group).toBe(landing.id);

  await admin.context().close();
  await manager.context().close();
});
