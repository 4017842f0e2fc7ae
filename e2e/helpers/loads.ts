import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import type { ApiClient } from './api';

// Loads for the end-to-end specs: each spec makes its own through the API, so specs stay independent.

export const LOADS_API = '/backend/api/v2/loads';

const HOUR = 60 * 60 * 1000;

/** A moment `hours` from now, to the minute, as ISO 8601. */
export function hoursFromNow(hours: number): string {
  return new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000).toISOString();
}

/** A load the form's rules accept: Dallas, TX to Houston, TX, picked up tomorrow. */
export function loadBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const pickUp = hoursFromNow(24);
  const delivery = hoursFromNow(36);
  return {
    broker_name: 'Mary Broker',
    broker_phone: '(555) 123-4567',
    reply_email: 'dispatch@acme.test',
    rateconf_ref: `E2E-${Date.now().toString(36)}`,
    pays: '$1,200.50',
    broker_price: '1200.50',
    driver_price: '950',
    weight: 1500,
    pieces: 4,
    length: 48,
    width: 40,
    height: 36,
    car: 'SPRINTER',
    note: 'Call before arrival',
    pick_up_datetime: pickUp,
    delivery_datetime: delivery,
    points: [
      {
        address: '100 Main St, Dallas, TX 75201',
        city: 'Dallas',
        state: 'TX',
        zip_code: '75201',
        country: 'US',
        lat: 32.7767,
        lon: -96.797,
        date: pickUp,
        order: 1,
        type: 'pick_up',
      },
      {
        address: '200 Louisiana St, Houston, TX 77002',
        city: 'Houston',
        state: 'TX',
        zip_code: '77002',
        country: 'US',
        lat: 29.7604,
        lon: -95.3698,
        date: delivery,
        order: 2,
        type: 'deliver_to',
      },
    ],
    ...overrides,
  };
}

export type ServerLoad = {
  id: number;
  status: number;
  load_accounting_number: number | null;
  broker_price: number;
  driver_price: number;
  files: { file_type: string; name: string }[];
};

/** The load as the server has it now, whatever its list. */
export function fetchLoad(client: ApiClient, id: number): Promise<ServerLoad> {
  return client.json<ServerLoad>('GET', `${LOADS_API}/active/${id}/`);
}

export type CreatedLoad = {
  id: number;
  /** The accounting number as the pages show it, 6 digits. */ number: string;
};

/** Creates a load through the API; answers its id and its padded accounting number. */
export async function createLoad(
  client: ApiClient,
  overrides: Record<string, unknown> = {},
): Promise<CreatedLoad> {
  // A load booked at once (a driver named): a form with neither a vehicle nor a driver goes to the load
  // board instead of the active list.
  const booked = 'driver' in overrides || 'car_id' in overrides ? {} : { driver: await anyDriverId(client) };
  const { id } = await client.json<{ id: number }>('POST', `${LOADS_API}/create`, {
    data: loadBody({ ...booked, ...overrides }),
  });
  const load = await fetchLoad(client, id);
  return { id, number: String(load.load_accounting_number).padStart(6, '0') };
}

/** A driver of the signed-in user's company who may take loads. */
async function anyDriverId(client: ApiClient): Promise<number> {
  const drivers = await client.json<{ results: { id: number; is_active?: boolean }[] }>(
    'GET',
    '/backend/api/v2/users/drivers?limit=20',
  );
  const driver = drivers.results.find((candidate) => candidate.is_active !== false) ?? drivers.results[0];
  if (!driver) throw new Error('The company has no driver to book a load for');
  return driver.id;
}

/** The 'Load 000123' heading of a load page. */
export function loadHeading(page: Page, load: CreatedLoad): Locator {
  return page.getByRole('heading', { name: `Load ${load.number}` });
}

/** The status chip beside the heading. */
export async function expectStatus(page: Page, status: string): Promise<void> {
  const header = page.locator('.MuiPaper-root', { has: page.getByRole('heading', { name: /^Load \d/ }) });
  await expect(header.locator('.MuiChip-label').first()).toHaveText(status);
}

/** A wall time in New York as the date-time picker takes it: 'MM/DD/YYYY HH:mm', `days` from today. */
export function easternPickerText(days: number, hour: number, minute = 0): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(Date.now() + days * 24 * HOUR));
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${part('month')}/${part('day')}/${part('year')} ${pad(hour)}:${pad(minute)}`;
}
