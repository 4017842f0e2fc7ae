import type { CountStats, Graphs } from '@app/domain/dashboard/dashboard.schema';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../test/test-suite';
import {
  API,
  createDashboardWorld,
  eastern,
  getDashboard,
  insertDashboardLoad,
  NOW,
} from './dashboard.fixtures';

// GET dashboard/count-stats and GET dashboard/graphs/all on the November of dashboard.fixtures.ts: every
// number is the sum of the loads and bids made for the test, in Eastern days.

const { database, testApp, world } = setUpTestApp(createDashboardWorld, { now: () => NOW });

const NOVEMBER = { period: 'range', date_from: '2026-11-01', date_to: '2026-11-30' } as const;

const countStats = (session = world.sessions.admin, query: Record<string, string | number> = NOVEMBER) =>
  getDashboard<CountStats>(testApp.app, session, 'count-stats', query);
const graphs = (session = world.sessions.admin, query: Record<string, string | number> = NOVEMBER) =>
  getDashboard<Graphs>(testApp.app, session, 'graphs/all', query);

describe('GET dashboard/count-stats', () => {
  it("sums the company's November: counted loads, gross, margin, miles and rate per mile", async () => {
    const { status, body } = await countStats(world.sessions.admin, { period: 'this_month' });
    expect(status).toBe(200);
    expect(body.period).toEqual({ period: 'this_month', date_from: '2026-11-01', date_to: '2026-11-30' });
    // L1, L2, L3 (23:30 Eastern on the 30th), L4 (TONU), L6, L8; not L5 (canceled), L7 and L9 (board),
    // L10 (00:30 on 1 December), L11 (23:59 on 31 October).
    expect(body.figures).toEqual({
      loads: 6,
      gross: 8100,
      margin: 1950,
      // The TONU load's 500 miles were never driven.
      miles: 3100,
      rate_per_mile: 2.61,
    });
  });

  it('counts the loads of each list and status, the canceled one included', async () => {
    const { body } = await countStats();
    expect(body.loads.by_list).toEqual({ active: 3, checkout: 2, completed: 1, canceled: 1 });
    const byStatus = Object.fromEntries(body.loads.by_status.map((entry) => [entry.status, entry.count]));
    expect(byStatus).toEqual({ 1: 1, 2: 1, 3: 0, 4: 1, 5: 0, 6: 0, 7: 0, 8: 1, 9: 1, 10: 1, 11: 0, 12: 1 });
    expect(body.loads.by_status[8]).toEqual({ status: 9, status_name: 'TONU', count: 1 });
  });

  it('counts the board, the bids of the period, vehicles, active drivers and owners', async () => {
    const { body } = await countStats();
    expect(body.board).toEqual({ posted: 2, booked: 1, on_board: 1 });
    // The October bid is not of the period.
    expect(body.bids).toEqual({ sent: 4, active: 1, won: 2, lost: 1 });
    expect(body.vehicles.total).toBe(3);
    expect(body.vehicles.by_status.filter((entry) => entry.count > 0)).toEqual([
      { status: 1, status_name: 'Available', count: 1 },
      { status: 2, status_name: 'Not available', count: 1 },
      { status: 3, status_name: 'On load', count: 1 },
    ]);
    // The fired driver and the inactive owner do not count.
    expect(body.drivers).toEqual({ active: 3 });
    expect(body.owners).toEqual({ active: 2 });
  });

  it('a team and a subgroup narrow loads, bids and vehicles', async () => {
    const team = await countStats(world.sessions.manager, { ...NOVEMBER, working_group: world.teams.t1 });
    expect(team.body.figures).toMatchObject({ loads: 5, gross: 5600, margin: 1450, miles: 2100 });
    expect(team.body.loads.by_list.canceled).toBe(1);
    expect(team.body.bids).toEqual({ sent: 4, active: 1, won: 2, lost: 1 });
    expect(team.body.vehicles.total).toBe(2);
    const subgroup = await countStats(world.sessions.manager, { ...NOVEMBER, subgroup: world.teams.s2 });
    expect(subgroup.body.figures).toEqual({
      loads: 2,
      gross: 1300,
      margin: 450,
      miles: 400,
      rate_per_mile: 3.25,
    });
    expect(subgroup.body.bids).toEqual({ sent: 1, active: 0, won: 1, lost: 0 });
    expect(subgroup.body.vehicles.total).toBe(1);
    expect(subgroup.body.drivers).toEqual({ active: 1 });
  });

  it('a load picked up at 23:30 Eastern on the last day counts in that day, 00:30 the next in the next', async () => {
    const last = await countStats(world.sessions.admin, {
      period: 'range',
      date_from: '2026-11-30',
      date_to: '2026-11-30',
    });
    expect(last.body.figures).toMatchObject({ loads: 1, gross: 1000 });
    const next = await countStats(world.sessions.admin, {
      period: 'range',
      date_from: '2026-12-01',
      date_to: '2026-12-01',
    });
    expect(next.body.figures).toMatchObject({ loads: 1, gross: 999 });
  });

  it("today is the clock's Eastern day (27 November): the load picking up today", async () => {
    const { body } = await countStats(world.sessions.admin, { period: 'today' });
    expect(body.period).toEqual({ period: 'today', date_from: '2026-11-27', date_to: '2026-11-27' });
    expect(body.figures).toMatchObject({ loads: 1, gross: 800, margin: 200 });
  });

  it("a dispatcher's count-stats hold their own loads, bids and vehicles only", async () => {
    const { body } = await countStats(world.sessions.dispatcher1);
    expect(body.figures).toEqual({ loads: 3, gross: 4300, margin: 1000, miles: 1700, rate_per_mile: 2.53 });
    expect(body.loads.by_list).toEqual({ active: 2, checkout: 0, completed: 1, canceled: 1 });
    expect(body.bids).toEqual({ sent: 3, active: 1, won: 1, lost: 1 });
    expect(body.vehicles.total).toBe(1);
    expect(body.drivers).toEqual({ active: 1 });
    expect(body.owners).toEqual({ active: 1 });
  });

  it("another company's numbers are its own", async () => {
    const { body } = await countStats(world.other.admin);
    expect(body.figures).toEqual({ loads: 1, gross: 4000, margin: 1000, miles: 900, rate_per_mile: 4.44 });
    expect(body.bids.sent).toBe(0);
    expect(body.vehicles.total).toBe(0);
    expect(body.board).toEqual({ posted: 0, booked: 0, on_board: 0 });
  });

  it('follows a load as it changes through the loads API: a new price, then a cancel', async () => {
    const june = { period: 'range', date_from: '2026-06-01', date_to: '2026-06-30' };
    const id = await insertDashboardLoad(database.db, world.company.id, {
      pickUp: eastern('2026-06-10 08:00'),
      status: 2,
      dispatcher: world.users.dispatcher3.id,
      driver: world.drivers.drv3,
      broker: world.brokers.b1.id,
      brokerPrice: 1000,
      driverPrice: 800,
      miles: 500,
    });
    expect((await countStats(world.sessions.admin, june)).body.figures).toEqual({
      loads: 1,
      gross: 1000,
      margin: 200,
      miles: 500,
      rate_per_mile: 2,
    });
    const price = await testApp.app.inject({
      method: 'PUT',
      url: `${API}/loads/active/${id}/change-price`,
      headers: world.sessions.manager.headers,
      payload: { broker_price: 1250, driver_price: 900 },
    });
    expect(price.statusCode).toBe(200);
    expect((await countStats(world.sessions.admin, june)).body.figures).toEqual({
      loads: 1,
      gross: 1250,
      margin: 350,
      miles: 500,
      rate_per_mile: 2.5,
    });
    const cancel = await testApp.app.inject({
      method: 'PUT',
      url: `${API}/loads/active/${id}/cancel`,
      headers: world.sessions.manager.headers,
      payload: { driver_price: 0 },
    });
    expect(cancel.statusCode).toBe(200);
    const canceled = (await countStats(world.sessions.admin, june)).body;
    expect(canceled.figures).toEqual({ loads: 0, gross: 0, margin: 0, miles: 0, rate_per_mile: null });
    expect(canceled.loads.by_list).toEqual({ active: 0, checkout: 0, completed: 0, canceled: 1 });
  });
});

