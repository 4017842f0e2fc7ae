/**
 * A version of each company's load board, for the board's list kept in memory (modules/loadboard/
 * board-snapshots.ts). `loadboard_versions.version` grows in the same transaction as any change to what the
 * board's filters read of its loads: a load arriving on the board or leaving it, a board load's team,
 * subgroup, dispatcher, broker company, vehicle type, miles or first pick-up place changing, and the points
 * of a board load (their states) added, changed or removed. So a list held at version N is exactly the
 * board while the version is N, whoever wrote the loads (the intake, the bids, the seed, a test). Rows and
 * bids, seen marks, brokers and teams are read from their tables at each request, not kept, so they bump
 * nothing.
 *
 * Each version names the load it changed in `loadboard_changes`, so that a board held at version N is
 * brought up to date by reading again only the loads changed since (the versions after N are all there,
 * one row each, until the board's expiry job drops those older than an hour).
 *
 * Row triggers with a WHEN clause: a change the board does not show (a booked load's price, a delivered
 * load's points) runs no function at all.
 */
import { sql, type Kysely } from 'kysely';

const BOARD_COLUMNS = [
  'board_status',
  'company_id',
  'working_group_id',
  'subgroup_id',
  'dispatcher_id',
  'broker_company_id',
  'vehicle_type',
  'miles',
  'pick_up_cell',
  'pick_up_lat',
  'pick_up_lon',
];

const rowOf = (side: 'OLD' | 'NEW') => BOARD_COLUMNS.map((column) => `${side}.${column}`).join(', ');

/** list_class 0 of load_points is the board (migration 0011). */
const statements = [
  sql`CREATE TABLE loadboard_versions (
    company_id bigint PRIMARY KEY,
    version bigint NOT NULL DEFAULT 0
  )`,
  sql`CREATE TABLE loadboard_changes (
    company_id bigint NOT NULL,
    version bigint NOT NULL,
    load_id bigint NOT NULL,
    changed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, version)
  )`,
  sql`CREATE INDEX loadboard_changes_changed_at_idx ON loadboard_changes (changed_at)`,
  // A new version of the company's board, naming the load it changed.
  sql`CREATE FUNCTION loadboard_bump(company bigint, changed_load bigint) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    bumped bigint;
  BEGIN
    INSERT INTO loadboard_versions AS v (company_id, version) VALUES (company, 1)
      ON CONFLICT (company_id) DO UPDATE SET version = v.version + 1
      RETURNING version INTO bumped;
    INSERT INTO loadboard_changes (company_id, version, load_id) VALUES (company, bumped, changed_load);
  END
  $$`,
  // TG_ARGV[0] names the column that holds the load's id: id on loads, load_id on load_points.
  sql`CREATE FUNCTION loadboard_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    changed jsonb;
  BEGIN
    IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;
    PERFORM loadboard_bump((changed ->> 'company_id')::bigint, (changed ->> TG_ARGV[0])::bigint);
    -- A load or point moved to another company changes both boards.
    IF TG_OP = 'UPDATE' AND OLD.company_id IS DISTINCT FROM NEW.company_id THEN
      PERFORM loadboard_bump(OLD.company_id, (to_jsonb(OLD) ->> TG_ARGV[0])::bigint);
    END IF;
    RETURN NULL;
  END
  $$`,
  sql`CREATE TRIGGER loads_board_version_insert AFTER INSERT ON loads
    FOR EACH ROW WHEN (NEW.board_status = 'posted') EXECUTE FUNCTION loadboard_bump_version('id')`,
  sql`CREATE TRIGGER loads_board_version_delete AFTER DELETE ON loads
    FOR EACH ROW WHEN (OLD.board_status = 'posted') EXECUTE FUNCTION loadboard_bump_version('id')`,
  sql.raw(`CREATE TRIGGER loads_board_version_update AFTER UPDATE ON loads
    FOR EACH ROW WHEN ((OLD.board_status = 'posted' OR NEW.board_status = 'posted')
      AND ROW(${rowOf('OLD')}) IS DISTINCT FROM ROW(${rowOf('NEW')}))
    EXECUTE FUNCTION loadboard_bump_version('id')`),
  sql`CREATE TRIGGER load_points_board_version_insert AFTER INSERT ON load_points
    FOR EACH ROW WHEN (NEW.list_class = 0) EXECUTE FUNCTION loadboard_bump_version('load_id')`,
  sql`CREATE TRIGGER load_points_board_version_delete AFTER DELETE ON load_points
    FOR EACH ROW WHEN (OLD.list_class = 0) EXECUTE FUNCTION loadboard_bump_version('load_id')`,
  sql`CREATE TRIGGER load_points_board_version_update AFTER UPDATE ON load_points
    FOR EACH ROW WHEN ((OLD.list_class = 0 OR NEW.list_class = 0)
      AND ROW(OLD.list_class, OLD.company_id, OLD.load_id, OLD.type, OLD.state)
        IS DISTINCT FROM ROW(NEW.list_class, NEW.company_id, NEW.load_id, NEW.type, NEW.state))
    EXECUTE FUNCTION loadboard_bump_version('load_id')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['insert', 'delete', 'update']) {
    await sql.raw(`DROP TRIGGER IF EXISTS loads_board_version_${trigger} ON loads`).execute(db);
    await sql.raw(`DROP TRIGGER IF EXISTS load_points_board_version_${trigger} ON load_points`).execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS loadboard_bump_version()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS loadboard_bump(bigint, bigint)`.execute(db);
  await sql`DROP TABLE IF EXISTS loadboard_changes`.execute(db);
  await sql`DROP TABLE IF EXISTS loadboard_versions`.execute(db);
}
