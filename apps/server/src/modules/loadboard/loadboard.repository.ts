import { sql } from 'kysely';
import type { Db, Row } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';
import { boardPageIds, type BoardFilters } from './loadboard-list.repository';

// The board loads as the board shows them: their rows, points, pending driver bids, first dispatcher bid,
// the caller's seen marks, and the board's own writes (seen marks, expiry). A page is read with a fixed
// number of queries whatever its size: its rows (seen marks included), then its points, pending driver
// bids and dispatcher bids, one query each.

/** A board load's row with its broker company and whether the user marked it seen. */
export type BoardRow = Pick<
  Row<'loads'>,
  | 'id'
  | 'status'
  | 'board_status'
  | 'load_accounting_number'
  | 'pick_up_datetime'
  | 'delivery_datetime'
  | 'broker_company_id'
  | 'broker_name'
  | 'broker_phone'
  | 'reply_email'
  | 'posting_reference'
  | 'miles'
  | 'vehicle_type'
  | 'length'
  | 'width'
  | 'height'
  | 'weight'
  | 'pieces'
  | 'equipment'
  | 'dock_level'
  | 'is_danger'
  | 'note'
  | 'pays_cents'
  | 'broker_price_cents'
  | 'posted_at'
  | 'working_group_id'
  | 'subgroup_id'
  | 'dispatcher_id'
> & {
  broker_company_name: string | null;
  broker_company_mc_number: string | null;
  broker_company_rating: Row<'broker_companies'>['rating'] | null;
  broker_company_in_blacklist: boolean | null;
  already_saw: boolean;
};

function boardRowsQuery(db: Db, companyId: number, userId: number | null) {
  return db
    .selectFrom('loads as l')
    .leftJoin('broker_companies as b', 'b.id', 'l.broker_company_id')
    .select([
      'l.id',
      'l.status',
      'l.board_status',
      'l.load_accounting_number',
      'l.pick_up_datetime',
      'l.delivery_datetime',
      'l.broker_company_id',
      'l.broker_name',
      'l.broker_phone',
      'l.reply_email',
      'l.posting_reference',
      'l.miles',
      'l.vehicle_type',
      'l.length',
      'l.width',
      'l.height',
      'l.weight',
      'l.pieces',
      'l.equipment',
      'l.dock_level',
      'l.is_danger',
      'l.note',
      'l.pays_cents',
      'l.broker_price_cents',
      'l.posted_at',
      'l.working_group_id',
      'l.subgroup_id',
      'l.dispatcher_id',
      'b.name as broker_company_name',
      'b.mc_number as broker_company_mc_number',
      'b.rating as broker_company_rating',
      'b.in_blacklist as broker_company_in_blacklist',
    ])
    .select(
      (userId === null
        ? sql<boolean>`false`
        : sql<boolean>`EXISTS (SELECT 1 FROM loadboard_seen s WHERE s.user_id = ${userId} AND s.load_id = l.id)`
      ).as('already_saw'),
    )
    .where('l.company_id', '=', companyId);
}

/** One page of the board, newest first: one query (the page's ids are chosen from the indexes first). */
export async function findBoardPage(
  db: Db,
  companyId: number,
  userId: number,
  filters: BoardFilters,
  page: { limit: number; offset: number },
  matchIds?: readonly number[],
): Promise<BoardRow[]> {
  return boardRowsQuery(db, companyId, userId)
    .innerJoin(boardPageIds(db, companyId, filters, page, matchIds).as('page'), 'page.id', 'l.id')
    .orderBy('l.id', 'desc')
    .execute();
}

/** Loads of the company that are or were on the board (any board status), as the board shows them. */
export async function findBoardRows(
  db: Db,
  companyId: number,
  userId: number | null,
  loadIds: readonly number[],
): Promise<BoardRow[]> {
  if (loadIds.length === 0) return [];
  return boardRowsQuery(db, companyId, userId)
    .where('l.id', 'in', loadIds)
    .where('l.board_status', 'is not', null)
    .orderBy('l.id', 'desc')
    .execute();
}

export type BoardPointRow = Pick<
  Row<'load_points'>,
  | 'load_id'
  | 'point_order'
  | 'type'
  | 'address'
  | 'city'
  | 'state'
  | 'zip_code'
  | 'country'
  | 'lat'
  | 'lon'
  | 'date'
>;

/** The points of these loads, in each load's order. */
export async function findPoints(db: Db, loadIds: readonly number[]): Promise<BoardPointRow[]> {
  if (loadIds.length === 0) return [];
  return db
    .selectFrom('load_points')
    .select([
      'load_id',
      'point_order',
      'type',
      'address',
      'city',
      'state',
      'zip_code',
      'country',
      'lat',
      'lon',
      'date',
    ])
    .where('load_id', 'in', loadIds)
    .orderBy('load_id')
    .orderBy('point_order')
    .execute();
}

export type DriverBidRow = Pick<
  Row<'bids'>,
  | 'id'
  | 'load_id'
  | 'kind'
  | 'vehicle_id'
  | 'driver_id'
  | 'price_cents'
  | 'miles_out'
  | 'eta_at'
  | 'created_at'
> & { unit_id: string | null; driver_first_name: string | null; driver_last_name: string | null };

