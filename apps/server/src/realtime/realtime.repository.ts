import type { Db } from '../db/types';

/** The hash of a company, which a socket's path must name. */
export async function findCompanyHash(db: Db, companyId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('companies')
    .select('company_hash')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row?.company_hash;
}
