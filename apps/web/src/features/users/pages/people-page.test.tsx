import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleId } from '@app/domain/common/lookups';
import type { Employee } from '@app/domain/users/employees.schema';
import { FakeAnswer, fakeFetch, makeUser, renderApp, storeSession } from '@/test/render-app';

// The people section of /settings/users/: the list with its filters and paging, Edit (only what changed is
// sent; what the user may not give is not offered) and Dismiss (the counts, the colleague who takes over),
// the settings tabs, and the loading, empty and error states.

const EMPLOYEES = '/backend/api/v2/users/company-employees/';
const TEAMS = [
  {
    id: 4,
    name: 'East Team',
    group_name: 'East Team',
    group_lead: null,
    subgroups: [{ id: 9, name: 'Night Desk' }],
  },
];
const DISPATCHERS = [
  { id: 30, first_name: 'Dana', last_name: 'Dispatch', role: 5 },
  { id: 31, first_name: 'Lena', last_name: 'Leaving', role: 5 },
];

function person(overrides: Partial<Employee> = {}): Employee {
  return {
    id: 31,
    first_name: 'Lena',
    last_name: 'Leaving',
    email: 'lena@demo.test',
    phone_number: '(312) 555-0101',
    role: 5,
    status: 'Active',
    working_group: { id: 4, name: 'East Team' },
    subgroup: null,
    created_at: '2026-01-05T15:00:00Z',
    last_login: '2026-11-21T20:04:00Z',
    open_loads: 3,
    vehicles: 1,
    ...overrides,
  };
}

