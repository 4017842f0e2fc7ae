import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PEOPLE_MESSAGES } from '@app/domain/units/people.rules';
import { UNITS_MESSAGES } from '@app/domain/units/units.schema';
import { companyWith, renderApp } from '@/test/render-app';
import {
  DRIVERS_PATH,
  FakeAnswer,
  lastQuery,
  listOf,
  makeDriver,
  makeHistoryLoad,
  makeOwner,
  OWNERS_PATH,
  setupUnits,
} from './units-test-data';

const GET_DRIVERS = `GET ${DRIVERS_PATH}`;
const HISTORY = '/backend/api/v2/loads/drivers/history';
const ADD = '/backend/api/v2/hr/add-driver';

describe('drivers page', () => {
  it('lists the drivers with owner, unit, status, licence and the two is-active switches', async () => {
    setupUnits({
      [GET_DRIVERS]: listOf([
        makeDriver(),
        makeDriver({
          id: 62,
          full_name: 'Fred Fired',
          status: 'Fired',
          is_active: false,
          is_active_for_owner: false,
          license_expiry: '2020-02-01',
          license_expiry_state: 'expired',
        }),
      ]),
    });
    renderApp('/units/drivers/');
    const table = await screen.findByRole('table', { name: 'Drivers' });
    const [first, second] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Dan Driver')).toBeTruthy();
    expect(within(first).getByText('Olga Owner')).toBeTruthy();
    expect(within(first).getByText('U-101')).toBeTruthy();
    expect(within(first).getByText('Active')).toBeTruthy();
    expect(
      within(first).getByRole<HTMLInputElement>('switch', { name: 'Dan Driver sees loads' }).checked,
    ).toBe(true);
    expect(within(second).getByText('Fired')).toBeTruthy();
    expect(within(second).getByText(/02\/01\/2020 · Expired/)).toBeTruthy();
    expect(
      within(second).getByRole<HTMLInputElement>('switch', { name: 'The owner sees loads for Fred Fired' })
        .checked,
    ).toBe(false);
  });

  it('flips the switches through their own calls, and shows a refusal', async () => {
    const { callsTo } = setupUnits({
      [GET_DRIVERS]: listOf([makeDriver({ is_active_for_owner: false })]),
      'PUT /backend/api/v2/users/61/update-driver-is-active/': makeDriver({ is_active: false }),
      'PUT /backend/api/v2/users/61/update-driver-is-active-for-owner/': new FakeAnswer(409, {
        detail: PEOPLE_MESSAGES.firedDriverActivation,
        code: 'fired_driver_activation',
      }),
    });
    renderApp('/units/drivers/');
    await userEvent.click(await screen.findByRole('switch', { name: 'Dan Driver sees loads' }));
    await waitFor(() =>
      expect(callsTo('PUT', '/backend/api/v2/users/61/update-driver-is-active/')).toHaveLength(1),
    );
    expect(callsTo('PUT', '/backend/api/v2/users/61/update-driver-is-active/')[0]!.body).toEqual({
      is_active: false,
    });
    await userEvent.click(screen.getByRole('switch', { name: 'The owner sees loads for Dan Driver' }));
    expect(await screen.findByText(PEOPLE_MESSAGES.firedDriverActivation)).toBeTruthy();
    expect(callsTo('PUT', '/backend/api/v2/users/61/update-driver-is-active-for-owner/')[0]!.body).toEqual({
      is_active_for_owner: true,
    });
  });

  it('lets HR add a driver, checked with the API schema', async () => {
    const { callsTo } = setupUnits(
      {
        [GET_DRIVERS]: listOf([]),
        [`GET ${OWNERS_PATH}`]: listOf([makeOwner()]),
        [`POST ${ADD}`]: makeDriver({ id: 64 }),
      },
      { role: 8 },
    );
    renderApp('/units/drivers/');
    expect(await screen.findByText('No drivers yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add driver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a driver' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add driver' }));
    expect(within(dialog).getAllByText(UNITS_MESSAGES.fieldRequired)).toHaveLength(3);
    fireEvent.change(within(dialog).getByLabelText(/^First name/), { target: { value: 'Gary' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last name/), { target: { value: 'Gears' } });
    fireEvent.change(within(dialog).getByLabelText(/^Phone/), { target: { value: '555-12' } });
    expect(within(dialog).getByText(UNITS_MESSAGES.phoneInvalid)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Phone/), { target: { value: '(555) 300-4000' } });
    await userEvent.click(within(dialog).getByLabelText('Owner'));
    await userEvent.click(await screen.findByRole('option', { name: /Olga Owner/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add driver' }));
    await waitFor(() => expect(callsTo('POST', ADD)).toHaveLength(1));
    expect(callsTo('POST', ADD)[0]!.body).toEqual({
      first_name: 'Gary',
      last_name: 'Gears',
      phone_number: '(555) 300-4000',
      email: '',
      owner: 31,
      car: null,
      license_number: '',
      license_state: null,
      license_expiry: '',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a driver' })).toBeNull());
  });

  it('offers neither adding nor the switches to an accountant', async () => {
    setupUnits({ [GET_DRIVERS]: listOf([makeDriver()]) }, { role: 7 });
    renderApp('/units/drivers/');
    const table = await screen.findByRole('table', { name: 'Drivers' });
    expect(screen.queryByRole('button', { name: 'Add driver' })).toBeNull();
    expect(
      within(table).getByRole<HTMLInputElement>('switch', { name: 'Dan Driver sees loads' }).disabled,
    ).toBe(true);
  });

  it('searches and filters the list', async () => {
    const { callsTo } = setupUnits({ [GET_DRIVERS]: listOf([makeDriver()]) });
    renderApp('/units/drivers/');
    await screen.findByRole('table', { name: 'Drivers' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search drivers' }), '555');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fired' }));
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery(callsTo('GET', DRIVERS_PATH)))).toEqual({
        page: '1',
        limit: '25',
        search: '555',
        status: 'Fired',
      }),
    );
  });

  it("opens a driver's card with the phone for a manager and the load history", async () => {
    const { callsTo } = setupUnits(
      {
        [GET_DRIVERS]: listOf([makeDriver({ phone_number: '(555) 100-2000' })]),
        [`GET ${HISTORY}`]: listOf([makeHistoryLoad()], 1),
      },
      { role: 4 },
    );
    renderApp('/units/drivers/');
    const table = await screen.findByRole('table', { name: 'Drivers' });
    await userEvent.click(within(table).getByRole('row', { name: 'Dan Driver' }));
    const card = await screen.findByRole('dialog', { name: 'Dan Driver' });
    expect(within(card).getByText('(555) 100-2000')).toBeTruthy();
    const history = await within(card).findByRole('region', { name: 'Load history' });
    const link = await within(history).findByRole('link', { name: '000042' });
    expect(link.getAttribute('href')).toBe('/load/completed/42');
    expect(within(history).getByText('Completed')).toBeTruthy();
    expect(within(history).getByText('Dallas, TX → Chicago, IL')).toBeTruthy();
    expect(lastQuery(callsTo('GET', HISTORY)).get('driver_id')).toBe('61');
  });

  it("keeps the driver's phone hidden on the card unless the viewer may see numbers", async () => {
    setupUnits(
      {
        [GET_DRIVERS]: listOf([makeDriver({ phone_number: null })]),
        [`GET ${HISTORY}`]: listOf([]),
      },
      { role: 8, company_instance: companyWith({ is_visible_phone_numbers: false }) },
    );
    renderApp('/units/drivers/');
    const table = await screen.findByRole('table', { name: 'Drivers' });
    await userEvent.click(within(table).getByRole('row', { name: 'Dan Driver' }));
    const card = await screen.findByRole('dialog', { name: 'Dan Driver' });
    expect(within(card).getByText('Phone numbers are shown to managers')).toBeTruthy();
    expect(await within(card).findByText('No loads yet')).toBeTruthy();
  });
});
