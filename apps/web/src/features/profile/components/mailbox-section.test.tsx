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

function routes(extra: Record<string, unknown>) {
  return {
    'GET /backend/api/users/my/': makeUser({ role: 5 }),
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
