import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountingWeekOf } from '@app/domain/accounting/accounting.rules';
import type { BrokerAgeingResponse, BrokerDaysToPay } from '@app/domain/accounting/broker-payments.schema';
import type { OwnerPaymentList } from '@app/domain/accounting/payments.schema';
import { addPayWeeks, payWeekKey } from '@app/domain/accounting/pay-weeks.rules';
import { login } from '../../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { seedDemoData } from './demo';

// The demo's accounting history: its finished loads reach back about ten weeks, so that the accounting and
// pay weeks have loads, the brokers' ageing shows invoices current and past due, and each broker its own
// average days to pay.

const NOW = new Date('2025-03-12T15:30:00Z');
const TODAY = '2025-03-12';
/** The ten accounting weeks up to NOW's (week 11 of 2025): weeks 2 to 11. */
const TEN_WEEKS = Array.from({ length: 10 }, (_, index) => addPayWeeks(accountingWeekOf(NOW), index - 9));

let database: TestDatabase;
let testApp: TestApp;
let demoCompanyId: number;
let headers: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  expect(await seedDemoData(database.db, { now: NOW })).toEqual({ seeded: true });
  const demo = await database.db
    .selectFrom('companies')
    .select('id')
    .where('name', '=', 'Demo Carrier')
    .executeTakeFirstOrThrow();
  demoCompanyId = demo.id;
  testApp = await buildTestApp(database.db);
  headers = (await login(testApp.app, 'accountant@demo.test', 'demo1234')).headers;
});

afterAll(async () => {
  await testApp?.close();
  await database?.drop();
});

async function get<Body>(path: string): Promise<Body> {
  const response = await testApp.app.inject({ method: 'GET', url: `/backend/api/v2/${path}`, headers });
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  return response.json<Body>();
}

const finishedLoads = () =>
  database.db
    .selectFrom('loads')
    .select(['id', 'status', 'list_class', 'delivered_at', 'load_accounting_week', 'load_accounting_year'])
    .where('company_id', '=', demoCompanyId)
    .where('list_class', 'in', [2, 3])
    .execute();

describe('the demo accounting history', () => {
  it('spreads the delivered and completed loads over the last ten weeks, each in the week it was delivered', async () => {
    const loads = await finishedLoads();
    const weeks = new Map<string, number>();
    for (const load of loads) {
      const key = payWeekKey({ year: load.load_accounting_year!, week: load.load_accounting_week! });
      weeks.set(key, (weeks.get(key) ?? 0) + 1);
      // A delivered load's week is its delivery's (a TONU's, the TONU's), as the product books it.
      if (load.delivered_at) {
        expect(accountingWeekOf(load.delivered_at), `load ${load.id}`).toEqual({
          year: load.load_accounting_year,
          week: load.load_accounting_week,
        });
      }
    }
    for (const week of TEN_WEEKS) expect(weeks.get(payWeekKey(week)), payWeekKey(week)).toBeGreaterThan(5);
    const older = [...weeks.keys()].filter((key) => key < payWeekKey(TEN_WEEKS[0]!));
    expect(older.reduce((sum, key) => sum + weeks.get(key)!, 0)).toBeLessThan(loads.length / 10);
  });

  it('keeps checkout to the latest deliveries, with a few delivered weeks ago whose paperwork is missing', async () => {
    const checkout = (await finishedLoads()).filter((load) => load.list_class === 2);
    const lastTwoWeeks = new Set(TEN_WEEKS.slice(-2).map(payWeekKey));
    const stale = checkout.filter(
      (load) =>
        !lastTwoWeeks.has(payWeekKey({ year: load.load_accounting_year!, week: load.load_accounting_week! })),
    );
    expect(stale.length).toBeGreaterThan(0);
    expect(stale.length).toBeLessThanOrEqual(3);
  });

  it('leaves invoices unpaid current and past due, so that the ageing has amounts in several buckets', async () => {
    const ageing = await get<BrokerAgeingResponse>(`payments/brokers/ageing?as_of=${TODAY}&limit=100`);
    expect(ageing.totals.current).toBeGreaterThan(0);
    expect(ageing.totals.days_1_30).toBeGreaterThan(0);
    expect(ageing.totals.days_31_60).toBeGreaterThan(0);
    expect(ageing.count).toBeGreaterThan(10);
    const pastDue = ageing.results.filter(
      (row) =>
        row.amounts.days_1_30 + row.amounts.days_31_60 + row.amounts.days_61_90 + row.amounts.over_90 > 0,
    );
    expect(pastDue.length).toBeGreaterThan(2);
  });

  it('gives each broker its own pace of paying, every invoice paid before now and after it was sent', async () => {
    const paid = await database.db
      .selectFrom('payments')
      .select(['broker_company_id', 'invoice_date', 'paid_at'])
      .where('company_id', '=', demoCompanyId)
      .where('type', '=', 'broker')
      .where('invoice_status', '=', 3)
      .execute();
    expect(paid.length).toBeGreaterThan(50);
    for (const payment of paid) {
      expect(payment.paid_at!.getTime()).toBeLessThan(NOW.getTime());
      expect(payment.paid_at!.getTime()).toBeGreaterThan(new Date(payment.invoice_date!).getTime());
    }
    const brokers = [...new Set(paid.map((payment) => payment.broker_company_id!))];
    const averages: number[] = [];
    for (const id of brokers) {
      const answer = await get<BrokerDaysToPay>(`payments/brokers/${id}/days-to-pay`);
      if (answer.paid_invoices >= 3) averages.push(answer.average_days_to_pay!);
    }
    expect(averages.length).toBeGreaterThan(4);
    expect(Math.min(...averages)).toBeGreaterThanOrEqual(7);
    expect(Math.max(...averages)).toBeLessThanOrEqual(80);
    expect(Math.max(...averages) - Math.min(...averages)).toBeGreaterThan(10);
  });

  it('gives the owners pay in each of the ten weeks', async () => {
    for (const week of TEN_WEEKS) {
      const list = await get<OwnerPaymentList>(
        `payments/owners/all?week=${week.week}&year=${week.year}&limit=100`,
      );
      const withLoads = list.results.filter((row) => row.loads_count > 0);
      expect(withLoads.length, payWeekKey(week)).toBeGreaterThan(3);
      expect(list.totals.amount, payWeekKey(week)).toBeGreaterThan(0);
    }
  });
});
