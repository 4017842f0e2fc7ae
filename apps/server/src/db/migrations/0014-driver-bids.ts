/**
 * Driver and owner bids on load board loads, the forwards that let them bid, and the invitations that give
 * drivers and owners their sign-in.
 *
 * `load_forwards`: a dispatcher offered a board load to a vehicle; the vehicle's active driver and its
 * owner (each when the unit's switch allows them loads) see it on their page while it stays on the board.
 * One row per load and vehicle: forwarding again moves `forwarded_at`, which restarts the 15-minute limit
 * (bids.rules.ts). The driver page reads the rows by vehicle, newest first.
 *
 * `bids` gains the 'owner' kind, the user who bid (`bidder_user_id`) and `placed_at`, the time the bidder
 * last placed or changed the bid, which the bid limits count from (`updated_at` also moves when a bid is
 * rejected or won). A bidder has at most one pending bid per load: placing another changes it.
 *
 * `invitations`: an e-mailed link that lets a driver or owner choose a password. Only the SHA-256 of the
 * token is stored, so a copy of the database gives no usable link; a token is used once and expires.
 */
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`ALTER TABLE bids DROP CONSTRAINT IF EXISTS bids_kind_check`,
  sql`ALTER TABLE bids ADD CONSTRAINT bids_kind_check CHECK (kind IN ('dispatcher', 'driver', 'owner'))`,
  sql`ALTER TABLE bids ADD COLUMN bidder_user_id bigint REFERENCES users (id) ON DELETE SET NULL`,
  sql`ALTER TABLE bids ADD COLUMN placed_at timestamptz`,
  sql`CREATE UNIQUE INDEX bids_pending_bidder_key ON bids (load_id, bidder_user_id)
    WHERE status = 1 AND kind IN ('driver', 'owner')`,
  sql`CREATE INDEX bids_bidder_idx ON bids (bidder_user_id, id DESC) WHERE bidder_user_id IS NOT NULL`,
  sql`CREATE INDEX bids_company_driver_bids_idx ON bids (company_id, id DESC) WHERE kind IN ('driver', 'owner')`,

  sql`CREATE TABLE load_forwards (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    load_id bigint NOT NULL REFERENCES loads (id) ON DELETE CASCADE,
    vehicle_id bigint NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
    forwarded_by bigint REFERENCES users (id) ON DELETE SET NULL,
    forwarded_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (load_id, vehicle_id)
  )`,
  sql`CREATE INDEX load_forwards_vehicle_idx ON load_forwards (vehicle_id, forwarded_at DESC)`,

  sql`CREATE TABLE invitations (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    driver_id bigint REFERENCES drivers (id) ON DELETE CASCADE,
    owner_id bigint REFERENCES owners (id) ON DELETE CASCADE,
    email text NOT NULL,
    token_hash text NOT NULL UNIQUE,
    invited_by bigint REFERENCES users (id) ON DELETE SET NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    revoked_at timestamptz,
    user_id bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((driver_id IS NULL) <> (owner_id IS NULL))
  )`,
  sql`CREATE INDEX invitations_driver_idx ON invitations (driver_id) WHERE driver_id IS NOT NULL`,
  sql`CREATE INDEX invitations_owner_idx ON invitations (owner_id) WHERE owner_id IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS invitations`.execute(db);
  await sql`DROP TABLE IF EXISTS load_forwards`.execute(db);
  await sql`DROP INDEX IF EXISTS bids_company_driver_bids_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS bids_bidder_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS bids_pending_bidder_key`.execute(db);
  await sql`ALTER TABLE bids DROP COLUMN IF EXISTS placed_at`.execute(db);
  await sql`ALTER TABLE bids DROP COLUMN IF EXISTS bidder_user_id`.execute(db);
  await sql`DELETE FROM bids WHERE kind = 'owner'`.execute(db);
  await sql`ALTER TABLE bids DROP CONSTRAINT IF EXISTS bids_kind_check`.execute(db);
  await sql`ALTER TABLE bids ADD CONSTRAINT bids_kind_check CHECK (kind IN ('dispatcher', 'driver'))`.execute(
    db,
  );
}
