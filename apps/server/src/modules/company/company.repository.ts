import { COMPANY_SETTINGS_FIELDS, type CompanyUpdate } from '@app/domain/company/company.schema';
import type { Db, Row } from '../../db/types';

/** The columns of the company settings page: its id and the fields of the form. */
const SETTINGS_COLUMNS = ['id', ...COMPANY_SETTINGS_FIELDS] as const;
export type CompanySettingsRow = Pick<Row<'companies'>, (typeof SETTINGS_COLUMNS)[number]>;

export async function findCompanySettings(
  db: Db,
  companyId: number,
): Promise<CompanySettingsRow | undefined> {
  return db.selectFrom('companies').select(SETTINGS_COLUMNS).where('id', '=', companyId).executeTakeFirst();
}

/** The company's Google Maps key as saved, or null when it has none (or there is no such company). */
export async function findMapsKey(db: Db, companyId: number): Promise<string | null> {
  const company = await db
    .selectFrom('companies')
    .select('google_maps_key')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return company?.google_maps_key ?? null;
}

/** Saves every setting of the page; answers the row as saved, undefined when there is no such company. */
export async function updateCompanySettings(
  db: Db,
  companyId: number,
  update: CompanyUpdate,
  now: Date,
): Promise<CompanySettingsRow | undefined> {
  return db
    .updateTable('companies')
    .set({
      name: update.name,
      phone: update.phone,
      google_maps_key: update.google_maps_key,
      map_tiles_url: update.map_tiles_url,
      call_system: update.call_system,
      language_select: update.language_select,
      disable_some_menu_items: update.disable_some_menu_items,
      enable_address_language_notice: update.enable_address_language_notice,
      is_visible_phone_numbers: update.is_visible_phone_numbers,
      can_dispatchers_search_loads_for_on_load_unit: update.can_dispatchers_search_loads_for_on_load_unit,
      board_expiry_hours: update.board_expiry_hours,
      required_documents: JSON.stringify(update.required_documents),
      // The accounting section: a field left out keeps what is saved.
      ...(update.paysheet_weekday === undefined ? {} : { paysheet_weekday: update.paysheet_weekday }),
      ...(update.paysheet_time === undefined ? {} : { paysheet_time: update.paysheet_time }),
      ...(update.quickpay_percent === undefined ? {} : { quickpay_percent: update.quickpay_percent }),
      updated_at: now,
    })
    .where('id', '=', companyId)
    .returning(SETTINGS_COLUMNS)
    .executeTakeFirst();
}

/** The accounting section's columns: the pay-sheet schedule and the quick pay deduction. */
export async function findPaySettings(
  db: Db,
  companyId: number,
): Promise<Pick<Row<'companies'>, 'paysheet_weekday' | 'paysheet_time' | 'quickpay_percent'> | undefined> {
  return db
    .selectFrom('companies')
    .select(['paysheet_weekday', 'paysheet_time', 'quickpay_percent'])
    .where('id', '=', companyId)
    .executeTakeFirst();
}

// ---------------------------------------------------------------- the load intake key

/** When the company's intake key was made, or null when it has none. */
export async function findIntakeKeyCreatedAt(db: Db, companyId: number): Promise<Date | null | undefined> {
  const row = await db
    .selectFrom('companies')
    .select(['intake_key_hash', 'intake_key_created_at'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!row) return undefined;
  return row.intake_key_hash === null ? null : row.intake_key_created_at;
}

/** Replaces the company's intake key (its hash), or removes it (null); false when there is no such company. */
export async function setIntakeKeyHash(
  db: Db,
  companyId: number,
  hash: string | null,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('companies')
    .set({ intake_key_hash: hash, intake_key_created_at: hash === null ? null : at, updated_at: at })
    .where('id', '=', companyId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The company whose intake key has this hash, if any. */
export async function findCompanyIdByIntakeKeyHash(db: Db, hash: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('companies')
    .select('id')
    .where('intake_key_hash', '=', hash)
    .executeTakeFirst();
  return row?.id;
}

// ---------------------------------------------------------------- the proposition template and SMTP

const PROPOSITION_COLUMNS = [
  'proposition_template',
  'smtp_host',
  'smtp_port',
  'smtp_secure',
  'smtp_user',
  'smtp_password',
  'smtp_from',
] as const;
export type PropositionSettingsRow = Pick<Row<'companies'>, (typeof PROPOSITION_COLUMNS)[number]>;

/** The proposition section's columns (the password too: the service answers only whether it is set). */
export async function findPropositionSettings(
  db: Db,
  companyId: number,
): Promise<PropositionSettingsRow | undefined> {
  return db
    .selectFrom('companies')
    .select(PROPOSITION_COLUMNS)
    .where('id', '=', companyId)
    .executeTakeFirst();
}

/** Saves the section; a password left undefined keeps the saved one. */
export async function updatePropositionSettings(
  db: Db,
  companyId: number,
  values: Omit<PropositionSettingsRow, 'smtp_password'> & { smtp_password?: string | null },
  now: Date,
): Promise<PropositionSettingsRow | undefined> {
  const { smtp_password: password, ...rest } = values;
  return db
    .updateTable('companies')
    .set({ ...rest, ...(password === undefined ? {} : { smtp_password: password }), updated_at: now })
    .where('id', '=', companyId)
    .returning(PROPOSITION_COLUMNS)
    .executeTakeFirst();
}
