import type { DriverList } from '@app/domain/dashboard/dashboard.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../test/test-suite';
import { createDashboardWorld, eastern, getDashboard, insertDashboardLoad, NOW } from './dashboard.fixtures';

// Days on the road at their edges, in September 2026 (the world's loads are in October to December): a
// mistyped delivery months after the pick-up counts at most 32 days (the pick-up day and 31 after it), a
// delivery before its pick-up counts the pick-up day alone, and days shared by two loads count once.

const { database, testApp, world } = setUpTestApp(createDashboardWorld, { now: () => NOW });

const SEPTEMBER = { period: 'range', date_from: '2026-09-01', date_to: '2026-09-30' } as const;

describe('GET dashboard/drivers/all: days on the road', () => {
  beforeAll(async () => {
    const { db } = database;
    const companyId = world.company.id;
    const common = { status: 10 as const, dispatcher: null, broker: world.brokers.b1.id, miles: 500 };
    // Ann: picked up 09-01, delivery typed as 12-25: capped at 09-01..10-02, 32 days.
    await insertDashboardLoad(db, companyId, {
      ...common,
      driver: world.drivers.drv1,
      pickUp: eastern('2026-09-01 08:00'),
      delivery: eastern('2026-12-25 08:00'),
      brokerPrice: 1000,
      driverPrice: 800,
    });
    // Ann again, 09-10..09-11, inside the first load's span: no new day.
    await insertDashboardLoad(db, companyId, {
      ...common,
      driver: world.drivers.drv1,
      pickUp: eastern('2026-09-10 08:00'),
      delivery: eastern('2026-09-11 17:00'),
      brokerPrice: 900,
      driverPrice: 700,
    });
    // Bob: a delivery typed before its pick-up counts the pick-up day only.
    await insertDashboardLoad(db, companyId, {
      ...common,
      driver: world.drivers.drv2,
      pickUp: eastern('2026-09-20 08:00'),
      delivery: eastern('2026-09-18 08:00'),
      brokerPrice: 700,
      driverPrice: 500,
    });
  });

  it('caps a load at 32 days, counts a day shared by two loads once, and a reversed delivery as one day', async () => {
    const { status, body } = await getDashboard<DriverList>(
      testApp.app,
      world.sessions.admin,
      'drivers/all',
      SEPTEMBER,
    );
    expect(status).toBe(200);
    const days = Object.fromEntries(
      body.results.map((row) => [row.driver.id, [row.loads, row.days_on_road]]),
    );
    expect(days).toEqual({ [world.drivers.drv1]: [2, 32], [world.drivers.drv2]: [1, 1] });
    expect(body.totals.days_on_road).toBe(33);
  });
});
