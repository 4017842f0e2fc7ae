import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamDetail, TeamSummary } from '@app/domain/teams/teams.schema';
import { FakeAnswer, fakeFetch, makeUser, renderApp, storeSession } from '@/test/render-app';

const API = '/backend/api/v2';
const USERS_MY = '/backend/api/users/my/';
const ALL = `${API}/working-groups/all`;

const EAST: TeamSummary = {
  id: 1,
  name: 'East desk',
  group_name: 'East desk',
  group_lead: 31,
  subgroups: [
    { id: 11, name: 'Nights', lead: 32, subgroup_lead: 32, users_id: [32, 33] },
    { id: 12, name: 'Days', lead: null, subgroup_lead: null, users_id: [] },
  ],
  counts: { loads: 7, vehicles: 3, users: 3 },
};
const WEST: TeamSummary = {
  id: 2,
  name: 'West desk',
  group_name: 'West desk',
  group_lead: null,
  subgroups: [{ id: 21, name: 'Reefers', lead: null, subgroup_lead: null, users_id: [41] }],
  counts: { loads: 0, vehicles: 0, users: 1 },
};
const EAST_DETAIL: TeamDetail = {
  id: 1,
  name: 'East desk',
  group_name: 'East desk',
  group_lead: 31,
  group_lead_name: 'Lena Lead',
  subgroups: [
    { id: 11, name: 'Nights', lead: 32, subgroup_lead: 32, lead_name: 'Sam Sub', users_id: [32, 33] },
    { id: 12, name: 'Days', lead: null, subgroup_lead: null, lead_name: null, users_id: [] },
  ],
  members: [
    { id: 32, first_name: 'Sam', last_name: 'Sub', role: 5, subgroup_id: 11 },
    { id: 33, first_name: 'Ann', last_name: 'Able', role: 5, subgroup_id: 11 },
    { id: 34, first_name: 'Bob', last_name: 'Bell', role: 6, subgroup_id: null },
  ],
  counts: { loads: 7, vehicles: 3, users: 3 },
};

function fakeTeams(overrides: Record<string, unknown> = {}) {
  storeSession();
  return fakeFetch({
    [`GET ${USERS_MY}`]: makeUser({ role: 4 }),
    [`GET ${ALL}`]: [EAST, WEST],
    [`GET ${API}/working-groups/1`]: EAST_DETAIL,
    ...overrides,
  });
}

