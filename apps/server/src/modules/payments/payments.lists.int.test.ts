import type {
  DispatcherPayDetail,
  DispatcherPaymentList,
  OwnerPayDetail,
  OwnerPaymentList,
} from '@app/domain/accounting/payments.schema';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../test/test-suite';
import { call, createPayWorld } from './payments.fixtures';

// GET payments/owners/all, owners/{id}, dispatchers/all, dispatchers/{id}: the week of the fixtures, to the
// cent; the filters; who may read what (a dispatcher only their own pay); another company's ids.

const { testApp, world } = setUpTestApp(createPayWorld);
const get = <Body>(role: keyof typeof world.sessions, path: string) =>
  call<Body>(testApp.app, world.sessions[role], 'GET', path);

describe("owners' pay", () => {
  it('lists the week with each owner to the cent and totals of what is listed', async () => {
    const { status, body } = await get<OwnerPaymentList>(
      'accountant',
      'payments/owners/all?week=10&year=2026',
    );
    expect(status).toBe(200);
    expect(body.count).toBe(2);
    const [anna, boris] = body.results;
    // Anna: $1,500.00 + $200.00 (TONU) + $0 (canceled) + $50 bonus - $25 fine + $150 payment = $1,875.00.
    expect(anna).toMatchObject({
      id: world.payments['ownerA:10'],
      type: 'owner',
      status: 1,
      status_name: 'Standard',
      week: 10,
      year: 2026,
      week_start: '2026-03-02',
      week_end: '2026-03-08',
      is_closed: false,
      owner: { id: world.owners.a.id, full_name: 'Anna Alpha', company_name: 'Alpha Fleet' },
      loads_count: 3,
      gross: 2300,
      load_pay: 1700,
      bonuses: 50,
      fines: 25,
      items: 150,
      computed_total: 1875,
      amount: 1875,
    });
    expect(boris).toMatchObject({
      owner: { full_name: 'Boris Beta' },
      loads_count: 1,
      gross: 1234.55,
      amount: 1000.1,
    });
    expect(body.totals).toEqual({
      loads_count: 4,
      gross: 3534.55,
      load_pay: 2700.1,
      bonuses: 50,
      fines: 25,
      items: 150,
      amount: 2875.1,
    });
  });

  it('filters by list, status, person, team and text, and pages keep the totals of all', async () => {
    const ids = async (query: string) =>
      (await get<OwnerPaymentList>('manager', `payments/owners/all?year=2026&${query}`)).body.results.map(
        (row) => row.id,
      );
    expect(await ids('week=10&person=' + world.owners.b.id)).toEqual([world.payments['ownerB:10']]);
    expect(await ids('week=10&text=alpha%20fl')).toEqual([world.payments['ownerA:10']]);
    expect(await ids('week=10&text=boris')).toEqual([world.payments['ownerB:10']]);
    expect(await ids(`week=10&team=${world.team.id}`)).toEqual([world.payments['ownerA:10']]);
    expect(await ids('week=10&list=completed')).toEqual([]);
    expect(await ids('week=10&status=1')).toHaveLength(2);
    expect(await ids(`person=${world.owners.a.id}`)).toEqual([
      world.payments['ownerA:11'],
      world.payments['ownerA:10'],
    ]);
    const paged = await get<OwnerPaymentList>(
      'admin',
      'payments/owners/all?week=10&year=2026&limit=1&page=2',
    );
    expect(paged.body.results.map((row) => row.owner.full_name)).toEqual(['Boris Beta']);
    expect(paged.body).toMatchObject({ count: 2, totals: { amount: 2875.1 } });
    const past = await get<OwnerPaymentList>('admin', 'payments/owners/all?week=10&year=2026&page=9');
    expect(past.body).toMatchObject({ count: 2, results: [], totals: { loads_count: 4 } });
  });

  it("answers an owner's week: each load with its route, rate, incentives and items, and the same totals", async () => {
    const { status, body } = await get<OwnerPayDetail>(
      'accountant',
      `payments/owners/${world.payments['ownerA:10']}`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      loads_count: 3,
      load_pay: 1700,
      bonuses: 50,
      fines: 25,
      items: 150,
      amount: 1875,
    });
    expect(body.loads.map((load) => [load.id, load.status_name, load.pay, load.total])).toEqual([
      [world.loads.l1, 'Completed', 1500, 1525],
      [world.loads.l2, 'TONU', 200, 200],
      [world.loads.l4, 'Canceled', 0, 150],
    ]);
    const [l1, , l4] = body.loads;
    expect(l1).toMatchObject({
      load_accounting_number_display: String(world.loads.l1).padStart(6, '0'),
      pick_up: { city: 'Dallas', state: 'TX' },
      delivery: { city: 'Houston', state: 'TX' },
      stops_count: 3,
      broker_price: 2000,
      driver_price: 1500,
      owner: { id: world.owners.a.id, full_name: 'Anna Alpha' },
    });
    expect(l1!.incentives.map((i) => [i.type, i.person_type, i.amount, i.reason])).toEqual([
      ['Bonus', 'driver', 50, 'On time'],
      ['Fine', 'owner', -25, 'Late papers'],
    ]);
    expect(l4!.items).toMatchObject([{ kind: 'payment', amount: 150, reason: 'Canceled at the dock' }]);
    expect(body.other_items).toEqual([]);
  });

  it('is refused to dispatchers, trackers and HR, and is 404 for another company', async () => {
    for (const role of ['dispatcher', 'tracker', 'hr'] as const) {
      expect((await get(role, 'payments/owners/all')).status).toBe(403);
      expect((await get(role, `payments/owners/${world.payments['ownerA:10']}`)).status).toBe(403);
    }
    const other = await call(
      testApp.app,
      world.other.accountant,
      'GET',
      `payments/owners/${world.payments['ownerA:10']}`,
    );
    expect(other.status).toBe(404);
    const theirs = await call<OwnerPaymentList>(
      testApp.app,
      world.other.accountant,
      'GET',
      'payments/owners/all?week=10',
    );
    expect(theirs.body.results.map((row) => row.id)).toEqual([world.other.ownerPaymentId]);
    // A dispatcher's payment is no owner's week.
    expect((await get('accountant', `payments/owners/${world.payments['dispatcher:10']}`)).status).toBe(404);
  });

  it('answers 400 naming the field of a bad filter', async () => {
    const bad = await get<{ fields: Record<string, string[]> }>(
      'accountant',
      'payments/owners/all?week=53&year=2027',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ week: ['The year has no week 53'] });
    const list = await get<{ fields: Record<string, string[]> }>(
      'accountant',
      'payments/owners/all?list=paid',
    );
    expect(Object.keys(list.body.fields)).toEqual(['list']);
    expect((await get('accountant', 'payments/owners/all?week=53&year=2026')).status).toBe(200);
  });
});

