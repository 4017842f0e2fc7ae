import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Vehicle } from '@app/domain/units/units.schema';
import { LOCATION_TYPE_HINT, LOCATION_UPDATE_MESSAGES } from '@app/domain/units/location-dialog.rules';
import { setLanguage } from '@/i18n/i18n';
import type { CurrentUser } from '@/lib/current-user';
import { companyWith, renderApp } from '@/test/render-app';
import {
  ADDRESS_LOOKUP,
  chicagoPlanned,
  FakeAnswer,
  listOf,
  makeVehicle,
  setupUnits,
  VEHICLES_PATH,
} from '../pages/units-test-data';

const UPDATE = '/backend/api/v2/cars/71/update-location';
const ON_LOAD = { id: 3, name: 'On load' } as const;

const HOUSTON = {
  formatted_address: '200 Louisiana St, Houston, TX 77002, USA',
  lat: 29.7604,
  lon: -95.3698,
  components: {
    postal_code: '77002',
    locality: 'Houston',
    administrative_area_level_1: 'TX',
    country: 'US' as const,
    street_number: '200',
    route: 'Louisiana St',
    name: 'Houston',
  },
};

/** Opens the location dialog of one vehicle from the vehicles page, signed in as the user. */
async function openDialog(
  vehicle: Vehicle,
  user: Partial<CurrentUser> = {},
  routes: Record<string, unknown> = {},
) {
  const network = setupUnits(
    {
      [`GET ${VEHICLES_PATH}`]: listOf([vehicle]),
      [ADDRESS_LOOKUP]: { results: [HOUSTON] },
      ...routes,
    },
    user,
  );
  renderApp('/units/vehicles/');
  await userEvent.click(await screen.findByRole('button', { name: `Update location of ${vehicle.unit_id}` }));
  const dialog = await screen.findByRole('dialog', { name: `Location of ${vehicle.unit_id}` });
  return { ...network, dialog };
}

const save = (dialog: HTMLElement) => within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save' });
const typeOption = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole<HTMLInputElement>('radio', { name });

async function choosePlannedAddress(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByLabelText('Planned address'), 'Houston');
  await userEvent.click(await screen.findByRole('option', { name: /200 Louisiana St, Houston/ }));
}

async function clearPlannedAddress(dialog: HTMLElement) {
  const input = within(dialog).getByLabelText('Planned address');
  await userEvent.clear(input);
}

