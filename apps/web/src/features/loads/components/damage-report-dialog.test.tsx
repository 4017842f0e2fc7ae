import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/test/render-app';
import { FakeAnswer, makeLoad, setupLoads } from '../pages/load-test-data';

const LOADS = '/backend/api/v2/loads';
const REPORT = `${LOADS}/42/damage-report`;

const reported = {
  id: 5,
  load_id: 42,
  description: 'Crushed pallet',
  created_by: { id: 1, first_name: 'Dina', last_name: 'Dispatch' },
  created_date: '2026-03-10T16:00:00Z',
};

/** The Idempotency-Key header of each report sent. */
function idempotencyKeys(fetch: ReturnType<typeof setupLoads>['fetch']): (string | null)[] {
  return fetch.mock.calls
    .filter(([url, init]) => url === REPORT && init?.method === 'POST')
    .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Report damage' }));
  return screen.findByRole('dialog', { name: 'Report damage on load 000042' });
}

describe('damage report dialog', () => {
  it('sends the description from the load page, then closes with a toast', async () => {
    const user = userEvent.setup();
    const network = setupLoads({
      [`GET ${LOADS}/active/42/`]: makeLoad({ status: 5 }),
      [`POST ${REPORT}`]: reported,
    });
    renderApp('/load/active/42');
    const dialog = await openDialog(user);
    const field = within(dialog).getByRole('textbox', { name: 'Description' });
    expect(within(dialog).getByText('0 / 2000')).toBeTruthy();

    await user.type(field, '  Crushed pallet  ');
    expect(within(dialog).getByText('14 / 2000')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Report damage' }));

    await waitFor(() => expect(network.callsTo('POST', REPORT)).toHaveLength(1));
    expect(network.callsTo('POST', REPORT)[0]?.body).toEqual({ description: 'Crushed pallet' });
    expect(idempotencyKeys(network.fetch)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Damage reported')).toBeTruthy();
  });

  it('sends nothing without a description or with more than 2,000 characters, and says why', async () => {
    const user = userEvent.setup();
    const network = setupLoads({ [`GET ${LOADS}/active/42/`]: makeLoad(), [`POST ${REPORT}`]: reported });
    renderApp('/load/active/42');
    const dialog = await openDialog(user);
    const field = within(dialog).getByRole('textbox', { name: 'Description' });

    // Nothing is said before the first try.
    expect(within(dialog).queryByText('Describe the damage')).toBeNull();
    await user.type(field, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Report damage' }));
    expect(await within(dialog).findByText('Describe the damage')).toBeTruthy();

    await user.clear(field);
    await user.click(field);
    await user.paste('x'.repeat(2001));
    expect(await within(dialog).findByText('At most 2000 characters')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Report damage' }));
    expect(network.callsTo('POST', REPORT)).toEqual([]);

    // At the limit it goes.
    await user.type(field, '{Backspace}');
    expect(within(dialog).getByText('2000 / 2000')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Report damage' }));
    await waitFor(() => expect(network.callsTo('POST', REPORT)).toHaveLength(1));
  });

  it('keeps the text after a refusal, shows it, and retries with the same key', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const network = setupLoads({
      [`GET ${LOADS}/active/42/`]: makeLoad(),
      [`POST ${REPORT}`]: () =>
        refuse
          ? new FakeAnswer(403, {
              detail: 'You do not have permission to perform this action.',
              code: 'forbidden',
            })
          : reported,
    });
    renderApp('/load/active/42');
    const dialog = await openDialog(user);
    const field = within(dialog).getByRole('textbox', { name: 'Description' });
    await user.type(field, 'Wet cartons');
    await user.click(within(dialog).getByRole('button', { name: 'Report damage' }));

    expect(
      await within(dialog).findByText('You do not have permission to perform this action.'),
    ).toBeTruthy();
    expect((field as HTMLTextAreaElement).value).toBe('Wet cartons');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Report damage' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const keys = idempotencyKeys(network.fetch);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows the server’s word on the description beside the field', async () => {
    const user = userEvent.setup();
    setupLoads({
      [`GET ${LOADS}/active/42/`]: makeLoad(),
      [`POST ${REPORT}`]: new FakeAnswer(400, {
        detail: 'Must have at most 2000 characters',
        code: 'validation_error',
        fields: { description: ['Must have at most 2000 characters'] },
      }),
    });
    renderApp('/load/active/42');
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Dent');
    await user.click(within(dialog).getByRole('button', { name: 'Report damage' }));
    expect(await within(dialog).findByText('At most 2000 characters')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
