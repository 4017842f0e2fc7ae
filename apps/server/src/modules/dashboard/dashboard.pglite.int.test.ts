import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  BrokerList,
  CountStats,
  DispatcherDashboard,
  DriverList,
} from '@app/domain/dashboard/dashboard.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createDatabase, type DatabaseHandle } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { createDashboardWorld, getDashboard, NOW, type DashboardWorld } from './dashboard.fixtures';

// The dashboard on the embedded database (PGlite, the default without DATABASE_URL): the read model's
// triggers on loads, bids and payments, Eastern days and the drivers' merged spans work there as on
// PostgreSQL. One start for the whole file: PGlite takes seconds to start.
let dataDir: string;
let handle: DatabaseHandle;
let testApp: TestApp;
let world: DashboardWorld;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dispatch-dashboard-pglite-'));
  handle = await createDatabase({ databaseUrl: undefined, dataDir }, { progress: null });
  await migrateToLatest(handle.db);
  testApp = await buildTestApp(handle.db, { now: () => NOW });
  world = await createDashboardWorld(handle.db, testApp.app);
}, 180_000);

afterAll(async () => {
  await testApp?.close();
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const NOVEMBER = { period: 'range', date_from: '2026-11-01', date_to: '2026-11-30' };

describe('the dashboard on the embedded database', () => {
  it('sums November as on PostgreSQL: loads, bids, drivers, brokers and the team', async () => {
    const get = <Body>(path: string, session = world.sessions.admin) =>
      getDashboard<Body>(testApp.app, session, path, NOVEMBER);
    const stats = await get<CountStats>('count-stats');
    expect(stats.status).toBe(200);
    expect(stats.body.figures).toEqual({
      loads: 6,
      gross: 8100,
      margin: 1950,
      miles: 3100,
      rate_per_mile: 2.61,
    });
    expect(stats.body.bids).toEqual({ sent: 4, active: 1, won: 2, lost: 1 });
    expect(stats.body.board).toEqual({ posted: 2, booked: 1, on_board: 1 });

    const drivers = await get<DriverList>('drivers/all');
    expect(drivers.body.results.map((row) => [row.driver.id, row.days_on_road])).toEqual([
      [world.drivers.drv1, 4],
      [world.drivers.drv3, 2],
      [world.drivers.drv2, 3],
    ]);

    const brokers = await get<BrokerList>('broker-company/all');
    expect(brokers.body.results.map((row) => [row.broker_company.id, row.average_days_to_pay])).toEqual([
      [world.brokers.b1.id, 15],
      [world.brokers.b2.id, null],
    ]);

    const own = await get<DispatcherDashboard>('dispatcher', world.sessions.dispatcher1);
    expect(own.body.own).toMatchObject({ loads: 3, gross: 4300, bids_sent: 3 });
    expect(own.body.team).toMatchObject({ dispatchers: 2, totals: { loads: 5, gross: 5600 } });
  });
});
