import type { BrokerCountStats, BrokerDashboard, BrokerList } from '@app/domain/dashboard/dashboard.schema';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../test/auth-helpers';
import { setUpTestApp } from '../../../test/test-suite';
import { API, createDashboardWorld, getDashboard, NOW } from './dashboard.fixtures';

// GET dashboard/broker-company/all, /count-stats and /{id}/ on the November of dashboard.fixtures.ts. Days
// to pay are the accounting module's (b1: invoices paid in 10 and 20 days; b2: none paid).

const { database, testApp, world } = setUpTestApp(createDashboardWorld, { now: () => NOW });

const NOVEMBER = { period: 'range', date_from: '2026-11-01', date_to: '2026-11-30' } as const;
type Query = Record<string, string | number>;

const brokerList = (session: Session, query: Query = {}) =>
  getDashboard<BrokerList>(testApp.app, session, 'broker-company/all', { ...NOVEMBER, ...query });
const brokerStats = (session: Session, query: Query = {}) =>
  getDashboard<BrokerCountStats>(testApp.app, session, 'broker-company/count-stats', {
    ...NOVEMBER,
    ...query,
  });
const broker = (session: Session, id: number | string, query: Query = {}) =>
  getDashboard<BrokerDashboard>(testApp.app, session, `broker-company/${id}/`, { ...NOVEMBER, ...query });

describe('GET dashboard/broker-company/all', () => {
  it('brokers of the period with their loads, gross, margin, miles, rate per mile and days to pay', async () => {
    const { status, body } = await brokerList(world.sessions.admin);
    expect(status).toBe(200);
    expect(body.count).toBe(2);
    expect(body.results).toEqual([
      {
        broker_company: world.brokers.b1,
        // L1, L3, L6.
        loads: 3,
        gross: 5500,
        margin: 1300,
        miles: 2200,
        rate_per_mile: 2.5,
        average_days_to_pay: 15,
        paid_invoices: 2,
      },
      {
        broker_company: { ...world.brokers.b2, mc_number: expect.any(String) as string },
        // L2, L4 (TONU) and L8.
        loads: 3,
        gross: 2600,
        margin: 650,
        miles: 900,
        rate_per_mile: 2.89,
        average_days_to_pay: null,
        paid_invoices: 0,
      },
    ]);
    expect(body.totals).toEqual({ loads: 6, gross: 8100, margin: 1950, miles: 3100, rate_per_mile: 2.61 });
  });

  it('ranks by rate per mile and by days to pay, a broker never paid coming last either way', async () => {
    const byRate = await brokerList(world.sessions.admin, { sort: 'rate_per_mile' });
    expect(byRate.body.results.map((row) => row.broker_company.id)).toEqual([
      world.brokers.b2.id,
      world.brokers.b1.id,
    ]);
    for (const order of ['asc', 'desc']) {
      const byDays = await brokerList(world.sessions.admin, { sort: 'days_to_pay', order });
      expect(byDays.body.results.map((row) => row.broker_company.id)).toEqual([
        world.brokers.b1.id,
        world.brokers.b2.id,
      ]);
    }
  });

  it("a dispatcher's brokers hold their own loads only; a subgroup narrows them", async () => {
    const own = await brokerList(world.sessions.dispatcher2);
    expect(own.body.results.map((row) => [row.broker_company.id, row.loads, row.gross])).toEqual([
      [world.brokers.b1.id, 1, 1000],
      [world.brokers.b2.id, 1, 300],
    ]);
    const subgroup = await brokerList(world.sessions.manager, { subgroup: world.teams.s1 });
    expect(subgroup.body.totals).toMatchObject({ loads: 3, gross: 4300 });
  });

  it('another company sees its own broker only', async () => {
    const { body } = await brokerList(world.other.admin);
    expect(body.results.map((row) => [row.broker_company.id, row.gross])).toEqual([
      [world.other.broker, 4000],
    ]);
  });
});

describe('GET dashboard/broker-company/count-stats', () => {
  it('brokers, new brokers, figures, the top five share and days to pay', async () => {
    const { status, body } = await brokerStats(world.sessions.admin);
    expect(status).toBe(200);
    expect(body).toEqual({
      period: { period: 'range', date_from: '2026-11-01', date_to: '2026-11-30' },
      brokers: 2,
      // b1 had L11 on 31 October; b2's first load is in November.
      new_brokers: 1,
      figures: { loads: 6, gross: 8100, margin: 1950, miles: 3100, rate_per_mile: 2.61 },
      top_five_share: 100,
      average_days_to_pay: 15,
    });
  });

  it('December: one broker, not new; no loads at all: nulls', async () => {
    const december = await brokerStats(world.sessions.admin, {
      date_from: '2026-12-01',
      date_to: '2026-12-31',
    });
    expect(december.body).toMatchObject({ brokers: 1, new_brokers: 0, top_five_share: 100 });
    const empty = await brokerStats(world.sessions.admin, { date_from: '2025-01-01', date_to: '2025-01-31' });
    expect(empty.body).toMatchObject({
      brokers: 0,
      new_brokers: 0,
      top_five_share: null,
      average_days_to_pay: null,
      figures: { loads: 0, gross: 0, margin: 0, miles: 0, rate_per_mile: null },
    });
  });

  it("a dispatcher's brokers: their own loads only", async () => {
    const { body } = await brokerStats(world.sessions.dispatcher3);
    expect(body).toMatchObject({ brokers: 1, new_brokers: 1, figures: { loads: 1, gross: 2500 } });
  });
});

