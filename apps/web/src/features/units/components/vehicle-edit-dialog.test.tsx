import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNITS_MESSAGES } from '@app/domain/units/units.schema';
import type { CurrentUser } from '@/lib/current-user';
import { renderApp } from '@/test/render-app';
import {
  DRIVERS_PATH,
  FakeAnswer,
  listOf,
  makeDriver,
  makeVehicle,
  setupUnits,
  VEHICLES_PATH,
} from '../pages/units-test-data';

const UPDATE = '/backend/api/v2/cars/71/update';

async function openDetails(routes: Record<string, unknown> = {}, role: CurrentUser['role'] = 8) {
  const network = setupUnits({ [`GET ${VEHICLES_PATH}`]: listOf([makeVehicle()]), ...routes }, { role });
  renderApp('/units/vehicles/');
  await userEvent.click(await screen.findByRole('button', { name: 'Actions for U-101' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit details' }));
  const dialog = await screen.findByRole('dialog', { name: 'Vehicle U-101' });
  return { ...network, dialog };
}

describe('vehicle details dialog', () => {
  it('shows every detail of the spec, filled from the vehicle', async () => {
    const { dialog } = await openDetails();
    const value = (label: string | RegExp) => within(dialog).getByLabelText<HTMLInputElement>(label).value;
    expect(value(/^Unit ID/)).toBe('U-101');
    expect(within(dialog).getByRole('combobox', { name: /^Transport type/ }).textContent).toBe('Sprinter');
    expect(value('Model')).toBe('Mercedes Sprinter 2500');
    expect(value('Year')).toBe('2021');
    expect(value('Width')).toBe('70');
    expect(value('Height')).toBe('72');
    expect(value('Length')).toBe('170');
    expect(value('Payload')).toBe('3500');
    expect(value('VIN')).toBe('1FTBW3XM5HKA12345');
    expect(value('License plate')).toBe('ABC123');
    expect(value('License state')).toBe('Texas (TX)');
    expect(value('License expires')).toBe('2030-05-01');
    expect(value('Insurance expires')).toBe('2030-06-01');
    expect(value('Dispatcher')).toBe('Dina Dispatch');
    expect(value('Owner')).toBe('Olga Owner');
    expect(within(dialog).getByRole('button', { name: 'Dan Driver' })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Active driver' }).textContent).toBe('Dan Driver');
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Straps' }).checked).toBe(true);
  });

  it('checks the fields with the API schema and sends them all', async () => {
    const { dialog, callsTo } = await openDetails({
      [`PUT ${UPDATE}`]: makeVehicle(),
      [`GET ${DRIVERS_PATH}`]: listOf([makeDriver({ id: 63, full_name: 'Eve Wheel', car: null })]),
    });
    fireEvent.change(within(dialog).getByLabelText('VIN'), { target: { value: 'IOQ123' } });
    fireEvent.change(within(dialog).getByLabelText('Year'), { target: { value: '1900' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(UNITS_MESSAGES.vinInvalid)).toBeTruthy();
    expect(within(dialog).getByText(UNITS_MESSAGES.yearInvalid)).toBeTruthy();
    expect(callsTo('PUT', UPDATE)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('VIN'), { target: { value: '1ftbw3xm5hka99999' } });
    fireEvent.change(within(dialog).getByLabelText('Year'), { target: { value: '2022' } });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Lift-gate' }));
    await userEvent.click(within(dialog).getByLabelText('Drivers'));
    await userEvent.click(await screen.findByRole('option', { name: 'Eve Wheel' }));
    // The drivers picker offers no fired driver: they are not given vehicles.
    const driverSearch = new URLSearchParams(callsTo('GET', DRIVERS_PATH)[0]!.url.split('?')[1]);
    expect(driverSearch.get('exclude_fired')).toBe('true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT', UPDATE)).toHaveLength(1));
    expect(callsTo('PUT', UPDATE)[0]!.body).toEqual({
      unit_id: 'U-101',
      transport_type: 'SPRINTER',
      model: 'Mercedes Sprinter 2500',
      year: '2022',
      width: '70',
      height: '72',
      length: '170',
      payload: '3500',
      vin: '1ftbw3xm5hka99999',
      license_plate: 'ABC123',
      license_state: 'TX',
      license_expiry: '2030-05-01',
      insurance_expiry: '2030-06-01',
      equipment: { straps: true, liftgate: true },
      dispatcher: 21,
      owner: 31,
      drivers: [61, 63],
      active_driver: 61,
    });
  });

  it('shows the server field messages and keeps what was typed', async () => {
    const { dialog } = await openDetails({
      [`PUT ${UPDATE}`]: new FakeAnswer(400, {
        detail: 'Invalid request',
        code: 'validation_error',
        fields: { unit_id: ['Must have at most 20 characters'] },
      }),
    });
    fireEvent.change(within(dialog).getByLabelText('Model'), { target: { value: 'Ford Transit' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Must have at most 20 characters')).not.toHaveLength(0);
    expect(within(dialog).getByLabelText<HTMLInputElement>('Model').value).toBe('Ford Transit');
  });

  it('is not offered to a dispatcher, who keeps locations but not the records', async () => {
    setupUnits({ [`GET ${VEHICLES_PATH}`]: listOf([makeVehicle()]) }, { role: 5 });
    renderApp('/units/vehicles/');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for U-101' }));
    expect(await screen.findByRole('menuitem', { name: 'Update location' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Edit details' })).toBeNull();
  });
});
