import { sql, type ExpressionBuilder, type SqlBool, type Expression } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db, Row } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';

// Every query of driver and owner bids (bids of kind 'driver' or 'owner'). Each is scoped to the caller's
// company. A pending bid (status 1) on a load that left the board is read as decided: won when the load
// was booked with the bid's vehicle, lost otherwise, whether or not the booking settled it yet.

type Q = Database & { b: Database['bids']; l: Database['loads'] };
type BidsEb = ExpressionBuilder<Q, 'b' | 'l'>;

export const DRIVER_BID_KINDS_SQL = ['driver', 'owner'] as const;

export type DriverBidRow = Pick<
  Row<'bids'>,
  | 'id'
  | 'load_id'
  | 'status'
  | 'price_cents'
  | 'eta_at'
  | 'placed_at'
  | 'created_at'
  | 'vehicle_id'
  | 'driver_id'
  | 'bidder_user_id'
  | 'rejected_reason'
  | 'rejected_at'
> & {
  kind: 'driver' | 'owner';
  unit_id: string | null;
  driver_first_name: string | null;
  driver_last_name: string | null;
  bidder_first_name: string | null;
  bidder_last_name: string | null;
  board_status: Row<'loads'>['board_status'];
  load_vehicle_id: number | null;
  load_accounting_number: number | null;
};

function bidRowsQuery(db: Db | Trx, companyId: number) {
  return db
    .selectFrom('bids as b')
    .innerJoin('loads as l', 'l.id', 'b.load_id')
    .leftJoin('vehicles as v', 'v.id', 'b.vehicle_id')
    .leftJoin('drivers as d', 'd.id', 'b.driver_id')
    .leftJoin('users as u', 'u.id', 'b.bidder_user_id')
    .select([
      'b.id',
      'b.load_id',
      'b.status',
      'b.price_cents',
      'b.eta_at',
      'b.placed_at',
      'b.created_at',
      'b.vehicle_id',
      'b.driver_id',
      'b.bidder_user_id',
      'b.rejected_reason',
      'b.rejected_at',
      'v.unit_id',
      'd.first_name as driver_first_name',
      'd.last_name as driver_last_name',
      'u.first_name as bidder_first_name',
      'u.last_name as bidder_last_name',
      'l.board_status',
      'l.vehicle_id as load_vehicle_id',
      'l.load_accounting_number',
    ])
    .select(sql<'driver' | 'owner'>`b.kind`.as('kind'))
    .where('b.company_id', '=', companyId)
    .where('b.kind', 'in', DRIVER_BID_KINDS_SQL);
}

/** The bid's status as the bidder should read it (see the top of the file). */
function effectiveStatusIs(eb: BidsEb, status: 1 | 2 | 3): Expression<SqlBool> {
  const pending = eb.and([eb('b.status', '=', 1), eb('l.board_status', '=', 'posted')]);
  const wonByBooking = eb.and([
    eb('b.status', '=', 1),
    eb('l.board_status', 'is distinct from', 'posted'),
    eb('l.board_status', '=', 'booked'),
    eb('l.vehicle_id', '=', eb.ref('b.vehicle_id')),
  ]);
  if (status === 1) return pending;
  if (status === 2) return eb.or([eb('b.status', '=', 2), wonByBooking]);
  return eb.and([eb.not(pending), eb.not(eb.or([eb('b.status', '=', 2), wonByBooking]))]);
}

export type DriverBidFilters = {
  status?: 1 | 2 | 3 | undefined;
  kind?: 'driver' | 'owner' | undefined;
  vehicle_id?: number | undefined;
  driver_id?: number | undefined;
  load_id?: number | undefined;
  bidder_user_id?: number | undefined;
  placed_from?: Date | undefined;
  placed_before?: Date | undefined;
};

function filtered(db: Db | Trx, companyId: number, filters: DriverBidFilters) {
  let query = bidRowsQuery(db, companyId);
  const { status } = filters;
  if (status !== undefined) query = query.where((eb) => effectiveStatusIs(eb, status));
  if (filters.kind) query = query.where('b.kind', '=', filters.kind);
  if (filters.vehicle_id) query = query.where('b.vehicle_id', '=', filters.vehicle_id);
  if (filters.driver_id) query = query.where('b.driver_id', '=', filters.driver_id);
  if (filters.load_id) query = query.where('b.load_id', '=', filters.load_id);
  if (filters.bidder_user_id) query = query.where('b.bidder_user_id', '=', filters.bidder_user_id);
  if (filters.placed_from) query = query.where('b.created_at', '>=', filters.placed_from);
  if (filters.placed_before) query = query.where('b.created_at', '<', filters.placed_before);
  return query;
}

