/**
 * The load board's `match` by place. `loads_board_places_idx` holds, for the board loads whose first
 * pick-up is placed, every column the board's row filters read (as loads_board_idx does) and the pick-up's
 * place (`pick_up_cell`, `pick_up_lat`, `pick_up_lon`): `match` counts the loads that pass the other
 * filters by vehicle type and place in one index-only read, measures those few places against the trucks,
 * and pages the loads at the reached places from the same index. It replaces the per-load match index
 * (`loads_board_match_idx`), from which the loads' ids were read row by row through the table. The
 * board's other lists and counts keep the narrower loads_board_idx.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS loads_board_match_idx`.execute(db);
  await sql`CREATE INDEX loads_board_places_idx ON loads (company_id, id DESC)
    INCLUDE (vehicle_type, miles, broker_company_id, working_group_id, subgroup_id, dispatcher_id,
      pick_up_cell, pick_up_lat, pick_up_lon)
    WHERE board_status = 'posted' AND pick_up_cell IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS loads_board_places_idx`.execute(db);
  await sql`CREATE INDEX loads_board_match_idx ON loads (company_id, vehicle_type, pick_up_cell)
    INCLUDE (pick_up_lat, pick_up_lon) WHERE board_status = 'posted' AND pick_up_cell IS NOT NULL`.execute(
    db,
  );
}
