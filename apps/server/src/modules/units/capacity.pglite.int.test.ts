import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  capacitySearchResponseSchema,
  vehicleListResponseSchema,
  vehicleMapResponseSchema,
} from '@app/domain/units/units.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Session } from '../../../test/auth-helpers';
import { createCompany, createUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createDatabase, type DatabaseHandle } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { API, currentAt, insertVehicle, PLACES, plannedAt } from './vehicles.fixtures';

// The capacity search, the map and the vehicle list on the embedded database (PGlite), which has no PostGIS:
// the GiST point indexes, the generated unit-vector columns and the text-search indexes must work there too.
let dataDir: string;
let handle: DatabaseHandle;
let testApp: TestApp;
let session: Session;
let companyId: number;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vehicles-pglite-'));
  handle = await createDatabase({ databaseUrl: undefined, dataDir }, { progress: null });
  await migrateToLatest(handle.db);
  testApp = await buildTestApp(handle.db);
  const company = await createCompany(handle.db);
  companyId = company.id;
  const dispatcher = await createUser(handle.db, { companyId, role: 5 });
  session = await login(testApp.app, dispatcher.email, dispatcher.password);
}, 120_000);

afterAll(async () => {
  await testApp?.close();
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function get(path: string) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `${API}/${path}`,
    headers: session.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<unknown>();
}

describe('vehicles on the embedded database', () => {
  it('searches capacity, draws the map and lists vehicles', async () => {
    const joliet = await insertVehicle(handle.db, companyId, {
      unit_id: 'JOL-1',
      ...currentAt(PLACES.joliet),
    });
    const planned = await insertVehicle(handle.db, companyId, {
      unit_id: 'PLN-1',
      ...currentAt(PLACES.dallas),
      ...plannedAt(PLACES.milwaukee, new Date(Date.now() - 60_000)),
      location_status: 2,
    });
    await insertVehicle(handle.db, companyId, { unit_id: 'DAL-1', ...currentAt(PLACES.dallas) });

    const capacity = capacitySearchResponseSchema.parse(
      await get(`cars/capacity-search?lat=${PLACES.chicago.lat}&lon=${PLACES.chicago.lon}`),
    );
    expect(
      capacity.results.map((result) => [result.id, result.deadhead_miles, result.uses_planned_location]),
    ).toEqual([
      [joliet.id, 39, false],
      [planned.id, 94, true],
    ]);

    const map = vehicleMapResponseSchema.parse(
      await get('cars/imap?min_lat=40&max_lat=45&min_lon=-90&max_lon=-85'),
    );
    expect(map.results.map((item) => item.id)).toEqual([joliet.id]);

    const list = vehicleListResponseSchema.parse(await get('cars/all?search=jol&state=IL'));
    expect(list.results.map((vehicle) => vehicle.id)).toEqual([joliet.id]);
  });
});
