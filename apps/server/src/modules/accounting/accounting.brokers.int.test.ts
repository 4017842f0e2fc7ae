import type {
  BrokerAgeingResponse,
  BrokerPaymentListResponse,
} from '@app/domain/accounting/broker-payments.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../test/auth-helpers';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import { createAccountingWorld, insertAccountingLoad, V2 } from './accounting.fixtures';

// What brokers owe: GET payments/brokers/all with its totals and filters, PUT payments/update-quickpay/{id},
// GET payments/brokers/ageing and GET payments/brokers/{id}/days-to-pay; roles and another company's ids.

const suite = setUpTestApp(createAccountingWorld);
const { testApp, world } = suite;
const recorded = recordEventsOfEachTest(testApp);

const request = (method: 'GET' | 'PUT', path: string, session: Session, payload?: object) =>
  testApp.app.inject({ method, url: `${V2}/${path}`, headers: session.headers, payload });

const paymentIds = (body: BrokerPaymentListResponse) => body.results.map((row) => row.id);

let acme: number;
let shady: number;
const payments: Record<string, number> = {};

beforeAll(async () => {
  const db = suite.database.db;
  acme = world.brokers[0]!.id;
  shady = world.brokers[1]!.id;
  const add = async (name: string, options: Parameters<typeof insertAccountingLoad>[2]) => {
    const { paymentId } = await insertAccountingLoad(db, world.company.id, {
      dispatcherId: world.users.dispatcher.id,
      workingGroupId: world.team.id,
      ...options,
    });
    payments[name] = paymentId!;
  };
  // Acme, 1 January on 30 days (due 31 January): 90 days past due on 1 May.
  await add('late', { brokerId: acme, rateconfRef: 'RC-LATE', payment: { invoice_date: '2026-01-01' } });
  // Acme, quick pay at 2.5 %, 20 April on 15 days (due 5 May): current on 1 May.
  await add('quick', {
    brokerId: acme,
    brokerPriceCents: 10_010,
    payment: { invoice_date: '2026-04-20', days_to_pay: 15, quickpay_percent: '2.50' },
  });
  // Shady, 1 March on 30 days (due 31 March): 31 days past due on 1 May.
  await add('shady', {
    brokerId: shady,
    brokerPriceCents: 50_000,
    week: 11,
    payment: { invoice_date: '2026-03-01' },
  });
  // Acme paid in 20 and 30 days (completed).
  await add('paid1', {
    brokerId: acme,
    status: 10,
    payment: {
      status: 8,
      invoice_status: 3,
      invoice_date: '2026-02-01',
      paid_at: new Date('2026-02-21T15:00:00Z'),
    },
  });
  await add('paid2', {
    brokerId: acme,
    status: 10,
    payment: {
      status: 8,
      invoice_status: 3,
      invoice_date: '2026-02-10',
      paid_at: new Date('2026-03-12T15:00:00Z'),
    },
  });
});

describe('GET payments/brokers/all', () => {
  it('lists the active broker payments with their load and broker, and the totals of what is listed', async () => {
    const response = await request('GET', 'payments/brokers/all', world.sessions.accountant);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<BrokerPaymentListResponse>();
    expect(paymentIds(body)).toEqual([payments.shady, payments.quick, payments.late]);
    expect(body.results.find((row) => row.id === payments.quick)).toMatchObject({
      type: 'broker',
      broker_company: { id: acme },
      amount: 100.1,
      quickpay_percent: 2.5,
      quickpay_deduction: 2.5,
      income: 97.6,
      invoice_date: '2026-04-20',
      due_date: '2026-05-05',
      load: { status: 8, pick_up: { city: 'Dallas' }, dispatcher: { id: world.users.dispatcher.id } },
    });
    // 1000 + 100.10 + 500 listed; 2.50 of quick pay; all unpaid.
    expect(body.totals).toEqual({ amount: 1600.1, quickpay_deduction: 2.5, income: 1597.6, unpaid: 1597.6 });
    expect(body.count).toBe(3);
  });

  it('filters by list, week, year, status, broker, team and text', async () => {
    const cases: [string, number[]][] = [
      ['list=completed', [payments.paid2!, payments.paid1!]],
      ['week=11&year=2026', [payments.shady!]],
      [`broker=${shady}`, [payments.shady!]],
      ['text=rc-la', [payments.late!]],
      ['text=shady', [payments.shady!]],
      [`team=${world.team.id}&status=1`, [payments.shady!, payments.quick!, payments.late!]],
      ['status=2', []],
      ['year=2025', []],
    ];
    for (const [query, expected] of cases) {
      const response = await request('GET', `payments/brokers/all?${query}`, world.sessions.manager);
      expect(response.statusCode, query).toBe(200);
      expect(paymentIds(response.json()), query).toEqual(expected);
    }
  });

  it("names a bad filter's field; is for admins, managers and accountants; never shows another company", async () => {
    const bad = await request('GET', 'payments/brokers/all?list=paid&status=10', world.sessions.accountant);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ fields: object }>().fields).sort()).toEqual(['list', 'status']);
    for (const role of ['dispatcher', 'tracker', 'hr'] as const) {
      expect((await request('GET', 'payments/brokers/all', world.sessions[role])).statusCode).toBe(403);
    }
    const other = await request('GET', 'payments/brokers/all', world.other.accountant);
    expect(paymentIds(other.json())).toEqual([world.other.paymentId]);
  });
});

