import { sql } from 'kysely';
import type { Db, NewRow, Row } from '../../db/types';

// The incentives table: a company's bonuses and fines on its loads. The load, its driver, vehicle, owner and
// dispatcher, the people named and the closed weeks (accounting_weeks) are read here for the answers (joins,
// never writes): a change of a load goes through the loads service.

/** A load as an incentive needs it: its people as they are now, and its accounting week. */
export type IncentiveLoadRow = Pick<
  Row<'loads'>,
  'id' | 'status' | 'driver_id' | 'dispatcher_id' | 'load_accounting_week' | 'load_accounting_year'
> & {
  /** The owner of the load's vehicle, else of its driver. */
  owner_id: number | null;
  /** Its accounting week is in accounting_weeks (pay sheets sent). */
  week_closed: boolean;
};

/**
 * A load of the company that can take incentives (any of the four lists; a load on the load board that was
 * not booked is in none), locked when `lock` until the transaction ends; undefined otherwise.
 */
export async function findIncentiveLoad(
  db: Db,
  companyId: number,
  loadId: number,
  lock = false,
): Promise<IncentiveLoadRow | undefined> {
  if (lock) {
    const locked = await db
      .selectFrom('loads')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '=', loadId)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) return undefined;
  }
  return db
    .selectFrom('loads as l')
    .leftJoin('drivers as d', (join) =>
      join.onRef('d.id', '=', 'l.driver_id').onRef('d.company_id', '=', 'l.company_id'),
    )
    .leftJoin('vehicles as v', (join) =>
      join.onRef('v.id', '=', 'l.vehicle_id').onRef('v.company_id', '=', 'l.company_id'),
    )
    .leftJoin('accounting_weeks as w', (join) =>
      join
        .onRef('w.company_id', '=', 'l.company_id')
        .onRef('w.year', '=', 'l.load_accounting_year')
        .onRef('w.week', '=', 'l.load_accounting_week'),
    )
    .select([
      'l.id',
      'l.status',
      'l.driver_id',
      'l.dispatcher_id',
      'l.load_accounting_week',
      'l.load_accounting_year',
      (eb) => eb.fn.coalesce('v.owner_id', 'd.owner_id').as('owner_id'),
      sql<boolean>`w.week IS NOT NULL`.as('week_closed'),
    ])
    .where('l.company_id', '=', companyId)
    .where('l.id', '=', loadId)
    .where((eb) => eb.or([eb('l.board_status', 'is', null), eb('l.board_status', '=', 'booked')]))
    .executeTakeFirst();
}

/** An incentive with the names of its people and whether its load's week is closed, as answered. */
export type IncentiveRow = Row<'incentives'> & {
  driver_first_name: string | null;
  driver_last_name: string | null;
  owner_first_name: string | null;
  owner_last_name: string | null;
  dispatcher_first_name: string | null;
  dispatcher_last_name: string | null;
  creator_first_name: string | null;
  creator_last_name: string | null;
  week_closed: boolean;
};

/** The company's incentives of one load (oldest first), or those with these ids. */
export async function findIncentives(
  db: Db,
  companyId: number,
  where: { loadId: number } | { ids: readonly number[] },
): Promise<IncentiveRow[]> {
  if ('ids' in where && where.ids.length === 0) return [];
  let query = db
    .selectFrom('incentives as i')
    .innerJoin('loads as l', 'l.id', 'i.load_id')
    .leftJoin('accounting_weeks as w', (join) =>
      join
        .onRef('w.company_id', '=', 'l.company_id')
        .onRef('w.year', '=', 'l.load_accounting_year')
        .onRef('w.week', '=', 'l.load_accounting_week'),
    )
    .leftJoin('drivers as d', 'd.id', 'i.driver_id')
    .leftJoin('owners as o', 'o.id', 'i.owner_id')
    .leftJoin('users as u', 'u.id', 'i.dispatcher_id')
    .leftJoin('users as c', 'c.id', 'i.created_by')
    .selectAll('i')
    .select([
      'd.first_name as driver_first_name',
      'd.last_name as driver_last_name',
      'o.first_name as owner_first_name',
      'o.last_name as owner_last_name',
      'u.first_name as dispatcher_first_name',
      'u.last_name as dispatcher_last_name',
      'c.first_name as creator_first_name',
      'c.last_name as creator_last_name',
      sql<boolean>`w.week IS NOT NULL`.as('week_closed'),
    ])
    .where('i.company_id', '=', companyId);
  query = 'ids' in where ? query.where('i.id', 'in', where.ids) : query.where('i.load_id', '=', where.loadId);
  return query.orderBy('i.created_at').orderBy('i.id').execute();
}

export async function insertIncentive(db: Db, values: NewRow<'incentives'>): Promise<number> {
  const row = await db.insertInto('incentives').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The company's incentive with this id, locked until the transaction ends. */
export async function lockIncentive(
  db: Db,
  companyId: number,
  id: number,
): Promise<Row<'incentives'> | undefined> {
  return db
    .selectFrom('incentives')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function deleteIncentive(db: Db, companyId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('incentives')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
