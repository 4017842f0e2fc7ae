import { sql } from 'kysely';
import type { Db, Row, RowUpdate } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';

// The payment rows a load of accounting has: its broker payment (one per load) and the owner-week and
// dispatcher-week payments of its owner and dispatcher, made when the load reaches checkout or moves to
// another week; and the broker payment's own changes (quick pay). Every query is scoped to the company.

/** What the payment rows of a load are made from: its week, broker, owner and dispatcher. */
export type LoadForPayments = {
  id: number;
  week: number | null;
  year: number | null;
  broker_company_id: number | null;
  owner_id: number | null;
  dispatcher_id: number | null;
  invoice_date: string | null;
};

/**
 * The load's accounting week, its broker (the accounting broker, else the broker), its owner (the vehicle's
 * owner, else the driver's) and its dispatcher; the invoice date is the Eastern date of its delivery.
 */
export async function findLoadForPayments(
  trx: Db,
  companyId: number,
  loadId: number,
): Promise<LoadForPayments | undefined> {
  return trx
    .selectFrom('loads as l')
    .leftJoin('vehicles as v', 'v.id', 'l.vehicle_id')
    .leftJoin('drivers as d', 'd.id', 'l.driver_id')
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'l.dispatcher_id').on('u.company_id', '=', companyId),
    )
    .select([
      'l.id',
      'l.load_accounting_week as week',
      'l.load_accounting_year as year',
      sql<number | null>`coalesce(l.accounting_broker_company_id, l.broker_company_id)`.as(
        'broker_company_id',
      ),
      sql<number | null>`coalesce(v.owner_id, d.owner_id)`.as('owner_id'),
      'u.id as dispatcher_id',
      sql<
        string | null
      >`to_char(coalesce(l.delivered_at, l.updated_at) AT TIME ZONE 'America/New_York', 'YYYY-MM-DD')`.as(
        'invoice_date',
      ),
    ])
    .where('l.company_id', '=', companyId)
    .where('l.id', '=', loadId)
    .executeTakeFirst();
}

/**
 * The load's broker payment in its week: made when missing (Standard, invoice Unpaid, dated at delivery),
 * moved to the load's week when it exists. Answers its id.
 */
export async function upsertBrokerPayment(
  trx: Trx,
  companyId: number,
  load: LoadForPayments & { week: number; year: number },
  createdBy: number | null,
): Promise<number> {
  const row = await trx
    .insertInto('payments')
    .values({
      company_id: companyId,
      type: 'broker',
      load_id: load.id,
      broker_company_id: load.broker_company_id,
      week: load.week,
      year: load.year,
      invoice_date: load.invoice_date,
      created_by: createdBy,
    })
    .onConflict((conflict) =>
      conflict
        .column('load_id')
        .where('type', '=', 'broker')
        .doUpdateSet((eb) => ({
          week: eb.ref('excluded.week'),
          year: eb.ref('excluded.year'),
          broker_company_id: sql<
            number | null
          >`coalesce(payments.broker_company_id, excluded.broker_company_id)`,
          updated_at: sql<Date>`now()`,
        })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The owner's or dispatcher's payment of the week, made when missing. Answers its id, null when it existed. */
export async function insertWeekPayment(
  trx: Trx,
  companyId: number,
  person: { type: 'owner'; owner_id: number } | { type: 'dispatcher'; dispatcher_id: number },
  week: { week: number; year: number },
  createdBy: number | null,
): Promise<number | null> {
  const key = person.type === 'owner' ? 'owner_id' : 'dispatcher_id';
  const row = await trx
    .insertInto('payments')
    .values({ company_id: companyId, ...person, ...week, created_by: createdBy })
    .onConflict((conflict) =>
      conflict.columns(['company_id', key, 'year', 'week']).where('type', '=', person.type).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export type PaymentLock = Pick<
  Row<'payments'>,
  'id' | 'type' | 'status' | 'load_id' | 'quickpay_percent' | 'invoice_status' | 'paid_at'
>;

/** A payment of the company, locked for a change; undefined when none. */
export async function lockPayment(trx: Trx, companyId: number, id: number): Promise<PaymentLock | undefined> {
  return trx
    .selectFrom('payments')
    .select(['id', 'type', 'status', 'load_id', 'quickpay_percent', 'invoice_status', 'paid_at'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updatePayment(trx: Trx, id: number, values: RowUpdate<'payments'>): Promise<void> {
  await trx.updateTable('payments').set(values).where('id', '=', id).execute();
}

/** The company's quick pay deduction percent (a company setting, '3.00' by default). */
export async function findCompanyQuickpayPercent(db: Db, companyId: number): Promise<string> {
  const row = await db
    .selectFrom('companies')
    .select('quickpay_percent')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return row.quickpay_percent;
}

/**
 * Stamps the first sending of the load's invoice on its broker payment: invoiced_at, and the invoice dated
 * that (Eastern) day. A payment whose invoice was sent before keeps its date. Answers the payment's id when it
 * changed.
 */
export async function markInvoiceSent(
  trx: Trx,
  companyId: number,
  loadId: number,
  sent: { at: Date; date: string },
): Promise<number | undefined> {
  const row = await trx
    .updateTable('payments')
    .set({ invoiced_at: sent.at, invoice_date: sent.date, updated_at: sent.at })
    .where('company_id', '=', companyId)
    .where('type', '=', 'broker')
    .where('load_id', '=', loadId)
    .where('invoiced_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
