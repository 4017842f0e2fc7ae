/**
 * The company's own map tiles: `companies.map_tiles_url`, the address of one PMTiles archive of vector tiles
 * (an http(s) address or a path on this server ending in .pmtiles) that the maps read instead of the
 * built-in base map. Null: the server's MAP_TILES_URL, else the built-in map.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE companies ADD COLUMN map_tiles_url text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE companies DROP COLUMN IF EXISTS map_tiles_url`.execute(db);
}
