import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CHICAGO,
  DALLAS,
  field,
  fillValidLoad,
  geoRoutes,
  messageOf,
  THIS_YEAR,
  WHOLE_FORM_TIMEOUT_MS,
} from '@/features/loads/components/load-form/load-form.test-utils';
import { FakeAnswer, fakeFetch, makeUser, renderApp, storeSession } from '@/test/render-app';

// The global add-load dialog: opened from the menu's Add load entry, it creates the load and takes the
// user to /loadboard/{id}; a failed save keeps it open and filled.

const CREATE_PATH = '/backend/api/v2/loads/create';

function signedIn(createAnswers: unknown[]) {
  storeSession();
  const answers = [...createAnswers];
  return fakeFetch({
    'GET /backend/api/users/my/': makeUser({ role: 5 }),
    ...geoRoutes(),
    [`POST ${CREATE_PATH}`]: () => answers.shift(),
  });
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  const nav = await screen.findByRole('navigation', { name: 'Main menu' });
  await user.click(within(nav).getByRole('button', { name: 'Add load' }));
  return screen.findByRole('dialog', { name: 'Add load' });
}

/** The Idempotency-Key header of each create call. */
function idempotencyKeys(fetch: ReturnType<typeof fakeFetch>['fetch']): (string | null)[] {
  return fetch.mock.calls
    .filter(([url, init]) => url === CREATE_PATH && init?.method === 'POST')
    .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
}

const point = (place: typeof CHICAGO, order: number, type: string, date: string) => ({
  address: place.formatted_address,
  city: place.components.locality,
  state: place.components.administrative_area_level_1,
  zip_code: place.components.postal_code,
  country: 'US',
  date,
  order,
  lat: place.lat,
  lon: place.lon,
  type,
  is_active: false,
});

describe('the add-load dialog', () => {
  it(
    'creates the load, closes and takes the user to /loadboard/{id}',
    async () => {
      const user = userEvent.setup({ delay: null });
      const network = signedIn([{ id: 4321 }]);
      const app = renderApp('/');
      const dialog = await openDialog(user);
      // Nothing typed yet: no messages and no count of fields to fix.
      expect(within(dialog).queryByRole('button', { name: /Fields to fix/ })).toBeNull();
      expect(messageOf(await within(dialog).findByLabelText(/Weight/))).toBe('');

      await fillValidLoad(user, dialog);
      await user.click(within(dialog).getByRole('button', { name: 'Create load' }));

      await waitFor(() => expect(app.pathname()).toBe('/loadboard/4321'));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add load' })).toBeNull());
      const [call] = network.callsTo('POST', CREATE_PATH);
      expect(call?.body).toEqual({
        accounting_broker_company: null,
        broker_company: null,
        broker_name: 'Jane Broker',
        broker_phone: '(555) 123-4567',
        reply_email: 'jane@broker.test',
        rateconf_ref: '',
        // Typed as '$1200': the input drops the $, and the amount is sent with the spec's $ prefix.
        pays: '$1200',
        weight: '1500',
        pieces: '3',
        length: '48',
        width: '40',
        height: '36',
        car: null,
        note: '',
        dock_level: false,
        isDanger: false,
        isUrgent: false,
        isCanPutOnTop: false,
        equipment: {},
        // The picker's clock readings are Eastern time: July is UTC-4.
        pick_up_datetime: `${THIS_YEAR}-07-10T08:00:00-04:00`,
        delivery_datetime: `${THIS_YEAR}-07-12T17:30:00-04:00`,
        points: [
          point(CHICAGO, 1, 'pick_up', `${THIS_YEAR}-07-10T08:00:00-04:00`),
          point(DALLAS, 2, 'deliver_to', `${THIS_YEAR}-07-12T17:30:00-04:00`),
        ],
      });
      expect(idempotencyKeys(network.fetch)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    },
    WHOLE_FORM_TIMEOUT_MS,
  );

  it(
    'stays open and filled after a failed save, and the retry sends the same Idempotency-Key',
    async () => {
      const user = userEvent.setup({ delay: null });
      const network = signedIn([
        new FakeAnswer(400, {
          detail: 'Must be a US phone number, e.g. (555) 123-4567',
          code: 'validation_error',
          fields: { broker_phone: ['Must be a US phone number, e.g. (555) 123-4567'] },
        }),
        { id: 77 },
      ]);
      const app = renderApp('/');
      const dialog = await openDialog(user);
      await fillValidLoad(user, dialog);
      await user.click(within(dialog).getByRole('button', { name: 'Create load' }));

      const phone = field(/Broker phone/, dialog);
      await waitFor(() => expect(messageOf(phone)).toBe('Must be a US phone number, e.g. (555) 123-4567'));
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'The load was not saved: check the fields marked in red.',
      );
      expect(app.pathname()).toBe('/');
      expect(field(/Broker name/, dialog).value).toBe('Jane Broker');
      expect(phone.value).toBe('(555) 123-4567');

      await user.clear(phone);
      await user.paste('555-987-6543');
      await user.click(within(dialog).getByRole('button', { name: 'Create load' }));
      await waitFor(() => expect(app.pathname()).toBe('/loadboard/77'));
      const keys = idempotencyKeys(network.fetch);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(network.callsTo('POST', CREATE_PATH)[1]?.body).toMatchObject({ broker_phone: '555-987-6543' });
    },
    WHOLE_FORM_TIMEOUT_MS,
  );

  it('asks before Esc throws away what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    signedIn([]);
    renderApp('/');
    await openDialog(user);
    // Nothing typed yet: Esc closes at once.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add load' })).toBeNull());

    const dialog = await openDialog(user);
    await user.type(field(/Broker name/, dialog), 'Jane');
    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('dialog', { name: 'Discard the new load?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard the new load?' })).toBeNull());
    expect(field(/Broker name/, screen.getByRole('dialog', { name: 'Add load' })).value).toBe('Jane');

    await user.keyboard('{Escape}');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard the new load?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add load' })).toBeNull());
  });
});