function typeDate(dialog: HTMLElement, text: string) {
  const input = within(dialog).getByLabelText('Available date');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

describe('vehicle location dialog', () => {
  it('offers only Available and Not available, and a fixed On load chip for a vehicle on load', async () => {
    const { dialog } = await openDialog(makeVehicle({ status: { id: 2, name: 'Not available' } }));
    const chips = within(within(dialog).getByRole('radiogroup', { name: 'Status' })).getAllByRole('radio');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Available', 'Not available']);
    expect(chips[1]!.getAttribute('aria-checked')).toBe('true');
  });

  it('shows an On load vehicle with one fixed chip that cannot be changed', async () => {
    const { dialog } = await openDialog(
      makeVehicle({ status: ON_LOAD, future_location: chicagoPlanned(), location_status: 2 }),
    );
    const chips = within(within(dialog).getByRole('radiogroup', { name: 'Status' })).getAllByRole('radio');
    expect(chips.map((chip) => chip.textContent)).toEqual(['On load']);
    expect(chips[0]!.getAttribute('aria-disabled')).toBe('true');
  });

  it('saves a current location alone as type current, with the status only when it changed', async () => {
    const { dialog, callsTo } = await openDialog(makeVehicle(), {}, { [`PUT ${UPDATE}`]: makeVehicle() });
    expect(save(dialog).disabled).toBe(false);
    expect(typeOption(dialog, 'Current').checked).toBe(true);
    // Planned and both need a planned address first.
    expect(typeOption(dialog, 'Planned').disabled).toBe(true);
    expect(typeOption(dialog, 'Both').disabled).toBe(true);
    await userEvent.click(save(dialog));
    await waitFor(() => expect(callsTo('PUT', UPDATE)).toHaveLength(1));
    expect(callsTo('PUT', UPDATE)[0]!.body).toEqual({
      location: {
        address: '100 Main St, Dallas, TX 75201, USA',
        city: 'Dallas',
        state: 'TX',
        zip_code: '75201',
        country: 'US',
        lat: 32.78,
        lon: -96.8,
      },
      future_location: null,
      location_status: 1,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Location of U-101' })).toBeNull());
  });

  it('disables Save without a current address and says why', async () => {
    const { dialog } = await openDialog(makeVehicle({ location: null }));
    expect(save(dialog).disabled).toBe(true);
    expect(within(dialog).getByText(LOCATION_UPDATE_MESSAGES.currentAddressRequired)).toBeTruthy();
  });

  it('disables Save while a planned address has no available date, and sends the date as Eastern time', async () => {
    const { dialog, callsTo } = await openDialog(makeVehicle(), {}, { [`PUT ${UPDATE}`]: makeVehicle() });
    await choosePlannedAddress(dialog);
    expect(save(dialog).disabled).toBe(true);
    expect(within(dialog).getByText(LOCATION_UPDATE_MESSAGES.availableDateRequired)).toBeTruthy();
    // Half a date is no date.
    fireEvent.change(within(dialog).getByLabelText('Available date'), { target: { value: '07/04/2026' } });
    expect(save(dialog).disabled).toBe(true);

    typeDate(dialog, '07/04/2026 09:30');
    await waitFor(() => expect(save(dialog).disabled).toBe(false));
    await userEvent.click(typeOption(dialog, 'Both'));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Not available' }));
    await userEvent.click(save(dialog));
    await waitFor(() => expect(callsTo('PUT', UPDATE)).toHaveLength(1));
    expect(callsTo('PUT', UPDATE)[0]!.body).toMatchObject({
      future_location: {
        address: '200 Louisiana St, Houston, TX 77002, USA',
        city: 'Houston',
        state: 'TX',
        zip_code: '77002',
        lat: 29.7604,
        lon: -95.3698,
        // 09:30 on July 4 in New York is daylight time, UTC-4.
        available_date: '2026-07-04T09:30:00-04:00',
      },
      location_status: 3,
      status: 2,
    });
  });

  it('resets the type to current when the planned address is cleared', async () => {
    const { dialog } = await openDialog(
      makeVehicle({ future_location: chicagoPlanned(), location_status: 3 }),
    );
    expect(typeOption(dialog, 'Both').checked).toBe(true);
    expect(within(dialog).getByLabelText<HTMLInputElement>('Available date').value).toBe('01/15/2026 08:30');
    await clearPlannedAddress(dialog);
    expect(typeOption(dialog, 'Current').checked).toBe(true);
    expect(typeOption(dialog, 'Planned').disabled).toBe(true);
    expect(typeOption(dialog, 'Both').disabled).toBe(true);
    expect(save(dialog).disabled).toBe(false);
  });

  describe('a vehicle on load', () => {
    const onLoad = (overrides: Partial<Vehicle> = {}) =>
      makeVehicle({ status: ON_LOAD, future_location: chicagoPlanned(), location_status: 2, ...overrides });

    it('saves with a planned address and type planned or both', async () => {
      const { dialog } = await openDialog(onLoad(), { role: 4 });
      expect(save(dialog).disabled).toBe(false);
      await userEvent.click(typeOption(dialog, 'Both'));
      expect(save(dialog).disabled).toBe(false);
    });

    it('disables Save when the type is current', async () => {
      const { dialog } = await openDialog(onLoad(), { role: 4 });
      await userEvent.click(typeOption(dialog, 'Current'));
      expect(save(dialog).disabled).toBe(true);
      expect(within(dialog).getByText(LOCATION_UPDATE_MESSAGES.onLoadCurrentType)).toBeTruthy();
    });

    it('disables Save when the planned address is empty', async () => {
      const { dialog } = await openDialog(onLoad({ future_location: null, location_status: 1 }), { role: 4 });
      expect(save(dialog).disabled).toBe(true);
      expect(within(dialog).getByText(LOCATION_UPDATE_MESSAGES.onLoadPlannedRequired)).toBeTruthy();
    });

    it('locks the location type for a dispatcher, with the hint that a request is needed', async () => {
      const { dialog } = await openDialog(onLoad(), { role: 5 });
      for (const name of ['Current', 'Planned', 'Both']) expect(typeOption(dialog, name).disabled).toBe(true);
      expect(within(dialog).getByText(LOCATION_TYPE_HINT.en)).toBeTruthy();
      // The rest of the dialog still saves.
      expect(save(dialog).disabled).toBe(false);
    });

    it('leaves the type free for a manager', async () => {
      const manager = await openDialog(onLoad(), { role: 4 });
      expect(typeOption(manager.dialog, 'Both').disabled).toBe(false);
      expect(within(manager.dialog).queryByText(LOCATION_TYPE_HINT.en)).toBeNull();
    });

    it('leaves the type free for a dispatcher when the company allows searching loads for an on-load unit', async () => {
      const { dialog } = await openDialog(onLoad(), {
        role: 5,
        company_instance: companyWith({ can_dispatchers_search_loads_for_on_load_unit: true }),
      });
      expect(typeOption(dialog, 'Both').disabled).toBe(false);
      expect(within(dialog).queryByText(LOCATION_TYPE_HINT.en)).toBeNull();
    });
  });

  it('keeps the dialog open and filled when the server refuses', async () => {
    const refusal = new FakeAnswer(409, {
      detail: LOCATION_UPDATE_MESSAGES.onLoadStatusLocked,
      code: 'on_load_status_locked',
    });
    const { dialog } = await openDialog(makeVehicle(), {}, { [`PUT ${UPDATE}`]: refusal });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Not available' }));
    await userEvent.click(save(dialog));
    expect(await within(dialog).findByText(LOCATION_UPDATE_MESSAGES.onLoadStatusLocked)).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: 'Not available' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(within(dialog).getByLabelText<HTMLInputElement>('Current address').value).toBe(
      '100 Main St, Dallas, TX 75201, USA',
    );
  });

  it('speaks Russian: the refusal and the lock hint', async () => {
    void setLanguage('ru');
    setupUnits(
      {
        [`GET ${VEHICLES_PATH}`]: listOf([
          makeVehicle({ status: ON_LOAD, future_location: chicagoPlanned(), location_status: 2 }),
        ]),
        [`PUT ${UPDATE}`]: new FakeAnswer(409, {
          detail: LOCATION_UPDATE_MESSAGES.locationTypeLocked,
          code: 'location_type_locked',
        }),
      },
      { role: 5, lang: 'ru' },
    );
    renderApp('/units/vehicles/');
    await userEvent.click(await screen.findByRole('button', { name: 'Обновить местоположение U-101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Местоположение U-101' });
    expect(within(dialog).getByText(LOCATION_TYPE_HINT.ru)).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: 'На грузе' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(
      await within(dialog).findByText(
        'Тип местоположения транспорта на грузе может изменить только менеджер, если компания не разрешила диспетчерам искать грузы для юнита на грузе.',
      ),
    ).toBeTruthy();
  });
});
