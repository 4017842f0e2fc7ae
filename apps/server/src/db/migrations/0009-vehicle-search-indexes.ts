/**
 * The vehicles' search indexes: the capacity search's lead with the company, and the list's text search
 * keeps its plan.
 *
 * The capacity search's vehicles_location_point_idx and vehicles_future_location_point_idx (migration
 * 0003) were GiST indexes of the location alone, with company_id among their included columns: a search read every carrier's vehicles
 * in its rings and kept its own. On a server shared by several carriers a small one paid for the large ones
 * around it — its rings widen until they hold 20 of its own vehicles, reading everybody else's on the way:
 * with 2,000 of 100,000 vehicles, a search took 4 ms at the median and 8 ms at p95 in the database alone
 * instead of 1.2 ms. They are now GiST indexes of (company_id, location) — btree_gist gives GiST the
 * equality of a bigint — so that a search reads only its own company's vehicles; a carrier alone on its
 * server searches as fast as before. The included columns are the same, and the search (vehicles_nearby,
 * migration 0008) is unchanged: its `company_id = p_company_id` becomes part of the index scan.
 *
 * The list's text search (vehicles.repository.ts) matches the start of the unit ID, the VIN or the plate
 * through expression indexes. With the default statistics (a 100-bucket histogram of each expression) the
 * planner's guess of how many unit IDs start with, say, 'u0421' changed from one ANALYZE to the next by a
 * hundred times, and with the larger guesses it read all the company's vehicles instead of 100 index
 * entries. Ten times the statistics keep the guess close, at the price of a slower ANALYZE of vehicles.
 */
import { sql, type Kysely } from 'kysely';
import { locationPointIndexes } from './0003-units';

const INCLUDED_CURRENT = sql`location_lon, location_lat, id, status, transport_type, location_status,
  future_location_lat, future_location_lon, future_location_available_date, location_ux, location_uy, location_uz`;
const INCLUDED_FUTURE = sql`future_location_lon, future_location_lat, id, status, transport_type, location_status,
  future_location_available_date, future_location_ux, future_location_uy, future_location_uz`;

/** The text search's expression indexes; the expression is each index's second column. */
const TEXT_SEARCH_INDEXES = [
  'vehicles_company_unit_search_idx',
  'vehicles_company_vin_search_idx',
  'vehicles_company_plate_search_idx',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of TEXT_SEARCH_INDEXES) {
    await sql`ALTER INDEX ${sql.ref(index)} ALTER COLUMN 2 SET STATISTICS 1000`.execute(db);
  }
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gist`.execute(db);
  await sql`DROP INDEX vehicles_location_point_idx`.execute(db);
  await sql`DROP INDEX vehicles_future_location_point_idx`.execute(db);
  await sql`CREATE INDEX vehicles_location_point_idx
    ON vehicles USING gist (company_id, point(location_lon, location_lat)) INCLUDE (${INCLUDED_CURRENT})`.execute(
    db,
  );
  await sql`CREATE INDEX vehicles_future_location_point_idx
    ON vehicles USING gist (company_id, point(future_location_lon, future_location_lat))
    INCLUDE (${INCLUDED_FUTURE})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of TEXT_SEARCH_INDEXES) {
    await sql`ALTER INDEX ${sql.ref(index)} ALTER COLUMN 2 SET STATISTICS -1`.execute(db);
  }
  await sql`DROP INDEX vehicles_location_point_idx`.execute(db);
  await sql`DROP INDEX vehicles_future_location_point_idx`.execute(db);
  for (const index of locationPointIndexes) await index.execute(db);
}
