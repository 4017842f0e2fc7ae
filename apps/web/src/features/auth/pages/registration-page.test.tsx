import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FAR_FUTURE, fakeFetch, makeUser, renderApp } from '@/test/render-app';

const REGISTRATION = '/backend/api/rest-auth/registration/';

async function fill(label: string, text: string) {
  await userEvent.type(screen.getByLabelText(label), text);
}

describe('registration page', () => {
  it('shows the spec messages for empty fields', async () => {
    const { calls } = fakeFetch({});
    renderApp('/registration');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getAllByText('Password required')).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('checks the password: too short, no whitespace, and the repeat must match', async () => {
    fakeFetch({});
    renderApp('/registration');
    await fill('Password', 'short');
    await fill('Repeat password', 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password too short')).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('Password'));
    await fill('Password', 'has space in it');
    expect(await screen.findByText("Password mustn't has whitespaces")).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('Password'));
    await fill('Password', 'demo12345');
    await userEvent.clear(screen.getByLabelText('Repeat password'));
    await fill('Repeat password', 'demo12346');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText("Passwords don't match")).toBeTruthy();
  });

  it('signs the new user in and leads a user with no role to the registration confirmation', async () => {
    const user = makeUser({ role: null, email: 'new@demo.test', first_name: 'Nia', last_name: 'New' });
    const { callsTo } = fakeFetch({
      [`POST ${REGISTRATION}`]: {
        access_token: 'access-1',
        refresh_token: 'refresh-1',
        access_token_expiration: FAR_FUTURE,
        refresh_token_expiration: FAR_FUTURE,
        user,
      },
      'GET /backend/api/users/my/': user,
      'GET /backend/api/users/firms/': [],
    });
    const app = renderApp('/registration');
    await fill('First name', 'Nia');
    await fill('Last name', 'New');
    await fill('Email', 'new@demo.test');
    await fill('Password', 'demo12345');
    await fill('Repeat password', 'demo12345');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(app.pathname()).toBe('/registration-confirmation/'));
    expect(callsTo('POST', REGISTRATION)[0]?.body).toEqual({
      first_name: 'Nia',
      last_name: 'New',
      email: 'new@demo.test',
      password1: 'demo12345',
      password2: 'demo12345',
    });
    expect(await screen.findByRole('button', { name: 'Send request' })).toBeTruthy();
  });
});
