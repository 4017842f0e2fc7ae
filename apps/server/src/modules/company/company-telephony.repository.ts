import type { TelephonySettingsUpdate } from '@app/domain/company/telephony-settings.schema';
import type { Db, Row } from '../../db/types';

// The telephony section of the company settings: the external call system and its click-to-call
// address templates (migration 0019).

const TELEPHONY_COLUMNS = ['call_system', 'call_url_template', 'sms_url_template'] as const;
export type TelephonySettingsRow = Pick<Row<'companies'>, (typeof TELEPHONY_COLUMNS)[number]>;

export async function findTelephonySettings(
  db: Db,
  companyId: number,
): Promise<TelephonySettingsRow | undefined> {
  return db.selectFrom('companies').select(TELEPHONY_COLUMNS).where('id', '=', companyId).executeTakeFirst();
}

export async function updateTelephonySettings(
  db: Db,
  companyId: number,
  update: TelephonySettingsUpdate,
  now: Date,
): Promise<TelephonySettingsRow | undefined> {
  return db
    .updateTable('companies')
    .set({ ...update, updated_at: now })
    .where('id', '=', companyId)
    .returning(TELEPHONY_COLUMNS)
    .executeTakeFirst();
}