function setup(role: RoleId, routes: Record<string, unknown> = {}) {
  storeSession();
  return fakeFetch({
    // users/my answers the user, or with ?dispatchers=true the dispatchers and managers.
    'GET /backend/api/users/my/': (call: { url: string }) =>
      call.url.includes('dispatchers') ? DISPATCHERS : makeUser({ id: 11, role }),
    'GET /backend/api/v2/users/requests/': [],
    'GET /backend/api/v2/working-groups/all': TEAMS,
    [`GET ${EMPLOYEES}`]: { count: 1, results: [person()] },
    ...routes,
  });
}

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('the people of the company', () => {
  it('lists them with Eastern times and sends the filters and the page', async () => {
    const { callsTo } = setup(7, {
      [`GET ${EMPLOYEES}`]: {
        count: 60,
        results: [person(), person({ id: 32, first_name: 'Omar', last_login: null })],
      },
    });
    renderApp('/settings/users/');
    const table = await screen.findByRole('table', { name: 'People' });
    const row = within(table).getByText('Lena Leaving').closest('tr') as HTMLElement;
    expect(within(row).getByText('03:04pm 11/21/2026')).toBeTruthy();
    expect(within(row).getByText('East Team')).toBeTruthy();
    expect(within(table).getByText('Never')).toBeTruthy();
    expect(queryOf(callsTo('GET', EMPLOYEES)[0]!.url)).toEqual({ status: 'Active', page: '1', limit: '25' });

    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Dispatcher' }),
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Team' }));
    await userEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'East Team' }),
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search people' }), 'lena{Enter}');
    await waitFor(() =>
      expect(queryOf(callsTo('GET', EMPLOYEES).at(-1)!.url)).toEqual({
        role: '5',
        status: 'Active',
        working_group: '4',
        text: 'lena',
        page: '1',
        limit: '25',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(queryOf(callsTo('GET', EMPLOYEES).at(-1)!.url).page).toBe('2'));
  });

  it('edits a person, sending only what changed', async () => {
    const { callsTo } = setup(7, {
      'PUT /backend/api/v2/users/31/update/': person({ role: 6 }),
    });
    renderApp('/settings/users/');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Lena Leaving' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Lena Leaving' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    const roles = within(await screen.findByRole('listbox')).getAllByRole('option');
    // An accountant does not make admins.
    expect(roles.map((option) => option.textContent)).not.toContain('Admin');
    await userEvent.click(roles.find((option) => option.textContent === 'Tracker')!);
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Subgroup' }));
    await userEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Night Desk' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo('PUT', '/backend/api/v2/users/31/update/')[0]?.body).toEqual({
        role: 6,
        working_group: 4,
        subgroup: 9,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not let a user change their own status or raise their own role', async () => {
    setup(7, {
      [`GET ${EMPLOYEES}`]: {
        count: 1,
        results: [person({ id: 11, role: 7, first_name: 'Ada', last_name: 'Acct' })],
      },
    });
    renderApp('/settings/users/');
    const table = await screen.findByRole('table', { name: 'People' });
    // Nobody dismisses themselves: no Dismiss on their own row.
    expect(within(table).queryByRole('button', { name: 'Dismiss Ada Acct' })).toBeNull();
    await userEvent.click(within(table).getByRole('button', { name: 'Edit Ada Acct' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ada Acct' });
    expect(within(dialog).getByRole('combobox', { name: 'Status' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    // Only a step down from accountant would be allowed, and there is none: the role cannot be changed.
    expect(within(dialog).getByRole('combobox', { name: 'Role' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('dismisses a person, handing their loads and vehicles to the chosen colleague', async () => {
    const { callsTo } = setup(7, {
      'DELETE /backend/api/v2/users/31/delete/': {
        user: person({ status: 'Fired', open_loads: 0, vehicles: 0 }),
        handed_to: 30,
        handed_over: { open_loads: 3, vehicles: 1 },
      },
    });
    renderApp('/settings/users/');
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss Lena Leaving' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss Lena Leaving' });
    expect(within(dialog).getByText('Open loads: 3 · Vehicles: 1')).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Dismiss' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Hand loads and vehicles to/ }));
    const choices = within(await screen.findByRole('listbox')).getAllByRole('option');
    // The person leaving is no choice.
    expect(choices.map((option) => option.textContent)).toEqual(['Dana Dispatch']);
    await userEvent.click(choices[0]!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(callsTo('DELETE', '/backend/api/v2/users/31/delete/')).toHaveLength(1));
    expect(queryOf(callsTo('DELETE', '/backend/api/v2/users/31/delete/')[0]!.url)).toEqual({ hand_to: '30' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers an accountant no Dismiss for an admin', async () => {
    setup(7, {
      [`GET ${EMPLOYEES}`]: { count: 1, results: [person({ open_loads: 0, vehicles: 0, role: 3 })] },
    });
    renderApp('/settings/users/');
    const table = await screen.findByRole('table', { name: 'People' });
    expect(within(table).getByRole('button', { name: 'Edit Lena Leaving' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Dismiss Lena Leaving' })).toBeNull();
  });

  it('shows the refusal of a dismissal in the dialog', async () => {
    setup(7, {
      [`GET ${EMPLOYEES}`]: { count: 1, results: [person({ open_loads: 0, vehicles: 0 })] },
      'DELETE /backend/api/v2/users/31/delete/': new FakeAnswer(409, {
        detail: 'This user still runs 2 open loads and 0 vehicles. Choose a colleague to hand them to.',
        code: 'employee_has_open_work',
        fields: { open_loads: ['2'], vehicles: ['0'] },
      }),
    });
    renderApp('/settings/users/');
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss Lena Leaving' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss Lena Leaving' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('2');
  });

  it('says when nobody matches, and offers to try again after a failure', async () => {
    setup(7, { [`GET ${EMPLOYEES}`]: { count: 0, results: [] } });
    const first = renderApp('/settings/users/');
    expect(await screen.findByText('No people match')).toBeTruthy();
    first.unmount();
    setup(7, { [`GET ${EMPLOYEES}`]: new FakeAnswer(500, { detail: 'Boom', code: 'internal_error' }) });
    renderApp('/settings/users/');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('lets a manager in through the settings tabs, and HR read without changing', async () => {
    setup(4);
    renderApp('/settings/users/');
    const tabs = await screen.findByRole('tablist', { name: 'Settings' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Profile', 'Company', 'People', 'Teams']);
    expect(within(tabs).getByRole('tab', { name: 'People' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('button', { name: 'Dismiss Lena Leaving' })).toBeTruthy();
  });

  it('shows HR the people without Edit or Dismiss', async () => {
    setup(8);
    renderApp('/settings/users/');
    const table = await screen.findByRole('table', { name: 'People' });
    expect(within(table).getByText('Lena Leaving')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /Edit|Dismiss/ })).toBeNull();
  });
});
