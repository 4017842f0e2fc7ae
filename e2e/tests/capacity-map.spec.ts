import { expect, test } from '@playwright/test';
import { api, type ApiClient } from '../helpers/api';
import { signIn } from '../helpers/sign-in';
import { DEMO_USERS } from '../helpers/demo-users';

// The capacity search as a dispatcher uses it (issue: capacity search and maps): a truck is put in a quiet
// place through the API, then found from the map page around that city and opened from its marker.

const API = '/backend/api/v2';

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
type VehicleRow = { id: number; unit_id: string; status: { id: number } };

/** Moves an available truck of the demo fleet to the city, as the location dialog would. */
async function truckIn(client: ApiClient, city: string): Promise<VehicleRow> {
  const found = await client.json<{ results: LookupResult[] }>('GET', `${API}/geo/address-lookup`, {
    params: { query: city, limit: 1 },
  });
  const place = found.results[0]!;
  const fleet = await client.json<{ results: VehicleRow[] }>('GET', `${API}/cars/all`, {
    params: { status: 1, limit: 50, page: 1 },
  });
  expect(fleet.results.length, 'an available truck in the demo fleet').toBeGreaterThan(0);
  // Not the first one: other specs change the first trucks of the list.
  const vehicle = fleet.results[Math.floor(fleet.results.length / 2)]!;
  await client.json('PUT', `${API}/cars/${vehicle.id}/update-location`, {
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
  return vehicle;
}

test('a dispatcher finds a truck around a city on the map and opens its card from the marker', async ({
  page,
  request,
}) => {
  const truck = await truckIn(await api(request), 'Bismarck, ND');

  await signIn(page, DEMO_USERS.dispatcher.email);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/units/map/');
  await expect(page.getByText('Choose a place or a load')).toBeVisible();

  await page.getByRole('combobox', { name: 'Address or city' }).pressSequentially('Bismarck', { delay: 30 });
  await page
    .getByRole('option', { name: /Bismarck, ND/ })
    .first()
    .click();
  await page.getByRole('combobox', { name: 'Radius' }).click();
  await page.getByRole('option', { name: '50 mi', exact: true }).click();

  const list = page.getByRole('list', { name: 'Closest vehicles' });
  const row = list.getByRole('button', { name: new RegExp(`^Unit ${truck.unit_id}, Available, \\d+ mi$`) });
  await expect(row).toBeVisible();
  await expect(page.getByText(/^Vehicles within 50 mi: \d+$/)).toBeVisible();
  // The ETA is said in Eastern time, as the product shows every time.
  await expect(row.getByText(/^ETA \d{2}:\d{2}[ap]m \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();

  const map = page.getByRole('region', { name: 'Capacity map' });
  await expect(map.getByRole('img', { name: /^Search origin: Bismarck, ND/ })).toBeVisible();
  const marker = map.getByRole('button', { name: new RegExp(`^Unit ${truck.unit_id}, Available`) });
  // Trucks in the same town are one cluster until zoomed in.
  if (!(await marker.isVisible())) {
    await map
      .getByRole('button', { name: /^Group of \d+: zoom in$/ })
      .first()
      .click();
  }
  await marker.click();
  await expect(page.getByRole('dialog', { name: `Unit ${truck.unit_id}` })).toBeVisible();
});
