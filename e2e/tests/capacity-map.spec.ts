import { expect, test } from '@playwright/test';
import { api, type ApiClient } from '../helpers/api';
import { signIn } from '../helpers/sign-in';
import { mainMenu } from '../helpers/side-menu';
import { DEMO_USERS } from '../helpers/demo-users';

// The capacity search as a dispatcher uses it (issue: capacity search and maps): a truck is put in a quiet
// place through the API, then found from the map page around that city and opened from its marker.
// The second demo carrier's dispatcher and truck are used: the other specs move, book and rename the first
// carrier's trucks while this one runs. The truck goes back where it was afterwards, so that a second run
// on the same server finds it alone around the city again.

const API = '/backend/api/v2';
const CITY = 'Bismarck, ND';

type LookupResult = {
  formatted_address: string;
  lat: number;
  lon: number;
  components: {
    locality: string | null;
    administrative_area_level_1: string | null;
    postal_code: string | null;
  };
};
type VehicleRow = {
  id: number;
  unit_id: string;
  status: { id: number };
  location: Record<string, unknown> | null;
  future_location: Record<string, unknown> | null;
  location_status: number;
};

let client: ApiClient;
let moved: VehicleRow | null = null;

test.beforeEach(async ({ request }) => {
  client = await api(request, DEMO_USERS.otherDispatcher.email);
});

test.afterEach(async () => {
  if (!moved?.location) return;
  const { id, location, future_location, location_status, status } = moved;
  moved = null;
  await client.json('PUT', `${API}/cars/${id}/update-location`, {
    data: { location, future_location, location_status, status: status.id },
  });
});

/** Moves an available truck of the company to the city, as the location dialog would. */
async function truckIn(city: string): Promise<VehicleRow> {
  const found = await client.json<{ results: LookupResult[] }>('GET', `${API}/geo/address-lookup`, {
    params: { query: city, limit: 1 },
  });
  const place = found.results[0]!;
  const fleet = await client.json<{ results: VehicleRow[] }>('GET', `${API}/cars/all`, {
    params: { status: 1, limit: 50, page: 1 },
  });
  const vehicle = fleet.results.find((row) => row.location !== null);
  expect(vehicle, 'an available truck of the second demo carrier').toBeTruthy();
  moved = vehicle!;
  await client.json('PUT', `${API}/cars/${vehicle!.id}/update-location`, {
    data: {
      location: {
        address: place.formatted_address,
        city: place.components.locality ?? city,
        state: place.components.administrative_area_level_1,
        zip_code: place.components.postal_code,
        country: 'US',
        lat: place.lat,
        lon: place.lon,
      },
      future_location: null,
      location_status: 1,
      status: 1,
    },
  });
  return vehicle!;
}

test('a dispatcher finds a truck around a city on the map and opens its card from the marker', async ({
  page,
}) => {
  const truck = await truckIn(CITY);

  await signIn(page, DEMO_USERS.otherDispatcher.email);
  await expect(mainMenu(page)).toBeVisible();
  await page.goto('/units/map/');
  await expect(page.getByText('Choose a place or a load')).toBeVisible();

  // The radius is picked at once after the place, as a quick user does: the page keeps both.
  await page.getByRole('combobox', { name: 'Address or city' }).pressSequentially('Bismarck', { delay: 30 });
  await page
    .getByRole('option', { name: /Bismarck, ND/ })
    .first()
    .click();
  await page.getByRole('combobox', { name: 'Radius' }).click();
  await page.getByRole('option', { name: '50 mi', exact: true }).click();

  // The truck is the only vehicle within 50 miles of the city.
  await expect(page.getByText(/^Vehicles within 50 mi: \d+$/)).toHaveText('Vehicles within 50 mi: 1');
  const list = page.getByRole('list', { name: 'Closest vehicles' });
  const row = list.getByRole('button', { name: new RegExp(`^Unit ${truck.unit_id}, Available, \\d+ mi$`) });
  await expect(row).toBeVisible();
  // The ETA is said in Eastern time, as the product shows every time.
  await expect(row.getByText(/^ETA \d{2}:\d{2}[ap]m \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();

  // Alone around the city, its marker is not grouped with another (the search origin never is).
  const map = page.getByRole('region', { name: 'Capacity map' });
  await expect(map.getByRole('img', { name: /^Search origin: Bismarck, ND/ })).toBeVisible();
  const marker = map.getByRole('button', { name: new RegExp(`^Unit ${truck.unit_id}, Available`) });
  await marker.click();
  await expect(page.getByRole('dialog', { name: `Unit ${truck.unit_id}` })).toBeVisible();
});
