import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeAnswer, fakeFetch, makeUser, renderApp, storeSession } from '@/test/render-app';

const CHANGE_PASSWORD = '/backend/api/v2/profile/me/change-password';

function setup(routes: Record<string, unknown> = {}) {
  storeSession();
  return fakeFetch({
    'GET /backend/api/users/my/': makeUser({ role: 5 }),
    'GET /backend/api/v2/profile/me': { first_name: 'Ada', last_name: 'Admin', lang: 'en' },
    ...routes,
  });
}

describe('change password', () => {
  it('shows the spec messages live as the user types', async () => {
    setup();
    renderApp('/settings/profile/');
    const newPassword = await screen.findByLabelText('New password');
    await userEvent.type(newPassword, 'short');
    expect(await screen.findByText('Must have at least 8 symbols')).toBeTruthy();
    await userEvent.type(newPassword, '-enough');
    await waitFor(() => expect(screen.queryByText('Must have at least 8 symbols')).toBeNull());

    await userEvent.type(screen.getByLabelText('Repeat new password'), 'different1');
    expect(await screen.findByText('Must be equal to new password')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Current password'), 'x');
    await userEvent.clear(screen.getByLabelText('Current password'));
    expect(await screen.findByText('Must be present')).toBeTruthy();
  });

  it("puts the server's field errors under the fields and keeps what was typed", async () => {
    setup({
      [`PUT ${CHANGE_PASSWORD}`]: new FakeAnswer(400, {
        detail: 'Wrong password',
        code: 'wrong_password',
        fields: { old_password: ['Wrong password'] },
      }),
    });
    renderApp('/settings/profile/');
    await userEvent.type(await screen.findByLabelText('Current password'), 'not-it-1');
    await userEvent.type(screen.getByLabelText('New password'), 'demo12345');
    await userEvent.type(screen.getByLabelText('Repeat new password'), 'demo12345');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Wrong password')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('demo12345');
    expect(screen.queryByText('Request failed with HTTP code 400')).toBeNull();
  });

  it("sends the three fields and confirms with 'Successfully'", async () => {
    const { callsTo } = setup({ [`PUT ${CHANGE_PASSWORD}`]: {} });
    renderApp('/settings/profile/');
    await userEvent.type(await screen.findByLabelText('Current password'), 'demo1234');
    await userEvent.type(screen.getByLabelText('New password'), 'demo12345');
    await userEvent.type(screen.getByLabelText('Repeat new password'), 'demo12345');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Successfully')).toBeTruthy();
    expect(callsTo('PUT', CHANGE_PASSWORD)[0]?.body).toEqual({
      old_password: 'demo1234',
      new_password1: 'demo12345',
      new_password2: 'demo12345',
    });
  });
});
