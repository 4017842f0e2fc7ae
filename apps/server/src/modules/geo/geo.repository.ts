import type { Db } from '../../db/types';

/** The company's Google Maps key (company settings), or null when it has none. */
export async function findMapsKey(db: Db, companyId: number): Promise<string | null> {
  const company = await db
    .selectFrom('companies')
    .select('google_maps_key')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return company?.google_maps_key ?? null;
}
