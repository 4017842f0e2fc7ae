import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, makeUser, renderApp, storeSession } from '@/test/render-app';
import { makeCompanySettings } from '../company-settings-test-data';

const MY = '/backend/api/v2/company/my';
const KEY = '/backend/api/v2/company/my/intake-key';
const ROTATE = '/backend/api/v2/company/my/intake-key/rotate';
const USERS_MY = '/backend/api/users/my/';
const NEW_KEY = `ik_${'Q'.repeat(43)}`;

const SETTINGS = makeCompanySettings();

const section = async () =>
  within((await screen.findByText('Load intake')).closest('fieldset') as HTMLElement);

describe('the load intake key on the company settings page', () => {
  it('generates a key and shows it once, with where to post', async () => {
    storeSession();
    const { callsTo } = fakeFetch({
      [`GET ${USERS_MY}`]: makeUser({ role: 4 }),
      [`GET ${MY}`]: SETTINGS,
      [`GET ${KEY}`]: { has_key: false, created_at: null },
      [`POST ${ROTATE}`]: { key: NEW_KEY, created_at: '2026-11-25T14:05:00Z' },
    });
    renderApp('/settings/company/');
    const card = await section();
    expect(await card.findByText('No key: postings from outside are refused.')).toBeTruthy();
    expect(
      card.getByText(/POST \/backend\/api\/v2\/loadboard\/intake with the header X-Intake-Key/),
    ).toBeTruthy();

    await userEvent.click(card.getByRole('button', { name: 'Generate key' }));
    expect(callsTo('POST', ROTATE)).toHaveLength(1);
    expect(await card.findByDisplayValue(NEW_KEY)).toBeTruthy();
    expect(card.getByText('Copy the key now: it is shown only this once.')).toBeTruthy();
    // The time the key works from, in Eastern time (09:05am on November 25, 2026).
    expect(card.getByText('A key is in use since 09:05am 11/25/2026')).toBeTruthy();
  });

  it('asks before a new key replaces the one in use, and before turning it off', async () => {
    storeSession();
    const { callsTo } = fakeFetch({
      [`GET ${USERS_MY}`]: makeUser({ role: 3 }),
      [`GET ${MY}`]: SETTINGS,
      [`GET ${KEY}`]: { has_key: true, created_at: '2026-11-20T15:30:00Z' },
      [`POST ${ROTATE}`]: { key: NEW_KEY, created_at: '2026-11-25T14:05:00Z' },
      [`DELETE ${KEY}`]: { has_key: false, created_at: null },
    });
    renderApp('/settings/company/');
    const card = await section();
    expect(await card.findByText('A key is in use since 10:30am 11/20/2026')).toBeTruthy();

    await userEvent.click(card.getByRole('button', { name: 'Generate a new key' }));
    expect(card.getByText(/The key in use stops working at once/)).toBeTruthy();
    await userEvent.click(card.getByRole('button', { name: 'Cancel' }));
    expect(callsTo('POST', ROTATE)).toHaveLength(0);

    await userEvent.click(card.getByRole('button', { name: 'Turn off' }));
    expect(card.getByText('Postings with the key are refused from now on.')).toBeTruthy();
    const confirm = card.getAllByRole('button', { name: 'Turn off' })[0]!;
    await userEvent.click(confirm);
    expect(callsTo('DELETE', KEY)).toHaveLength(1);
    expect(await card.findByText('No key: postings from outside are refused.')).toBeTruthy();
  });

  it('reads in Russian for a Russian user', async () => {
    storeSession();
    fakeFetch({
      [`GET ${USERS_MY}`]: makeUser({ role: 4, lang: 'ru' }),
      [`GET ${MY}`]: SETTINGS,
      [`GET ${KEY}`]: { has_key: false, created_at: null },
    });
    renderApp('/settings/company/');
    expect(await screen.findByText('Приём грузов')).toBeTruthy();
    expect(await screen.findByText('Ключа нет: грузы извне не принимаются.')).toBeTruthy();
  });
});
