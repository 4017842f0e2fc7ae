// What the capacity map benchmark stands on: the real server on a fresh database with the demo companies
// and one more carrier whose 500 trucks are all Available around Chicago, serving the built web app; the
// carrier admin's session; and what the map page's search answered.
//
// The capacity map asks for the 500 closest trucks within its radius: the page's own search answers the
// whole fleet.
import { haversineKm, straightLineKmWithin, type GeoPoint } from '@app/domain/geo/geo.rules';
import type { LoginResponse } from '@app/domain/auth/auth.schema';
import type { CapacitySearchResponse } from '@app/domain/units/units.schema';
import pg from 'pg';
import type { Page } from 'playwright-core';
import type { App } from '../apps/server/src/app';
import { CITIES } from '../apps/server/src/db/seed/cities';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { fillVehicles } from './fill-vehicles';
import { WEB_DIST } from './web-initial-javascript';
import { startWebServer } from './web-bench-server';

/** The place searched from: the page's address. */
export const CHICAGO: GeoPoint = { lat: 41.88, lon: -87.63 };
/** The product's largest search radius (the page holds radius=500 to it). */
export const SEARCH_RADIUS_MILES = 300;
const PASSWORD = 'bench-map-password-1';

/** A seeded sequence, so that every run places the trucks alike. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

type Placement = GeoPoint & { city: string; state: string; zip: string; country: string };

/**
 * Where the trucks are: four in five within about 40 miles of a freight city within the search radius of
 * Chicago (a third of those at Chicago itself), one in five anywhere in the radius (on the road), every
 * one strictly inside the radius by the product's road estimate.
 */
export function placeTrucks(count: number): Placement[] {
  const withinKm = straightLineKmWithin(SEARCH_RADIUS_MILES) - 15;
  const cities = CITIES.filter((city) => haversineKm(city, CHICAGO) < withinKm - 30);
  const chicago = cities.find((city) => city.city === 'Chicago') ?? cities[0]!;
  const random = seededRandom(7);
  const places: Placement[] = [];
  while (places.length < count) {
    const onRoad = random() < 0.2;
    const city = random() < 0.33 ? chicago : cities[Math.floor(random() * cities.length)]!;
    const around = onRoad ? CHICAGO : city;
    const spreadDegrees = onRoad ? withinKm / 111 : 0.6;
    const point = {
      lat: around.lat + spreadDegrees * (random() * 2 - 1),
      lon: around.lon + spreadDegrees * 1.35 * (random() * 2 - 1),
    };
    if (haversineKm(point, CHICAGO) >= withinKm) continue;
    const nearest = cities.reduce((best, next) =>
      haversineKm(next, point) < haversineKm(best, point) ? next : best,
    );
    places.push({
      ...point,
      city: nearest.city,
      state: nearest.state,
      zip: nearest.zip,
      country: nearest.country,
    });
  }
  return places;
}

/**
 * The carrier's fleet as fill-vehicles.ts makes it (owners, drivers, dispatchers in teams, all eleven
 * types), then every truck Available at a current location around Chicago, with no planned one.
 */
async function fillChicagoFleet(client: pg.Client, trucks: number): Promise<string> {
  const { companyId, adminEmail } = await fillVehicles(client, {
    vehicles: trucks,
    dispatchers: 10,
    teams: 2,
    owners: 60,
    adminPasswordHash: await hashPassword(PASSWORD),
    carrier: 'map',
  });
  const places = placeTrucks(trucks);
  await client.query(
    `UPDATE vehicles v SET status = 1, location_status = 1,
       location_lat = p.lat, location_lon = p.lon, location_address = 'Near ' || p.city || ', ' || p.state,
       location_city = p.city, location_state = p.state, location_zip_code = p.zip, location_country = p.country,
       future_location_address = NULL, future_location_city = NULL, future_location_state = NULL,
       future_location_zip_code = NULL, future_location_country = NULL, future_location_lat = NULL,
       future_location_lon = NULL, future_location_available_date = NULL, future_location_updated_by = NULL,
       future_location_updated_at = NULL
     FROM (SELECT row_number() OVER (ORDER BY id) AS n, id FROM vehicles WHERE company_id = $1) numbered
     JOIN unnest($2::float8[], $3::float8[], $4::text[], $5::text[], $6::text[], $7::text[])
       WITH ORDINALITY AS p(lat, lon, city, state, zip, country, n) ON p.n = numbered.n
     WHERE v.id = numbered.id`,
    [
      companyId,
      places.map((place) => place.lat),
      places.map((place) => place.lon),
      places.map((place) => place.city),
      places.map((place) => place.state),
      places.map((place) => place.zip),
      places.map((place) => place.country),
    ],
  );
  await client.query('VACUUM ANALYZE vehicles');
  return adminEmail;
}

export type MapServer = {
  app: App;
  baseUrl: string;
  /** The fleet's admin, who signs in to the map. */
  adminEmail: string;
  close(): Promise<void>;
};

/** The real server on a fresh database with the demo companies and the Chicago fleet, on a free port. */
export async function startMapServer(trucks: number, webDist = WEB_DIST): Promise<MapServer> {
  let adminEmail = '';
  const server = await startWebServer(webDist, async (databaseUrl) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      adminEmail = await fillChicagoFleet(client, trucks);
    } finally {
      await client.end();
    }
  });
  return { ...server, adminEmail };
}

/** The fleet admin's session, as the login answers it and the web app keeps it in localStorage. */
export async function adminSession(server: MapServer): Promise<Record<string, string>> {
  const login = await server.app.inject({
    method: 'POST',
    url: '/backend/api/v2/rest-auth/login/',
    payload: { email: server.adminEmail, password: PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in of ${server.adminEmail}: ${login.statusCode}`);
  const { access_token, refresh_token, access_token_expiration, refresh_token_expiration } =
    login.json<LoginResponse>();
  return { access_token, refresh_token, access_token_expiration, refresh_token_expiration };
}

export type FleetAnswers = { served: { trucks: number; serverMs: number }[]; failures: string[] };

/**
 * Notes each capacity search the page makes: how many trucks its answer held and how long the server
 * took (from the request sent to the first byte of the answer), or why it could not be read.
 */
export function recordFleetAnswers(page: Page, answers: FleetAnswers): void {
  page.on('response', (response) => {
    if (!response.url().includes('/backend/api/v2/cars/capacity-search?')) return;
    const timing = response.request().timing();
    response.json().then(
      (answer: CapacitySearchResponse) =>
        answers.served.push({ trucks: answer.count, serverMs: timing.responseStart - timing.requestStart }),
      (error: unknown) => {
        if (!page.isClosed()) answers.failures.push(error instanceof Error ? error.message : String(error));
      },
    );
  });
}
