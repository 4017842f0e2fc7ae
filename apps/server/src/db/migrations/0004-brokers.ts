/**
 * What the broker companies' lists, search, rating queue and delete need beyond the core model.
 *
 * - The lists (all, OTR, non-OTR, blacklist, by rating) page in name order: one index per filter, each in
 *   the list's order (lower(name), id), so a page is an index range.
 * - The rating queue pages by how long a broker has waited: a partial index over the brokers waiting only.
 * - The search matches a part of the name (LIKE '%text%') or the start of the MC number over the company's
 *   range of the name index: a carrier knows thousands of brokers, not millions, so no trigram index (and
 *   no extension PGlite would have to load) is needed.
 * - Deleting a non-OTR company first checks that no load names it as the accounting company: an index on
 *   loads.accounting_broker_company_id makes that (and the ON DELETE SET NULL behind it) an index lookup.
 */
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`CREATE INDEX broker_companies_otr_name_idx ON broker_companies (company_id, is_otr, lower(name), id)`,
  sql`CREATE INDEX broker_companies_rating_name_idx ON broker_companies (company_id, rating, lower(name), id)`,
  sql`CREATE INDEX broker_companies_blacklist_name_idx ON broker_companies (company_id, lower(name), id)
    WHERE in_blacklist`,
  sql`CREATE INDEX broker_companies_rating_queue_idx ON broker_companies (company_id, rating_requested_at, id)
    WHERE rating_requested_at IS NOT NULL`,
  sql`CREATE INDEX loads_company_accounting_broker_idx ON loads (company_id, accounting_broker_company_id)
    WHERE accounting_broker_company_id IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const downStatements = [
    sql`DROP INDEX IF EXISTS loads_company_accounting_broker_idx`,
    sql`DROP INDEX IF EXISTS broker_companies_rating_queue_idx`,
    sql`DROP INDEX IF EXISTS broker_companies_blacklist_name_idx`,
    sql`DROP INDEX IF EXISTS broker_companies_rating_name_idx`,
    sql`DROP INDEX IF EXISTS broker_companies_otr_name_idx`,
  ];
  for (const statement of downStatements) await statement.execute(db);
}
