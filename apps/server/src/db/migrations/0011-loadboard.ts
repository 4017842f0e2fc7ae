/**
 * The load board: loads offered but not yet booked.
 *
 * A board load is a row of `loads` with `board_status = 'posted'`. `board_status` says how a load stands to
 * the board: NULL a load booked when it was made (never on the board); 'posted' on the board; 'booked' left
 * the board by being booked (an active load since); 'withdrawn' canceled while on the board; 'expired' its
 * pick-up passed more than the company's `board_expiry_hours` ago (jobs/board-expiry.ts). `posted_at` is when
 * it reached the board, `posting_reference` the broker's own reference (a repeated posting updates the load).
 *
 * `list_class` now takes the board into account: 0 on the board, 5 off the board unbooked (withdrawn or
 * expired), else the list of the status as before. So the four lists, their counts (load_list_counts) and
 * their point filters (load_points.list_class) leave board loads out with the indexes they already use, and
 * load_list_counts (company, 0) is the number of loads on the board. PostgreSQL 15 cannot change a
 * generated column's expression: the column is made again and the indexes on it are recreated from their
 * own definitions, whichever migration made them.
 *
 * The board's page is chosen from `loads_board_idx`, which holds every column the row filters read, so
 * a page and its count are read from the index alone; the state filters read `load_points_board_state_idx`.
 *
 * `match` (a fitting truck near the first pick-up) needs the first pick-up's place on the load itself:
 * `pick_up_lat`, `pick_up_lon`, kept by statement triggers on load_points whoever writes the points, and
 * `pick_up_cell`, the one-degree cell it lies in (floor(lat) * 1000 + floor(lon)). A truck looks up the
 * board loads of its type in the few cells its radius covers (`loads_board_match_idx`), so a match costs
 * a few index probes per truck, not a scan of the board per truck.
 *
 * `loadboard_seen`: the board loads each user has marked seen.
 */
import { sql, type Kysely } from 'kysely';

const LIST_CLASS_BY_STATUS = sql`CASE WHEN status IN (8, 9) THEN 2 WHEN status IN (10, 11) THEN 3
  WHEN status = 12 THEN 4 ELSE 1 END`;
const LIST_CLASS_WITH_BOARD = sql`CASE WHEN board_status = 'posted' THEN 0
  WHEN board_status IN ('withdrawn', 'expired') THEN 5
  WHEN status IN (8, 9) THEN 2 WHEN status IN (10, 11) THEN 3 WHEN status = 12 THEN 4 ELSE 1 END`;

type IndexRow = { indexdef: string };

// The load's first pick-up (lowest point order) follows its points: after each statement that writes
// points, the loads it touched take their first pick-up's place again (only when it moved, so an edit
// that keeps the pick-up writes no load row).
const FIRST_PICK_UP_STATEMENTS = [
  sql`CREATE FUNCTION loads_set_first_pick_up(ids bigint[]) RETURNS void LANGUAGE sql AS $$
    UPDATE loads l SET pick_up_lat = f.lat, pick_up_lon = f.lon
    FROM (
      SELECT t.id, first.lat, first.lon
      FROM unnest(ids) AS t (id)
      LEFT JOIN LATERAL (
        SELECT p.lat, p.lon FROM load_points p
        WHERE p.load_id = t.id AND p.type = 'pick_up'
        ORDER BY p.point_order LIMIT 1
      ) first ON true
    ) f
    WHERE l.id = f.id AND (l.pick_up_lat IS DISTINCT FROM f.lat OR l.pick_up_lon IS DISTINCT FROM f.lon)
  $$`,
  sql`CREATE FUNCTION load_points_first_pick_up() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM loads_set_first_pick_up(ARRAY(SELECT DISTINCT load_id FROM new_points));
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM loads_set_first_pick_up(ARRAY(SELECT DISTINCT load_id FROM old_points));
    ELSE
      PERFORM loads_set_first_pick_up(ARRAY(SELECT load_id FROM new_points UNION SELECT load_id FROM old_points));
    END IF;
    RETURN NULL;
  END
  $$`,
  sql`CREATE TRIGGER load_points_first_pick_up_insert AFTER INSERT ON load_points
    REFERENCING NEW TABLE AS new_points FOR EACH STATEMENT EXECUTE FUNCTION load_points_first_pick_up()`,
  sql`CREATE TRIGGER load_points_first_pick_up_update AFTER UPDATE ON load_points
    REFERENCING OLD TABLE AS old_points NEW TABLE AS new_points
    FOR EACH STATEMENT EXECUTE FUNCTION load_points_first_pick_up()`,
  sql`CREATE TRIGGER load_points_first_pick_up_delete AFTER DELETE ON load_points
    REFERENCING OLD TABLE AS old_points FOR EACH STATEMENT EXECUTE FUNCTION load_points_first_pick_up()`,
];