export async function findBidPage(
  db: Db,
  companyId: number,
  filters: DriverBidFilters,
  page: { limit: number; offset: number },
): Promise<DriverBidRow[]> {
  return filtered(db, companyId, filters)
    .orderBy('b.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countBids(db: Db, companyId: number, filters: DriverBidFilters): Promise<number> {
  const { count } = await filtered(db, companyId, filters)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function findBid(
  db: Db | Trx,
  companyId: number,
  id: number,
): Promise<DriverBidRow | undefined> {
  return bidRowsQuery(db, companyId).where('b.id', '=', id).executeTakeFirst();
}

/** The pending driver and owner bids of these board loads, oldest first (for the board's rows). */
export async function findPendingBidsOfLoads(
  db: Db | Trx,
  companyId: number,
  loadIds: readonly number[],
): Promise<DriverBidRow[]> {
  if (loadIds.length === 0) return [];
  return bidRowsQuery(db, companyId)
    .where('b.load_id', 'in', loadIds)
    .where('b.status', '=', 1)
    .where('l.board_status', '=', 'posted')
    .orderBy('b.id')
    .execute();
}

/** The bid locked for a decision; undefined when it is not a driver or owner bid of the company. */
export async function lockBid(
  trx: Trx,
  companyId: number,
  id: number,
): Promise<Pick<Row<'bids'>, 'id' | 'load_id' | 'status' | 'bidder_user_id'> | undefined> {
  return trx
    .selectFrom('bids')
    .select(['id', 'load_id', 'status', 'bidder_user_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('kind', 'in', DRIVER_BID_KINDS_SQL)
    .forUpdate()
    .executeTakeFirst();
}

export async function rejectBid(
  trx: Trx,
  companyId: number,
  id: number,
  change: { reason: string; by: number; at: Date },
): Promise<void> {
  await trx
    .updateTable('bids')
    .set({
      status: 3,
      rejected_reason: change.reason,
      rejected_by: change.by,
      rejected_at: change.at,
      updated_at: change.at,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/**
 * Settles the pending driver and owner bids of a load that leaves the board: won for the bids of the
 * vehicle it was booked with, lost for the others. Answers the bidders told.
 */
export async function settlePendingBids(
  trx: Trx,
  companyId: number,
  loadId: number,
  bookedVehicleId: number | null,
  now: Date,
): Promise<{ id: number; bidder_user_id: number | null }[]> {
  return trx
    .updateTable('bids')
    .set((eb) => ({
      status:
        bookedVehicleId === null
          ? 3
          : eb
              .case()
              .when('vehicle_id', '=', bookedVehicleId)
              .then(sql<2 | 3>`2`)
              .else(sql<2 | 3>`3`)
              .end(),
      updated_at: now,
    }))
    .where('company_id', '=', companyId)
    .where('load_id', '=', loadId)
    .where('kind', 'in', DRIVER_BID_KINDS_SQL)
    .where('status', '=', 1)
    .returning(['id', 'bidder_user_id'])
    .execute();
}

/** The bidder's bids on these loads, the latest placed first (the driver page's "my bid"). */
export async function findBidsOfBidderOnLoads(
  db: Db | Trx,
  companyId: number,
  bidderUserId: number,
  loadIds: readonly number[],
): Promise<DriverBidRow[]> {
  if (loadIds.length === 0) return [];
  return bidRowsQuery(db, companyId)
    .where('b.bidder_user_id', '=', bidderUserId)
    .where('b.load_id', 'in', loadIds)
    .orderBy(sql`coalesce(b.placed_at, b.created_at)`, 'desc')
    .orderBy('b.id', 'desc')
    .execute();
}

/** The dispatcher bids (propositions) of a load, lowest id first, for the board's reject_bid. */
export async function findDispatcherBidsOfLoad(
  db: Db | Trx,
  companyId: number,
  loadId: number,
): Promise<Pick<Row<'bids'>, 'id' | 'status' | 'price_cents' | 'vehicle_id'>[]> {
  return db
    .selectFrom('bids')
    .select(['id', 'status', 'price_cents', 'vehicle_id'])
    .where('company_id', '=', companyId)
    .where('load_id', '=', loadId)
    .where('kind', '=', 'dispatcher')
    .orderBy('id')
    .execute();
}
