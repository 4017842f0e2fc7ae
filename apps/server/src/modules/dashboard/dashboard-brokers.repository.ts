import { sql } from 'kysely';
import type { Db } from '../../db/types';
import {
  COUNTED,
  FIGURE_COLUMNS,
  scopedLoads,
  type DayRange,
  type LoadScope,
} from './dashboard-scope.repository';

// The dashboard's figures per broker company over the read model, which of a period's brokers are new, and
// how long the brokers take to pay.

/** The figures of each broker company with counted loads in the range. */
export async function figuresByBroker(db: Db, scope: LoadScope, range: DayRange) {
  return scopedLoads(db, scope, range)
    .where(COUNTED)
    .where('d.broker_company_id', 'is not', null)
    .select(['d.broker_company_id', ...FIGURE_COLUMNS])
    .groupBy('d.broker_company_id')
    .execute();
}

/**
 * How many of these brokers had a counted load of the scope before `before`: one index probe each
 * (dashboard_load_days_broker_idx), stopping at the first load found.
 */
export async function countBrokersSeenBefore(
  db: Db,
  scope: LoadScope,
  brokerIds: readonly number[],
  before: string,
): Promise<number> {
  if (brokerIds.length === 0) return 0;
  const row = await db
    .selectFrom(sql<{ id: number }>`unnest(${sql.val(brokerIds)}::bigint[])`.as('broker'))
    .select(sql<number>`count(*)`.as('count'))
    .where((eb) =>
      eb.exists(
        scopedLoads(db, { ...scope, brokerId: undefined }, null)
          .where(COUNTED)
          .where('d.day', '<', before)
          .whereRef('d.broker_company_id', '=', sql.ref('broker'))
          .select(sql.lit(1).as('one')),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The brokers' average days to pay, to one decimal, and their paid invoices, from the read model the
 * payments triggers keep (the accounting module's average over the same invoices); brokers never paid are
 * absent.
 */
export async function findDaysToPay(db: Db, companyId: number, brokerIds: readonly number[]) {
  if (brokerIds.length === 0) return [];
  return db
    .selectFrom('dashboard_broker_pay_days as p')
    .select([
      'p.broker_company_id',
      'p.paid_invoices',
      'p.paid_days',
      sql<string>`round(p.paid_days::numeric / p.paid_invoices, 1)`.as('average'),
    ])
    .where('p.company_id', '=', companyId)
    .where('p.broker_company_id', 'in', brokerIds)
    .where('p.paid_invoices', '>', 0)
    .execute();
}
