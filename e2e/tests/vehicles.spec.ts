import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { api } from '../helpers/api';
import type { ApiClient } from '../helpers/api';
import { DEMO_USERS } from '../helpers/demo-users';
import { typeDate } from '../helpers/load-form';
import { mainMenu } from '../helpers/side-menu';
import { signIn } from '../helpers/sign-in';

// The vehicle location dialog (business areas: "Vehicle location dialog", "Vehicle location and tracking",
// "Location dialog" validation) in the browser against the real server: a dispatcher sets a vehicle's
// current and planned location and sees Save enable and disable as the spec says. A tracking notice's link
// (/units/vehicles/?search=<unit id>) opens the table on that unit.

const CARS = '/backend/api/v2/cars';
const ON_LOAD_HINT = 'To change the location type of a vehicle on load, ask a manager.';

type ServerVehicle = {
  id: number;
  unit_id: string;
  status: { id: number };
  location: {
    address: string;
    city: string;
    updated_by: { first_name: string; last_name: string } | null;
  } | null;
  future_location: { city: string; state: string; available_date: string } | null;
  location_status: number;
};

const DALLAS = {
  address: 'Dallas, TX 75201, USA',
  city: 'Dallas',
  state: 'TX',
  zip_code: '75201',
  country: 'US',
  lat: 32.7767,
  lon: -96.797,
};

/** A vehicle of the demo company with the status asked for. */
async function vehicleWithStatus(client: ApiClient, status: number): Promise<ServerVehicle> {
  const list = await client.json<{ results: ServerVehicle[] }>('GET', `${CARS}/all`, {
    params: { status, limit: 50 },
  });
  // Workers share the demo fleet: each takes a different vehicle.
  const vehicle = list.results[test.info().workerIndex % Math.max(1, list.results.length)];
  expect(vehicle, `a demo vehicle with status ${status}`).toBeTruthy();
  return vehicle!;
}

/** Signs in and waits for the signed-in shell, so that the next navigation keeps the session. */
async function signInAs(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await expect(mainMenu(page)).toBeVisible();
}

async function openLocationDialog(page: Page, unit: string): Promise<Locator> {
  await page.goto('/units/vehicles/');
  await page.getByRole('searchbox', { name: 'Search vehicles' }).fill(unit);
  const row = page.getByRole('row', { name: unit, exact: true });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Update location of ${unit}` }).click();
  const dialog = page.getByRole('dialog', { name: `Location of ${unit}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function chooseAddress(page: Page, input: Locator, typed: string, suggestion: RegExp) {
  await input.click();
  await input.fill('');
  await input.pressSequentially(typed, { delay: 30 });
  await page.getByRole('option', { name: suggestion }).first().click();
}

/** A date-time next year, as the picker takes it, so it is always within the picker's range. */
function nextYearText(month: number, day: number, time: string): { text: string; year: number } {
  const year = new Date().getFullYear() + 1;
  return { text: `${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}/${year} ${time}`, year };
}

test('a dispatcher sets current and planned location; Save follows the dialog rules', async ({
  page,
  request,
}) => {
  const dispatcher = await api(request, DEMO_USERS.dispatcher.email);
  const vehicle = await vehicleWithStatus(dispatcher, 1);
  // Start from a known place: current location only.
  await dispatcher.json('PUT', `${CARS}/${vehicle.id}/update-location`, {
    data: { location: DALLAS, future_location: null, location_status: 1 },
  });

  await signInAs(page, DEMO_USERS.dispatcher.email);
  const dialog = await openLocationDialog(page, vehicle.unit_id);
  const save = dialog.getByRole('button', { name: 'Save' });
  const current = dialog.getByRole('combobox', { name: 'Current address' });
  const planned = dialog.getByRole('combobox', { name: 'Planned address' });
  const availableDate = dialog.getByRole('textbox', { name: 'Available date' });
  const type = (name: string) => dialog.getByRole('radio', { name, exact: true });

  // Only Available and Not available can be chosen.
  const chips = dialog.getByRole('radiogroup', { name: 'Status' }).getByRole('radio');
  await expect(chips).toHaveText(['Available', 'Not available']);
  await expect(current).toHaveValue('Dallas, TX 75201, USA');
  await expect(type('Current')).toBeChecked();
  await expect(save).toBeEnabled();

  // No current address: Save is disabled.
  await current.fill('');
  await expect(save).toBeDisabled();
  await expect(dialog.getByText('A vehicle location needs a current address.')).toBeVisible();
  await chooseAddress(page, current, 'Houston', /^Houston, TX/);
  await expect(save).toBeEnabled();

  // Planned and both need a planned address.
  await expect(type('Planned')).toBeDisabled();
  await expect(type('Both')).toBeDisabled();
  // A planned address without its available date: Save is disabled.
  await chooseAddress(page, planned, 'Chicago', /^Chicago, IL/);
  await expect(save).toBeDisabled();
  await expect(dialog.getByText('A planned location needs an available date.')).toBeVisible();
  const free = nextYearText(3, 10, '14:30');
  await typeDate(availableDate, free.text);
  await expect(save).toBeEnabled();
  await type('Both').check();
  await expect(save).toBeEnabled();

  // Clearing the planned address resets the type to current.
  await planned.fill('');
  await expect(type('Current')).toBeChecked();
  await expect(type('Both')).toBeDisabled();

  await chooseAddress(page, planned, 'Chicago', /^Chicago, IL/);
  await type('Planned').check();
  await dialog.getByRole('radio', { name: 'Not available' }).click();
  await save.click();
  await expect(dialog).toBeHidden();

  const saved = await dispatcher.json<ServerVehicle>('GET', `${CARS}/${vehicle.id}`);
  expect(saved.location?.city).toBe('Houston');
  expect(saved.location?.updated_by).toEqual({
    first_name: expect.any(String),
    last_name: expect.any(String),
  });
  expect(saved.future_location).toMatchObject({ city: 'Chicago', state: 'IL' });
  // The date was typed as Eastern time: its instant reads 14:30 on March 10 in New York.
  const easternReading = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(saved.future_location!.available_date));
  expect(easternReading).toBe(`03/10/${free.year}, 14:30`);
  expect(saved.location_status).toBe(2);
  expect(saved.status.id).toBe(2);

  // The table shows the new places.
  const row = page.getByRole('row', { name: vehicle.unit_id, exact: true });
  await expect(row.getByText('Houston, TX')).toBeVisible();
  await expect(row.getByText('Chicago, IL')).toBeVisible();
  await expect(row.getByText('Not available')).toBeVisible();
});

