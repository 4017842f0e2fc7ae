import type { EmailPostingState } from '@app/domain/loadboard/email-postings.schema';
import { pageOffset, type PaginationQuery } from '@app/domain/common/pagination';
import { sql } from 'kysely';
import type { Db, NewRow, Row, RowUpdate } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';

// The SQL of e-mailed load postings (table email_postings, migration 0018): every query scoped to the
// company. The review list reads the mails that need review newest first (email_postings_review_idx).

export type EmailPostingRow = Row<'email_postings'>;

/** Holds the mail's Message-ID until the transaction ends: two copies received at once are kept once. */
export async function lockMessageId(trx: Trx, companyId: number, messageId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${companyId}::int, hashtext(${`email-posting:${messageId}`}))`.execute(
    trx,
  );
}

export async function findByMessageId(
  db: Db,
  companyId: number,
  messageId: string,
): Promise<EmailPostingRow | undefined> {
  return db
    .selectFrom('email_postings')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('message_id', '=', messageId)
    .executeTakeFirst();
}

export async function insertEmailPosting(
  trx: Trx,
  values: NewRow<'email_postings'>,
): Promise<EmailPostingRow> {
  return trx.insertInto('email_postings').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The company's mail, locked until the transaction ends; undefined when it has none with the id. */
export async function lockEmailPosting(
  trx: Trx,
  companyId: number,
  id: number,
): Promise<EmailPostingRow | undefined> {
  return trx
    .selectFrom('email_postings')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateEmailPosting(
  trx: Trx,
  companyId: number,
  id: number,
  values: RowUpdate<'email_postings'>,
): Promise<EmailPostingRow> {
  return trx
    .updateTable('email_postings')
    .set(values)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A page of the company's mails in one state, newest first, and how many there are: two queries. */
export async function findPage(
  db: Db,
  companyId: number,
  state: EmailPostingState,
  page: PaginationQuery,
): Promise<{ count: number; rows: EmailPostingRow[] }> {
  const scoped = db
    .selectFrom('email_postings')
    .where('company_id', '=', companyId)
    .where('state', '=', state);
  const [total, rows] = await Promise.all([
    scoped.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    scoped
      .selectAll()
      .orderBy('received_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(pageOffset(page))
      .execute(),
  ]);
  return { count: Number(total.count), rows };
}
