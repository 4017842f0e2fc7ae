import type { DispatcherDashboard, DispatcherList, DriverList } from '@app/domain/dashboard/dashboard.schema';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../test/auth-helpers';
import { setUpTestApp } from '../../../test/test-suite';
import { createDashboardWorld, getDashboard, NOW } from './dashboard.fixtures';

// GET dashboard/drivers/all, dispatchers/all and dispatcher on the November of dashboard.fixtures.ts, and
// what a dispatcher may see of their colleagues: their own rows, and their team only in aggregates.

const { testApp, world } = setUpTestApp(createDashboardWorld, { now: () => NOW });

const NOVEMBER = { period: 'range', date_from: '2026-11-01', date_to: '2026-11-30' } as const;
type Query = Record<string, string | number>;

const drivers = (session: Session, query: Query = {}) =>
  getDashboard<DriverList>(testApp.app, session, 'drivers/all', { ...NOVEMBER, ...query });
const dispatchers = (session: Session, query: Query = {}) =>
  getDashboard<DispatcherList>(testApp.app, session, 'dispatchers/all', { ...NOVEMBER, ...query });
const dispatcher = (session: Session, query: Query = {}) =>
  getDashboard<DispatcherDashboard>(testApp.app, session, 'dispatcher', { ...NOVEMBER, ...query });

describe('GET dashboard/drivers/all', () => {
  it('per driver: loads, miles, gross, rate per mile and distinct days on the road, by gross', async () => {
    const { status, body } = await drivers(world.sessions.admin);
    expect(status).toBe(200);
    expect(body.count).toBe(3);
    expect(body.results.map(({ driver, ...figures }) => [driver.id, figures])).toEqual([
      // L1 11-02..11-03 and L2 11-03..11-05: four distinct days.
      [world.drivers.drv1, { loads: 2, miles: 1400, gross: 3500, rate_per_mile: 2.5, days_on_road: 4 }],
      // L6 11-20..11-21.
      [world.drivers.drv3, { loads: 1, miles: 1000, gross: 2500, rate_per_mile: 2.5, days_on_road: 2 }],
      // L3 11-30..12-01 and L8 11-27; the TONU adds its money, no miles and no day.
      [world.drivers.drv2, { loads: 3, miles: 700, gross: 2100, rate_per_mile: 3, days_on_road: 3 }],
    ]);
    expect(body.results[0]!.driver.full_name).toMatch(/^Ann Driver/);
    expect(body.totals).toEqual({ loads: 6, miles: 3100, gross: 8100, rate_per_mile: 2.61, days_on_road: 9 });
  });

  it('sorts by any column both ways, ties by id, and pages', async () => {
    const byDays = await drivers(world.sessions.admin, { sort: 'days_on_road', order: 'asc' });
    expect(byDays.body.results.map((row) => row.days_on_road)).toEqual([2, 3, 4]);
    const byRate = await drivers(world.sessions.admin, { sort: 'rate_per_mile' });
    expect(byRate.body.results.map((row) => row.driver.id)).toEqual([
      world.drivers.drv2,
      ...[world.drivers.drv1, world.drivers.drv3].sort((a, b) => a - b),
    ]);
    const second = await drivers(world.sessions.admin, { sort: 'loads', limit: 1, page: 2 });
    expect(second.body.count).toBe(3);
    expect(second.body.results).toHaveLength(1);
    expect(second.body.results[0]!.loads).toBe(2);
  });

  it("a dispatcher sees the drivers of their own loads, with those loads' figures only", async () => {
    const { body } = await drivers(world.sessions.dispatcher1);
    expect(body.results.map((row) => [row.driver.id, row.loads, row.gross])).toEqual([
      [world.drivers.drv1, 2, 3500],
      // drv2 drove L8 for dispatcher 1; L3 and L4 were dispatcher 2's.
      [world.drivers.drv2, 1, 800],
    ]);
  });

  it('a subgroup narrows the drivers to its loads', async () => {
    const { body } = await drivers(world.sessions.manager, { subgroup: world.teams.s2 });
    expect(body.results.map((row) => [row.driver.id, row.loads, row.miles, row.days_on_road])).toEqual([
      [world.drivers.drv2, 2, 400, 2],
    ]);
  });
});

