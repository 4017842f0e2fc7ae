import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeAnswer, fakeFetch, makeUser, renderApp, storeSession } from '@/test/render-app';

const MAILBOX = '/backend/api/v2/email/mailbox';
const NONE = {
  connected: false,
  provider: null,
  address: null,
  status: null,
  smtp_host: null,
  smtp_port: null,
  smtp_secure: null,
  username: null,
  imap_host: null,
  imap_port: null,
  imap_secure: null,
  inbound_address: 'abc123@mail.carrier.test',
};
const CONNECTED = {
  ...NONE,
  connected: true,
  provider: 'smtp_imap',
  address: 'dana@carrier.test',
  status: 'connected',
  smtp_host: 'smtp.carrier.test',
  smtp_port: 587,
  smtp_secure: false,
  username: 'dana',
  imap_host: 'imap.carrier.test',
  imap_port: 993,
  imap_secure: true,
};

function routes(extra: Record<string, unknown>, lang: 'en' | 'ru' = 'en') {
  return {
    'GET /backend/api/users/my/': makeUser({ role: 5, lang }),
    'GET /backend/api/v2/profile/me': { first_name: 'Dana', last_name: 'Dispatcher', lang: 'en' },
    ...extra,
  };
}

async function fill(label: string, value: string) {
  fireEvent.change(await screen.findByLabelText(label), { target: { value } });
}

