import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  capacitySearchResponseSchema,
  vehicleListResponseSchema,
  vehicleMapResponseSchema,
} from '@app/domain/units/units.schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/auth-helpers';
import { createCompany, createUser, insertVehicle } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { recordEvents } from '../../test/test-suite';
import { createNotificationsService } from '../modules/notifications/notifications.service';
import { createTrackingWatch, TRACKING_SILENCE_LIMIT_MS } from '../modules/tracking/tracking.service';
import { API, currentAt, PLACES, plannedAt } from '../modules/units/vehicles.fixtures';
import { selectBoardPage, wholeBoard } from '../modules/loadboard/board-index';
import { readBoardIndex, readBoardRequest } from '../modules/loadboard/board-index.repository';
import { insertBoardLoad } from '../modules/loadboard/loadboard.fixtures';
import { findBoardRows } from '../modules/loadboard/loadboard.repository';
import { createDatabase, type DatabaseHandle } from './database';
import { migrateToLatest } from './migrate';

// The embedded database: one PGlite in a temporary data directory, opened the way the server opens it,
// and the application on it. One start for the whole file: PGlite takes seconds to start.
let dataDir: string;
let handle: DatabaseHandle;
let testApp: TestApp;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dispatch-pglite-'));
  handle = await createDatabase({ databaseUrl: undefined, dataDir }, { progress: null });
  await migrateToLatest(handle.db);
  testApp = await buildTestApp(handle.db);
}, 120_000);

afterAll(async () => {
  await testApp?.close();
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded database (PGlite)', () => {
  it('opens as pglite and is migrated', async () => {
    expect(handle.kind).toBe('pglite');
    const { rows } = await sql<{ count: number }>`select count(*)::int as count from users`.execute(
      handle.db,
    );
    expect(rows[0]?.count).toBe(0);
  });

  it('keeps every row of 50 concurrent transactions, and none of those that roll back', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        handle.db.transaction().execute(async (trx) => {
          const company = await trx
            .insertInto('companies')
            .values({ name: `Concurrent ${index}`, company_hash: `concurrent-${index}` })
            .returning('id')
            .executeTakeFirstOrThrow();
          // Yield between statements so that the transactions would interleave if they could.
          await new Promise((resolve) => setTimeout(resolve, index % 3));
          await trx
            .insertInto('users')
            .values({
              email: `concurrent-${index}@example.test`,
              password_hash: 'x',
              company_id: company.id,
              role: 5,
            })
            .execute();
          if (index % 10 === 9) throw new Error(`rollback ${index}`);
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(5);

    const companies = await handle.db
      .selectFrom('companies')
      .select('name')
      .where('name', 'like', 'Concurrent %')
      .execute();
    const users = await handle.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('email', 'like', 'concurrent-%')
      .executeTakeFirstOrThrow();
    expect(companies).toHaveLength(45);
    expect(Number(users.count)).toBe(45);
    expect(companies.map((company) => company.name)).not.toContain('Concurrent 9');
  });

  it('refuses a second opening of the same data directory with a clear message', async () => {
    await expect(createDatabase({ databaseUrl: undefined, dataDir }, { progress: null })).rejects.toThrow(
      new RegExp(
        `The data directory ${escapeRegExp(dataDir)} is in use by another process \\(pid ${process.pid}\\)`,
      ),
    );
  });

  it('refuses another process, which exits with status 1 and the message', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'migrate-cli.ts')],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: 'x'.repeat(40) },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `The data directory ${dataDir} is in use by another process (pid ${process.pid})`,
    );
  });
});

