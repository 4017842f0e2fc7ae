import type {
  DispatcherPaymentList,
  OwnerPayDetail,
  OwnerPaymentList,
} from '@app/domain/accounting/payments.schema';
import type { Load } from '@app/domain/loads/loads.schema';
import { describe, expect, it } from 'vitest';
import { changedTables, tableFingerprints } from '../../../test/routes/route-world';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import { insertLoad } from '../loads/loads.fixtures';
import { closeWeek } from './pay-close';
import { call, createPayWorld } from './payments.fixtures';

// Weeks: PUT loads/{id}/change-week moves a load and its payment rows; closing a week (the pay sheets sent)
// freezes what it pays; a later change to one of its loads (a completed load's prices, its week) is an
// adjustment in the next open week, and the books still add up to the cent.

const { database, testApp, world } = setUpTestApp(createPayWorld);
const recorded = recordEventsOfEachTest(testApp);
type Role = keyof typeof world.sessions;
const send = <Body>(role: Role, method: 'GET' | 'PUT' | 'PATCH', path: string, payload?: unknown) =>
  call<Body>(testApp.app, world.sessions[role], method, path, payload);
const ownerWeek = async (name: 'ownerA' | 'ownerB', week: number) => {
  const { body } = await send<OwnerPaymentList>(
    'accountant',
    'GET',
    `payments/owners/all?week=${week}&year=2026`,
  );
  const ownerId = name === 'ownerA' ? world.owners.a.id : world.owners.b.id;
  return body.results.find((row) => row.owner.id === ownerId);
};

describe('PUT loads/{id}/change-week', () => {
  it('moves a load of an open week with its payment rows, and writes its history', async () => {
    const { status, body } = await send<Load>('accountant', 'PUT', `loads/${world.loads.l5}/change-week`, {
      load_accounting_week: 12,
      load_accounting_year: 2026,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: world.loads.l5, load_accounting_week: 12, load_accounting_year: 2026 });
    expect(await ownerWeek('ownerA', 12)).toMatchObject({ loads_count: 1, amount: 700 });
    expect(await ownerWeek('ownerA', 11)).toMatchObject({ loads_count: 0, amount: 0 });
    const broker = await database.db
      .selectFrom('payments')
      .select('week')
      .where('id', '=', world.payments['broker:l5']!)
      .executeTakeFirstOrThrow();
    expect(broker.week).toBe(12);
    const history = await database.db
      .selectFrom('load_history')
      .select(['action', 'field', 'before', 'after'])
      .where('load_id', '=', world.loads.l5)
      .execute();
    expect(history).toEqual([
      { action: 'edit_completed', field: 'load_accounting_week', before: 11, after: 12 },
    ]);
    expect(recorded.events.map((event) => event.event)).toEqual(['update_loads', 'update_accounting']);
  });

  it('refuses a load outside checkout and completed (409), bad weeks (400 naming the field), other roles', async () => {
    const active = await insertLoad(database.db, world.company.id, { status: 3 });
    const before = await tableFingerprints(database.db);
    const week = { load_accounting_week: 12, load_accounting_year: 2026 };
    expect((await send('accountant', 'PUT', `loads/${active}/change-week`, week)).status).toBe(409);
    const bad = await send<{ fields: object }>('accountant', 'PUT', `loads/${world.loads.l5}/change-week`, {
      load_accounting_week: 53,
      load_accounting_year: 2027,
    });
    expect(bad.body.fields).toEqual({ load_accounting_week: ['The year has no week 53'] });
    const none = await send<{ fields: object }>('accountant', 'PUT', `loads/${world.loads.l5}/change-week`, {
      load_accounting_week: 12,
    });
    expect(Object.keys(none.body.fields)).toEqual(['load_accounting_year']);
    expect((await send('dispatcher', 'PUT', `loads/${world.loads.l5}/change-week`, week)).status).toBe(403);
    expect(
      (await call(testApp.app, world.other.accountant, 'PUT', `loads/${world.loads.l5}/change-week`, week))
        .status,
    ).toBe(404);
    expect(changedTables(before, await tableFingerprints(database.db))).toEqual([]);
  });
});

