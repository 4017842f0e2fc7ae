import { accountingWeekOf } from '@app/domain/accounting/accounting.rules';
import type { DispatcherPaymentList, OwnerPaymentList } from '@app/domain/accounting/payments.schema';
import type { PayWeek } from '@app/domain/accounting/pay-weeks.rules';
import type { Load } from '@app/domain/loads/loads.schema';
import { describe, expect, it } from 'vitest';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import { insertLoad } from '../loads/loads.fixtures';
import { closeWeek } from './pay-close';
import { call, createPayWorld } from './payments.fixtures';

// A load of a closed week (its pay sheets were sent) that leaves the pay weeks and comes back: stepped back
// from Delivered to active and delivered again, canceled and restored. The closed week keeps what it paid,
// the load's pay is taken back by an adjustment in the next open week, and delivered again it is paid once,
// in the week it is booked into: owners and dispatchers are paid every cent once.

const { database, testApp, world } = setUpTestApp(createPayWorld);
const recorded = recordEventsOfEachTest(testApp);
type Role = keyof typeof world.sessions;
const send = <Body>(role: Role, method: 'GET' | 'PUT', path: string, payload?: unknown) =>
  call<Body>(testApp.app, world.sessions[role], method, path, payload);

const W10 = { year: 2026, week: 10 };
const W11 = { year: 2026, week: 11 };

async function ownerWeek(owner: 'a' | 'b', week: PayWeek) {
  const { body } = await send<OwnerPaymentList>(
    'accountant',
    'GET',
    `payments/owners/all?week=${week.week}&year=${week.year}&person=${world.owners[owner].id}`,
  );
  return body.results[0];
}

async function dispatcherWeek(week: PayWeek) {
  const { body } = await send<DispatcherPaymentList>(
    'accountant',
    'GET',
    `payments/dispatchers/all?week=${week.week}&year=${week.year}&person=${world.users.dispatcher.id}`,
  );
  return body.results[0];
}

/** What the weeks pay in all, in cents (the lists answer dollars). */
async function paidOver(weeks: PayWeek[], of: (week: PayWeek) => Promise<{ amount: number } | undefined>) {
  let cents = 0;
  for (const week of weeks) cents += Math.round(((await of(week))?.amount ?? 0) * 100);
  return cents;
}

const adjustmentCount = async () =>
  (
    await database.db
      .selectFrom('pay_items')
      .select('id')
      .where('company_id', '=', world.company.id)
      .where('kind', '=', 'adjustment')
      .execute()
  ).length;

