import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserRequest } from '@app/domain/users/users.schema';
import { FakeAnswer, fakeFetch, makeUser, renderApp, storeSession } from '@/test/render-app';

const REQUESTS = '/backend/api/v2/users/requests/';

function request(overrides: Partial<UserRequest> = {}): UserRequest {
  return {
    id: 4,
    user: { id: 40, email: 'newuser@demo.test', first_name: 'Nina', last_name: 'Newman' },
    target_department: 'Dispatcher',
    resp_user: 21,
    company_id: 1,
    status: 2,
    created_at: '2026-11-21T20:04:00Z',
    ...overrides,
  };
}

function setup(routes: Record<string, unknown>) {
  storeSession();
  return fakeFetch({
    'GET /backend/api/users/my/': makeUser({ role: 7 }),
    // The people section above the requests (people-page.test.tsx tests it).
    'GET /backend/api/v2/users/company-employees/': { count: 0, results: [] },
    'GET /backend/api/v2/working-groups/all': [],
    ...routes,
  });
}

describe('users settings page', () => {
  it('lists the pending requests with Eastern times and approves one with the chosen role', async () => {
    let pending = [
      request(),
      request({
        id: 5,
        target_department: 'Carrier',
        user: { id: 50, email: 'carl@demo.test', first_name: 'Carl', last_name: 'Carrier' },
      }),
    ];
    const { callsTo } = setup({
      [`GET ${REQUESTS}`]: () => pending,
      'PUT /backend/api/v2/users/requests/5/approve': () => {
        pending = pending.filter((item) => item.id !== 5);
        return {};
      },
    });
    renderApp('/settings/users/');
    const table = await screen.findByRole('table', { name: 'Pending requests' });
    const carlRow = within(table).getByText('carl@demo.test').closest('tr') as HTMLElement;
    expect(within(table).getAllByText('03:04pm 11/21/2026')).toHaveLength(2);

    // A Carrier has no suggested role: Approve waits for one.
    const approve = within(carlRow).getByRole('button', { name: 'Approve' });
    expect(approve.hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(carlRow).getByRole('combobox', { name: 'Role' }));
    await userEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Tracker' }),
    );
    await userEvent.click(within(carlRow).getByRole('button', { name: 'Approve' }));

    await waitFor(() =>
      expect(callsTo('PUT', '/backend/api/v2/users/requests/5/approve')[0]?.body).toEqual({ role: 6 }),
    );
    await waitFor(() => expect(screen.queryByText('carl@demo.test')).toBeNull());
    expect(await screen.findByText('Successfully')).toBeTruthy();
  });

  it('offers only the staff roles, translated', async () => {
    setup({ [`GET ${REQUESTS}`]: [request()] });
    renderApp('/settings/users/');
    const table = await screen.findByRole('table', { name: 'Pending requests' });
    await userEvent.click(within(table).getByRole('combobox', { name: 'Role' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Choose a role',
      'Admin',
      'Manager',
      'Dispatcher',
      'Tracker',
      'Accountant',
      'HR',
      'Conflict Manager',
    ]);
  });

  it('rejects a request', async () => {
    const { callsTo } = setup({
      [`GET ${REQUESTS}`]: [request()],
      'PUT /backend/api/v2/users/requests/4/reject': {},
    });
    renderApp('/settings/users/');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(callsTo('PUT', '/backend/api/v2/users/requests/4/reject')).toHaveLength(1));
  });

  it('says when there is nothing pending', async () => {
    setup({ [`GET ${REQUESTS}`]: [] });
    renderApp('/settings/users/');
    expect(await screen.findByText('No pending requests')).toBeTruthy();
  });

  it('shows a failed load with a way to try again', async () => {
    setup({ [`GET ${REQUESTS}`]: new FakeAnswer(500, { detail: 'Boom', code: 'internal_error' }) });
    renderApp('/settings/users/');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getAllByText('Request failed with HTTP code 500').length).toBeGreaterThan(0);
  });
});
