import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeAnswer, fakeFetch, makeUser, renderApp, storeSession } from '@/test/render-app';

const FIRMS = [
  { id: 21, first_name: 'Mona', last_name: 'Manager', company: { id: 1, name: 'Demo Carrier' } },
  { id: 31, first_name: 'Otto', last_name: 'Other', company: { id: 2, name: 'Other Carrier' } },
];

function isDisabled(element: HTMLElement): boolean {
  return element.hasAttribute('disabled') || element.getAttribute('aria-disabled') === 'true';
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('registration confirmation', () => {
  it('keeps Send request disabled for Dispatcher until a manager is chosen, then sends the request', async () => {
    storeSession();
    let user = makeUser({ role: null, email: 'newuser@demo.test' });
    const { callsTo } = fakeFetch({
      'GET /backend/api/users/my/': () => user,
      'GET /backend/api/users/firms/': FIRMS,
      'POST /backend/api/users/requests/add/': () => {
        user = { ...user, req_status: 'Send' };
        return { id: 1 };
      },
    });
    renderApp('/');
    const send = await screen.findByRole('button', { name: 'Send request' });
    expect(isDisabled(send)).toBe(true);

    await choose('Department', 'Dispatcher');
    expect(isDisabled(screen.getByRole('button', { name: 'Send request' }))).toBe(true);

    await choose('Manager', 'Mona Manager — Demo Carrier');
    await waitFor(() => expect(isDisabled(screen.getByRole('button', { name: 'Send request' }))).toBe(false));
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));

    expect(await screen.findByText('Your request has been sent')).toBeTruthy();
    expect(screen.getByText(/a manager must assign you a role/)).toBeTruthy();
    expect(callsTo('POST', '/backend/api/users/requests/add/')[0]?.body).toEqual({
      target_department: 'Dispatcher',
      resp_user: 21,
    });
  });

  it('lets a Carrier send without a manager', async () => {
    storeSession();
    const { callsTo } = fakeFetch({
      'GET /backend/api/users/my/': makeUser({ role: null }),
      'GET /backend/api/users/firms/': FIRMS,
      'POST /backend/api/users/requests/add/': { id: 1 },
    });
    renderApp('/registration-confirmation/');
    await screen.findByRole('button', { name: 'Send request' });
    await choose('Department', 'Carrier');
    await waitFor(() => expect(isDisabled(screen.getByRole('button', { name: 'Send request' }))).toBe(false));
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByText('Your request has been sent');
    expect(callsTo('POST', '/backend/api/users/requests/add/')[0]?.body).toEqual({
      target_department: 'Carrier',
      resp_user: null,
    });
  });

  it('after sending, Refresh lets an approved user in', async () => {
    storeSession();
    let user = makeUser({ role: null, req_status: 'Send' });
    fakeFetch({ 'GET /backend/api/users/my/': () => user });
    const app = renderApp('/');
    expect(await screen.findByText('Your request has been sent')).toBeTruthy();
    user = makeUser({ role: 5 });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(app.pathname()).toBe('/'));
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });

  it('opens the request-access dialog when users/my knows no such user (404)', async () => {
    storeSession();
    fakeFetch({
      'GET /backend/api/users/my/': new FakeAnswer(404, { detail: 'Not found', code: 'not_found' }),
      'GET /backend/api/users/firms/': FIRMS,
    });
    const app = renderApp('/loadboard/');
    const dialog = await screen.findByRole('dialog', { name: 'No access' });
    expect(within(dialog).getByRole('button', { name: 'Logout' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request access' }));
    await waitFor(() => expect(app.pathname()).toBe('/registration-confirmation/'));
    expect(await screen.findByRole('combobox', { name: 'Department' })).toBeTruthy();
  });
});
