/**
 * The demo driver's sign-in: one driver of each demo company signs in to the driver page (/driver/) with
 * the demo password, as if the dispatcher's invitation had been accepted. The driver chosen is the active
 * driver of the unit with the most pending driver bids on the board, so that the page shows loads and bids
 * at once; a few more board loads are forwarded to that unit, long enough ago that the driver may bid on
 * them at once (the 15 minutes after a forward have passed).
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../schema';
import { addHours, addMinutes } from './dates';

export type DriverSignInSpec = { email: string };

/** Board loads forwarded to the demo driver's unit besides the ones the driver already bid on. */
const EXTRA_FORWARDS = 4;

/** A pending bid of the driver: the loads it is on show "my bid" on the driver page. */
type DriverBidRow = { load_id: number };

export async function seedDriverSignIn(
  trx: Transaction<Database>,
  companyId: number,
  spec: DriverSignInSpec,
  environment: { now: Date; passwordHash: string },
): Promise<{ userId: number; driverId: number; vehicleId: number }> {
  const { now } = environment;
  const vehicle = await trx
    .selectFrom('vehicles as v')
    .innerJoin('drivers as d', 'd.id', 'v.active_driver_id')
    .leftJoin('bids as b', (join) =>
      join
        .onRef('b.vehicle_id', '=', 'v.id')
        .onRef('b.driver_id', '=', 'd.id')
        .on('b.kind', '=', 'driver')
        .on('b.status', '=', 1),
    )
    .leftJoin('loads as l', (join) =>
      join.onRef('l.id', '=', 'b.load_id').on('l.board_status', '=', 'posted'),
    )
    .select([
      'v.id',
      'v.transport_type',
      'v.dispatcher_id',
      'd.id as driver_id',
      'd.first_name',
      'd.last_name',
      'd.phone_number',
    ])
    .select((eb) => eb.fn.count<string>('l.id').as('pending_bids'))
    .where('v.company_id', '=', companyId)
    .where('v.loads_allowed_for_driver', '=', true)
    .groupBy(['v.id', 'd.id'])
    .orderBy('pending_bids', 'desc')
    .orderBy('v.id')
    .executeTakeFirst();
  if (!vehicle) throw new Error('The demo company has no unit with an active driver for the driver sign-in');

  const user = await trx
    .insertInto('users')
    .values({
      company_id: companyId,
      email: spec.email,
      password_hash: environment.passwordHash,
      first_name: vehicle.first_name,
      last_name: vehicle.last_name,
      role: 10,
      lang: 'en',
      phone_number: vehicle.phone_number,
      created_at: addHours(now, -24 * 30),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const userId = Number(user.id);
  // The driver's card shows the e-mail the driver signs in with.
  await trx
    .updateTable('drivers')
    .set({ user_id: userId, email: spec.email })
    .where('id', '=', vehicle.driver_id)
    .execute();
  // The driver's bids were placed from the driver page: they are the driver's own.
  await trx
    .updateTable('bids')
    .set({ bidder_user_id: userId })
    .where('company_id', '=', companyId)
    .where('kind', '=', 'driver')
    .where('driver_id', '=', vehicle.driver_id)
    .execute();

  const forwarded = await forwardMoreLoads(trx, companyId, vehicle, now);
  const pending: DriverBidRow[] = await trx
    .selectFrom('bids as b')
    .innerJoin('loads as l', 'l.id', 'b.load_id')
    .select('b.load_id')
    .where('b.company_id', '=', companyId)
    .where('b.bidder_user_id', '=', userId)
    .where('b.status', '=', 1)
    .where('l.board_status', '=', 'posted')
    .execute();
  // A small company may have had no driver bid on the board: the driver bid on the first load forwarded.
  const first = forwarded[0];
  if (pending.length === 0 && first) {
    const fourMinutesLater = addMinutes(first.forwarded_at, 4);
    const placedAt = fourMinutesLater.getTime() > now.getTime() ? now : fourMinutesLater;
    const priceCents =
      Math.round(((first.driver_price_cents ?? first.broker_price_cents ?? 150_000) * 1.02) / 500) * 500;
    await trx
      .insertInto('bids')
      .values({
        company_id: companyId,
        load_id: first.load_id,
        kind: 'driver',
        status: 1,
        vehicle_id: vehicle.id,
        driver_id: vehicle.driver_id,
        dispatcher_id: vehicle.dispatcher_id,
        bidder_user_id: userId,
        price_cents: priceCents,
        driver_price_cents: priceCents,
        eta_at: addHours(placedAt, 3),
        forwarded_at: first.forwarded_at,
        placed_at: placedAt,
        created_at: placedAt,
        updated_at: placedAt,
      })
      .execute();
  }
  return { userId, driverId: vehicle.driver_id, vehicleId: vehicle.id };
}

/**
 * Forwards board loads of the unit's type first (then any) that were not forwarded to it yet, the oldest
 * postings first, each some time after it was posted and at least 16 minutes before `now`.
 */
async function forwardMoreLoads(
  trx: Transaction<Database>,
  companyId: number,
  vehicle: { id: number; transport_type: string | null; dispatcher_id: number | null },
  now: Date,
) {
  const loads = await trx
    .selectFrom('loads as l')
    .select(['l.id', 'l.posted_at', 'l.created_at', 'l.driver_price_cents', 'l.broker_price_cents'])
    .where('l.company_id', '=', companyId)
    .where('l.board_status', '=', 'posted')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('load_forwards as f')
            .select('f.id')
            .whereRef('f.load_id', '=', 'l.id')
            .where('f.vehicle_id', '=', vehicle.id),
        ),
      ),
    )
    .orderBy(sql`l.vehicle_type IS NOT DISTINCT FROM ${vehicle.transport_type}`, 'desc')
    .orderBy('l.posted_at')
    .orderBy('l.id')
    .limit(EXTRA_FORWARDS)
    .execute();
  if (loads.length === 0) return [];
  const rows = loads.map((load, index) => {
    const posted = load.posted_at ?? load.created_at;
    const wanted = addMinutes(now, -(16 + 9 * index));
    // Never before the posting; a load posted in the last minutes is forwarded a minute after it.
    const at = wanted.getTime() > posted.getTime() ? wanted : addMinutes(posted, 1);
    return {
      company_id: companyId,
      load_id: load.id,
      vehicle_id: vehicle.id,
      forwarded_by: vehicle.dispatcher_id,
      forwarded_at: at.getTime() > now.getTime() ? now : at,
    };
  });
  await trx.insertInto('load_forwards').values(rows).execute();
  return rows.map((row, index) => ({
    load_id: row.load_id,
    forwarded_at: row.forwarded_at,
    driver_price_cents: loads[index]!.driver_price_cents,
    broker_price_cents: loads[index]!.broker_price_cents,
  }));
}