describe("dispatchers' pay", () => {
  it('pays by terms: 10 % of gross rounded half up per load, $35 per load, with incentives', async () => {
    const { body } = await get<DispatcherPaymentList>(
      'accountant',
      'payments/dispatchers/all?week=10&year=2026',
    );
    expect(body.results.map((row) => row.dispatcher.full_name)).toEqual([
      `${world.users.dispatcher.first_name} ${world.users.dispatcher.last_name}`,
      'Zed Second',
    ]);
    const [main, second] = body.results;
    // $2,000.00 * 10 % = $200.00; $1,234.55 * 10 % = $123.455 -> $123.46; canceled 0; + $10 bonus.
    expect(main).toMatchObject({
      terms: { basis: 'gross_percent', percent: 10, amount: null },
      dispatcher: { team: { id: world.team.id } },
      loads_count: 3,
      gross: 3234.55,
      margin: 734.45,
      load_pay: 323.46,
      bonuses: 10,
      amount: 333.46,
    });
    expect(second).toMatchObject({ terms: { basis: 'per_load', amount: 35 }, loads_count: 1, amount: 35 });
    expect(body.totals).toMatchObject({ loads_count: 4, load_pay: 358.46, amount: 368.46, margin: 834.45 });
    const detail = await get<DispatcherPayDetail>(
      'admin',
      `payments/dispatchers/${world.payments['dispatcher:10']}`,
    );
    expect(detail.body).toMatchObject({ load_pay: 323.46, bonuses: 10, amount: 333.46 });
    expect(detail.body.loads.map((load) => load.pay)).toEqual([200, 123.46, 0]);
  });

  it('shows a dispatcher only their own pay; another dispatcher’s week is 404 to them', async () => {
    const own = await get<DispatcherPaymentList>('dispatcher2', 'payments/dispatchers/all');
    expect(own.status).toBe(200);
    expect(own.body.results.map((row) => row.id)).toEqual([world.payments['dispatcher2:10']]);
    expect(own.body.totals.amount).toBe(35);
    const asked = await get<DispatcherPaymentList>(
      'dispatcher2',
      `payments/dispatchers/all?person=${world.users.dispatcher.id}`,
    );
    expect(asked.body).toMatchObject({ count: 0, results: [] });
    expect(
      (await get('dispatcher2', `payments/dispatchers/${world.payments['dispatcher2:10']}`)).status,
    ).toBe(200);
    expect((await get('dispatcher2', `payments/dispatchers/${world.payments['dispatcher:10']}`)).status).toBe(
      404,
    );
    expect((await get('tracker', 'payments/dispatchers/all')).status).toBe(403);
    const team = await get<DispatcherPaymentList>(
      'manager',
      `payments/dispatchers/all?team=${world.team.id}`,
    );
    expect(team.body.results.map((row) => row.dispatcher.id)).toEqual([
      world.users.dispatcher.id,
      world.users.dispatcher.id,
    ]);
  });
});
