/**
 * A notice on the `loadboard` channel (NOTIFY, payload: the company's id, or '<company>:<user>' when the
 * change is one user's seen mark and changes only their answers) from every change to what an
 * answer of the company's load board shows or filters by, so that a server process may keep the answers it
 * gave (modules/loadboard/board-answers.ts) and know, without asking, when one may have changed: a board
 * load or its points, a bid, a seen mark, a broker company's name, MC number, rating, blacklist mark or
 * brokerage, a vehicle (its unit number, type, status and places: the trucks measured against the loads),
 * the names of drivers and users (shown in the bids), and the members of teams and subgroups (the wg and
 * sub_wg filters). PostgreSQL sends a transaction's notices when it commits, once per company whatever the
 * number of rows, and none when it rolls back.
 *
 * Row triggers with a WHEN clause, so that a change no board answer shows (a booked load's price, a
 * delivered load's points, a broker's last posting time) runs no function at all.
 */
import { sql, type Kysely } from 'kysely';

const BROKER_COLUMNS = ['company_id', 'name', 'mc_number', 'rating', 'in_blacklist', 'brokerage'];
// What the board reads of a vehicle: migration 0027's columns and the unit number its bids show (written
// out again rather than imported: an applied migration is never changed, so none depends on another's lists).
const VEHICLE_COLUMNS = [
  'company_id',
  'unit_id',
  'transport_type',
  'status',
  'can_bid_while_on_load',
  'location_status',
  'location_lat',
  'location_lon',
  'future_location_lat',
  'future_location_lon',
];
const NAME_COLUMNS = ['company_id', 'first_name', 'last_name'];

const changed = (columns: string[]) =>
  `ROW(${columns.map((column) => `OLD.${column}`).join(', ')}) IS DISTINCT FROM ROW(${columns
    .map((column) => `NEW.${column}`)
    .join(', ')})`;

/**
 * The tables whose rows carry company_id, with what limits each trigger (on OLD, NEW or both; none: every
 * row). list_class 0 of load_points is the board (migration 0011).
 */
const TABLES_WITH_COMPANY: Record<string, { insert?: string; delete?: string; update?: string }> = {
  loads: {
    insert: `NEW.board_status = 'posted'`,
    delete: `OLD.board_status = 'posted'`,
    update: `(OLD.board_status = 'posted' OR NEW.board_status = 'posted') AND OLD.* IS DISTINCT FROM NEW.*`,
  },
  load_points: {
    insert: 'NEW.list_class = 0',
    delete: 'OLD.list_class = 0',
    update: '(OLD.list_class = 0 OR NEW.list_class = 0) AND OLD.* IS DISTINCT FROM NEW.*',
  },
  bids: { update: 'OLD.* IS DISTINCT FROM NEW.*' },
  broker_companies: { update: changed(BROKER_COLUMNS) },
  vehicles: { update: changed(VEHICLE_COLUMNS) },
  drivers: { update: changed(NAME_COLUMNS) },
  users: { update: changed(NAME_COLUMNS) },
};

const OPERATIONS = ['insert', 'delete', 'update'] as const;

/** A table's three triggers (see TABLES_WITH_COMPANY). */
const rowTriggers = (table: string) =>
  OPERATIONS.map((operation) => {
    const condition = TABLES_WITH_COMPANY[table]![operation];
    return sql.raw(`CREATE TRIGGER ${table}_loadboard_notice_${operation} AFTER ${operation.toUpperCase()}
      ON ${table} FOR EACH ROW ${condition ? `WHEN (${condition})` : ''} EXECUTE FUNCTION loadboard_notice()`);
  });

const statements = [
  // The company of the row (both companies when a row moves from one to another).
  sql`CREATE FUNCTION loadboard_notice() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP <> 'INSERT' AND OLD.company_id IS NOT NULL THEN
      PERFORM pg_notify('loadboard', OLD.company_id::text);
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.company_id IS NOT NULL THEN
      PERFORM pg_notify('loadboard', NEW.company_id::text);
    END IF;
    RETURN NULL;
  END
  $$`,
  ...Object.keys(TABLES_WITH_COMPANY).flatMap(rowTriggers),
  // Seen marks and members carry no company: it is read from the load, the team or the subgroup's team. A
  // seen mark changes its user's answers only: its notice says whose ('<company>:<user>').
  sql`CREATE FUNCTION loadboard_seen_notice() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    mark loadboard_seen;
  BEGIN
    IF TG_OP = 'DELETE' THEN mark := OLD; ELSE mark := NEW; END IF;
    PERFORM pg_notify('loadboard', l.company_id::text || ':' || mark.user_id::text) FROM loads l
      WHERE l.id = mark.load_id;
    RETURN NULL;
  END
  $$`,
  sql`CREATE TRIGGER loadboard_seen_loadboard_notice AFTER INSERT OR DELETE ON loadboard_seen
    FOR EACH ROW EXECUTE FUNCTION loadboard_seen_notice()`,
  sql`CREATE FUNCTION loadboard_member_notice() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    member jsonb;
  BEGIN
    IF TG_OP = 'DELETE' THEN member := to_jsonb(OLD); ELSE member := to_jsonb(NEW); END IF;
    IF TG_TABLE_NAME = 'working_group_members' THEN
      PERFORM pg_notify('loadboard', g.company_id::text) FROM working_groups g
        WHERE g.id = (member ->> 'working_group_id')::bigint;
    ELSE
      PERFORM pg_notify('loadboard', g.company_id::text) FROM subgroups s
        JOIN working_groups g ON g.id = s.working_group_id
        WHERE s.id = (member ->> 'subgroup_id')::bigint;
    END IF;
    RETURN NULL;
  END
  $$`,
  sql`CREATE TRIGGER working_group_members_loadboard_notice AFTER INSERT OR DELETE OR UPDATE
    ON working_group_members FOR EACH ROW EXECUTE FUNCTION loadboard_member_notice()`,
  sql`CREATE TRIGGER subgroup_members_loadboard_notice AFTER INSERT OR DELETE OR UPDATE
    ON subgroup_members FOR EACH ROW EXECUTE FUNCTION loadboard_member_notice()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(TABLES_WITH_COMPANY)) {
    for (const operation of OPERATIONS) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_loadboard_notice_${operation} ON ${table}`).execute(db);
    }
  }
  await sql`DROP TRIGGER IF EXISTS loadboard_seen_loadboard_notice ON loadboard_seen`.execute(db);
  await sql`DROP TRIGGER IF EXISTS working_group_members_loadboard_notice ON working_group_members`.execute(
    db,
  );
  await sql`DROP TRIGGER IF EXISTS subgroup_members_loadboard_notice ON subgroup_members`.execute(db);
  await sql`DROP FUNCTION IF EXISTS loadboard_member_notice()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS loadboard_seen_notice()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS loadboard_notice()`.execute(db);
}
