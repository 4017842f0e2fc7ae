import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeAnswer, FAR_FUTURE, fakeFetch, makeUser, renderApp } from '@/test/render-app';

const LOGIN = '/backend/api/v2/rest-auth/login/';

function loginAnswer(user = makeUser()) {
  return {
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    access_token_expiration: FAR_FUTURE,
    refresh_token_expiration: FAR_FUTURE,
    user,
  };
}

describe('login page', () => {
  it('shows the spec messages when the fields are empty, and sends nothing', async () => {
    const { calls } = fakeFetch({});
    renderApp('/login/');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password required')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("says 'Email must be valid' for a malformed e-mail", async () => {
    fakeFetch({});
    renderApp('/login/');
    await userEvent.type(screen.getByLabelText('Email'), 'dispatcher@');
    await userEvent.type(screen.getByLabelText('Password'), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email must be valid')).toBeTruthy();
  });

  it("shows the server's message under the form for wrong credentials, without a toast", async () => {
    fakeFetch({
      [`POST ${LOGIN}`]: new FakeAnswer(400, {
        detail: 'Unable to log in with provided credentials.',
        code: 'invalid_credentials',
        fields: { non_field_errors: ['Unable to log in with provided credentials.'] },
      }),
    });
    renderApp('/login/');
    await userEvent.type(screen.getByLabelText('Email'), 'admin@demo.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Unable to log in with provided credentials.')).toBeTruthy();
    expect(screen.queryByText('Request failed with HTTP code 400')).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('tells the user to wait after too many attempts (429)', async () => {
    fakeFetch({ [`POST ${LOGIN}`]: new FakeAnswer(429, { detail: 'Too many', code: 'too_many_requests' }) });
    renderApp('/login/');
    await userEvent.type(screen.getByLabelText('Email'), 'admin@demo.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/Too many attempts/)).toBeTruthy();
  });

  it('stores the tokens in localStorage and cookies, follows the user language and lands on /', async () => {
    const user = makeUser({ lang: 'ru' });
    const { callsTo } = fakeFetch({
      [`POST ${LOGIN}`]: loginAnswer(user),
      'GET /backend/api/users/my/': user,
    });
    const app = renderApp('/login/');
    await userEvent.type(screen.getByLabelText('Email'), ' Admin@Demo.test ');
    await userEvent.type(screen.getByLabelText('Password'), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(app.pathname()).toBe('/'));
    expect(callsTo('POST', LOGIN)[0]?.body).toEqual({ email: 'admin@demo.test', password: 'demo1234' });
    expect(localStorage.getItem('access_token')).toBe('access-1');
    expect(localStorage.getItem('refresh_token_expiration')).toBe(FAR_FUTURE);
    expect(document.cookie).toContain('refresh_token=refresh-1');
    // Russian menu labels once the shell is drawn.
    expect(await screen.findByRole('link', { name: 'Доска грузов' })).toBeTruthy();
  });

  it('sends a tracker (role 6) from / to its start page /my-loads/active', async () => {
    const user = makeUser({ role: 6, email: 'tracker@demo.test' });
    fakeFetch({ [`POST ${LOGIN}`]: loginAnswer(user), 'GET /backend/api/users/my/': user });
    const app = renderApp('/login/');
    await userEvent.type(screen.getByLabelText('Email'), 'tracker@demo.test');
    await userEvent.type(screen.getByLabelText('Password'), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(app.pathname()).toBe('/my-loads/active'));
  });
});