// The capacity search, the map and the vehicle list on PGlite, which has no PostGIS: the GiST point
// indexes, the generated unit-vector columns and the text-search indexes must work there too.
describe('vehicles on the embedded database', () => {
  it('searches capacity, draws the map and lists vehicles', async () => {
    const { id: companyId } = await createCompany(handle.db);
    const dispatcher = await createUser(handle.db, { companyId, role: 5 });
    const session = await login(testApp.app, dispatcher.email, dispatcher.password);
    const get = async (path: string) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `${API}/${path}`,
        headers: session.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<unknown>();
    };
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// The tracking watch and damage reports: their row locks (SKIP LOCKED, KEY SHARE) and transactions.
describe('tracking and damage notices on the embedded database', () => {
  it('the watch tells the trackers once that a vehicle stopped, then that it reports again', async () => {
    const company = await createCompany(handle.db);
    const tracker = await createUser(handle.db, { companyId: company.id, role: 6 });
    let clock = new Date();
    const now = () => clock;
    const watch = createTrackingWatch({
      db: handle.db,
      notifications: createNotificationsService({ db: handle.db, bus: testApp.bus, now }),
      now,
    });
    const vehicle = await handle.db
      .insertInto('vehicles')
      .values({
        company_id: company.id,
        unit_id: 'PG-1',
        transport_type: 'VAN',
        is_tracking_active: true,
        location_city: 'Dallas',
        location_state: 'TX',
        location_updated_at: new Date(clock.getTime() - TRACKING_SILENCE_LIMIT_MS - 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const recorder = recordEvents(testApp.bus);
    expect(await watch.runOnce()).toEqual({ stopped: 1, resumed: 0, unwatched: 0 });
    expect(await watch.runOnce()).toEqual({ stopped: 0, resumed: 0, unwatched: 0 });
    clock = new Date(clock.getTime() + 60_000);
    await handle.db
      .updateTable('vehicles')
      .set({ location_updated_at: clock })
      .where('id', '=', vehicle.id)
      .execute();
    expect(await watch.runOnce()).toEqual({ stopped: 0, resumed: 1, unwatched: 0 });
    recorder.stop();
    expect(
      recorder.events.map((event) => [
        event.event,
        event.userIds,
        (event.data as { type: { id: number } }).type.id,
      ]),
    ).toEqual([
      ['new_notice', [tracker.id], 5],
      ['new_notice', [tracker.id], 6],
    ]);
  });

  it('a damage report is recorded and notifies the managers', async () => {
    const company = await createCompany(handle.db);
    const manager = await createUser(handle.db, { companyId: company.id, role: 4 });
    const dispatcher = await createUser(handle.db, { companyId: company.id, role: 5 });
    const { id: loadId } = await handle.db
      .insertInto('loads')
      .values({
        company_id: company.id,
        status: 2,
        dispatcher_id: dispatcher.id,
        broker_name: 'Mary Broker',
        broker_phone: '555-123-4567',
        reply_email: 'dispatch@acme.test',
        broker_price_cents: 100_000,
        driver_price_cents: 80_000,
        weight: 100,
        pieces: 1,
        length: 10,
        width: 10,
        height: 10,
        vehicle_type: 'VAN',
        pick_up_datetime: new Date(),
        delivery_datetime: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const session = await login(testApp.app, dispatcher.email, dispatcher.password);
    const recorder = recordEvents(testApp.bus);
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/backend/api/v2/loads/${loadId}/damage-report`,
      headers: session.headers,
      payload: { description: 'Torn shrink wrap' },
    });
    recorder.stop();
    expect(response.statusCode, response.body).toBe(200);
    expect(recorder.events.map((event) => [event.event, event.userIds ?? event.data])).toEqual([
      ['update_loads', { ids: [loadId], action: 'damage_report' }],
      ['new_notice', [manager.id]],
    ]);
  });
});

describe('the load board on the embedded database', () => {
  it('reads the board into memory at its version and its page rows by id, as PostgreSQL does', async () => {
    const company = await createCompany(handle.db);
    const older = await insertBoardLoad(handle.db, company.id, { vehicleType: 'VAN', miles: 300 });
    const newer = await insertBoardLoad(handle.db, company.id, { vehicleType: 'REEFER', miles: 900 });
    const { version, index } = await readBoardIndex(handle.db, company.id);
    expect(version).toBeGreaterThan(0);
    expect([...index.id]).toEqual([newer, older]);
    const request = await readBoardRequest(handle.db, company.id, { max_miles: 500 });
    expect(request.version).toBe(version);
    const page = selectBoardPage(wholeBoard(index), { max_miles: 500 }, request.sets, {
      limit: 25,
      offset: 0,
    });
    expect(page).toEqual({ count: 1, ids: [older] });
    const rows = await findBoardRows(handle.db, company.id, null, page.ids);
    expect(rows.map((row) => [row.id, row.vehicle_type, row.points.length])).toEqual([[older, 'VAN', 2]]);
  });
});