describe('a delivered load of a closed week stepped back to active and delivered again', () => {
  // L3: owner B's, $1,234.55 / $1,000.10, delivered in week 10; the dispatcher is paid 10 % of gross, $123.46.
  it('is taken back by an adjustment in the next open week and paid once in the week it is delivered again', async () => {
    await database.db
      .insertInto('load_files')
      .values(
        (['rate_confirmation', 'bill_of_lading', 'proof_of_delivery'] as const).map((type) => ({
          load_id: world.loads.l3,
          file_type: type,
          name: `${type}.pdf`,
          storage_path: `missing/${world.loads.l3}/${type}.pdf`,
          size_bytes: 1000,
          mime_type: 'application/pdf',
        })),
      )
      .execute();
    await database.db
      .transaction()
      .execute((trx) => closeWeek(trx, world.company.id, 2026, 10, world.users.accountant.id));
    expect(await ownerWeek('b', W10)).toMatchObject({ is_closed: true, amount: 1000.1, loads_count: 1 });
    expect(await dispatcherWeek(W10)).toMatchObject({ is_closed: true, amount: 333.46 });

    const back = await send<Load>('dispatcher', 'PUT', `loads/${world.loads.l3}/set-prev-status`);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.status).toBe(7);
    // Week 10 still pays what it paid; week 11 takes the load's pay back.
    expect(await ownerWeek('b', W10)).toMatchObject({ amount: 1000.1, computed_total: 0, loads_count: 0 });
    expect(await ownerWeek('b', W11)).toMatchObject({ items: -1000.1, amount: -1000.1, loads_count: 0 });
    expect(await dispatcherWeek(W11)).toMatchObject({ items: -123.46, amount: -23.46 });
    const items = await database.db
      .selectFrom('pay_items')
      .select(['person_type', 'year', 'week', 'amount_cents', 'reason'])
      .where('load_id', '=', world.loads.l3)
      .orderBy('person_type', 'desc')
      .execute();
    expect(items).toEqual([
      expect.objectContaining({ person_type: 'owner', ...W11, amount_cents: -100_010 }),
      expect.objectContaining({ person_type: 'dispatcher', ...W11, amount_cents: -12_346 }),
    ]);
    expect(items[0]!.reason).toContain('week 10 of 2026 (closed)');
    expect(recorded.events.map((event) => event.event)).toContain('update_accounting');

    const deliveredAt = new Date();
    const again = await send<Load>('dispatcher', 'PUT', `loads/${world.loads.l3}/set-next-status`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const booked = accountingWeekOf(deliveredAt);
    expect(again.body).toMatchObject({
      status: 8,
      load_accounting_week: booked.week,
      load_accounting_year: booked.year,
    });
    expect(await ownerWeek('b', booked)).toMatchObject({ loads_count: 1, amount: 1000.1 });
    // Over the weeks owner B is paid the load once: $1,000.10 - $1,000.10 + $1,000.10; the dispatcher their
    // week 10 ($200.00 + $10.00 of L1, $123.46 of L3) and L5 of week 11 ($100.00) once:
    // $333.46 + ($100.00 - $123.46) + $123.46.
    const weeks = [W10, W11, booked];
    expect(await paidOver(weeks, (week) => ownerWeek('b', week))).toBe(100_010);
    expect(await dispatcherWeek(booked)).toMatchObject({ loads_count: 1, amount: 123.46 });
    expect(await paidOver(weeks, dispatcherWeek)).toBe(33_346 + 10_000);
  });

  it('stepped back and delivered again within an open week needs no adjustment and is still paid once', async () => {
    const adjustments = await adjustmentCount();
    for (const path of ['set-prev-status', 'set-next-status', 'set-prev-status', 'set-next-status']) {
      expect((await send('dispatcher', 'PUT', `loads/${world.loads.l3}/${path}`)).status).toBe(200);
    }
    expect(await adjustmentCount()).toBe(adjustments);
    const booked = accountingWeekOf(new Date());
    expect(await paidOver([W10, W11, booked], (week) => ownerWeek('b', week))).toBe(100_010);
  });
});

describe('a canceled load and a closed week', () => {
  it('an active load of a closed week canceled is booked into the next open week; restored, it pays nothing', async () => {
    // An active load of owner A's vehicle counted in week 10 (closed above), with a $40.00 bonus to its driver.
    const vehicle = await database.db
      .selectFrom('loads')
      .select(['vehicle_id', 'driver_id'])
      .where('id', '=', world.loads.l1)
      .executeTakeFirstOrThrow();
    const id = await insertLoad(database.db, world.company.id, {
      status: 3,
      dispatcherId: world.users.dispatcher.id,
      vehicleId: vehicle.vehicle_id,
      driverId: vehicle.driver_id,
    });
    await database.db
      .updateTable('loads')
      .set({ load_accounting_week: 10, load_accounting_year: 2026 })
      .where('id', '=', id)
      .execute();
    await database.db
      .insertInto('incentives')
      .values({
        company_id: world.company.id,
        load_id: id,
        type: 'Bonus',
        person_type: 'driver',
        driver_id: vehicle.driver_id,
        amount_cents: 4_000,
        reason: 'Waited at the dock',
      })
      .execute();
    const week11Before = (await ownerWeek('a', W11))!.amount;

    const canceled = await send<Load>('dispatcher', 'PUT', `loads/active/${id}/cancel`, { driver_price: 0 });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body).toMatchObject({ status: 12, load_accounting_week: 11, load_accounting_year: 2026 });
    // Week 10 pays what it paid ($1,875.00); the bonus is paid in week 11.
    expect(await ownerWeek('a', W10)).toMatchObject({ amount: 1875 });
    expect((await ownerWeek('a', W11))!.amount).toBeCloseTo(week11Before + 40, 2);

    const restored = await send<Load>('dispatcher', 'PUT', `loads/${id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect((await ownerWeek('a', W11))!.amount).toBeCloseTo(week11Before, 2);
  });
});
