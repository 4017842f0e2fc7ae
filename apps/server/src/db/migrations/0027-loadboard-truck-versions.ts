/**
 * A version of each company's trucks as the load board measures its loads against them (the vehicles that
 * could bid and where they are free: modules/loadboard/loadboard-trucks.repository.ts). It grows in the
 * same transaction as any change to what the board reads of a vehicle: its company, type, status, whether
 * it may bid while on a load, and its current and planned places. The board's list reads the trucks again
 * only when the version it holds them at has moved; reading the 600 trucks of a fleet as JSON at every
 * request was a third of the list's database time.
 *
 * Apart from loadboard_versions (migration 0026), so that a fleet's position updates do not wait on the
 * loads' board changes, nor those on them.
 */
import { sql, type Kysely } from 'kysely';

const TRUCK_COLUMNS = [
  'company_id',
  'transport_type',
  'status',
  'can_bid_while_on_load',
  'location_status',
  'location_lat',
  'location_lon',
  'future_location_lat',
  'future_location_lon',
];

const rowOf = (side: 'OLD' | 'NEW') => TRUCK_COLUMNS.map((column) => `${side}.${column}`).join(', ');

const statements = [
  sql`CREATE TABLE loadboard_truck_versions (
    company_id bigint PRIMARY KEY,
    version bigint NOT NULL DEFAULT 0
  )`,
  sql`CREATE FUNCTION loadboard_bump_trucks() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP <> 'DELETE' THEN
      INSERT INTO loadboard_truck_versions AS v (company_id, version) VALUES (NEW.company_id, 1)
        ON CONFLICT (company_id) DO UPDATE SET version = v.version + 1;
    END IF;
    -- A vehicle deleted, or moved to another company, changes its old company's trucks too.
    IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.company_id IS DISTINCT FROM NEW.company_id) THEN
      INSERT INTO loadboard_truck_versions AS v (company_id, version) VALUES (OLD.company_id, 1)
        ON CONFLICT (company_id) DO UPDATE SET version = v.version + 1;
    END IF;
    RETURN NULL;
  END
  $$`,
  sql`CREATE TRIGGER vehicles_board_trucks_insert AFTER INSERT ON vehicles
    FOR EACH ROW EXECUTE FUNCTION loadboard_bump_trucks()`,
  sql`CREATE TRIGGER vehicles_board_trucks_delete AFTER DELETE ON vehicles
    FOR EACH ROW EXECUTE FUNCTION loadboard_bump_trucks()`,
  sql.raw(`CREATE TRIGGER vehicles_board_trucks_update AFTER UPDATE ON vehicles
    FOR EACH ROW WHEN (ROW(${rowOf('OLD')}) IS DISTINCT FROM ROW(${rowOf('NEW')}))
    EXECUTE FUNCTION loadboard_bump_trucks()`),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['insert', 'delete', 'update']) {
    await sql.raw(`DROP TRIGGER IF EXISTS vehicles_board_trucks_${trigger} ON vehicles`).execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS loadboard_bump_trucks()`.execute(db);
  await sql`DROP TABLE IF EXISTS loadboard_truck_versions`.execute(db);
}
