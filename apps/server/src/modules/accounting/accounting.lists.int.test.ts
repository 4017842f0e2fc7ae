import type { AccountingLoadListResponse } from '@app/domain/accounting/income.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../test/auth-helpers';
import { setUpTestApp } from '../../../test/test-suite';
import { insertLoad } from '../loads/loads.fixtures';
import { createAccountingWorld, insertAccountingLoad, V2 } from './accounting.fixtures';

// GET loads/lol (the accounting list of loads) and GET loads/income (active, completed, quick-pay): who may
// read them, a dispatcher's own loads, another company's loads, every filter and the totals.

const suite = setUpTestApp(createAccountingWorld);
const { testApp, world } = suite;

const get = (path: string, session: Session) =>
  testApp.app.inject({ method: 'GET', url: `${V2}/${path}`, headers: session.headers });

const ids = (body: AccountingLoadListResponse) => body.results.map((row) => row.id);

let loads: Record<'delivered' | 'quick' | 'factored' | 'completed' | 'otherWeek' | 'notMine', number>;
let activeLoad: number;

beforeAll(async () => {
  const db = suite.database.db;
  const company = world.company.id;
  const mine = {
    dispatcherId: world.users.dispatcher.id,
    brokerId: world.brokers[0]!.id,
    workingGroupId: world.team.id,
    vehicleId: world.vehicles[0]!.id,
    driverId: world.drivers[0]!.id,
  };
  const add = async (options: Parameters<typeof insertAccountingLoad>[2]) =>
    (await insertAccountingLoad(db, company, { ...mine, ...options })).loadId;
  loads = {
    delivered: await add({
      rateconfRef: 'RC-ALPHA',
      accountingNumber: 4242,
      files: ['rate_confirmation'],
      payment: { status: 2 },
    }),
    quick: await add({ brokerPriceCents: 123_450, payment: { quickpay_percent: '3.50' } }),
    factored: await add({
      status: 9,
      brokerPriceCents: 25_000,
      driverPriceCents: 15_000,
      payment: { status: 3 },
    }),
    completed: await add({
      status: 10,
      payment: { status: 8, invoice_status: 3 },
      points: [
        ['Austin', 'TX'],
        ['Denver', 'CO'],
      ],
    }),
    otherWeek: await add({ week: 11, payment: {} }),
    notMine: await add({ dispatcherId: world.users.manager.id, brokerId: world.brokers[1]!.id, payment: {} }),
  };
  activeLoad = await insertLoad(db, company, { status: 5, dispatcherId: world.users.dispatcher.id });
});

