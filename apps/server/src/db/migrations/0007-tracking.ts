/**
 * The tracking watch and damage reports.
 *
 * - `vehicles.tracking_lost_at`: when the tracking watch (modules/tracking) found that a tracked vehicle had
 *   stopped reporting its location, and sent the tracking notice (type 5). Null while it reports, or while
 *   it is not tracked. Setting it is how one server process claims the vehicle, so that several processes
 *   on one database send that notice once; clearing it sends "reporting again" (type 6) once.
 * - Two partial indexes keep each run of the watch an index range however large the fleet: the vehicles
 *   whose tracking is on or paused (a pause ends by itself) and that still report, by the time of their
 *   last location, and the few that have stopped.
 * - `load_damage_reports`: what a user reported as damaged on a load (POST loads/{id}/damage-report), kept
 *   with the load; each report sends a damage notice (type 9).
 */
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`ALTER TABLE vehicles ADD COLUMN tracking_lost_at timestamptz`,
  // Tracking on, or paused (it comes back on when the pause ends), and not lost.
  sql`CREATE INDEX vehicles_tracking_watch_idx ON vehicles (location_updated_at)
    WHERE tracking_lost_at IS NULL AND (is_tracking_active OR inactive_tracking_until IS NOT NULL)`,
  sql`CREATE INDEX vehicles_tracking_lost_idx ON vehicles (tracking_lost_at)
    WHERE tracking_lost_at IS NOT NULL`,
  sql`CREATE TABLE load_damage_reports (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    load_id bigint NOT NULL REFERENCES loads (id) ON DELETE CASCADE,
    description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 2000),
    created_by bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  // A load's reports, oldest first.
  sql`CREATE INDEX load_damage_reports_load_idx ON load_damage_reports (load_id, id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS load_damage_reports`.execute(db);
  await sql`DROP INDEX IF EXISTS vehicles_tracking_lost_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS vehicles_tracking_watch_idx`.execute(db);
  await sql`ALTER TABLE vehicles DROP COLUMN IF EXISTS tracking_lost_at`.execute(db);
}