describe('mailbox section of the profile', () => {
  it('tests and connects SMTP settings, then shows the mailbox without its password', async () => {
    storeSession();
    const { callsTo } = fakeFetch(routes({ [`GET ${MAILBOX}`]: NONE, [`PUT ${MAILBOX}`]: CONNECTED }));
    renderApp('/settings/profile/');
    expect(await screen.findByText('Not connected')).toBeTruthy();
    expect(
      screen.getByText('Brokers can also write to the company at abc123@mail.carrier.test'),
    ).toBeTruthy();
    await fill('E-mail address', 'Dana@Carrier.test');
    await fill('SMTP server', 'smtp.carrier.test');
    await fill('User name', 'dana');
    await fill('Password', 'mail-secret');
    await fill('IMAP server (optional)', 'imap.carrier.test');
    await userEvent.click(screen.getByRole('button', { name: 'Test and connect' }));

    expect(await screen.findByText('Connected')).toBeTruthy();
    expect(screen.getByText('dana@carrier.test')).toBeTruthy();
    expect(screen.getByText('Sending through smtp.carrier.test:587')).toBeTruthy();
    expect(screen.getByText('Reading answers from imap.carrier.test:993')).toBeTruthy();
    expect(screen.queryByDisplayValue('mail-secret')).toBeNull();
    expect(callsTo('PUT', MAILBOX)[0]?.body).toEqual({
      address: 'dana@carrier.test',
      smtp_host: 'smtp.carrier.test',
      smtp_port: 587,
      smtp_secure: false,
      username: 'dana',
      password: 'mail-secret',
      imap_host: 'imap.carrier.test',
      imap_port: 993,
      imap_secure: true,
    });
  });

  it('keeps the form filled and says why when the mail server refuses, and checks fields first', async () => {
    storeSession();
    const refused = new FakeAnswer(400, {
      detail: 'The mail server did not accept the connection: EAUTH 535 Invalid username or password',
      code: 'email_mailbox_test_failed',
      fields: { reason: ['EAUTH 535 Invalid username or password'] },
    });
    const { callsTo } = fakeFetch(routes({ [`GET ${MAILBOX}`]: NONE, [`PUT ${MAILBOX}`]: refused }));
    renderApp('/settings/profile/');
    await fill('E-mail address', 'not-an-email');
    await userEvent.click(await screen.findByRole('button', { name: 'Test and connect' }));
    expect(await screen.findByText('Must be a valid e-mail')).toBeTruthy();
    expect(screen.getByText('The server is required.')).toBeTruthy();
    expect(callsTo('PUT', MAILBOX)).toHaveLength(0);

    await fill('E-mail address', 'dana@carrier.test');
    await fill('SMTP server', 'smtp.carrier.test');
    await fill('User name', 'dana');
    await fill('Password', 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Test and connect' }));
    expect(
      await screen.findByText(
        'The mail server did not accept the connection: EAUTH 535 Invalid username or password',
      ),
    ).toBeTruthy();
    expect(screen.getByDisplayValue('smtp.carrier.test')).toBeTruthy();
  });

  it("disconnects, and explains a Google sign-in without the company's keys", async () => {
    storeSession();
    let connected = true;
    const { callsTo } = fakeFetch(
      routes({
        [`GET ${MAILBOX}`]: () => (connected ? CONNECTED : NONE),
        'DELETE /backend/api/v2/email/logout': () => {
          connected = false;
          return { detail: 'Successfully logged out.' };
        },
        'GET /backend/api/v2/email/auth': new FakeAnswer(409, {
          detail:
            'Sign-in with Google needs the company’s client keys; connect the mailbox with SMTP settings instead.',
          code: 'email_oauth_not_configured',
          fields: { provider: ['Google'] },
        }),
      }),
    );
    renderApp('/settings/profile/');
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Not connected')).toBeTruthy();
    expect(callsTo('DELETE', '/backend/api/v2/email/logout')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() =>
      expect(
        screen.getByText(
          'Sign-in with Google needs the company’s client keys; connect the mailbox with SMTP settings instead.',
        ),
      ).toBeTruthy(),
    );
  });
});

describe('the return from a Google or Zoho sign-in', () => {
  const CALLBACK = '/backend/api/v2/email/oauth/callback';
  const GOOGLE = {
    ...CONNECTED,
    provider: 'google',
    address: 'dana.dispatch@gmail.com',
    smtp_host: 'smtp.gmail.com',
    smtp_port: 465,
    smtp_secure: true,
    username: 'dana.dispatch@gmail.com',
    imap_host: 'imap.gmail.com',
  };
  const STATE = '12.34.google.1767225600000.c2lnbmF0dXJl';

  it('posts the code and state once, clears them from the address and shows the mailbox connected', async () => {
    storeSession();
    let connected = false;
    const { callsTo } = fakeFetch(
      routes({
        [`GET ${MAILBOX}`]: () => (connected ? GOOGLE : NONE),
        [`POST ${CALLBACK}`]: () => {
          connected = true;
          return GOOGLE;
        },
      }),
    );
    const view = renderApp(
      `/settings/profile/?code=4%2F0AbCd&state=${STATE}&scope=email%20https%3A%2F%2Fmail.google.com%2F&authuser=0&prompt=consent`,
    );
    expect(
      await screen.findByText(
        'dana.dispatch@gmail.com is connected: your e-mails to brokers go out through it.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Connected')).toBeTruthy();
    expect(screen.getByText('Sending through smtp.gmail.com:465')).toBeTruthy();
    expect(callsTo('POST', CALLBACK).map((call) => call.body)).toEqual([{ code: '4/0AbCd', state: STATE }]);
    expect(view.router.state.location.pathname).toBe('/settings/profile/');
    expect(view.router.state.location.search).toBe('');
  });

  it("shows a refusal by its code in the user's language, never the server's English text", async () => {
    storeSession();
    const { callsTo } = fakeFetch(
      routes(
        {
          [`GET ${MAILBOX}`]: NONE,
          [`POST ${CALLBACK}`]: new FakeAnswer(400, {
            detail: 'Some English wording of the server',
            code: 'email_oauth_failed',
            fields: { provider: ['Zoho'] },
          }),
        },
        'ru',
      ),
    );
    const view = renderApp(`/settings/profile/?code=1000.abc&state=12.34.zoho.1.sig&location=us`);
    expect(await screen.findByText('Zoho не завершил вход; начните вход заново.')).toBeTruthy();
    expect(screen.queryByText('Some English wording of the server')).toBeNull();
    expect(screen.getByText('Не подключён')).toBeTruthy();
    expect(callsTo('POST', CALLBACK)).toHaveLength(1);
    expect(view.router.state.location.search).toBe('');
  });

  it('says the sign-in was cancelled when the user declined at the provider, and posts nothing', async () => {
    storeSession();
    const { callsTo } = fakeFetch(routes({ [`GET ${MAILBOX}`]: NONE }));
    const view = renderApp(`/settings/profile/?error=access_denied&state=${STATE}`);
    expect(
      await screen.findByText('The sign-in was cancelled at the provider; nothing was connected.'),
    ).toBeTruthy();
    expect(callsTo('POST', CALLBACK)).toHaveLength(0);
    expect(view.router.state.location.search).toBe('');
  });
});
