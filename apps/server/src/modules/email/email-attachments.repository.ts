import type { Db, NewRow, Row } from '../../db/types';

// The files of e-mail messages: kept with their message, listed with it, read to be downloaded. Scoped to
// the company.

export type StoredAttachment = Pick<
  Row<'email_attachments'>,
  'id' | 'name' | 'content_type' | 'size' | 'storage_key'
> & { chat_id: number };

/** An attachment of the company with the thread of its message. */
export async function findAttachment(
  db: Db,
  companyId: number,
  id: number,
): Promise<StoredAttachment | undefined> {
  return db
    .selectFrom('email_attachments as a')
    .innerJoin('email_messages as m', (join) =>
      join.onRef('m.id', '=', 'a.message_id').on('m.company_id', '=', companyId),
    )
    .select(['a.id', 'a.name', 'a.content_type', 'a.size', 'a.storage_key', 'm.chat_id'])
    .where('a.company_id', '=', companyId)
    .where('a.id', '=', id)
    .executeTakeFirst();
}

export async function insertAttachments(db: Db, rows: NewRow<'email_attachments'>[]): Promise<void> {
  if (rows.length) await db.insertInto('email_attachments').values(rows).execute();
}

export async function attachmentsOf(db: Db, companyId: number, messageIds: readonly number[]) {
  if (messageIds.length === 0) return [];
  return db
    .selectFrom('email_attachments')
    .select(['id', 'message_id', 'name', 'size', 'content_type'])
    .where('company_id', '=', companyId)
    .where('message_id', 'in', messageIds)
    .orderBy('id')
    .execute();
}
