/**
 * The dashboard's read model: what its figures read, kept by triggers from the tables that own the facts,
 * so that the dashboard module touches only tables of its own and a month of a million loads is summed from
 * one covering index.
 *
 * - `dashboard_load_days`: one row per load with what the figures need: the Eastern calendar day of its
 *   first pick-up (`day`), of its delivery (`end_day`) and of its posting to the board (`posted_day`), its
 *   list and status, its people (dispatcher, driver, vehicle), broker, team and subgroup, its prices in cents
 *   and its miles. Row triggers on `loads` write it on insert, on an update that changes one of those
 *   columns (a status step, a price, a driver; not the many updates that change none), and delete it with
 *   the load. Nothing else writes it.
 * - `dashboard_bid_days`: one row per dispatcher's proposition (bids of kind 'dispatcher'): the Eastern day
 *   it was made, its dispatcher, their team and first subgroup as they stood when it was made (as a load
 *   keeps the team it was booked for), and its status, kept by row triggers on `bids`.
 *
 * - `dashboard_broker_pay_days`: per broker company, its paid invoices and the days they took (Eastern date
 *   paid - invoice date, summed), kept by statement triggers on `payments`: the accounting module's average
 *   days to pay (`findDaysToPay`: the same rows, round(avg, 1)) as a sum and a count, so that ranking the
 *   brokers of a month does not average every paid invoice of the company's history on each call. The
 *   triggers apply each statement's changes per broker in broker order, so that two statements paying
 *   invoices of the same brokers wait for each other instead of deadlocking.
 *
 * Why rows per load and not a daily rollup: the figures group by dispatcher, driver, broker, team and
 * subgroup at once, so a rollup keyed by all of them has about as many rows as loads; and the drivers' days
 * on the road need each load's span. The bench (bench/dashboard.bench.ts) reads a month of a million loads
 * from `dashboard_load_days_day_idx` alone (an index-only scan) well within the target.
 *
 * The tables hold the rows of loads, bids and payments made before this migration (filled once below).
 */
import { sql, type Kysely } from 'kysely';

// The Eastern calendar day of a timestamptz column of the row `row` (NEW in the triggers, l in the fill).
const easternDay = (column: string) => sql.raw(`(${column} AT TIME ZONE 'America/New_York')::date`);

const LOAD_COLUMNS = sql.raw(`load_id, company_id, day, end_day, posted_day, list_class, status, board_status,
  dispatcher_id, driver_id, vehicle_id, broker_company_id, working_group_id, subgroup_id, broker_cents,
  driver_cents, miles`);

const loadValues = (row: string) =>
  sql.join(
    [
      sql.raw(`${row}.id`),
      sql.raw(`${row}.company_id`),
      easternDay(`${row}.pick_up_datetime`),
      easternDay(`${row}.delivery_datetime`),
      easternDay(`${row}.posted_at`),
      sql.raw(`${row}.list_class`),
      sql.raw(`${row}.status`),
      sql.raw(`${row}.board_status`),
      sql.raw(`${row}.dispatcher_id`),
      sql.raw(`${row}.driver_id`),
      sql.raw(`${row}.vehicle_id`),
      sql.raw(`${row}.broker_company_id`),
      sql.raw(`${row}.working_group_id`),
      sql.raw(`${row}.subgroup_id`),
      sql.raw(`${row}.broker_price_cents`),
      sql.raw(`${row}.driver_price_cents`),
      sql.raw(`coalesce(${row}.miles, 0)`),
    ],
    sql`, `,
  );

// The columns of loads the read model copies: an update that changes none of them leaves it alone.
const WATCHED_LOAD_COLUMNS = [
  'company_id',
  'pick_up_datetime',
  'delivery_datetime',
  'posted_at',
  'list_class',
  'status',
  'board_status',
  'dispatcher_id',
  'driver_id',
  'vehicle_id',
  'broker_company_id',
  'working_group_id',
  'subgroup_id',
  'broker_price_cents',
  'driver_price_cents',
  'miles',
];

const loadChanged = sql.raw(
  WATCHED_LOAD_COLUMNS.map((column) => `OLD.${column} IS DISTINCT FROM NEW.${column}`).join(' OR '),
);

