import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmailOauthClient } from '@app/domain/email/email-oauth-clients.schema';
import { FakeAnswer, fakeFetch, makeUser, renderApp, storeSession } from '@/test/render-app';
import { makeCompanySettings } from '../company-settings-test-data';

const MY = '/backend/api/v2/company/my';
const CLIENTS = '/backend/api/v2/email/oauth-clients';
const USERS_MY = '/backend/api/users/my/';
const REDIRECT = 'https://dispatch.carrier.test/settings/profile/';

const entry = (provider: 'google' | 'zoho', overrides: Partial<EmailOauthClient> = {}): EmailOauthClient => ({
  provider,
  client_id: null,
  has_secret: false,
  redirect_uri: REDIRECT,
  connected_mailboxes: 0,
  ...overrides,
});

const section = async () =>
  within((await screen.findByText('Mail sign-in (Google, Zoho)')).closest('fieldset') as HTMLElement);

describe('the mail sign-in section of the company settings page', () => {
  it("saves a provider's client keys, and keeps the stored secret when its field is left empty", async () => {
    storeSession();
    const { callsTo } = fakeFetch({
      [`GET ${USERS_MY}`]: makeUser({ role: 4 }),
      [`GET ${MY}`]: makeCompanySettings(),
      [`GET ${CLIENTS}`]: [entry('google'), entry('zoho')],
      [`PUT ${CLIENTS}/google`]: ({ body }: { body: unknown }) =>
        entry('google', { client_id: (body as { client_id: string }).client_id, has_secret: true }),
    });
    renderApp('/settings/company/');
    const card = await section();
    const google = within(await card.findByRole('form', { name: 'Google' }));
    expect(google.getByText('No keys: users cannot sign in with Google.')).toBeTruthy();
    expect(google.getByDisplayValue(REDIRECT)).toBeTruthy();
    expect(google.getByRole('button', { name: 'Copy the redirect URI for Google' })).toBeTruthy();
    // Nothing stored: Save waits for a change, and there is nothing to remove.
    expect(google.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(google.queryByRole('button', { name: 'Remove' })).toBeNull();

    // A client ID without a secret, with none stored: the secret is asked for before anything is sent.
    await userEvent.type(google.getByLabelText('Client ID'), '77.apps.googleusercontent.com');
    await userEvent.click(google.getByRole('button', { name: 'Save' }));
    expect(await google.findByText('Enter the client secret: none is stored yet')).toBeTruthy();
    expect(callsTo('PUT', `${CLIENTS}/google`)).toHaveLength(0);

    const secret = google.getByLabelText('Client secret');
    expect(secret.getAttribute('type')).toBe('password');
    await userEvent.type(secret, 'GOCSPX-abc{Enter}');
    await waitFor(() => expect(callsTo('PUT', `${CLIENTS}/google`)).toHaveLength(1));
    expect(callsTo('PUT', `${CLIENTS}/google`)[0]?.body).toEqual({
      client_id: '77.apps.googleusercontent.com',
      client_secret: 'GOCSPX-abc',
    });
    expect(
      await google.findByText(/^Users can sign in with Google\. Mailboxes signed in with it: 0\.$/),
    ).toBeTruthy();
    expect((secret as HTMLInputElement).value).toBe('');
    expect(secret.getAttribute('placeholder')).toBe('Stored; leave empty to keep it');

    // A new client ID alone keeps the stored secret: the secret is not sent.
    const clientId = google.getByLabelText('Client ID');
    await userEvent.clear(clientId);
    await userEvent.type(clientId, '88.apps.googleusercontent.com');
    await userEvent.click(google.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT', `${CLIENTS}/google`)).toHaveLength(2));
    expect(callsTo('PUT', `${CLIENTS}/google`)[1]?.body).toEqual({
      client_id: '88.apps.googleusercontent.com',
    });
    // Zoho was left alone.
    expect(callsTo('PUT', `${CLIENTS}/zoho`)).toHaveLength(0);
  });

  it('shows the refusal by its code at the secret when the stored secret went meanwhile', async () => {
    storeSession();
    let stored = entry('zoho', { client_id: '1000.ZOHO', has_secret: true, connected_mailboxes: 2 });
    const { callsTo } = fakeFetch({
      [`GET ${USERS_MY}`]: makeUser({ role: 3 }),
      [`GET ${MY}`]: makeCompanySettings(),
      [`GET ${CLIENTS}`]: () => [entry('google'), stored],
      [`PUT ${CLIENTS}/zoho`]: () => {
        // A colleague removed the keys after this page read them.
        stored = entry('zoho');
        return new FakeAnswer(400, {
          detail: 'A text the page must not compare with',
          code: 'email_oauth_client_secret_required',
          fields: { client_secret: ['A text the page must not compare with'] },
        });
      },
    });
    renderApp('/settings/company/');
    const zoho = within(await (await section()).findByRole('form', { name: 'Zoho' }));
    expect(
      await zoho.findByText('Users can sign in with Zoho. Mailboxes signed in with it: 2.'),
    ).toBeTruthy();
    const clientId = zoho.getByLabelText('Client ID');
    await userEvent.clear(clientId);
    await userEvent.type(clientId, '1000.ZOHONEW');
    await userEvent.click(zoho.getByRole('button', { name: 'Save' }));

    expect(await zoho.findByText('Enter the client secret: none is stored yet')).toBeTruthy();
    expect(zoho.queryByText('A text the page must not compare with')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(zoho.getByLabelText('Client secret')));
    // The page reads the keys again: none are stored now, and what was typed stays.
    expect(await zoho.findByText('No keys: users cannot sign in with Zoho.')).toBeTruthy();
    expect(zoho.getByLabelText<HTMLInputElement>('Client ID').value).toBe('1000.ZOHONEW');
    expect(callsTo('GET', CLIENTS).length).toBeGreaterThanOrEqual(2);
  });

  it('asks before removing the keys, and says when the server has no public address', async () => {
    storeSession();
    const { callsTo } = fakeFetch({
      [`GET ${USERS_MY}`]: makeUser({ role: 4 }),
      [`GET ${MY}`]: makeCompanySettings(),
      [`GET ${CLIENTS}`]: [
        entry('google', {
          client_id: '77.apps',
          has_secret: true,
          connected_mailboxes: 3,
          redirect_uri: null,
        }),
        entry('zoho', { redirect_uri: null }),
      ],
      [`DELETE ${CLIENTS}/google`]: entry('google', { redirect_uri: null }),
    });
    renderApp('/settings/company/');
    const google = within(await (await section()).findByRole('form', { name: 'Google' }));
    expect(google.getByText(/PUBLIC_URL\) is not set/)).toBeTruthy();
    expect(google.queryByRole('button', { name: /Copy/ })).toBeNull();

    await userEvent.click(google.getByRole('button', { name: 'Remove' }));
    expect(
      google.getByText(
        'Users can no longer sign in with Google, and mailboxes signed in with it (now 3) are signed out within the hour.',
      ),
    ).toBeTruthy();
    // The focus is on Cancel: Enter keeps the keys.
    expect(document.activeElement).toBe(google.getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Enter}');
    expect(callsTo('DELETE', `${CLIENTS}/google`)).toHaveLength(0);

    await userEvent.click(google.getByRole('button', { name: 'Remove' }));
    await userEvent.click(google.getByRole('button', { name: 'Remove the keys' }));
    expect(await google.findByText('No keys: users cannot sign in with Google.')).toBeTruthy();
    expect(callsTo('DELETE', `${CLIENTS}/google`)).toHaveLength(1);
    expect(google.getByLabelText<HTMLInputElement>('Client ID').value).toBe('');
  });

  it('reads in Russian for a Russian user', async () => {
    storeSession();
    fakeFetch({
      [`GET ${USERS_MY}`]: makeUser({ role: 4, lang: 'ru' }),
      [`GET ${MY}`]: makeCompanySettings(),
      [`GET ${CLIENTS}`]: [entry('google'), entry('zoho')],
    });
    renderApp('/settings/company/');
    expect(await screen.findByText('Вход в почту (Google, Zoho)')).toBeTruthy();
    expect(await screen.findByText('Ключей нет: войти через Google нельзя.')).toBeTruthy();
    expect(screen.getAllByLabelText('Секрет клиента')).toHaveLength(2);
  });
});