/** The driver and owner bids waiting for an answer (status 1) on these loads, oldest first. */
export async function findPendingDriverBids(
  db: Db,
  companyId: number,
  loadIds: readonly number[],
): Promise<DriverBidRow[]> {
  if (loadIds.length === 0) return [];
  return db
    .selectFrom('bids as bid')
    .leftJoin('vehicles as v', 'v.id', 'bid.vehicle_id')
    .leftJoin('drivers as d', 'd.id', 'bid.driver_id')
    .select([
      'bid.id',
      'bid.load_id',
      'bid.kind',
      'bid.vehicle_id',
      'bid.driver_id',
      'bid.price_cents',
      'bid.miles_out',
      'bid.eta_at',
      'bid.created_at',
      'v.unit_id',
      'd.first_name as driver_first_name',
      'd.last_name as driver_last_name',
    ])
    .where('bid.company_id', '=', companyId)
    .where('bid.load_id', 'in', loadIds)
    .where('bid.kind', '!=', 'dispatcher')
    .where('bid.status', '=', 1)
    .orderBy('bid.id')
    .execute();
}

export type DispatcherBidRow = Pick<
  Row<'bids'>,
  'id' | 'load_id' | 'dispatcher_id' | 'vehicle_id' | 'price_cents' | 'status' | 'created_at'
> & {
  unit_id: string | null;
  dispatcher_first_name: string | null;
  dispatcher_last_name: string | null;
  bids_count: number;
};

/** The active dispatcher bid with the lowest id on each of these loads, with how many active ones it has. */
export async function findFirstDispatcherBids(
  db: Db,
  companyId: number,
  loadIds: readonly number[],
): Promise<DispatcherBidRow[]> {
  if (loadIds.length === 0) return [];
  const rows = await db
    .selectFrom(
      db
        .selectFrom('bids as bid')
        .select([
          'bid.id',
          'bid.load_id',
          'bid.dispatcher_id',
          'bid.vehicle_id',
          'bid.price_cents',
          'bid.status',
          'bid.created_at',
          sql<number>`row_number() OVER (PARTITION BY bid.load_id ORDER BY bid.id)`.as('position'),
          sql<string>`count(*) OVER (PARTITION BY bid.load_id)`.as('bids_count'),
        ])
        .where('bid.company_id', '=', companyId)
        .where('bid.load_id', 'in', loadIds)
        .where('bid.kind', '=', 'dispatcher')
        .where('bid.status', '=', 1)
        .as('first'),
    )
    .leftJoin('vehicles as v', 'v.id', 'first.vehicle_id')
    .leftJoin('users as u', 'u.id', 'first.dispatcher_id')
    .select([
      'first.id',
      'first.load_id',
      'first.dispatcher_id',
      'first.vehicle_id',
      'first.price_cents',
      'first.status',
      'first.created_at',
      'first.bids_count',
      'v.unit_id',
      'u.first_name as dispatcher_first_name',
      'u.last_name as dispatcher_last_name',
    ])
    .where('first.position', '=', 1)
    .execute();
  return rows.map((row) => ({ ...row, bids_count: Number(row.bids_count) }));
}

// ---------------------------------------------------------------- writes

/** Which of these ids are loads of the company that are or were on the board. */
export async function findBoardIds(db: Db, companyId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('loads')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .where('board_status', 'is not', null)
    .execute();
  return rows.map((row) => row.id);
}

/** Marks these loads seen by the user; marking again keeps the first time. */
export async function insertSeen(
  trx: Trx,
  userId: number,
  loadIds: readonly number[],
  at: Date,
): Promise<void> {
  if (loadIds.length === 0) return;
  await trx
    .insertInto('loadboard_seen')
    .values(loadIds.map((loadId) => ({ user_id: userId, load_id: loadId, seen_at: at })))
    .onConflict((oc) => oc.columns(['user_id', 'load_id']).doNothing())
    .execute();
}

/**
 * Takes off the board up to `batch` posted loads whose pick-up time passed more than their company's
 * board_expiry_hours before `at`: 'expired'. Rows another process holds are skipped (it expires them), so
 * several processes can run this at once. Answers the loads taken off, with their company.
 */
export async function expireDueLoads(
  trx: Trx,
  at: Date,
  batch: number,
): Promise<{ id: number; company_id: number }[]> {
  return trx
    .updateTable('loads')
    .set({ board_status: 'expired', updated_at: at })
    .where(
      'id',
      'in',
      trx
        .selectFrom('loads as l')
        .innerJoin('companies as c', 'c.id', 'l.company_id')
        .select('l.id')
        .where('l.board_status', '=', 'posted')
        // The shortest expiry (1 hour) bounds the range read from loads_board_expiry_idx.
        .where('l.pick_up_datetime', '<', new Date(at.getTime() - 3_600_000))
        .where(
          sql<boolean>`l.pick_up_datetime < ${at}::timestamptz - make_interval(hours => c.board_expiry_hours)`,
        )
        .orderBy('l.pick_up_datetime')
        .limit(batch)
        .forUpdate('l')
        .skipLocked(),
    )
    .where('board_status', '=', 'posted')
    .returning(['id', 'company_id'])
    .execute();
}