describe('GET dashboard/graphs/all', () => {
  it('every day of November, the days adding up to the period and to count-stats', async () => {
    const { status, body } = await graphs();
    expect(status).toBe(200);
    expect(body.days).toHaveLength(30);
    const withLoads = body.days.filter((day) => day.loads > 0);
    expect(withLoads).toEqual([
      { date: '2026-11-02', loads: 1, gross: 2000, margin: 500 },
      { date: '2026-11-03', loads: 1, gross: 1500, margin: 300 },
      { date: '2026-11-10', loads: 1, gross: 300, margin: 150 },
      { date: '2026-11-20', loads: 1, gross: 2500, margin: 500 },
      { date: '2026-11-27', loads: 1, gross: 800, margin: 200 },
      { date: '2026-11-30', loads: 1, gross: 1000, margin: 300 },
    ]);
    expect(body.total).toEqual({ loads: 6, gross: 8100, margin: 1950 });
    const figures = (await countStats()).body.figures;
    expect(body.total).toEqual({ loads: figures.loads, gross: figures.gross, margin: figures.margin });
  });

  it('ISO weeks touching the period sum only its days: the October load stays out of week 44', async () => {
    const { body } = await graphs();
    expect(body.weeks.map((week) => [week.year, week.week, week.week_start, week.loads, week.gross])).toEqual(
      [
        [2026, 44, '2026-10-26', 0, 0],
        [2026, 45, '2026-11-02', 2, 3500],
        [2026, 46, '2026-11-09', 1, 300],
        [2026, 47, '2026-11-16', 1, 2500],
        [2026, 48, '2026-11-23', 1, 800],
        [2026, 49, '2026-11-30', 1, 1000],
      ],
    );
    expect(body.weeks[5]!.week_end).toBe('2026-12-06');
  });

  it('last week and this week by the clock (Friday 27 November)', async () => {
    const last = await graphs(world.sessions.admin, { period: 'last_week' });
    expect(last.body.period).toMatchObject({ date_from: '2026-11-16', date_to: '2026-11-22' });
    expect(last.body.total).toEqual({ loads: 1, gross: 2500, margin: 500 });
    const current = await graphs(world.sessions.admin, { period: 'this_week' });
    expect(current.body.days.map((day) => day.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(current.body.total).toEqual({ loads: 1, gross: 800, margin: 200 });
  });

  it("a subgroup's graph and a dispatcher's own", async () => {
    const subgroup = await graphs(world.sessions.admin, { ...NOVEMBER, subgroup: world.teams.s2 });
    expect(subgroup.body.total).toEqual({ loads: 2, gross: 1300, margin: 450 });
    const own = await graphs(world.sessions.dispatcher2);
    expect(own.body.total).toEqual({ loads: 2, gross: 1300, margin: 450 });
  });
});

describe('roles and bad input', () => {
  it('only admins, managers and dispatchers see the dashboard', async () => {
    for (const session of [world.sessions.tracker, world.sessions.accountant]) {
      expect((await countStats(session)).status).toBe(403);
      expect((await graphs(session)).status).toBe(403);
    }
    const anonymous = await testApp.app.inject({ method: 'GET', url: `${API}/dashboard/count-stats` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a bad period, a range without its dates, reversed or too long: 400 naming the field', async () => {
    const fieldsOf = async (query: Record<string, string>) => {
      const { status, body } = await countStats(world.sessions.admin, query);
      expect(status).toBe(400);
      return Object.keys((body as unknown as { fields: Record<string, string[]> }).fields);
    };
    expect(await fieldsOf({ period: 'yesterday' })).toEqual(['period']);
    expect(await fieldsOf({ period: 'range' })).toEqual(['date_from', 'date_to']);
    expect(await fieldsOf({ period: 'range', date_from: '2026-11-30', date_to: '2026-11-01' })).toEqual([
      'date_to',
    ]);
    expect(await fieldsOf({ period: 'range', date_from: '2025-01-01', date_to: '2026-06-01' })).toEqual([
      'date_to',
    ]);
    expect(await fieldsOf({ period: 'range', date_from: '2026-02-30', date_to: '2026-03-01' })).toEqual([
      'date_from',
    ]);
    expect(await fieldsOf({ working_group: 'abc' })).toEqual(['working_group']);
    expect(await fieldsOf({ subgroup: '0' })).toEqual(['subgroup']);
  });
});