describe('PUT payments/update-quickpay/{id}', () => {
  it('sets a percent, the company default with true, and none with null, publishing update_accounting', async () => {
    const id = payments.late!;
    const set = await request('PUT', `payments/update-quickpay/${id}`, world.sessions.accountant, {
      quickpay: '3.5',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      id,
      quickpay_percent: 3.5,
      amount: 1000,
      quickpay_deduction: 35,
      income: 965,
    });
    expect(recorded.events.filter((event) => event.event === 'update_accounting')).toEqual([
      expect.objectContaining({
        data: { load_ids: [set.json<{ load: { id: number } }>().load.id], payment_ids: [id] },
      }),
    ]);
    const byDefault = await request('PUT', `payments/update-quickpay/${id}`, world.sessions.manager, {
      quickpay: true,
    });
    expect(byDefault.json()).toMatchObject({ quickpay_percent: 3, quickpay_deduction: 30 });
    const none = await request('PUT', `payments/update-quickpay/${id}`, world.sessions.admin, {
      quickpay: null,
    });
    expect(none.json()).toMatchObject({ quickpay_percent: null, quickpay_deduction: 0, income: 1000 });
  });

  it("refuses an owner's payment, bad percents naming the field, other roles and another company's payment", async () => {
    const owner = await suite.database.db
      .insertInto('payments')
      .values({ company_id: world.company.id, type: 'owner', owner_id: world.owner.id, week: 10, year: 2026 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await request('PUT', `payments/update-quickpay/${owner.id}`, world.sessions.accountant, {
      quickpay: 3,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'quickpay_not_broker',
      detail: 'Quick pay applies only to a broker payment.',
    });
    for (const quickpay of [101, '2.555', 'fast']) {
      const bad = await request(
        'PUT',
        `payments/update-quickpay/${payments.quick}`,
        world.sessions.accountant,
        {
          quickpay,
        },
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ fields: { quickpay: [expect.any(String)] } });
    }
    const dispatcher = await request(
      'PUT',
      `payments/update-quickpay/${payments.quick}`,
      world.sessions.dispatcher,
      {
        quickpay: 1,
      },
    );
    expect(dispatcher.statusCode).toBe(403);
    const other = await request(
      'PUT',
      `payments/update-quickpay/${world.other.paymentId}`,
      world.sessions.accountant,
      {
        quickpay: 1,
      },
    );
    expect(other.statusCode).toBe(404);
    const percentOf = async (id: number) =>
      (
        await suite.database.db
          .selectFrom('payments')
          .select('quickpay_percent')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).quickpay_percent;
    expect(await percentOf(payments.quick!)).toBe('2.50');
    expect(await percentOf(world.other.paymentId)).toBeNull();
  });
});

describe('the ageing of unpaid invoices', () => {
  it("puts each broker's unpaid income in its bucket of days past due, most owed first", async () => {
    const response = await request(
      'GET',
      'payments/brokers/ageing?as_of=2026-05-01',
      world.sessions.accountant,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<BrokerAgeingResponse>();
    expect(body.as_of).toBe('2026-05-01');
    const acmeMcNumber = body.results[0]?.broker_company.mc_number;
    expect(acmeMcNumber).toMatch(/^MC/);
    expect(body.results).toEqual([
      {
        broker_company: { id: acme, name: world.brokers[0]!.name, mc_number: acmeMcNumber },
        // 1000 (late: 90 days past due) + 97.60 (quick pay, current)
        amounts: { current: 97.6, days_1_30: 0, days_31_60: 0, days_61_90: 1000, over_90: 0, total: 1097.6 },
        unpaid_invoices: 2,
        average_days_to_pay: 25,
        paid_invoices: 2,
      },
      {
        broker_company: { id: shady, name: world.brokers[1]!.name, mc_number: null },
        amounts: { current: 0, days_1_30: 0, days_31_60: 500, days_61_90: 0, over_90: 0, total: 500 },
        unpaid_invoices: 1,
        average_days_to_pay: null,
        paid_invoices: 0,
      },
    ]);
    expect(body.totals).toEqual({
      current: 97.6,
      days_1_30: 0,
      days_31_60: 500,
      days_61_90: 1000,
      over_90: 0,
      total: 1597.6,
    });
    expect(body.count).toBe(2);
    const later = await request(
      'GET',
      `payments/brokers/ageing?as_of=2026-05-02&broker=${acme}`,
      world.sessions.admin,
    );
    expect(later.json<BrokerAgeingResponse>().results[0]!.amounts).toMatchObject({
      days_61_90: 0,
      over_90: 1000,
    });
  });

  it("answers a broker's average days to pay, 404 for another company's broker", async () => {
    const response = await request('GET', `payments/brokers/${acme}/days-to-pay`, world.sessions.dispatcher);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ broker_company_id: acme, average_days_to_pay: 25, paid_invoices: 2 });
    const none = await request('GET', `payments/brokers/${shady}/days-to-pay`, world.sessions.accountant);
    expect(none.json()).toEqual({ broker_company_id: shady, average_days_to_pay: null, paid_invoices: 0 });
    const brokerOfOther = await suite.database.db
      .insertInto('broker_companies')
      .values({ company_id: world.other.company.id, name: 'Elsewhere' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const other = await request(
      'GET',
      `payments/brokers/${brokerOfOther.id}/days-to-pay`,
      world.sessions.accountant,
    );
    expect(other.statusCode).toBe(404);
    expect((await request('GET', 'payments/brokers/ageing', world.sessions.hr)).statusCode).toBe(403);
  });
});