// The team a bid's dispatcher belongs to when the bid is made: their working group and first subgroup.
const BID_TEAM = sql.raw(`(SELECT u.working_group_id FROM users u WHERE u.id = NEW.dispatcher_id),
  (SELECT sm.subgroup_id FROM subgroup_members sm WHERE sm.user_id = NEW.dispatcher_id
    ORDER BY sm.subgroup_id LIMIT 1)`);

// A broker's paid invoices among the rows of `rows` (payments, or a trigger's transition table), as the
// accounting module counts them for days to pay: each with 1 invoice and its days, negated by `sign` '-'.
const paidInvoices = (rows: string, sign: '' | '-') =>
  sql.raw(`SELECT broker_company_id, company_id, ${sign}1 AS invoices,
    ${sign}((paid_at AT TIME ZONE 'America/New_York')::date - invoice_date) AS days
    FROM ${rows}
    WHERE type = 'broker' AND invoice_status = 3 AND paid_at IS NOT NULL AND invoice_date IS NOT NULL
      AND broker_company_id IS NOT NULL`);

const statements = [
  sql`CREATE TABLE dashboard_load_days (
    load_id bigint PRIMARY KEY,
    company_id bigint NOT NULL,
    day date,
    end_day date,
    posted_day date,
    list_class smallint NOT NULL,
    status smallint NOT NULL,
    board_status text,
    dispatcher_id bigint,
    driver_id bigint,
    vehicle_id bigint,
    broker_company_id bigint,
    working_group_id bigint,
    subgroup_id bigint,
    broker_cents bigint NOT NULL,
    driver_cents bigint NOT NULL,
    miles integer NOT NULL
  )`,
  // The period's loads of the four lists, with every column the figures read: the month's sums come from
  // the index alone.
  sql`CREATE INDEX dashboard_load_days_day_idx ON dashboard_load_days (company_id, day)
    INCLUDE (list_class, status, dispatcher_id, driver_id, broker_company_id, working_group_id, subgroup_id,
      broker_cents, driver_cents, miles, end_day)
    WHERE list_class BETWEEN 1 AND 4 AND day IS NOT NULL`,
  // A dispatcher's own figures, and their loads in the active list now.
  sql`CREATE INDEX dashboard_load_days_dispatcher_idx ON dashboard_load_days (company_id, dispatcher_id, day)
    INCLUDE (list_class, status, driver_id, broker_company_id, broker_cents, driver_cents, miles, end_day)
    WHERE list_class BETWEEN 1 AND 4`,
  // One broker's history (twelve months, first and last load).
  sql`CREATE INDEX dashboard_load_days_broker_idx ON dashboard_load_days (company_id, broker_company_id, day)
    INCLUDE (list_class, status, dispatcher_id, working_group_id, subgroup_id, broker_cents, driver_cents,
      miles)
    WHERE list_class BETWEEN 1 AND 4 AND day IS NOT NULL`,
  // The board: loads posted in the period, and loads on it now.
  sql`CREATE INDEX dashboard_load_days_posted_idx ON dashboard_load_days (company_id, posted_day)
    INCLUDE (board_status) WHERE posted_day IS NOT NULL`,
  sql`CREATE INDEX dashboard_load_days_list_idx ON dashboard_load_days (company_id, list_class)`,

  sql`CREATE FUNCTION dashboard_load_days_write() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO dashboard_load_days (${LOAD_COLUMNS}) VALUES (${loadValues('NEW')})
    ON CONFLICT (load_id) DO UPDATE SET
      company_id = EXCLUDED.company_id, day = EXCLUDED.day, end_day = EXCLUDED.end_day,
      posted_day = EXCLUDED.posted_day, list_class = EXCLUDED.list_class, status = EXCLUDED.status,
      board_status = EXCLUDED.board_status, dispatcher_id = EXCLUDED.dispatcher_id,
      driver_id = EXCLUDED.driver_id, vehicle_id = EXCLUDED.vehicle_id,
      broker_company_id = EXCLUDED.broker_company_id, working_group_id = EXCLUDED.working_group_id,
      subgroup_id = EXCLUDED.subgroup_id, broker_cents = EXCLUDED.broker_cents,
      driver_cents = EXCLUDED.driver_cents, miles = EXCLUDED.miles;
    RETURN NULL;
  END
  $$`,
  sql`CREATE FUNCTION dashboard_load_days_delete() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM dashboard_load_days WHERE load_id = OLD.id;
    RETURN NULL;
  END
  $$`,
  sql`CREATE TRIGGER dashboard_load_days_insert AFTER INSERT ON loads
    FOR EACH ROW EXECUTE FUNCTION dashboard_load_days_write()`,
  sql`CREATE TRIGGER dashboard_load_days_update AFTER UPDATE ON loads
    FOR EACH ROW WHEN (${loadChanged}) EXECUTE FUNCTION dashboard_load_days_write()`,
  sql`CREATE TRIGGER dashboard_load_days_delete AFTER DELETE ON loads
    FOR EACH ROW EXECUTE FUNCTION dashboard_load_days_delete()`,
  sql`INSERT INTO dashboard_load_days (${LOAD_COLUMNS}) SELECT ${loadValues('l')} FROM loads l`,

  sql`CREATE TABLE dashboard_bid_days (
    bid_id bigint PRIMARY KEY,
    company_id bigint NOT NULL,
    day date NOT NULL,
    dispatcher_id bigint,
    working_group_id bigint,
    subgroup_id bigint,
    status smallint NOT NULL
  )`,
  sql`CREATE INDEX dashboard_bid_days_day_idx ON dashboard_bid_days (company_id, day)
    INCLUDE (dispatcher_id, working_group_id, subgroup_id, status)`,
  sql`CREATE INDEX dashboard_bid_days_dispatcher_idx ON dashboard_bid_days (company_id, dispatcher_id, day)
    INCLUDE (status)`,
  sql`CREATE INDEX dashboard_bid_days_waiting_idx ON dashboard_bid_days (company_id, dispatcher_id)
    WHERE status = 1`,

  sql`CREATE FUNCTION dashboard_bid_days_insert() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO dashboard_bid_days (bid_id, company_id, day, dispatcher_id, working_group_id, subgroup_id, status)
    VALUES (NEW.id, NEW.company_id, ${easternDay('NEW.created_at')}, NEW.dispatcher_id, ${BID_TEAM}, NEW.status);
    RETURN NULL;
  END
  $$`,
  // A status change is all a proposition's later life brings; a dispatcher handed over takes their team.
  sql`CREATE FUNCTION dashboard_bid_days_update() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF OLD.dispatcher_id IS DISTINCT FROM NEW.dispatcher_id THEN
      UPDATE dashboard_bid_days SET status = NEW.status, dispatcher_id = NEW.dispatcher_id,
        (working_group_id, subgroup_id) = (SELECT ${BID_TEAM})
      WHERE bid_id = NEW.id;
    ELSE
      UPDATE dashboard_bid_days SET status = NEW.status WHERE bid_id = NEW.id;
    END IF;
    RETURN NULL;
  END
  $$`,
  sql`CREATE FUNCTION dashboard_bid_days_delete() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM dashboard_bid_days WHERE bid_id = OLD.id;
    RETURN NULL;
  END
  $$`,
  sql`CREATE TRIGGER dashboard_bid_days_insert AFTER INSERT ON bids
    FOR EACH ROW WHEN (NEW.kind = 'dispatcher') EXECUTE FUNCTION dashboard_bid_days_insert()`,
  sql`CREATE TRIGGER dashboard_bid_days_update AFTER UPDATE ON bids
    FOR EACH ROW WHEN (NEW.kind = 'dispatcher' AND (OLD.status IS DISTINCT FROM NEW.status
      OR OLD.dispatcher_id IS DISTINCT FROM NEW.dispatcher_id))
    EXECUTE FUNCTION dashboard_bid_days_update()`,
  sql`CREATE TRIGGER dashboard_bid_days_delete AFTER DELETE ON bids
    FOR EACH ROW WHEN (OLD.kind = 'dispatcher') EXECUTE FUNCTION dashboard_bid_days_delete()`,
  sql`INSERT INTO dashboard_bid_days (bid_id, company_id, day, dispatcher_id, working_group_id, subgroup_id, status)
    SELECT b.id, b.company_id, ${easternDay('b.created_at')}, b.dispatcher_id, u.working_group_id,
      (SELECT sm.subgroup_id FROM subgroup_members sm WHERE sm.user_id = b.dispatcher_id
        ORDER BY sm.subgroup_id LIMIT 1), b.status
    FROM bids b LEFT JOIN users u ON u.id = b.dispatcher_id
    WHERE b.kind = 'dispatcher'`,

  sql`CREATE TABLE dashboard_broker_pay_days (
    broker_company_id bigint PRIMARY KEY,
    company_id bigint NOT NULL,
    paid_invoices integer NOT NULL,
    paid_days bigint NOT NULL
  )`,
  sql`CREATE FUNCTION dashboard_broker_pay_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO dashboard_broker_pay_days AS t (broker_company_id, company_id, paid_invoices, paid_days)
      SELECT broker_company_id, company_id, sum(invoices), sum(days) FROM (${paidInvoices('new_payments', '')}) change
      GROUP BY 1, 2 ORDER BY 1
      ON CONFLICT (broker_company_id) DO UPDATE SET paid_invoices = t.paid_invoices + EXCLUDED.paid_invoices,
        paid_days = t.paid_days + EXCLUDED.paid_days;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO dashboard_broker_pay_days AS t (broker_company_id, company_id, paid_invoices, paid_days)
      SELECT broker_company_id, company_id, sum(invoices), sum(days) FROM (${paidInvoices('old_payments', '-')}) change
      GROUP BY 1, 2 ORDER BY 1
      ON CONFLICT (broker_company_id) DO UPDATE SET paid_invoices = t.paid_invoices + EXCLUDED.paid_invoices,
        paid_days = t.paid_days + EXCLUDED.paid_days;
    ELSE
      INSERT INTO dashboard_broker_pay_days AS t (broker_company_id, company_id, paid_invoices, paid_days)
      SELECT broker_company_id, company_id, sum(invoices), sum(days) FROM (
        ${paidInvoices('new_payments', '')} UNION ALL ${paidInvoices('old_payments', '-')}
      ) change
      GROUP BY 1, 2 HAVING sum(invoices) <> 0 OR sum(days) <> 0 ORDER BY 1
      ON CONFLICT (broker_company_id) DO UPDATE SET paid_invoices = t.paid_invoices + EXCLUDED.paid_invoices,
        paid_days = t.paid_days + EXCLUDED.paid_days;
    END IF;
    RETURN NULL;
  END
  $$`,
  sql`CREATE TRIGGER dashboard_broker_pay_days_insert AFTER INSERT ON payments
    REFERENCING NEW TABLE AS new_payments FOR EACH STATEMENT EXECUTE FUNCTION dashboard_broker_pay_days_apply()`,
  sql`CREATE TRIGGER dashboard_broker_pay_days_update AFTER UPDATE ON payments
    REFERENCING OLD TABLE AS old_payments NEW TABLE AS new_payments
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_broker_pay_days_apply()`,
  sql`CREATE TRIGGER dashboard_broker_pay_days_delete AFTER DELETE ON payments
    REFERENCING OLD TABLE AS old_payments FOR EACH STATEMENT EXECUTE FUNCTION dashboard_broker_pay_days_apply()`,
  sql`INSERT INTO dashboard_broker_pay_days (broker_company_id, company_id, paid_invoices, paid_days)
    SELECT broker_company_id, company_id, sum(invoices), sum(days) FROM (${paidInvoices('payments', '')}) paid
    GROUP BY 1, 2`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['insert', 'update', 'delete']) {
    await sql.raw(`DROP TRIGGER IF EXISTS dashboard_broker_pay_days_${trigger} ON payments`).execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS dashboard_broker_pay_days_apply()`.execute(db);
  await sql`DROP TABLE IF EXISTS dashboard_broker_pay_days`.execute(db);
  await sql`DROP TRIGGER IF EXISTS dashboard_bid_days_delete ON bids`.execute(db);
  await sql`DROP TRIGGER IF EXISTS dashboard_bid_days_update ON bids`.execute(db);
  await sql`DROP TRIGGER IF EXISTS dashboard_bid_days_insert ON bids`.execute(db);
  await sql`DROP FUNCTION IF EXISTS dashboard_bid_days_delete()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS dashboard_bid_days_update()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS dashboard_bid_days_insert()`.execute(db);
  await sql`DROP TABLE IF EXISTS dashboard_bid_days`.execute(db);
  await sql`DROP TRIGGER IF EXISTS dashboard_load_days_delete ON loads`.execute(db);
  await sql`DROP TRIGGER IF EXISTS dashboard_load_days_update ON loads`.execute(db);
  await sql`DROP TRIGGER IF EXISTS dashboard_load_days_insert ON loads`.execute(db);
  await sql`DROP FUNCTION IF EXISTS dashboard_load_days_delete()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS dashboard_load_days_write()`.execute(db);
  await sql`DROP TABLE IF EXISTS dashboard_load_days`.execute(db);
}
