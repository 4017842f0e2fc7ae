/**
 * What the load lists and the load actions need beyond the core model.
 *
 * The four lists (active, checkout, completed, canceled) page by id, newest first, with a total count, on
 * tables of a million loads. Three things make that fast with plain btree indexes:
 *
 * - `loads.list_class`, a stored generated column: the list a load is in by its status (1 active: below 8;
 *   2 checkout: 8, 9; 3 completed: 10, 11; 4 canceled: 12 — the domain's loadStatusClass, pinned to it by
 *   loads.int.test.ts). With it every list is one index range in id order, where `status IN (10, 11)`
 *   would need a sort of the whole list.
 * - `load_points.company_id` and `load_points.list_class`, copied from the load by triggers, so that the
 *   state and city filters (any point of the load) are an index range of their own instead of a join over
 *   every point of the company.
 * - `load_list_counts`: the number of loads in each list of each company, kept by statement triggers, so
 *   that the unfiltered list (the one opened most) does not count hundreds of thousands of rows.
 *
 * Triggers rather than service code keep these right whoever writes loads (the seed, bids, later areas).
 *
 * `idempotency_keys` remembers the answer of a create sent with an Idempotency-Key header for 24 hours, so
 * that a retried request answers the first result (see http/idempotency.ts).
 */
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`ALTER TABLE loads ADD COLUMN list_class smallint NOT NULL GENERATED ALWAYS AS (
    CASE WHEN status IN (8, 9) THEN 2 WHEN status IN (10, 11) THEN 3 WHEN status = 12 THEN 4 ELSE 1 END
  ) STORED`,

  // One index per list filter, each an index range in the list's order (id DESC) or, for date ranges,
  // with the id so that a page is sorted from the index alone.
  sql`CREATE INDEX loads_list_idx ON loads (company_id, list_class, id DESC)`,
  sql`CREATE INDEX loads_list_dispatcher_idx ON loads (company_id, list_class, dispatcher_id, id DESC)`,
  sql`CREATE INDEX loads_list_driver_idx ON loads (company_id, list_class, driver_id, id DESC)`,
  sql`CREATE INDEX loads_list_vehicle_idx ON loads (company_id, list_class, vehicle_id, id DESC)`,
  sql`CREATE INDEX loads_list_broker_idx ON loads (company_id, list_class, broker_company_id, id DESC)`,
  sql`CREATE INDEX loads_list_working_group_idx ON loads (company_id, list_class, working_group_id, id DESC)`,
  sql`CREATE INDEX loads_list_subgroup_idx ON loads (company_id, list_class, subgroup_id, id DESC)`,
  sql`CREATE INDEX loads_list_pick_up_idx ON loads (company_id, list_class, pick_up_datetime, id)`,
  sql`CREATE INDEX loads_list_delivery_idx ON loads (company_id, list_class, delivery_datetime, id)`,
  // Text search matches the start of rateconf_ref, of the broker contact's name and of a point's city,
  // case-insensitively. The column itself is included so that a count is read from the index alone (the
  // planner does not do that for an expression index without its column).
  sql`CREATE INDEX loads_list_rateconf_idx
    ON loads (company_id, list_class, lower(rateconf_ref) text_pattern_ops, id) INCLUDE (rateconf_ref)`,
  sql`CREATE INDEX loads_list_broker_name_idx
    ON loads (company_id, list_class, lower(broker_name) text_pattern_ops, id) INCLUDE (broker_name)`,

  sql`ALTER TABLE load_points ADD COLUMN company_id bigint`,
  sql`ALTER TABLE load_points ADD COLUMN list_class smallint`,
  sql`UPDATE load_points p SET company_id = l.company_id, list_class = l.list_class
    FROM loads l WHERE l.id = p.load_id`,
  sql`ALTER TABLE load_points ALTER COLUMN company_id SET NOT NULL`,
  sql`ALTER TABLE load_points ALTER COLUMN list_class SET NOT NULL`,
  sql`CREATE INDEX load_points_list_state_idx ON load_points (company_id, list_class, state, load_id)`,
  sql`CREATE INDEX load_points_list_city_idx
    ON load_points (company_id, list_class, lower(city) text_pattern_ops, load_id) INCLUDE (city)`,

  // A point takes its company and list from its load when it is written...
  sql`CREATE FUNCTION load_points_take_list() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    SELECT l.company_id, l.list_class INTO NEW.company_id, NEW.list_class FROM loads l WHERE l.id = NEW.load_id;
    RETURN NEW;
  END
  $$`,
  sql`CREATE TRIGGER load_points_take_list BEFORE INSERT OR UPDATE OF load_id ON load_points
    FOR EACH ROW EXECUTE FUNCTION load_points_take_list()`,
  // ...and follows it when the load moves to another list.
  sql`CREATE FUNCTION loads_move_points_list() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE load_points SET list_class = NEW.list_class WHERE load_id = NEW.id;
    RETURN NULL;
  END
  $$`,
  sql`CREATE TRIGGER loads_move_points_list AFTER UPDATE OF status ON loads
    FOR EACH ROW WHEN (OLD.list_class IS DISTINCT FROM NEW.list_class) EXECUTE FUNCTION loads_move_points_list()`,

  // No foreign key to companies: the count rows of a deleted company are harmless, and a key would make
  // the cascade that deletes its loads fail inside this trigger.
  sql`CREATE TABLE load_list_counts (
    company_id bigint NOT NULL,
    list_class smallint NOT NULL,
    load_count bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (company_id, list_class)
  )`,
  sql`INSERT INTO load_list_counts (company_id, list_class, load_count)
    SELECT company_id, list_class, count(*) FROM loads GROUP BY company_id, list_class`,
  // Rows are changed in key order so that two transactions moving loads between the same lists wait for
  // each other instead of deadlocking.
  sql`CREATE FUNCTION loads_count_lists() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO load_list_counts AS c (company_id, list_class, load_count)
        SELECT company_id, list_class, count(*) FROM new_loads GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (company_id, list_class) DO UPDATE SET load_count = c.load_count + EXCLUDED.load_count;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO load_list_counts AS c (company_id, list_class, load_count)
        SELECT company_id, list_class, -count(*) FROM old_loads GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (company_id, list_class) DO UPDATE SET load_count = c.load_count + EXCLUDED.load_count;
    ELSE
      INSERT INTO load_list_counts AS c (company_id, list_class, load_count)
        SELECT company_id, list_class, sum(delta) FROM (
          SELECT company_id, list_class, 1 AS delta FROM new_loads
          UNION ALL
          SELECT company_id, list_class, -1 AS delta FROM old_loads
        ) AS moves
        GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
        ON CONFLICT (company_id, list_class) DO UPDATE SET load_count = c.load_count + EXCLUDED.load_count;
    END IF;
    RETURN NULL;
  END
  $$`,
  sql`CREATE TRIGGER loads_count_lists_insert AFTER INSERT ON loads
    REFERENCING NEW TABLE AS new_loads FOR EACH STATEMENT EXECUTE FUNCTION loads_count_lists()`,
  sql`CREATE TRIGGER loads_count_lists_update AFTER UPDATE ON loads
    REFERENCING OLD TABLE AS old_loads NEW TABLE AS new_loads FOR EACH STATEMENT EXECUTE FUNCTION loads_count_lists()`,
  sql`CREATE TRIGGER loads_count_lists_delete AFTER DELETE ON loads
    REFERENCING OLD TABLE AS old_loads FOR EACH STATEMENT EXECUTE FUNCTION loads_count_lists()`,
  sql`CREATE FUNCTION loads_clear_list_counts() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM load_list_counts;
    RETURN NULL;
  END
  $$`,
  sql`CREATE TRIGGER loads_clear_list_counts AFTER TRUNCATE ON loads
    FOR EACH STATEMENT EXECUTE FUNCTION loads_clear_list_counts()`,

  sql`CREATE TABLE idempotency_keys (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    scope text NOT NULL,
    key text NOT NULL,
    response jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (company_id, user_id, scope, key)
  )`,
  sql`CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const downStatements = [
    sql`DROP TABLE IF EXISTS idempotency_keys`,
    sql`DROP TRIGGER IF EXISTS loads_clear_list_counts ON loads`,
    sql`DROP TRIGGER IF EXISTS loads_count_lists_delete ON loads`,
    sql`DROP TRIGGER IF EXISTS loads_count_lists_update ON loads`,
    sql`DROP TRIGGER IF EXISTS loads_count_lists_insert ON loads`,
    sql`DROP FUNCTION IF EXISTS loads_clear_list_counts()`,
    sql`DROP FUNCTION IF EXISTS loads_count_lists()`,
    sql`DROP TABLE IF EXISTS load_list_counts`,
    sql`DROP TRIGGER IF EXISTS loads_move_points_list ON loads`,
    sql`DROP FUNCTION IF EXISTS loads_move_points_list()`,
    sql`DROP TRIGGER IF EXISTS load_points_take_list ON load_points`,
    sql`DROP FUNCTION IF EXISTS load_points_take_list()`,
    sql`ALTER TABLE load_points DROP COLUMN IF EXISTS list_class`,
    sql`ALTER TABLE load_points DROP COLUMN IF EXISTS company_id`,
    sql`ALTER TABLE loads DROP COLUMN IF EXISTS list_class`,
  ];
  for (const statement of downStatements) await statement.execute(db);
}