describe('GET dashboard/broker-company/{id}/', () => {
  it("one broker's period, the period before, its first and last load and twelve months", async () => {
    const { status, body } = await broker(world.sessions.admin, world.brokers.b1.id);
    expect(status).toBe(200);
    expect(body.broker_company).toEqual(world.brokers.b1);
    expect(body.figures).toEqual({ loads: 3, gross: 5500, margin: 1300, miles: 2200, rate_per_mile: 2.5 });
    // The thirty days before: 2 to 31 October, which holds L11 (23:59 Eastern on the 31st).
    expect(body.previous).toEqual({
      date_from: '2026-10-02',
      date_to: '2026-10-31',
      figures: { loads: 1, gross: 700, margin: 200, miles: 350, rate_per_mile: 2 },
    });
    expect(body).toMatchObject({
      average_days_to_pay: 15,
      paid_invoices: 2,
      first_load_date: '2026-10-31',
      // L10, 00:30 Eastern on 1 December.
      last_load_date: '2026-12-01',
    });
    expect(body.months.map((month) => month.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(body.months.filter((month) => month.loads > 0).map((month) => [month.month, month.gross])).toEqual(
      [
        ['2026-10', 700],
        ['2026-11', 5500],
      ],
    );
  });

  it('a dispatcher sees the broker through their own loads; a broker they never worked with is zeros', async () => {
    const own = await broker(world.sessions.dispatcher3, world.brokers.b1.id);
    expect(own.body.figures).toMatchObject({ loads: 1, gross: 2500 });
    expect(own.body).toMatchObject({ first_load_date: '2026-11-20', last_load_date: '2026-11-20' });
    const never = await broker(world.sessions.dispatcher3, world.brokers.b2.id);
    expect(never.status).toBe(200);
    expect(never.body).toMatchObject({ figures: { loads: 0, gross: 0 }, first_load_date: null });
  });

  it("another company's broker and an unknown id are 404; a bad id or period is 400 naming the field", async () => {
    expect((await broker(world.sessions.admin, world.other.broker)).status).toBe(404);
    expect((await broker(world.other.admin, world.brokers.b1.id)).status).toBe(404);
    expect((await broker(world.sessions.admin, 999_999_999)).status).toBe(404);
    const badId = await broker(world.sessions.admin, 'abc');
    expect(badId.status).toBe(400);
    expect(Object.keys((badId.body as unknown as { fields: object }).fields)).toEqual(['id']);
    const badPeriod = await broker(world.sessions.admin, world.brokers.b1.id, {
      period: 'range',
      date_from: 'x',
    });
    expect(badPeriod.status).toBe(400);
    expect(Object.keys((badPeriod.body as unknown as { fields: object }).fields)).toContain('date_from');
  });

  it('the lists take only their own sort columns and a page within limits', async () => {
    const fieldsOf = async (query: Query) => {
      const { status, body } = await brokerList(world.sessions.admin, query);
      expect(status).toBe(400);
      return Object.keys((body as unknown as { fields: object }).fields);
    };
    expect(await fieldsOf({ sort: 'days_on_road' })).toEqual(['sort']);
    expect(await fieldsOf({ order: 'up' })).toEqual(['order']);
    expect(await fieldsOf({ page: 0 })).toEqual(['page']);
    expect(await fieldsOf({ limit: 501 })).toEqual(['limit']);
  });

  it('only admins, managers and dispatchers', async () => {
    expect((await broker(world.sessions.tracker, world.brokers.b1.id)).status).toBe(403);
    expect((await brokerList(world.sessions.accountant)).status).toBe(403);
    expect((await brokerStats(world.sessions.tracker)).status).toBe(403);
  });
});

describe('days to pay: the accounting module’s number, kept as invoices are paid', () => {
  it('equals GET payments/brokers/{id}/days-to-pay, and follows an invoice paid through the payments API', async () => {
    const accounting = async (id: number) =>
      (
        await testApp.app.inject({
          method: 'GET',
          url: `${API}/payments/brokers/${id}/days-to-pay`,
          headers: world.sessions.admin.headers,
        })
      ).json<{ average_days_to_pay: number | null; paid_invoices: number }>();
    const b1 = (await broker(world.sessions.admin, world.brokers.b1.id)).body;
    expect(await accounting(world.brokers.b1.id)).toMatchObject({
      average_days_to_pay: b1.average_days_to_pay,
      paid_invoices: b1.paid_invoices,
    });

    // L2's invoice to b2, sent on 10 November, is paid today (27 November, the services' clock): 17 days.
    const { id: paymentId } = await database.db
      .insertInto('payments')
      .values({
        company_id: world.company.id,
        type: 'broker',
        status: 2,
        load_id: world.loads.l2,
        broker_company_id: world.brokers.b2.id,
        week: 45,
        year: 2026,
        invoice_status: 2,
        invoice_date: '2026-11-10',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const paid = await testApp.app.inject({
      method: 'PUT',
      url: `${API}/payments/update-status`,
      headers: world.sessions.admin.headers,
      payload: { payments_ids: [paymentId], type: 'broker', status: 8 },
    });
    expect(paid.statusCode).toBe(200);
    const b2 = (await broker(world.sessions.admin, world.brokers.b2.id)).body;
    expect(b2).toMatchObject({ average_days_to_pay: 17, paid_invoices: 1 });
    expect(await accounting(world.brokers.b2.id)).toMatchObject({
      average_days_to_pay: 17,
      paid_invoices: 1,
    });
    // b1's 10 and 20 days and b2's 17: 47 days over 3 invoices.
    expect((await brokerStats(world.sessions.admin)).body.average_days_to_pay).toBe(15.7);
  });
});
