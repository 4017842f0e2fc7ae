import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOT_ACTIVE_TOOLTIP, VEHICLE_STATUS_MESSAGES } from '@app/domain/units/vehicle.rules';
import { setLanguage } from '@/i18n/i18n';
import { companyWith, renderApp } from '@/test/render-app';
import { VEHICLE_LIST_STORAGE_KEY } from '../components/vehicle-list-state';
import {
  chicagoPlanned,
  DRIVERS_PATH,
  FakeAnswer,
  lastQuery,
  listOf,
  makeDriver,
  makeVehicle,
  minutesAgo,
  setupUnits,
  VEHICLES_PATH,
} from './units-test-data';

const GET_VEHICLES = `GET ${VEHICLES_PATH}`;
const BULK = '/backend/api/v2/cars/update-status';

function rowOf(table: HTMLElement, unit: string): HTMLElement {
  return within(table).getByRole('row', { name: unit });
}

describe('vehicles page', () => {
  it('shows each vehicle with its status, location age, planned location, people, tracking and documents', async () => {
    const onLoad = makeVehicle({
      id: 72,
      unit_id: 'U-202',
      status: { id: 3, name: 'On load' },
      location: { ...makeVehicle().location!, last_update_time: minutesAgo(3 * 60 + 5) },
      future_location: chicagoPlanned(),
      location_status: 3,
      is_tracking_active: false,
      // 10:00 Eastern on July 4, 2099: still ahead.
      inactive_tracking_until: '2099-07-04T14:00:00Z',
      license_expiry: '2020-01-31',
      license_expiry_state: 'expired',
      insurance_expiry_state: 'expiring',
      insurance_expiry: '2026-01-20',
      loads_allowed_for_driver: false,
      loads_allowed_for_owner: false,
      active_driver: { id: 62, full_name: 'Ann Road', phone_number: '(555) 100-2000' },
      drivers: [{ id: 62, full_name: 'Ann Road', phone_number: '(555) 100-2000' }],
    });
    setupUnits({ [GET_VEHICLES]: listOf([makeVehicle(), onLoad]) });
    renderApp('/units/vehicles/');
    const table = await screen.findByRole('table', { name: 'Vehicles' });

    const first = rowOf(table, 'U-101');
    expect(within(first).getByText('Available')).toBeTruthy();
    expect(within(first).getByText('Sprinter')).toBeTruthy();
    expect(within(first).getByText('Dallas, TX')).toBeTruthy();
    expect(within(first).getByText('5 min ago')).toBeTruthy();
    expect(within(first).getByText('Dan Driver')).toBeTruthy();
    expect(within(first).getByText('Owner: Olga Owner')).toBeTruthy();
    expect(within(first).getByText('Dina Dispatch')).toBeTruthy();
    expect(within(first).getByText('Tracking on')).toBeTruthy();
    expect(within(first).queryByText('Not active')).toBeNull();
    // Valid documents are not flagged in the table (their dates are on the card).
    expect(within(first).queryByText(/License|Insurance/)).toBeNull();

    const second = rowOf(table, 'U-202');
    expect(within(second).getByText('On load')).toBeTruthy();
    expect(within(second).getByText('3 hours ago')).toBeTruthy();
    expect(within(second).getByText('Chicago, IL')).toBeTruthy();
    // 13:30 UTC on January 15 is 08:30am in New York (EST).
    expect(within(second).getByText('Available 08:30am 01/15/2026')).toBeTruthy();
    expect(within(second).getByText(/\(555\) 100-2000/)).toBeTruthy();
    expect(within(second).getByText('Tracking paused')).toBeTruthy();
    expect(within(second).getByText('until 10:00am 07/04/2099')).toBeTruthy();
    expect(within(second).getByText(/License 01\/31\/2020\s*Expired/)).toBeTruthy();
    expect(within(second).getByText(/Insurance 01\/20\/2026\s*Expires soon/)).toBeTruthy();
    const notActive = within(second).getByText('Not active');
    await userEvent.hover(notActive);
    expect(await screen.findByRole('tooltip', { name: NOT_ACTIVE_TOOLTIP.en })).toBeTruthy();
  });

  it('sends the status and type filters as lists, and the search text', async () => {
    const { callsTo } = setupUnits({ [GET_VEHICLES]: listOf([makeVehicle()], 120) });
    renderApp('/units/vehicles/');
    await screen.findByRole('table', { name: 'Vehicles' });
    expect(Object.fromEntries(lastQuery(callsTo('GET', VEHICLES_PATH)))).toEqual({ page: '1', limit: '25' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search vehicles' }), 'U-1');
    await waitFor(() => expect(lastQuery(callsTo('GET', VEHICLES_PATH)).get('search')).toBe('U-1'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Available' }));
    await userEvent.click(await screen.findByRole('option', { name: 'In bid' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('combobox', { name: 'Vehicle type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Box truck' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery(callsTo('GET', VEHICLES_PATH)))).toEqual({
        page: '1',
        limit: '25',
        search: 'U-1',
        // Both "In bid" statuses of the spec (4 and 7) are one choice.
        status: '1,4,7',
        transport_type: 'BOX TRUCK',
      }),
    );
  }, 60_000);

  it('pages from 1, starts again at 1 on a new filter and keeps the set for the next visit', async () => {
    const { callsTo } = setupUnits({ [GET_VEHICLES]: listOf([makeVehicle()], 120) });
    const view = renderApp('/units/vehicles/');
    await screen.findByRole('table', { name: 'Vehicles' });
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery(callsTo('GET', VEHICLES_PATH)).get('page')).toBe('2'));
    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Texas (TX)' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Team' }));
    await userEvent.click(await screen.findByRole('option', { name: 'East' }));
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery(callsTo('GET', VEHICLES_PATH)))).toEqual({
        page: '1',
        limit: '25',
        state: 'TX',
        wg: '3',
      }),
    );
    expect(JSON.parse(localStorage.getItem(VEHICLE_LIST_STORAGE_KEY) ?? '{}')).toMatchObject({
      filters: { state: 'TX', wg: 3 },
    });

    view.unmount();
    const again = setupUnits({ [GET_VEHICLES]: listOf([makeVehicle()]) });
    renderApp('/units/vehicles/');
    await screen.findByRole('table', { name: 'Vehicles' });
    expect(Object.fromEntries(lastQuery(again.callsTo('GET', VEHICLES_PATH)))).toEqual({
      page: '1',
      limit: '25',
      state: 'TX',
      wg: '3',
    });
  }, 60_000);

  it('sets the chosen vehicles to a status at once', async () => {
    const { callsTo } = setupUnits({
      [GET_VEHICLES]: listOf([makeVehicle(), makeVehicle({ id: 72, unit_id: 'U-202' })]),
      [`PUT ${BULK}`]: { updated: 2 },
    });
    renderApp('/units/vehicles/');
    const table = await screen.findByRole('table', { name: 'Vehicles' });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select all on this page' }));
    const bar = screen.getByRole('toolbar', { name: 'Change the status of the selected vehicles' });
    expect(within(bar).getByText('Selected: 2')).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: 'Set Not available' }));
    await waitFor(() => expect(callsTo('PUT', BULK)).toHaveLength(1));
    expect(callsTo('PUT', BULK)[0]!.body).toEqual({ ids: [71, 72], status: 2 });
  });

  it('does not offer a bulk change that would touch a vehicle on load, and names it', async () => {
    setupUnits({
      [GET_VEHICLES]: listOf([
        makeVehicle(),
        makeVehicle({ id: 72, unit_id: 'U-202', status: { id: 3, name: 'On load' } }),
      ]),
    });
    renderApp('/units/vehicles/');
    const table = await screen.findByRole('table', { name: 'Vehicles' });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select U-101' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select U-202' }));
    const bar = screen.getByRole('toolbar', { name: 'Change the status of the selected vehicles' });
    expect(within(bar).getByRole<HTMLButtonElement>('button', { name: 'Set Available' }).disabled).toBe(true);
    expect(screen.getByText(VEHICLE_STATUS_MESSAGES.onLoadUnits(['U-202']))).toBeTruthy();
  });

  it('shows the server refusal of a bulk change in the user language', async () => {
    void setLanguage('ru');
    setupUnits(
      {
        [GET_VEHICLES]: listOf([makeVehicle()]),
        [`PUT ${BULK}`]: new FakeAnswer(409, {
          detail: VEHICLE_STATUS_MESSAGES.onLoadUnits(['U-101']),
          code: 'vehicles_on_load',
          fields: { units: ['U-101'] },
        }),
      },
      { lang: 'ru' },
    );
    renderApp('/units/vehicles/');
    const table = await screen.findByRole('table', { name: 'Машины' });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Выбрать U-101' }));
    await userEvent.click(screen.getByRole('button', { name: 'Сделать «Свободен»' }));
    expect(await screen.findByText('Этот транспорт на грузе и сохраняет свой статус: U-101.')).toBeTruthy();
  });

  it('switches the unit actions: loads for the driver, and tracking paused until a time', async () => {
    const { callsTo } = setupUnits({
      [GET_VEHICLES]: listOf([makeVehicle()]),
      'PUT /backend/api/cars/71/': makeVehicle({ loads_allowed_for_driver: false }),
      'PUT /backend/api/v2/cars/71/tracking': makeVehicle(),
    });
    renderApp('/units/vehicles/');
    await screen.findByRole('table', { name: 'Vehicles' });
    await userEvent.click(screen.getByRole('button', { name: 'Actions for U-101' }));
    const forDriver = await screen.findByRole('menuitemcheckbox', { name: 'Loads for the driver' });
    expect(forDriver.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(forDriver);
    await waitFor(() => expect(callsTo('PUT', '/backend/api/cars/71/')).toHaveLength(1));
    expect(callsTo('PUT', '/backend/api/cars/71/')[0]!.body).toEqual({ loads_allowed_for_driver: false });

    await userEvent.click(screen.getByRole('button', { name: 'Actions for U-101' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Tracking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tracking of U-101' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Paused until a date and time' }));
    const until = within(dialog).getByLabelText('Paused until');
    fireEvent.change(until, { target: { value: '01/01/2020 10:00' } });
    fireEvent.blur(until);
    // Outside the picker's range: the text is cleared and Save waits for a date.
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    const nextYear = new Date().getFullYear() + 1;
    fireEvent.change(until, { target: { value: `12/31/${nextYear} 18:45` } });
    fireEvent.blur(until);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT', '/backend/api/v2/cars/71/tracking')).toHaveLength(1));
    expect(callsTo('PUT', '/backend/api/v2/cars/71/tracking')[0]!.body).toEqual({
      is_tracking_active: false,
      inactive_tracking_until: `${nextYear}-12-31T18:45:00-05:00`,
    });
  });

  it('offers no changes to an accountant, who only looks', async () => {
    setupUnits({ [GET_VEHICLES]: listOf([makeVehicle()]) }, { role: 7 });
    renderApp('/units/vehicles/');
    const table = await screen.findByRole('table', { name: 'Vehicles' });
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Update location of U-101' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Actions for U-101' })).toBeNull();
  });

  it('opens the vehicle card from its row, with the phone only for those who may see numbers', async () => {
    const withPhone = makeVehicle({
      active_driver: { id: 61, full_name: 'Dan Driver', phone_number: '(555) 100-2000' },
      drivers: [{ id: 61, full_name: 'Dan Driver', phone_number: '(555) 100-2000' }],
    });
    setupUnits(
      { [GET_VEHICLES]: listOf([withPhone]), 'GET /backend/api/v2/cars/71': withPhone },
      { role: 5, company_instance: companyWith({ is_visible_phone_numbers: true }) },
    );
    renderApp('/units/vehicles/');
    const table = await screen.findByRole('table', { name: 'Vehicles' });
    await userEvent.click(rowOf(table, 'U-101'));
    const card = await screen.findByRole('dialog', { name: 'Unit U-101' });
    expect(within(card).getByText('(555) 100-2000')).toBeTruthy();
    // The card's contact buttons open the right-hand panel for the driver.
    for (const name of ['Call', 'SMS', 'Chat']) {
      expect(within(card).getAllByRole<HTMLButtonElement>('button', { name })[0]!.disabled).toBe(false);
    }
    expect(within(card).getByText('100 Main St, Dallas, TX 75201, USA')).toBeTruthy();
    expect(within(card).getByText('Straps')).toBeTruthy();
  });

  it("lets a dispatcher invite the vehicle's owner and driver from its card (the e-mail on file)", async () => {
    const vehicle = makeVehicle({
      active_driver: { id: 61, full_name: 'Dan Driver', phone_number: null },
      drivers: [{ id: 61, full_name: 'Dan Driver', phone_number: null }],
      owner: { id: 31, full_name: 'Olga Owner', company_name: 'Owner Fleet LLC' },
    });
    const sent = (email: string) => ({
      id: 5,
      email,
      expires_at: '2026-12-02T15:00:00Z',
      delivery: 'kept',
      link: 'http://localhost/driver/invite/abc',
    });
    const { callsTo } = setupUnits(
      {
        [GET_VEHICLES]: listOf([vehicle]),
        'GET /backend/api/v2/cars/71': vehicle,
        'POST /backend/api/v2/users/owners/31/invite': sent('olga@owners.test'),
        'POST /backend/api/v2/users/drivers/61/invite': sent('dan@drivers.test'),
      },
      { role: 5 },
    );
    renderApp('/units/vehicles/');
    await userEvent.click(rowOf(await screen.findByRole('table', { name: 'Vehicles' }), 'U-101'));
    const card = await screen.findByRole('dialog', { name: 'Unit U-101' });

    await userEvent.click(within(card).getByRole('button', { name: 'Invite Olga Owner to the driver page' }));
    let dialog = await screen.findByRole('dialog', { name: 'Invite Olga Owner to the driver page' });
    expect(within(dialog).getByText('Left empty, the invitation goes to the e-mail on file.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await within(dialog).findByText(
        'The company has no mail server set up, so nothing was sent. Pass this link to olga@owners.test: http://localhost/driver/invite/abc',
      ),
    ).toBeTruthy();
    expect(callsTo('POST', '/backend/api/v2/users/owners/31/invite')[0]!.body).toEqual({});
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Invite Olga Owner to the driver page' })).toBeNull(),
    );

    await userEvent.click(within(card).getByRole('button', { name: 'Send invitation' }));
    dialog = await screen.findByRole('dialog', { name: 'Invite Dan Driver to the driver page' });
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'dan@drivers.test' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callsTo('POST', '/backend/api/v2/users/drivers/61/invite')).toHaveLength(1));
    expect(callsTo('POST', '/backend/api/v2/users/drivers/61/invite')[0]!.body).toEqual({
      email: 'dan@drivers.test',
    });
  });

  it('offers no invitation on the vehicle card to a tracker, whom the server would refuse', async () => {
    const vehicle = makeVehicle({
      active_driver: { id: 61, full_name: 'Dan Driver', phone_number: null },
      owner: { id: 31, full_name: 'Olga Owner', company_name: null },
    });
    setupUnits({ [GET_VEHICLES]: listOf([vehicle]), 'GET /backend/api/v2/cars/71': vehicle }, { role: 6 });
    renderApp('/units/vehicles/');
    await userEvent.click(rowOf(await screen.findByRole('table', { name: 'Vehicles' }), 'U-101'));
    const card = await screen.findByRole('dialog', { name: 'Unit U-101' });
    expect(within(card).getByText('Olga Owner')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Send invitation' })).toBeNull();
    expect(within(card).queryByRole('button', { name: /^Invite / })).toBeNull();
  });

  it('hides the phone number on the card when the viewer may not see numbers', async () => {
    const withPhone = makeVehicle({
      active_driver: { id: 61, full_name: 'Dan Driver', phone_number: '(555) 100-2000' },
    });
    setupUnits(
      { [GET_VEHICLES]: listOf([withPhone]), 'GET /backend/api/v2/cars/71': withPhone },
      { role: 5 },
    );
    renderApp('/units/vehicles/');
    const table = await screen.findByRole('table', { name: 'Vehicles' });
    await userEvent.click(rowOf(table, 'U-101'));
    const card = await screen.findByRole('dialog', { name: 'Unit U-101' });
    expect(within(card).queryByText('(555) 100-2000')).toBeNull();
    expect(within(card).getByText('Phone numbers are shown to managers')).toBeTruthy();
  });

  it('opens on the search of a link (?search=<unit id>), which wins over the saved filters', async () => {
    const saved = {
      filters: { search: 'old text', status: [1], wg: 3, state: 'TX' },
      labels: {},
      limit: 50,
    };
    localStorage.setItem(VEHICLE_LIST_STORAGE_KEY, JSON.stringify(saved));
    const { callsTo } = setupUnits({ [GET_VEHICLES]: listOf([makeVehicle()]) });
    const view = renderApp('/units/vehicles/?search=U-101');
    await screen.findByRole('table', { name: 'Vehicles' });
    // Only the unit is searched: no saved filter may hide it; the saved page size stays.
    expect(callsTo('GET', VEHICLES_PATH)).toHaveLength(1);
    expect(Object.fromEntries(lastQuery(callsTo('GET', VEHICLES_PATH)))).toEqual({
      page: '1',
      limit: '50',
      search: 'U-101',
    });
    const search = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search vehicles' });
    expect(search.value).toBe('U-101');
    // Following the link leaves the saved set as it was.
    expect(JSON.parse(localStorage.getItem(VEHICLE_LIST_STORAGE_KEY) ?? '{}')).toEqual(saved);

    // A second notice followed while the page is open shows its unit in turn.
    await view.router.navigate('/units/vehicles/?search=U-202');
    await waitFor(() => expect(lastQuery(callsTo('GET', VEHICLES_PATH)).get('search')).toBe('U-202'));
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search vehicles' }).value).toBe('U-202');

    // A change of the filters is the user's own set: it is saved, and the link's search leaves the address.
    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Texas (TX)' }));
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery(callsTo('GET', VEHICLES_PATH)))).toEqual({
        page: '1',
        limit: '50',
        search: 'U-202',
        state: 'TX',
      }),
    );
    expect(JSON.parse(localStorage.getItem(VEHICLE_LIST_STORAGE_KEY) ?? '{}')).toMatchObject({
      filters: { search: 'U-202', state: 'TX', status: [], wg: null },
    });
    expect(view.router.state.location.search).toBe('');
  }, 60_000);

  it('finds fired drivers too in the driver filter, whose vehicles are still listed', async () => {
    const { callsTo } = setupUnits({
      [GET_VEHICLES]: listOf([makeVehicle()]),
      [`GET ${DRIVERS_PATH}`]: listOf([makeDriver({ id: 64, full_name: 'Fred Fired', car: null })]),
    });
    renderApp('/units/vehicles/');
    await screen.findByRole('table', { name: 'Vehicles' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Driver' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fred Fired' }));
    await waitFor(() => expect(lastQuery(callsTo('GET', VEHICLES_PATH)).get('driver')).toBe('64'));
    expect(lastQuery(callsTo('GET', DRIVERS_PATH)).has('exclude_fired')).toBe(false);

    // The drivers picker of the vehicle's details asks again, without the fired: they get no vehicles.
    await userEvent.click(screen.getByRole('button', { name: 'Actions for U-101' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vehicle U-101' });
    await userEvent.click(within(dialog).getByLabelText('Drivers'));
    await waitFor(() => expect(callsTo('GET', DRIVERS_PATH)).toHaveLength(2));
    expect(lastQuery(callsTo('GET', DRIVERS_PATH)).get('exclude_fired')).toBe('true');
  }, 60_000);

  it('says when there are no vehicles, and when the filters match none', async () => {
    setupUnits({ [GET_VEHICLES]: listOf([]) });
    renderApp('/units/vehicles/');
    expect(await screen.findByText('No vehicles yet')).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search vehicles' }), 'nothing');
    expect(await screen.findByText('No vehicles match the filters')).toBeTruthy();
  });

  it('shows a failed list with a way to try again', async () => {
    let fail = true;
    setupUnits({
      [GET_VEHICLES]: () =>
        fail ? new FakeAnswer(500, { detail: 'Boom', code: 'internal_error' }) : listOf([makeVehicle()]),
    });
    renderApp('/units/vehicles/');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('table', { name: 'Vehicles' })).toBeTruthy();
  });
});