test('an On load vehicle: fixed chip, type locked for a dispatcher with the hint, free for a manager', async ({
  page,
  browser,
  request,
}) => {
  const manager = await api(request, DEMO_USERS.manager.email);
  const vehicle = await vehicleWithStatus(manager, 3);
  const free = nextYearText(6, 1, '09:00');
  await manager.json('PUT', `${CARS}/${vehicle.id}/update-location`, {
    data: {
      location: DALLAS,
      future_location: {
        address: 'Chicago, IL 60601, USA',
        city: 'Chicago',
        state: 'IL',
        zip_code: '60601',
        country: 'US',
        lat: 41.8781,
        lon: -87.6298,
        available_date: `${free.year}-06-01T09:00:00-04:00`,
      },
      location_status: 2,
    },
  });

  await signInAs(page, DEMO_USERS.dispatcher.email);
  let dialog = await openLocationDialog(page, vehicle.unit_id);
  const chips = dialog.getByRole('radiogroup', { name: 'Status' }).getByRole('radio');
  await expect(chips).toHaveText(['On load']);
  for (const name of ['Current', 'Planned', 'Both']) {
    await expect(dialog.getByRole('radio', { name, exact: true })).toBeDisabled();
  }
  await expect(dialog.getByText(ON_LOAD_HINT)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
  // On load with the planned address cleared: Save is disabled.
  await dialog.getByRole('combobox', { name: 'Planned address' }).fill('');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A manager (in a browser of his own) may change the type; On load with type current cannot be saved.
  const managerPage = await (await browser.newContext()).newPage();
  await signInAs(managerPage, DEMO_USERS.manager.email);
  dialog = await openLocationDialog(managerPage, vehicle.unit_id);
  await expect(dialog.getByText(ON_LOAD_HINT)).toBeHidden();
  await dialog.getByRole('radio', { name: 'Both', exact: true }).check();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
  await dialog.getByRole('radio', { name: 'Current', exact: true }).check();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(
    dialog.getByText('The location type of a vehicle on load must be planned or both.'),
  ).toBeVisible();
  await dialog.getByRole('radio', { name: 'Both', exact: true }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const saved = await manager.json<ServerVehicle>('GET', `${CARS}/${vehicle.id}`);
  expect(saved.location_status).toBe(3);
  expect(saved.status.id).toBe(3);
});

test('a link to /units/vehicles/?search=<unit id> shows only that unit, whatever filters were saved', async ({
  page,
  request,
}) => {
  const dispatcher = await api(request, DEMO_USERS.dispatcher.email);
  const fleet = await dispatcher.json<{ results: ServerVehicle[] }>('GET', `${CARS}/all`, {
    params: { limit: 100 },
  });
  // A unit whose ID no other vehicle's unit ID, VIN, plate or people begin with.
  let unit: string | null = null;
  for (const vehicle of fleet.results) {
    const found = await dispatcher.json<{ count: number }>('GET', `${CARS}/all`, {
      params: { search: vehicle.unit_id },
    });
    if (found.count === 1) {
      unit = vehicle.unit_id;
      break;
    }
  }
  expect(unit, 'a demo unit found alone by its ID').not.toBeNull();

  // A saved filter set that would hide the unit: another search and a status.
  await signInAs(page, DEMO_USERS.dispatcher.email);
  await page.goto('/units/vehicles/');
  const search = page.getByRole('searchbox', { name: 'Search vehicles' });
  await search.fill('no such unit');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Not available' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByText('No vehicles match the filters')).toBeVisible();

  await page.goto(`/units/vehicles/?search=${encodeURIComponent(unit!)}`);
  const table = page.getByRole('table', { name: 'Vehicles' });
  await expect(table.getByRole('row', { name: unit!, exact: true })).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(search).toHaveValue(unit!);
  await expect(page.getByRole('combobox', { name: 'Status' })).not.toContainText('Not available');

  // The saved set is still there for the next plain visit.
  await page.goto('/units/vehicles/');
  await expect(search).toHaveValue('no such unit');
  await expect(page.getByText('No vehicles match the filters')).toBeVisible();
});
