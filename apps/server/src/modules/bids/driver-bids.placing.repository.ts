import { sql } from 'kysely';
import type { Row } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';
import { DRIVER_BID_KINDS_SQL } from './driver-bids.repository';

// The writes of a driver's or owner's bid from the driver page: the bidder's last bid on the load (which
// the limits count from) and placing or changing the pending one. Scoped to the caller's company.

/** The bidder's most recent bid on the load (pending or decided), locked; undefined when none. */
export async function lockLastBidOfBidder(
  trx: Trx,
  companyId: number,
  loadId: number,
  bidderUserId: number,
): Promise<Pick<Row<'bids'>, 'id' | 'status' | 'placed_at' | 'created_at'> | undefined> {
  return trx
    .selectFrom('bids')
    .select(['id', 'status', 'placed_at', 'created_at'])
    .where('company_id', '=', companyId)
    .where('load_id', '=', loadId)
    .where('bidder_user_id', '=', bidderUserId)
    .where('kind', 'in', DRIVER_BID_KINDS_SQL)
    .orderBy(sql`coalesce(placed_at, created_at)`, 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

export type NewDriverBid = {
  load_id: number;
  kind: 'driver' | 'owner';
  vehicle_id: number;
  driver_id: number | null;
  bidder_user_id: number;
  price_cents: number;
  eta_at: Date;
  placed_at: Date;
};

export async function insertBid(trx: Trx, companyId: number, bid: NewDriverBid): Promise<number> {
  const row = await trx
    .insertInto('bids')
    .values({
      ...bid,
      company_id: companyId,
      status: 1,
      created_at: bid.placed_at,
      updated_at: bid.placed_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes the bidder's pending bid: a new price, ETA, vehicle, and the time it was placed. */
export async function updatePendingBid(
  trx: Trx,
  companyId: number,
  id: number,
  bid: NewDriverBid,
): Promise<void> {
  await trx
    .updateTable('bids')
    .set({
      kind: bid.kind,
      vehicle_id: bid.vehicle_id,
      driver_id: bid.driver_id,
      price_cents: bid.price_cents,
      eta_at: bid.eta_at,
      placed_at: bid.placed_at,
      updated_at: bid.placed_at,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('status', '=', 1)
    .execute();
}
