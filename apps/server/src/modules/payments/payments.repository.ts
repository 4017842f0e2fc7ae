import { sql } from 'kysely';
import type { Db, NewRow, Row } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';
import type { PayType } from './pay-read-model.repository';

// The writes of owners' and dispatchers' pay on the module's own tables (payments, pay_items,
// dispatcher_pay_terms, accounting_weeks), and the look-ups they need. Scoped to the company throughout.

export type PaymentLockRow = Pick<Row<'payments'>, 'id' | 'type' | 'status' | 'invoice_status' | 'paid_at'>;

/** The company's payments among `ids`, locked, in id order (the others are left out). */
export async function lockPayments(
  trx: Trx,
  companyId: number,
  ids: readonly number[],
): Promise<PaymentLockRow[]> {
  return trx
    .selectFrom('payments')
    .select(['id', 'type', 'status', 'invoice_status', 'paid_at'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Sets the status; paid_at is stamped when a payment becomes Completed (8) and cleared when it leaves it. */
export async function updatePaymentStatus(
  trx: Trx,
  companyId: number,
  ids: readonly number[],
  status: number,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('payments')
    .set({
      status,
      paid_at: status === 8 ? sql<Date>`case when status = 8 then paid_at else ${at} end` : null,
      updated_at: at,
    })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

/** A broker payment's invoice, as its status left it. */
export async function updateBrokerInvoice(
  trx: Trx,
  companyId: number,
  id: number,
  values: { invoice_status: number; paid_at: Date | null },
): Promise<void> {
  await trx
    .updateTable('payments')
    .set(values)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('type', '=', 'broker')
    .execute();
}

/** The person's payment of the week: made when missing (Standard). Answers its id. */
export async function findOrCreatePersonPayment(
  trx: Trx,
  companyId: number,
  person: { type: PayType; id: number },
  week: { year: number; week: number },
  createdBy: number | null,
): Promise<{ id: number; created: boolean }> {
  const key = person.type === 'owner' ? 'owner_id' : 'dispatcher_id';
  const inserted = await trx
    .insertInto('payments')
    .values({ company_id: companyId, type: person.type, [key]: person.id, ...week, created_by: createdBy })
    .onConflict((conflict) =>
      conflict.columns(['company_id', key, 'year', 'week']).where('type', '=', person.type).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const found = await trx
    .selectFrom('payments')
    .select('id')
    .where('company_id', '=', companyId)
    .where('type', '=', person.type)
    .where(key, '=', person.id)
    .where('year', '=', week.year)
    .where('week', '=', week.week)
    .executeTakeFirstOrThrow();
  return { id: found.id, created: false };
}

export async function insertPayItem(trx: Trx, values: NewRow<'pay_items'>): Promise<Row<'pay_items'>> {
  return trx.insertInto('pay_items').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The keys ('YYYY-WW') of the company's closed weeks. */
export async function findClosedWeekKeys(db: Db, companyId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('accounting_weeks')
    .select(['year', 'week'])
    .where('company_id', '=', companyId)
    .execute();
  return new Set(rows.map((row) => `${row.year}-${String(row.week).padStart(2, '0')}`));
}

/** Closes the week; false when it was closed already. */
export async function insertClosedWeek(
  trx: Trx,
  companyId: number,
  week: { year: number; week: number },
  closedBy: number | null,
): Promise<boolean> {
  const row = await trx
    .insertInto('accounting_weeks')
    .values({ company_id: companyId, ...week, closed_by: closedBy })
    .onConflict((conflict) => conflict.columns(['company_id', 'year', 'week']).doNothing())
    .returning('week')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Makes the week's payment of every owner and dispatcher with a load or a pay item in it that has none yet
 * (a closed week pays everyone its loads name). Answers the ids made.
 */
export async function insertMissingWeekPayments(
  trx: Trx,
  companyId: number,
  week: { year: number; week: number },
  createdBy: number | null,
): Promise<number[]> {
  const result = await sql<{ id: number }>`
    with people as (
      select 'owner' as type, coalesce(v.owner_id, d.owner_id) as owner_id, null::bigint as dispatcher_id
      from loads l left join vehicles v on v.id = l.vehicle_id left join drivers d on d.id = l.driver_id
      where l.company_id = ${companyId} and l.load_accounting_year = ${week.year}
        and l.load_accounting_week = ${week.week} and l.list_class in (2, 3, 4)
        and coalesce(v.owner_id, d.owner_id) is not null
      union
      select 'dispatcher', null, u.id
      from loads l join users u on u.id = l.dispatcher_id and u.company_id = l.company_id
      where l.company_id = ${companyId} and l.load_accounting_year = ${week.year}
        and l.load_accounting_week = ${week.week} and l.list_class in (2, 3, 4)
      union
      select person_type, owner_id, dispatcher_id from pay_items
      where company_id = ${companyId} and year = ${week.year} and week = ${week.week}
    )
    insert into payments (company_id, type, owner_id, dispatcher_id, year, week, created_by)
    select ${companyId}, type, owner_id, dispatcher_id, ${week.year}, ${week.week}, ${createdBy} from people
    on conflict do nothing
    returning id`.execute(trx);
  return result.rows.map((row) => row.id);
}

/** Freezes what each payment pays (once its week is closed). */
export async function freezeAmounts(
  trx: Trx,
  companyId: number,
  amounts: readonly { id: number; amount_cents: number }[],
  at: Date,
): Promise<void> {
  if (amounts.length === 0) return;
  const values = sql.join(amounts.map((row) => sql`(${row.id}::bigint, ${row.amount_cents}::bigint)`));
  await sql`
    update payments p set amount_cents = v.amount, updated_at = ${at}
    from (values ${values}) as v (id, amount)
    where p.id = v.id and p.company_id = ${companyId} and p.amount_cents is null`.execute(trx);
}

// ---------------------------------------------------------------- people and terms

/** Whether the company has the owner. */
export async function ownerExists(db: Db, companyId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('owners')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Roles of the people who run loads and are paid by terms: managers and dispatchers. */
export const PAID_BY_TERMS_ROLES = [4, 5] as const;

/** Whether the company has the user and they run loads (a manager or a dispatcher). */
export async function dispatcherExists(db: Db, companyId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('role', 'in', PAID_BY_TERMS_ROLES)
    .executeTakeFirst();
  return row !== undefined;
}

/** The load's accounting week; undefined when the company has no such load. */
export async function findLoadWeek(db: Db, companyId: number, id: number) {
  return db
    .selectFrom('loads')
    .select(['id', 'load_accounting_week as week', 'load_accounting_year as year', 'list_class'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function upsertTerms(
  trx: Trx,
  companyId: number,
  userId: number,
  terms: {
    basis: 'gross_percent' | 'margin_percent' | 'per_load';
    percent: number | null;
    amount_cents: number | null;
  },
  updatedBy: number,
  at: Date,
): Promise<void> {
  const values = { ...terms, updated_by: updatedBy, updated_at: at };
  await trx
    .insertInto('dispatcher_pay_terms')
    .values({ user_id: userId, company_id: companyId, ...values })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
    .execute();
}

export async function deleteTerms(trx: Trx, companyId: number, userId: number): Promise<void> {
  await trx
    .deleteFrom('dispatcher_pay_terms')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
}

/** The dispatcher's payments of weeks still open (their amount follows the terms). */
export async function findOpenDispatcherPaymentIds(
  trx: Trx,
  companyId: number,
  userId: number,
): Promise<number[]> {
  const rows = await trx
    .selectFrom('payments')
    .select('id')
    .where('company_id', '=', companyId)
    .where('type', '=', 'dispatcher')
    .where('dispatcher_id', '=', userId)
    .where('amount_cents', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}