describe('GET dashboard/dispatchers/all', () => {
  it('per dispatcher: loads booked, gross, margin, miles and bids sent, won and lost', async () => {
    const { status, body } = await dispatchers(world.sessions.manager);
    expect(status).toBe(200);
    const rows = Object.fromEntries(body.results.map(({ dispatcher, ...row }) => [dispatcher.id, row]));
    expect(rows[world.users.dispatcher1.id]).toEqual({
      loads: 3,
      gross: 4300,
      margin: 1000,
      miles: 1700,
      rate_per_mile: 2.53,
      bids_sent: 3,
      bids_won: 1,
      bids_lost: 1,
    });
    expect(rows[world.users.dispatcher2.id]).toMatchObject({
      loads: 2,
      gross: 1300,
      margin: 450,
      bids_won: 1,
    });
    expect(rows[world.users.dispatcher3.id]).toMatchObject({
      loads: 1,
      gross: 2500,
      margin: 500,
      bids_sent: 0,
    });
    expect(body.results.map((row) => row.dispatcher.id)).toEqual([
      world.users.dispatcher1.id,
      world.users.dispatcher3.id,
      world.users.dispatcher2.id,
    ]);
    expect(body.totals).toMatchObject({ loads: 6, gross: 8100, margin: 1950, bids_sent: 4, bids_won: 2 });
  });

  it('a team narrows to its dispatchers; sorted by bids won', async () => {
    const { body } = await dispatchers(world.sessions.admin, {
      working_group: world.teams.t1,
      sort: 'bids_sent',
      order: 'asc',
    });
    expect(body.results.map((row) => [row.dispatcher.id, row.bids_sent])).toEqual([
      [world.users.dispatcher2.id, 1],
      [world.users.dispatcher1.id, 3],
    ]);
  });

  it("a dispatcher gets their own row only: no colleague's figures", async () => {
    const { body } = await dispatchers(world.sessions.dispatcher2);
    expect(body.count).toBe(1);
    expect(body.results).toHaveLength(1);
    expect(body.results[0]!.dispatcher.id).toBe(world.users.dispatcher2.id);
    expect(body.totals).toMatchObject({ loads: 2, gross: 1300, margin: 450 });
  });
});

describe('GET dashboard/dispatcher', () => {
  it("the signed-in dispatcher's own numbers, their day now, and their team's totals and averages", async () => {
    const { status, body } = await dispatcher(world.sessions.dispatcher1);
    expect(status).toBe(200);
    expect(body.dispatcher).toEqual({
      id: world.users.dispatcher1.id,
      full_name: `${world.users.dispatcher1.first_name} ${world.users.dispatcher1.last_name}`,
    });
    // Active: L2, L8 (today, 27 November) and L10 (December); their bid of 20 November waits.
    expect(body.now).toEqual({
      loads_to_move: 3,
      picking_up_today: 1,
      bids_waiting: 1,
      trucks_without_loads: 1,
    });
    expect(body.own).toEqual({
      loads: 3,
      gross: 4300,
      margin: 1000,
      miles: 1700,
      rate_per_mile: 2.53,
      bids_sent: 3,
      bids_won: 1,
      bids_lost: 1,
    });
    expect(body.team).toEqual({
      id: world.teams.t1,
      name: 'Team One',
      dispatchers: 2,
      totals: {
        loads: 5,
        gross: 5600,
        margin: 1450,
        miles: 2100,
        rate_per_mile: 2.67,
        bids_sent: 4,
        bids_won: 2,
        bids_lost: 1,
      },
      average: {
        loads: 2.5,
        gross: 2800,
        margin: 725,
        miles: 1050,
        rate_per_mile: 2.67,
        bids_sent: 2,
        bids_won: 1,
        bids_lost: 0.5,
      },
    });
  });

  it('a dispatcher without a team gets no team; the filters do not change whose numbers', async () => {
    const alone = await dispatcher(world.sessions.admin, { working_group: world.teams.t1 });
    expect(alone.status).toBe(200);
    expect(alone.body.team).toBeNull();
    expect(alone.body.own).toMatchObject({ loads: 0, gross: 0, bids_sent: 0 });
  });

  it('no answer to a dispatcher names a colleague, even with a team filter', async () => {
    const colleague = world.users.dispatcher2;
    const paths = ['count-stats', 'drivers/all', 'dispatchers/all', 'graphs/all', 'dispatcher'];
    for (const path of paths) {
      const { status, body } = await getDashboard(testApp.app, world.sessions.dispatcher1, path, {
        ...NOVEMBER,
        working_group: world.teams.t1,
      });
      expect(status).toBe(200);
      const text = JSON.stringify(body);
      expect(text).not.toContain(colleague.last_name);
    }
  });
});
