import { sql } from 'kysely';
import type { Db, NewRow, Row } from '../../db/types';
import type { SmsBulkFailure } from '@app/domain/sms/sms.schema';

// The company's SMS provider settings, uploaded pictures and bulk sendings. Scoped to the company.

export function providerSettings(
  db: Db,
  companyId: number,
): Promise<Row<'sms_provider_settings'> | undefined> {
  return db
    .selectFrom('sms_provider_settings')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

export async function saveProviderSettings(db: Db, row: NewRow<'sms_provider_settings'>): Promise<void> {
  const { company_id: _company, ...change } = row;
  await db
    .insertInto('sms_provider_settings')
    .values(row)
    .onConflict((oc) => oc.column('company_id').doUpdateSet(change))
    .execute();
}

export function companyByHash(db: Db, hash: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('company_hash', '=', hash)
    .executeTakeFirst();
}

export function companyName(db: Db, companyId: number) {
  return db
    .selectFrom('companies')
    .select(['name', 'company_hash'])
    .where('id', '=', companyId)
    .executeTakeFirst();
}

export function insertFile(db: Db, row: NewRow<'sms_files'>) {
  return db.insertInto('sms_files').values(row).returning(['id', 'name']).executeTakeFirstOrThrow();
}

export function findFile(db: Db, companyId: number, fileId: number) {
  return db
    .selectFrom('sms_files')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', fileId)
    .executeTakeFirst();
}

/** Of these files, the ones the user uploaded and has not sent yet (locked). */
export function unsentFilesOf(trx: Db, companyId: number, userId: number, ids: readonly number[]) {
  return trx
    .selectFrom('sms_files')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('uploaded_by', '=', userId)
    .where('message_id', 'is', null)
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
}

export async function attachFiles(trx: Db, companyId: number, ids: readonly number[], messageId: number) {
  if (ids.length === 0) return;
  await trx
    .updateTable('sms_files')
    .set({ message_id: messageId })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

export function insertBulk(db: Db, row: NewRow<'sms_bulk_sendings'>) {
  return db.insertInto('sms_bulk_sendings').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findBulk(db: Db, companyId: number, bulkId: number) {
  return db
    .selectFrom('sms_bulk_sendings')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', bulkId)
    .executeTakeFirst();
}

/** Adds a batch's counts and failures; `finishedAt` closes the sending. */
export function addBulkProgress(
  db: Db,
  companyId: number,
  bulkId: number,
  sent: number,
  failures: readonly SmsBulkFailure[],
  finishedAt: Date | null,
) {
  return db
    .updateTable('sms_bulk_sendings')
    .set((eb) => ({
      sent: eb('sent', '+', sent),
      failed: eb('failed', '+', failures.length),
      failures: sql<SmsBulkFailure[]>`${eb.ref('failures')} || ${JSON.stringify(failures)}::jsonb`,
      ...(finishedAt ? { state: 'done' as const, finished_at: finishedAt } : {}),
    }))
    .where('company_id', '=', companyId)
    .where('id', '=', bulkId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