describe('GET loads/lol', () => {
  it('lists the loads of checkout and completed, newest first, with their payment, money and totals', async () => {
    const response = await get('loads/lol?week=10&year=2026', world.sessions.accountant);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AccountingLoadListResponse>();
    expect(ids(body)).toEqual([loads.notMine, loads.completed, loads.factored, loads.quick, loads.delivered]);
    expect(ids(body)).not.toContain(activeLoad);
    const quick = body.results.find((row) => row.id === loads.quick)!;
    expect(quick).toMatchObject({
      accounting_status: 1,
      accounting_status_name: 'Standard',
      pay_status: 'Quickpay',
      broker_price: 1234.5,
      owner: { id: world.owner.id, name: 'Olga Owner' },
      documents: { rate_confirmation: false, proof_of_delivery: false },
      payment: {
        status: 1,
        invoice_status: 1,
        quickpay_percent: 3.5,
        amount: 1234.5,
        quickpay_deduction: 43.21,
        income: 1191.29,
      },
    });
    expect(body.results.find((row) => row.id === loads.delivered)).toMatchObject({
      load_accounting_number_display: '004242',
      documents: { rate_confirmation: true, proof_of_delivery: false },
      pick_up: { city: 'Dallas', state: 'TX' },
      delivery: { city: 'Houston', state: 'TX' },
    });
    expect(body.results.find((row) => row.id === loads.factored)?.pay_status).toBe('TONU');
    // 1000 + 1234.50 + 250 + 1000 + 1000 in; 800 * 4 + 150 out; 43.21 of quick pay.
    expect(body.totals).toEqual({
      broker_price: 4484.5,
      driver_price: 3350,
      quickpay_deduction: 43.21,
      income: 4441.29,
    });
    expect(body.count).toBe(5);
  });

  it('filters by every accounting filter and by those of the load lists', async () => {
    const cases: [string, number[]][] = [
      ['week=11', [loads.otherWeek]],
      ['accounting_status=8', [loads.completed]],
      ['payment_status=2', [loads.delivered]],
      ['invoice_status=3', [loads.completed]],
      ['factoring=true', [loads.factored]],
      ['search=rc-al', [loads.delivered]],
      ['search=004242', [loads.delivered]],
      ['search=denv', [loads.completed]],
      ['state=CO', [loads.completed]],
      [`broker=${world.brokers[1]!.id}`, [loads.notMine]],
      [`dispatcher=${world.users.manager.id}`, [loads.notMine]],
    ];
    for (const [query, expected] of cases) {
      const response = await get(`loads/lol?${query}`, world.sessions.manager);
      expect(response.statusCode, query).toBe(200);
      expect(ids(response.json()), query).toEqual(expected);
    }
    const notFactored = await get('loads/lol?factoring=false&week=10', world.sessions.manager);
    expect(ids(notFactored.json())).not.toContain(loads.factored);
    expect(notFactored.json<AccountingLoadListResponse>().count).toBe(4);
  });

  it('shows a dispatcher only their own loads, and names the field of a bad filter', async () => {
    const response = await get(`loads/lol?dispatcher=${world.users.manager.id}`, world.sessions.dispatcher);
    expect(ids(response.json())).toEqual([]);
    const own = await get('loads/lol?week=10', world.sessions.dispatcher);
    expect(ids(own.json())).not.toContain(loads.notMine);
    expect(own.json<AccountingLoadListResponse>().count).toBe(4);
    const bad = await get('loads/lol?week=54&factoring=maybe', world.sessions.accountant);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ fields: object }>().fields).sort()).toEqual(['factoring', 'week']);
  });

  it('is for admins, managers, dispatchers and accountants only, and never shows another company', async () => {
    for (const role of ['tracker', 'hr'] as const) {
      expect((await get('loads/lol', world.sessions[role])).statusCode).toBe(403);
    }
    const other = await get('loads/lol', world.other.accountant);
    expect(ids(other.json())).toEqual([world.other.loadId]);
  });
});

describe('GET loads/income', () => {
  it('splits the loads of accounting into active and completed by the accounting status', async () => {
    const active = await get('loads/income?type=active&week=10', world.sessions.accountant);
    expect(ids(active.json())).toEqual([loads.notMine, loads.factored, loads.quick, loads.delivered]);
    const completed = await get('loads/income?type=completed', world.sessions.accountant);
    expect(ids(completed.json())).toEqual([loads.completed]);
  });

  it('lists the quick pay loads, and the badge reads their count from page 1 with limit 1', async () => {
    const response = await get('loads/income?type=quick-pay&page=1&limit=1', world.sessions.admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ count: 1, results: [{ id: loads.quick }] });
  });

  it('needs its type, and is for admins, managers and accountants only', async () => {
    const missing = await get('loads/income', world.sessions.accountant);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      fields: { type: ["Must be 'active', 'completed' or 'quick-pay'"] },
    });
    for (const role of ['dispatcher', 'tracker', 'hr'] as const) {
      expect((await get('loads/income?type=active', world.sessions[role])).statusCode).toBe(403);
    }
  });
});

describe('GET loads/income/{id}/', () => {
  it('answers the load with its money, payment, documents and income list', async () => {
    const response = await get(`loads/income/${loads.quick}/`, world.sessions.accountant);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: loads.quick,
      income_list: 'active',
      owner: { id: world.owner.id },
      payment: { quickpay_percent: 3.5 },
      money: {
        broker_price: 1234.5,
        quickpay_deduction: 43.21,
        income: 1191.29,
        driver_price: 800,
        margin: 391.29,
      },
      completion_missing_documents: ['rate_confirmation', 'proof_of_delivery'],
      points: [{ city: 'Dallas' }, { city: 'Houston' }],
    });
    const completed = await get(`loads/income/${loads.completed}`, world.sessions.manager);
    expect(completed.json()).toMatchObject({ income_list: 'completed', status: 10 });
  });

  it("answers 404 for an active load and another company's load", async () => {
    expect((await get(`loads/income/${activeLoad}`, world.sessions.accountant)).statusCode).toBe(404);
    expect((await get(`loads/income/${world.other.loadId}`, world.sessions.accountant)).statusCode).toBe(404);
  });
});