/** Makes loads.list_class again with another expression, keeping every index on it and the counts right. */
async function remakeListClass(db: Kysely<unknown>, expression: typeof LIST_CLASS_BY_STATUS): Promise<void> {
  const indexes = await sql<IndexRow>`SELECT pg_get_indexdef(i.indexrelid) AS indexdef
    FROM pg_index i
    JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attname = 'list_class'
    WHERE i.indrelid = 'loads'::regclass
      AND (a.attnum = ANY (i.indkey::smallint[])
        OR pg_get_expr(i.indpred, i.indrelid) LIKE '%list_class%'
        OR pg_get_expr(i.indexprs, i.indrelid) LIKE '%list_class%')`.execute(db);
  // The trigger's WHEN clause reads the column, so it goes first and comes back after it.
  await sql`DROP TRIGGER IF EXISTS loads_move_points_list ON loads`.execute(db);
  await sql`ALTER TABLE loads DROP COLUMN list_class CASCADE`.execute(db);
  await sql`ALTER TABLE loads ADD COLUMN list_class smallint NOT NULL GENERATED ALWAYS AS (${expression}) STORED`.execute(
    db,
  );
  for (const index of indexes.rows) await sql.raw(index.indexdef).execute(db);
  // Points follow their load to another list whether the status or the board status moved it.
  await sql`CREATE TRIGGER loads_move_points_list AFTER UPDATE OF status, board_status ON loads
    FOR EACH ROW WHEN (OLD.list_class IS DISTINCT FROM NEW.list_class) EXECUTE FUNCTION loads_move_points_list()`.execute(
    db,
  );
  await sql`UPDATE load_points p SET list_class = l.list_class FROM loads l
    WHERE l.id = p.load_id AND p.list_class IS DISTINCT FROM l.list_class`.execute(db);
  await sql`DELETE FROM load_list_counts`.execute(db);
  await sql`INSERT INTO load_list_counts (company_id, list_class, load_count)
    SELECT company_id, list_class, count(*) FROM loads GROUP BY company_id, list_class`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE loads
    ADD COLUMN board_status text CHECK (board_status IN ('posted', 'booked', 'withdrawn', 'expired')),
    ADD COLUMN posted_at timestamptz,
    ADD COLUMN posting_reference text`.execute(db);
  await sql`ALTER TABLE companies ADD COLUMN board_expiry_hours smallint NOT NULL DEFAULT 24
    CHECK (board_expiry_hours BETWEEN 1 AND 720)`.execute(db);
  await remakeListClass(db, LIST_CLASS_WITH_BOARD);

  await sql`ALTER TABLE loads
    ADD COLUMN pick_up_lat double precision,
    ADD COLUMN pick_up_lon double precision`.execute(db);
  await sql`ALTER TABLE loads ADD COLUMN pick_up_cell integer GENERATED ALWAYS AS (
    floor(pick_up_lat)::integer * 1000 + floor(pick_up_lon)::integer) STORED`.execute(db);
  for (const statement of FIRST_PICK_UP_STATEMENTS) await statement.execute(db);
  await sql`UPDATE loads l SET pick_up_lat = f.lat, pick_up_lon = f.lon
    FROM (SELECT DISTINCT ON (load_id) load_id, lat, lon FROM load_points WHERE type = 'pick_up'
      ORDER BY load_id, point_order) f
    WHERE f.load_id = l.id`.execute(db);

  // Newest first with every row filter of GET loads/loadboard in the index (index-only pages and counts).
  await sql`CREATE INDEX loads_board_idx ON loads (company_id, id DESC)
    INCLUDE (vehicle_type, miles, broker_company_id, working_group_id, subgroup_id, dispatcher_id)
    WHERE board_status = 'posted'`.execute(db);
  // The expiry job: the posted loads whose pick-up has passed, across companies. The predicate names the
  // pick-up so that the board's list (which does not) reads loads_board_idx, not this smaller index.
  await sql`CREATE INDEX loads_board_expiry_idx ON loads (pick_up_datetime)
    WHERE board_status = 'posted' AND pick_up_datetime IS NOT NULL`.execute(db);
  // A repeated posting (same broker and reference) is found to update the load instead of adding one.
  await sql`CREATE INDEX loads_posting_reference_idx ON loads (company_id, broker_company_id, posting_reference)
    WHERE posting_reference IS NOT NULL`.execute(db);
  // Pick-up and delivery states of board loads.
  await sql`CREATE INDEX load_points_board_state_idx ON load_points (company_id, type, state, load_id)
    WHERE list_class = 0`.execute(db);
  // The match: the board loads of a vehicle type in one cell, with the place to measure the distance to.
  await sql`CREATE INDEX loads_board_match_idx ON loads (company_id, vehicle_type, pick_up_cell)
    INCLUDE (pick_up_lat, pick_up_lon) WHERE board_status = 'posted' AND pick_up_cell IS NOT NULL`.execute(
    db,
  );

  await sql`CREATE TABLE loadboard_seen (
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    load_id bigint NOT NULL REFERENCES loads (id) ON DELETE CASCADE,
    seen_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, load_id)
  )`.execute(db);
  // Deleting a load finds its seen marks without a scan.
  await sql`CREATE INDEX loadboard_seen_load_idx ON loadboard_seen (load_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS loadboard_seen`.execute(db);
  await sql`DROP INDEX IF EXISTS loads_board_match_idx`.execute(db);
  for (const name of ['insert', 'update', 'delete'])
    await sql.raw(`DROP TRIGGER IF EXISTS load_points_first_pick_up_${name} ON load_points`).execute(db);
  await sql`DROP FUNCTION IF EXISTS load_points_first_pick_up()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS loads_set_first_pick_up(bigint[])`.execute(db);
  await sql`ALTER TABLE loads DROP COLUMN IF EXISTS pick_up_cell, DROP COLUMN IF EXISTS pick_up_lat,
    DROP COLUMN IF EXISTS pick_up_lon`.execute(db);
  await sql`DROP INDEX IF EXISTS load_points_board_state_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS loads_posting_reference_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS loads_board_expiry_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS loads_board_idx`.execute(db);
  // Board loads become plain active loads again once the column that held them apart is gone.
  await remakeListClass(db, LIST_CLASS_BY_STATUS);
  await sql`DROP TRIGGER IF EXISTS loads_move_points_list ON loads`.execute(db);
  await sql`CREATE TRIGGER loads_move_points_list AFTER UPDATE OF status ON loads
    FOR EACH ROW WHEN (OLD.list_class IS DISTINCT FROM NEW.list_class) EXECUTE FUNCTION loads_move_points_list()`.execute(
    db,
  );
  await sql`ALTER TABLE companies DROP COLUMN IF EXISTS board_expiry_hours`.execute(db);
  await sql`ALTER TABLE loads DROP COLUMN IF EXISTS posting_reference, DROP COLUMN IF EXISTS posted_at,
    DROP COLUMN IF EXISTS board_status`.execute(db);
}
