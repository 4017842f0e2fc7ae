import { sql } from 'kysely';
import type { Db } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';

// The load intake's own SQL: the lock that keeps two copies of one posting from both adding a load, and the
// demo feed's look at the loads the company has run. The loads and broker companies it writes are written
// through their services.

/**
 * Holds the posting's key (the broker as named and the broker's reference) until the transaction ends: a
 * posting sent twice at the same moment (a retry, two workers of one load board) waits for the first and
 * then finds the load it posted, instead of adding a second one. A posting without a reference is never a
 * repeat, so it takes no lock.
 */
export async function lockPostingKey(trx: Trx, companyId: number, key: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${companyId}::int, hashtext(${`posting:${key}`}))`.execute(trx);
}

/** A past load of the company as the demo feed imitates it: its broker, lane, vehicle type and rate. */
export type PostingSample = {
  broker_name: string;
  broker_mc_number: string | null;
  broker_contact: string | null;
  broker_phone: string | null;
  reply_email: string | null;
  vehicle_type: string | null;
  miles: number | null;
  pays_cents: number | null;
  broker_price_cents: number;
  weight: number | null;
  pieces: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  equipment: unknown;
  dock_level: boolean;
  pick_up: SamplePlace;
  deliver_to: SamplePlace;
};

type SamplePlace = {
  address: string;
  city: string;
  state: string;
  zip_code: string | null;
  country: 'US' | 'CA';
  lat: number | null;
  lon: number | null;
};

/**
 * Up to `limit` of the company's most recent booked loads with a broker and located end points: the
 * brokers, lanes, vehicle types and rates the company really works with.
 */
export async function findPostingSamples(db: Db, companyId: number, limit: number): Promise<PostingSample[]> {
  const rows = await db
    .selectFrom('loads as l')
    .innerJoin('broker_companies as b', 'b.id', 'l.broker_company_id')
    .innerJoin('load_points as p', (join) => join.onRef('p.load_id', '=', 'l.id').on('p.point_order', '=', 1))
    .innerJoin('load_points as d', (join) =>
      join.onRef('d.load_id', '=', 'l.id').on('d.type', '=', 'deliver_to'),
    )
    .select([
      'b.name as broker_name',
      'b.mc_number as broker_mc_number',
      'l.broker_name as broker_contact',
      'l.broker_phone',
      'l.reply_email',
      'l.vehicle_type',
      'l.miles',
      'l.pays_cents',
      'l.broker_price_cents',
      'l.weight',
      'l.pieces',
      'l.length',
      'l.width',
      'l.height',
      'l.equipment',
      'l.dock_level',
      'p.address as p_address',
      'p.city as p_city',
      'p.state as p_state',
      'p.zip_code as p_zip_code',
      'p.country as p_country',
      'p.lat as p_lat',
      'p.lon as p_lon',
      'd.address as d_address',
      'd.city as d_city',
      'd.state as d_state',
      'd.zip_code as d_zip_code',
      'd.country as d_country',
      'd.lat as d_lat',
      'd.lon as d_lon',
    ])
    .where('l.company_id', '=', companyId)
    .where('l.board_status', 'is', null)
    .where('p.lat', 'is not', null)
    .where('d.lat', 'is not', null)
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    pick_up: {
      address: row.p_address,
      city: row.p_city,
      state: row.p_state,
      zip_code: row.p_zip_code,
      country: row.p_country,
      lat: row.p_lat,
      lon: row.p_lon,
    },
    deliver_to: {
      address: row.d_address,
      city: row.d_city,
      state: row.d_state,
      zip_code: row.d_zip_code,
      country: row.d_country,
      lat: row.d_lat,
      lon: row.d_lon,
    },
  }));
}
