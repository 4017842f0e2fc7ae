import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, listenTestApp, type TestApp } from '../../test/test-app';
import { recordEvents } from '../../test/test-suite';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { join } from 'node:path';
import { createLocalFileStorage } from '../integrations/storage/file-storage';
import { createBrokersService } from '../modules/brokers/brokers.service';
import { createCompanyService } from '../modules/company/company.service';
import { createIntakeService } from '../modules/loadboard/intake.service';
import { createLoadsService } from '../modules/loads/loads.service';
import { createNotificationsService } from '../modules/notifications/notifications.service';
import { createDriversService } from '../modules/units/drivers.service';
import { createVehiclesService } from '../modules/units/vehicles.service';
import { createUsersService } from '../modules/users/users.service';
import { findDemoCompanyId, seedDemoData } from '../db/seed/demo';
import { createDemoFeed } from './demo-feed';

// The demo feed posts realistic loads to the demo company's board through the intake while the server
// listens, at the interval it is given; without one the server posts nothing.

let database: TestDatabase;
let companyId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db);
  companyId = (await findDemoCompanyId(database.db))!;
});

afterAll(async () => {
  await database.drop();
});

const feedLoads = () =>
  database.db
    .selectFrom('loads')
    .innerJoin('broker_companies as b', 'b.id', 'loads.broker_company_id')
    .select([
      'loads.id',
      'loads.company_id',
      'loads.board_status',
      'loads.posting_reference',
      'loads.vehicle_type',
      'loads.pays_cents',
      'loads.pick_up_datetime',
      'loads.delivery_datetime',
      'loads.miles',
      'loads.source',
      'b.company_id as broker_company_company_id',
    ])
    .where('loads.posting_reference', 'like', 'DF-%')
    .orderBy('loads.id')
    .execute();

describe('the demo feed', () => {
  it('posts a load every interval while the server listens, like the loads the company runs', async () => {
    let app: TestApp | undefined;
    const before = await feedLoads();
    try {
      app = await buildTestApp(database.db, { demoFeed: { companyId, intervalMs: 150 } });
      const recorder = recordEvents(app.bus);
      await listenTestApp(app);
      await expect
        .poll(async () => (await feedLoads()).length - before.length, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(3);
      await app.close();
      app = undefined;
      recorder.stop();
      const posted = (await feedLoads()).slice(before.length);
      const startedAt = Date.now() - 60_000;
      for (const load of posted) {
        expect(load).toMatchObject({
          company_id: companyId,
          board_status: 'posted',
          source: 'loadboard',
          broker_company_company_id: companyId,
        });
        expect(load.vehicle_type).not.toBeNull();
        expect(load.pays_cents! % 2500).toBe(0);
        expect(load.pays_cents).toBeGreaterThan(0);
        expect(load.miles).toBeGreaterThan(0);
        // Picked up within the next 31 hours, delivered after it.
        expect(load.pick_up_datetime!.getTime()).toBeGreaterThan(startedAt);
        expect(load.pick_up_datetime!.getTime()).toBeLessThan(Date.now() + 31 * 60 * 60 * 1000);
        expect(load.delivery_datetime!.getTime()).toBeGreaterThan(load.pick_up_datetime!.getTime());
      }
      const boardEvents = recorder.events.filter((event) => event.event === 'update_loadboard');
      expect(boardEvents.length).toBeGreaterThanOrEqual(posted.length);
      // Closed, it posts no more.
      const count = (await feedLoads()).length;
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await feedLoads()).length).toBe(count);
    } finally {
      await app?.close();
    }
  });

  it('is off unless given: a listening server without it posts nothing', async () => {
    const app = await buildTestApp(database.db);
    try {
      const before = (await feedLoads()).length;
      await listenTestApp(app);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await feedLoads()).length).toBe(before);
    } finally {
      await app.close();
    }
  });

  it('now and then a broker posts a recent reference again, which updates that load instead of adding one', async () => {
    const app = await buildTestApp(database.db);
    try {
      // A random source that always repeats once there is something to repeat (0 = repost, index 0).
      let call = 0;
      const feed = createDemoFeed({
        intake: createIntakeServiceOf(app),
        now: () => new Date(),
        companyId,
        random: (max) => (call++ < 5 ? Math.min(max - 1, 1) : 0),
      });
      const first = await feed.postOne();
      const repeat = await feed.postOne();
      expect(first).toMatchObject({ outcome: 'created' });
      expect(repeat).toMatchObject({ id: first!.id, outcome: 'updated' });
    } finally {
      await app.close();
    }
  });
});

/** The intake over the test app's database and bus, built from the same services the app builds it from. */
function createIntakeServiceOf(app: TestApp) {
  const deps = { db: database.db, bus: app.bus, now: () => new Date() };
  const brokers = createBrokersService(deps);
  const users = createUsersService({
    db: database.db,
    storage: createLocalFileStorage(join(app.config.dataDir, 'uploads')),
    now: deps.now,
    forgetSessionUser: () => {},
  });
  const loads = createLoadsService({
    ...deps,
    storage: createLocalFileStorage(join(app.config.dataDir, 'uploads')),
    notifications: createNotificationsService(deps),
    vehicles: createVehiclesService(deps),
    drivers: createDriversService(deps),
    brokers,
    users,
  });
  return createIntakeService({ ...deps, loads, brokers, users, company: createCompanyService(deps) });
}
