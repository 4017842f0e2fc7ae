/**
 * Telephony: the company's click-to-call address templates for its external call system
 * (`companies.call_system`). `call_url_template` answers call_url of telephony/make-call and
 * make-direct-call, `sms_url_template` their chat_url; {phone} and {name} are replaced by the number as
 * dialled and the contact's name (packages/domain/src/telephony/telephony.rules.ts). Without a call template
 * the panel dials with tel:.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE companies
    ADD COLUMN call_url_template text,
    ADD COLUMN sms_url_template text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE companies DROP COLUMN IF EXISTS sms_url_template,
    DROP COLUMN IF EXISTS call_url_template`.execute(db);
}
