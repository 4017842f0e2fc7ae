import type { AccountingPeople, AccountingPerson, PayItem } from '@app/domain/accounting/pay-changes.schema';
import type { DispatcherPaymentList, OwnerPayDetail } from '@app/domain/accounting/payments.schema';
import { describe, expect, it } from 'vitest';
import { changedTables, tableFingerprints } from '../../../test/routes/route-world';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import { call, createPayWorld } from './payments.fixtures';

// PUT payments/update-status (bulk, all or nothing), POST payments/create (pay items), GET users/accounting/
// and PUT users/{id}/dispatcher-info/ (terms): roles, another company's ids, 400 naming the field.

const { database, testApp, world } = setUpTestApp(createPayWorld);
const recorded = recordEventsOfEachTest(testApp);
type Role = keyof typeof world.sessions;
const send = <Body>(
  role: Role,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => call<Body>(testApp.app, world.sessions[role], method, path, payload, headers);
type ErrorBody = { code: string; fields: Record<string, string[]> };

describe('PUT payments/update-status', () => {
  it('changes every payment named, stamps paid_at at Completed, and tells the accounting pages', async () => {
    const ids = [world.payments['ownerA:10']!, world.payments['ownerB:10']!];
    const { status, body } = await send('accountant', 'PUT', 'payments/update-status', {
      payments_ids: ids,
      type: 'owner',
      status: 8,
    });
    expect(status).toBe(200);
    expect(body).toEqual({ payments_ids: ids, type: 'owner', status: 8, status_name: 'Completed' });
    const rows = await database.db
      .selectFrom('payments')
      .select(['status', 'paid_at'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.every((row) => row.status === 8 && row.paid_at !== null)).toBe(true);
    expect(recorded.events).toEqual([
      expect.objectContaining({
        event: 'update_accounting',
        data: { load_ids: [], payment_ids: ids },
        roles: [3, 4, 5, 7],
      }),
    ]);
    // Back to Ready to pay: paid_at is cleared; the completed list no longer shows them.
    await send('manager', 'PUT', 'payments/update-status', { payments_ids: ids, type: 'owner', status: 7 });
    const back = await database.db
      .selectFrom('payments')
      .select(['status', 'paid_at'])
      .where('id', 'in', ids)
      .execute();
    expect(back.every((row) => row.status === 7 && row.paid_at === null)).toBe(true);
  });

  it('changes nothing when one id is of another type (400 on payments_ids) or another company (404)', async () => {
    const before = await tableFingerprints(database.db);
    const mixed = await send<ErrorBody>('accountant', 'PUT', 'payments/update-status', {
      payments_ids: [world.payments['ownerA:10'], world.payments['dispatcher:10']],
      type: 'owner',
      status: 2,
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.fields).toEqual({ payments_ids: ['These payments are not of the type given'] });
    const foreign = await send<ErrorBody>('accountant', 'PUT', 'payments/update-status', {
      payments_ids: [world.payments['ownerA:10'], world.other.ownerPaymentId],
      type: 'owner',
      status: 2,
    });
    expect(foreign.status).toBe(404);
    const missing = await send<ErrorBody>('admin', 'PUT', 'payments/update-status', {
      payments_ids: [],
      type: 'owner',
      status: 2,
    });
    expect(missing.body.fields).toEqual({ payments_ids: ['Choose at least one payment'] });
    const badStatus = await send<ErrorBody>('admin', 'PUT', 'payments/update-status', {
      payments_ids: [1],
      type: 'owner',
      status: 10,
    });
    expect(Object.keys(badStatus.body.fields)).toEqual(['status']);
    expect(changedTables(before, await tableFingerprints(database.db))).toEqual([]);
    expect(recorded.events).toEqual([]);
  });

  it('changes broker payments too, by their type; dispatchers, trackers and HR are refused', async () => {
    const id = world.payments['broker:l1']!;
    const invoice = () =>
      database.db
        .selectFrom('payments')
        .select(['status', 'invoice_status', 'paid_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const status = (value: number) =>
      send('accountant', 'PUT', 'payments/update-status', {
        payments_ids: [id],
        type: 'broker',
        status: value,
      });
    expect((await status(8)).status).toBe(200);
    // Completed: the broker paid the invoice; another status leaves it unpaid again.
    const paid = await invoice();
    expect(paid).toMatchObject({ status: 8, invoice_status: 3 });
    expect(paid.paid_at).toBeInstanceOf(Date);
    await status(3);
    expect(await invoice()).toMatchObject({ status: 3, invoice_status: 1, paid_at: null });
    for (const role of ['dispatcher', 'tracker', 'hr'] as const) {
      const refused = await send(role, 'PUT', 'payments/update-status', {
        payments_ids: [id],
        type: 'broker',
        status: 1,
      });
      expect(refused.status).toBe(403);
    }
  });
});

describe('POST payments/create', () => {
  it("pays a canceled load's owner in the load's week, once per Idempotency-Key", async () => {
    const body = {
      type: 'owner',
      owner_id: world.owners.b.id,
      load_id: world.loads.l3,
      amount: '$75.25',
      reason: 'Detention',
    };
    const first = await send<PayItem>('accountant', 'POST', 'payments/create', body, {
      'idempotency-key': 'pay-1',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      kind: 'payment',
      type: 'owner',
      week: 10,
      year: 2026,
      amount: 75.25,
      payment_id: world.payments['ownerB:10'],
    });
    const again = await send<PayItem>('accountant', 'POST', 'payments/create', body, {
      'idempotency-key': 'pay-1',
    });
    expect(again.body.id).toBe(first.body.id);
    const week = await send<OwnerPayDetail>(
      'accountant',
      'GET',
      `payments/owners/${world.payments['ownerB:10']}`,
    );
    expect(week.body).toMatchObject({ items: 75.25, amount: 1075.35 });
    expect(week.body.loads[0]!.items.map((item) => item.amount)).toEqual([75.25]);
  });

  it('makes the payment of the week asked when there is none, and charges are negative', async () => {
    const { status, body } = await send<PayItem>('manager', 'POST', 'payments/create', {
      type: 'dispatcher',
      dispatcher_id: world.users.dispatcher2.id,
      kind: 'charge',
      amount: 20,
      reason: 'Phone bill',
      week: 14,
      year: 2026,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      kind: 'charge',
      amount: -20,
      week: 14,
      dispatcher_id: world.users.dispatcher2.id,
    });
    const list = await send<DispatcherPaymentList>(
      'dispatcher2',
      'GET',
      'payments/dispatchers/all?week=14&year=2026',
    );
    expect(list.body.results).toMatchObject([
      { id: body.payment_id, items: -20, amount: -20, loads_count: 0 },
    ]);
  });

  it('answers 400 naming the field, changing nothing', async () => {
    const before = await tableFingerprints(database.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'owner', amount: 10, reason: 'x' }, 'owner_id'],
      [
        {
          type: 'owner',
          owner_id: world.owners.a.id,
          dispatcher_id: world.users.dispatcher.id,
          amount: 10,
          reason: 'x',
        },
        'dispatcher_id',
      ],
      [{ type: 'owner', owner_id: world.owners.a.id, amount: 0, reason: 'x' }, 'amount'],
      [{ type: 'owner', owner_id: world.owners.a.id, amount: 10, reason: ' ' }, 'reason'],
      [{ type: 'owner', owner_id: world.owners.a.id, amount: 10, reason: 'x', week: 3 }, 'year'],
      [{ type: 'owner', owner_id: 999_999, amount: 10, reason: 'x' }, 'owner_id'],
      [
        { type: 'dispatcher', dispatcher_id: world.users.accountant.id, amount: 10, reason: 'x' },
        'dispatcher_id',
      ],
      [{ type: 'owner', owner_id: world.owners.a.id, load_id: 999_999, amount: 10, reason: 'x' }, 'load_id'],
    ];
    for (const [payload, field] of cases) {
      const answer = await send<ErrorBody>('accountant', 'POST', 'payments/create', payload);
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(answer.body.fields), JSON.stringify(payload)).toEqual([field]);
    }
    expect(changedTables(before, await tableFingerprints(database.db))).toEqual([]);
    expect((await send('dispatcher', 'POST', 'payments/create', cases[0]![0])).status).toBe(403);
  });
});

describe('pay terms', () => {
  it('lists the managers and dispatchers with their terms', async () => {
    const { status, body } = await send<AccountingPeople>('accountant', 'GET', 'users/accounting/');
    expect(status).toBe(200);
    const byId = new Map(body.results.map((person) => [person.id, person]));
    expect(body.count).toBe(3);
    expect(byId.get(world.users.dispatcher2.id)).toMatchObject({
      full_name: 'Zed Second',
      role: 5,
      terms: { basis: 'per_load', amount: 35 },
    });
    expect(byId.get(world.users.manager.id)).toMatchObject({
      role: 4,
      terms: null,
      team: { id: world.team.id },
    });
    const found = await send<AccountingPeople>('accountant', 'GET', 'users/accounting?text=zed');
    expect(found.body.results.map((person) => person.id)).toEqual([world.users.dispatcher2.id]);
    expect((await send('dispatcher', 'GET', 'users/accounting')).status).toBe(403);
  });

  it("sets a dispatcher's terms: the open weeks are paid by them", async () => {
    const { status, body } = await send<AccountingPerson>(
      'accountant',
      'PUT',
      `users/${world.users.dispatcher.id}/dispatcher-info/`,
      {
        basis: 'margin_percent',
        percent: '25.5',
      },
    );
    expect(status).toBe(200);
    expect(body.terms).toMatchObject({ basis: 'margin_percent', percent: 25.5, amount: null });
    // 25.5 % of the margins $500.00 and $234.45: $127.50 + $59.78475 -> $59.78 = $187.28, + $10 bonus.
    const week = await send<DispatcherPaymentList>(
      'accountant',
      'GET',
      `payments/dispatchers/all?week=10&year=2026&person=${world.users.dispatcher.id}`,
    );
    expect(week.body.results[0]).toMatchObject({ load_pay: 187.28, amount: 197.28 });
    expect(recorded.events.map((event) => event.event)).toEqual(['update_accounting']);
    const cleared = await send<AccountingPerson>(
      'admin',
      'PUT',
      `users/${world.users.dispatcher.id}/dispatcher-info`,
      { basis: null },
    );
    expect(cleared.body.terms).toBeNull();
    await send('admin', 'PUT', `users/${world.users.dispatcher.id}/dispatcher-info`, {
      basis: 'gross_percent',
      percent: 10,
    });
  });

  it('answers 400 naming the field, 404 for a user who is no dispatcher or of another company', async () => {
    const url = `users/${world.users.dispatcher2.id}/dispatcher-info`;
    expect((await send<ErrorBody>('accountant', 'PUT', url, { basis: 'per_load' })).body.fields).toEqual({
      amount: ['Give the amount paid per load'],
    });
    expect(
      (await send<ErrorBody>('accountant', 'PUT', url, { basis: 'gross_percent', percent: 100.5 })).body
        .fields,
    ).toEqual({
      percent: ['Must be a percent from 0 to 100 with at most two decimals'],
    });
    expect((await send<ErrorBody>('accountant', 'PUT', url, { basis: 'weekly' })).body.fields).toHaveProperty(
      'basis',
    );
    expect(
      (await send('accountant', 'PUT', `users/${world.users.tracker.id}/dispatcher-info`, { basis: null }))
        .status,
    ).toBe(404);
    const foreign = await call(testApp.app, world.other.accountant, 'PUT', url, { basis: null });
    expect(foreign.status).toBe(404);
    expect((await send('dispatcher2', 'PUT', url, { basis: null })).status).toBe(403);
  });
});
