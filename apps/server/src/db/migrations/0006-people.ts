/**
 * Indexes for the drivers and owners lists and searches (the tables are in 0001-core).
 *
 * A search text matches, case-insensitively, the start of the full name ('First Last'), of the last name,
 * of the e-mail and, for a phone-like text, of the phone number's last 10 digits (stored numbers keep the
 * punctuation they were typed with; the digits expression makes '(555) 100-2000' and '+1 555 100 2000'
 * the same number). Each is a `text_pattern_ops` index so that `LIKE 'text%'` is an index range, and the
 * planner ORs them together within the company. The status and is_active filters end with the lists'
 * order (last name) so that a page is read in order from the index; the owner filter has drivers_owner_idx
 * of 0001-core (an owner has a handful of drivers).
 */
import { sql, type Kysely } from 'kysely';

const PHONE_DIGITS = sql.raw(`right(regexp_replace(phone_number, '[^0-9]', '', 'g'), 10)`);

const statements = [
  sql`CREATE INDEX drivers_search_full_name_idx
    ON drivers (company_id, lower(first_name || ' ' || last_name) text_pattern_ops)`,
  sql`CREATE INDEX drivers_search_last_name_idx ON drivers (company_id, lower(last_name) text_pattern_ops)`,
  sql`CREATE INDEX drivers_search_email_idx ON drivers (company_id, lower(email) text_pattern_ops)`,
  sql`CREATE INDEX drivers_search_phone_idx ON drivers (company_id, ${PHONE_DIGITS} text_pattern_ops)`,
  sql`CREATE INDEX drivers_company_status_name_idx ON drivers (company_id, status, last_name)`,
  sql`CREATE INDEX drivers_company_active_name_idx ON drivers (company_id, is_active, last_name)`,

  sql`CREATE INDEX owners_search_full_name_idx
    ON owners (company_id, lower(first_name || ' ' || last_name) text_pattern_ops)`,
  sql`CREATE INDEX owners_search_last_name_idx ON owners (company_id, lower(last_name) text_pattern_ops)`,
  sql`CREATE INDEX owners_search_company_name_idx ON owners (company_id, lower(company_name) text_pattern_ops)`,
  sql`CREATE INDEX owners_search_email_idx ON owners (company_id, lower(email) text_pattern_ops)`,
  sql`CREATE INDEX owners_search_phone_idx ON owners (company_id, ${PHONE_DIGITS} text_pattern_ops)`,
  sql`CREATE INDEX owners_company_active_name_idx ON owners (company_id, is_active, last_name)`,
];

const INDEXES = [
  'drivers_search_full_name_idx',
  'drivers_search_last_name_idx',
  'drivers_search_email_idx',
  'drivers_search_phone_idx',
  'drivers_company_status_name_idx',
  'drivers_company_active_name_idx',
  'owners_search_full_name_idx',
  'owners_search_last_name_idx',
  'owners_search_company_name_idx',
  'owners_search_email_idx',
  'owners_search_phone_idx',
  'owners_company_active_name_idx',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of INDEXES) await sql`DROP INDEX IF EXISTS ${sql.ref(name)}`.execute(db);
}