describe('teams page', () => {
  it('shows each team with its counts, and the first opened to its subgroups, leads and people', async () => {
    fakeTeams();
    renderApp('/settings/teams/');
    const east = await screen.findByRole('article', { name: 'East desk' });
    expect(within(east).getByText('Open loads: 7')).toBeTruthy();
    expect(within(east).getByText('Vehicles: 3')).toBeTruthy();
    expect(within(east).getByText('People: 3')).toBeTruthy();
    expect(await within(east).findByText('Lead: Lena Lead')).toBeTruthy();
    const nights = within(east).getByRole('region', { name: 'Nights' });
    expect(within(nights).getByText('Lead: Sam Sub')).toBeTruthy();
    expect(within(nights).getByText('Ann Able')).toBeTruthy();
    expect(
      within(within(east).getByRole('region', { name: 'In the team, no subgroup' })).getByText('Bob Bell'),
    ).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'West desk' })).getByText('People: 1')).toBeTruthy();
    // The settings tabs lead to the other settings pages.
    expect(screen.getByRole('tab', { name: 'Teams' }).getAttribute('aria-selected')).toBe('true');
  });

  it('moves a person to another subgroup with "Move to…": the subgroup\'s whole list with them added', async () => {
    const { callsTo } = fakeTeams({ [`PUT ${API}/subgroups/21/change-users`]: { ...EAST_DETAIL } });
    renderApp('/settings/teams/');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Ann Able' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'West desk › Reefers' }));
    await waitFor(() => expect(callsTo('PUT', `${API}/subgroups/21/change-users`)).toHaveLength(1));
    expect(callsTo('PUT', `${API}/subgroups/21/change-users`)[0]?.body).toEqual({ users_id: [41, 33] });
  });

  it('takes a person out of their subgroup: the list without them', async () => {
    const { callsTo } = fakeTeams({ [`PUT ${API}/subgroups/11/change-users`]: EAST_DETAIL });
    renderApp('/settings/teams/');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Ann Able' }));
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Out of the subgroup (stays in East desk)' }),
    );
    await waitFor(() =>
      expect(callsTo('PUT', `${API}/subgroups/11/change-users`)[0]?.body).toEqual({ users_id: [32] }),
    );
  });

  it('creates a team with its name trimmed, and refuses an empty name without sending', async () => {
    const { callsTo } = fakeTeams({
      [`POST ${API}/working-groups/create`]: { ...EAST_DETAIL, id: 5, name: 'North', group_name: 'North' },
    });
    renderApp('/settings/teams/');
    await userEvent.click(await screen.findByRole('button', { name: 'New team' }));
    const dialog = await screen.findByRole('dialog', { name: 'New team' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(callsTo('POST', `${API}/working-groups/create`)).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Team name/ }), '  North ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST', `${API}/working-groups/create`)[0]?.body).toEqual({
      group_name: 'North',
      group_lead: null,
    });
  });

  it('deleting a team that still holds work shows the counts of the 409 and asks where they go', async () => {
    const { callsTo } = fakeTeams({
      [`DELETE ${API}/working-groups/1`]: ({ url }: { url: string }) =>
        url.includes('move_to=2')
          ? { detail: 'Deleted.' }
          : new FakeAnswer(409, {
              code: 'team_not_empty',
              detail: 'The team still has loads, vehicles or people: choose the team they move to',
              fields: { loads: ['7'], vehicles: ['3'], users: ['3'] },
            }),
    });
    renderApp('/settings/teams/');
    await userEvent.click(await screen.findByRole('button', { name: 'Team actions for East desk' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the team “East desk”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Open loads: 7')).toBeTruthy();
    expect(within(dialog).getByText('Vehicles: 3')).toBeTruthy();
    expect(within(dialog).getByText('People: 3')).toBeTruthy();
    const moveAndDelete = within(dialog).getByRole('button', { name: 'Move and delete' });
    expect(moveAndDelete.hasAttribute('disabled')).toBe(true);
    await userEvent.click(
      within(dialog).getByRole('combobox', { name: /Move loads, vehicles and people to/ }),
    );
    await userEvent.click(await screen.findByRole('option', { name: 'West desk' }));
    await userEvent.click(moveAndDelete);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const deletes = callsTo('DELETE', `${API}/working-groups/1`).map((call) => call.url);
    expect(deletes).toEqual([`${API}/working-groups/1`, `${API}/working-groups/1?move_to=2`]);
  });

  it('says when there are no teams yet, and offers to create one', async () => {
    fakeTeams({ [`GET ${ALL}`]: [] });
    renderApp('/settings/teams/');
    expect(await screen.findByText('No teams yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'New team' }).length).toBeGreaterThan(0);
  });

  it('shows the failure of the list with a retry', async () => {
    fakeTeams({ [`GET ${ALL}`]: new FakeAnswer(500, { code: 'internal_error', detail: 'Server error' }) });
    renderApp('/settings/teams/');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('is for admins and managers: a dispatcher sees the no-access state', async () => {
    storeSession();
    const { callsTo } = fakeFetch({ [`GET ${USERS_MY}`]: makeUser({ role: 5 }), [`GET ${ALL}`]: [EAST] });
    renderApp('/settings/teams/');
    expect(await screen.findByText('No access')).toBeTruthy();
    expect(callsTo('GET', ALL)).toHaveLength(0);
  });
});