describe('a closed week', () => {
  it('keeps what it pays: closing freezes every payment of the week, once', async () => {
    const closing = await database.db
      .transaction()
      .execute((trx) => closeWeek(trx, world.company.id, 2026, 10, world.users.accountant.id));
    expect(closing.closed).toBe(true);
    expect(closing.payment_ids.sort()).toEqual(
      [
        world.payments['ownerA:10'],
        world.payments['ownerB:10'],
        world.payments['dispatcher:10'],
        world.payments['dispatcher2:10'],
      ].sort(),
    );
    const frozen = await database.db
      .selectFrom('payments')
      .select(['id', 'amount_cents'])
      .where('id', 'in', closing.payment_ids)
      .execute();
    expect(new Map(frozen.map((row) => [row.id, row.amount_cents]))).toEqual(
      new Map([
        [world.payments['ownerA:10'], 187_500],
        [world.payments['ownerB:10'], 100_010],
        [world.payments['dispatcher:10'], 33_346],
        [world.payments['dispatcher2:10'], 3_500],
      ]),
    );
    const again = await database.db
      .transaction()
      .execute((trx) => closeWeek(trx, world.company.id, 2026, 10, null));
    expect(again).toEqual({ closed: false, payment_ids: [], events: [] });
    expect(await ownerWeek('ownerA', 10)).toMatchObject({ is_closed: true, amount: 1875 });
  });

  it("a completed load's corrected price is an adjustment in the next open week; the closed week keeps its pay", async () => {
    const edit = await send('accountant', 'PATCH', `loads/completed/${world.loads.l1}/edit`, {
      driver_price: 1450,
      broker_price: 2100,
    });
    expect(edit.status).toBe(200);
    // Week 10 still pays $1,875.00; what it computes to now is $50.00 less.
    expect(await ownerWeek('ownerA', 10)).toMatchObject({ amount: 1875, computed_total: 1825 });
    const week11 = await ownerWeek('ownerA', 11);
    expect(week11).toMatchObject({ items: -50, amount: -50 });
    const sheet = await send<OwnerPayDetail>('accountant', 'GET', `payments/owners/${week11!.id}`);
    expect(sheet.body.other_items).toMatchObject([
      { kind: 'adjustment', amount: -50, load_id: world.loads.l1 },
    ]);
    expect(sheet.body.other_items[0]!.reason).toContain('week 10 of 2026 (closed)');
    // The dispatcher's 10 % of gross went up by $10.00, in week 11 too.
    const dispatchers = await send<DispatcherPaymentList>(
      'accountant',
      'GET',
      `payments/dispatchers/all?week=11&year=2026&person=${world.users.dispatcher.id}`,
    );
    expect(dispatchers.body.results[0]).toMatchObject({ items: 10 });
    expect(recorded.events.map((event) => event.event)).toContain('update_accounting');
  });

  it('a load moved out of a closed week takes its pay back in the next open week and is paid in its new week', async () => {
    const moved = await send('manager', 'PUT', `loads/${world.loads.l3}/change-week`, {
      load_accounting_week: 13,
      load_accounting_year: 2026,
    });
    expect(moved.status).toBe(200);
    expect(await ownerWeek('ownerB', 10)).toMatchObject({
      amount: 1000.1,
      computed_total: 0,
      loads_count: 0,
    });
    expect(await ownerWeek('ownerB', 11)).toMatchObject({ items: -1000.1, amount: -1000.1 });
    expect(await ownerWeek('ownerB', 13)).toMatchObject({ loads_count: 1, amount: 1000.1 });
    // Over the weeks, owner B is paid the load once: $1,000.10 - $1,000.10 + $1,000.10.
    const paid = await send<OwnerPaymentList>(
      'accountant',
      'GET',
      `payments/owners/all?year=2026&person=${world.owners.b.id}`,
    );
    expect(paid.body.totals.amount).toBe(1000.1);
  });

  it('refuses to move a load into a closed week (409 accounting_week_closed, naming the next open week), changing nothing', async () => {
    const before = await tableFingerprints(database.db);
    const refused = await send<{ code: string; detail: string; fields: object }>(
      'accountant',
      'PUT',
      `loads/${world.loads.l5}/change-week`,
      { load_accounting_week: 10, load_accounting_year: 2026 },
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'accounting_week_closed',
      detail: 'The week is closed: its pay sheets were sent',
      fields: { week: ['10'], year: ['2026'], next_open_week: ['11'], next_open_year: ['2026'] },
    });
    expect(changedTables(before, await tableFingerprints(database.db))).toEqual([]);
  });

  it('an edit that changes no money of a closed week makes no adjustment', async () => {
    const before = await database.db
      .selectFrom('pay_items')
      .select('id')
      .where('company_id', '=', world.company.id)
      .execute();
    await send('accountant', 'PATCH', `loads/completed/${world.loads.l1}/edit`, { note: 'Checked' });
    const after = await database.db
      .selectFrom('pay_items')
      .select('id')
      .where('company_id', '=', world.company.id)
      .execute();
    expect(after).toHaveLength(before.length);
  });
});
