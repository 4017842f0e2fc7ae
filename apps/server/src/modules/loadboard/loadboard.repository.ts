import { sql } from 'kysely';
import { prepared } from '../../db/prepared';
import type { Db, Row } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';
import {
  firstDispatcherBidJson,
  pendingDriverBidsJson,
  pointsJson,
  type BoardPointJson,
  type DispatcherBidJson,
  type DriverBidJson,
} from './loadboard-details.repository';
import { boardPageIds, type BoardFilters } from './loadboard-list.repository';
import type { BoardPlace } from './loadboard-trucks.repository';

// The board loads as the board shows them: their rows with their points, pending driver bids, first
// dispatcher bid and the caller's seen mark, and the board's own writes (seen marks, expiry). A page is
// one query whatever its size (loadboard-details.repository: the points and bids as JSON columns).

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
  points: BoardPointJson[];
  pending_driver_bids: DriverBidJson[];
  first_dispatcher_bid: DispatcherBidJson | null;
};

function boardRowsQuery(db: Db, companyId: number, userId: number | null) {
  // The seen mark is one probe of loadboard_seen's key per row: as an EXISTS the planner may read all of
  // the user's marks into a hash instead, the whole board's worth for a page of 25.
  return db
    .selectFrom('loads as l')
    .leftJoin('broker_companies as b', 'b.id', 'l.broker_company_id')
    .$if(userId !== null, (query) =>
      query.leftJoin('loadboard_seen as s', (join) =>
        join.onRef('s.load_id', '=', 'l.id').on('s.user_id', '=', userId),
      ),
    )
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
    .select((userId === null ? sql<boolean>`false` : sql<boolean>`s.user_id IS NOT NULL`).as('already_saw'))
    .select([
      pointsJson().as('points'),
      pendingDriverBidsJson(companyId).as('pending_driver_bids'),
      firstDispatcherBidJson(companyId).as('first_dispatcher_bid'),
    ])
    .where('l.company_id', '=', companyId);
}

/** One page of the board, newest first: one query (the page's ids are chosen from the indexes first). */
export async function findBoardPage(
  db: Db,
  companyId: number,
  userId: number,
  filters: BoardFilters,
  page: { limit: number; offset: number },
  matched?: readonly BoardPlace[],
): Promise<BoardRow[]> {
  return boardRowsQuery(db, companyId, userId)
    .innerJoin(boardPageIds(db, companyId, filters, page, matched).as('page'), 'page.id', 'l.id')
    .orderBy('l.id', 'desc')
    .execute();
}

/**
 * Loads of the company that are or were on the board (any board status), as the board shows them. A
 * prepared statement (db/prepared.ts): the ids are one array, so its text is the same for every page.
 */
export async function findBoardRows(
  db: Db,
  companyId: number,
  userId: number | null,
  loadIds: readonly number[],
): Promise<BoardRow[]> {
  if (loadIds.length === 0) return [];
  const query = boardRowsQuery(db, companyId, userId)
    .where(sql<boolean>`l.id = ANY(${[...loadIds]}::bigint[])`)
    .where('l.board_status', 'is not', null)
    .orderBy('l.id', 'desc')
    .compile();
  return (await db.executeQuery(prepared(query))).rows;
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
