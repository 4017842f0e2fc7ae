import { sql } from 'kysely';
import type { Db, NewRow, Row } from '../../db/types';

// Users' mailboxes, the company's inbound addresses and OAuth client keys, and the company's SMTP server
// the threads send through when the user has no mailbox of their own (read only: the company module
// saves it). The sealed `secret` columns leave this file only to be opened by the mailbox service.

export async function findMailbox(
  db: Db,
  companyId: number,
  userId: number,
): Promise<Row<'email_mailboxes'> | undefined> {
  return db
    .selectFrom('email_mailboxes')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Saves the user's mailbox, replacing the one before. */
export async function saveMailbox(db: Db, mailbox: NewRow<'email_mailboxes'>): Promise<void> {
  await db
    .insertInto('email_mailboxes')
    .values(mailbox)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        company_id: eb.ref('excluded.company_id'),
        provider: eb.ref('excluded.provider'),
        address: eb.ref('excluded.address'),
        smtp_host: eb.ref('excluded.smtp_host'),
        smtp_port: eb.ref('excluded.smtp_port'),
        smtp_secure: eb.ref('excluded.smtp_secure'),
        imap_host: eb.ref('excluded.imap_host'),
        imap_port: eb.ref('excluded.imap_port'),
        imap_secure: eb.ref('excluded.imap_secure'),
        username: eb.ref('excluded.username'),
        secret: eb.ref('excluded.secret'),
        status: eb.ref('excluded.status'),
        imap_last_uid: null,
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** Removes the user's mailbox of these providers; answers whether there was one. */
export async function deleteMailbox(
  db: Db,
  companyId: number,
  userId: number,
  providers: readonly Row<'email_mailboxes'>['provider'][],
): Promise<boolean> {
  const result = await db
    .deleteFrom('email_mailboxes')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('provider', 'in', providers)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Mailboxes whose IMAP the poller reads: connected, with an IMAP server. */
export async function pollableMailboxes(db: Db): Promise<Row<'email_mailboxes'>[]> {
  return db
    .selectFrom('email_mailboxes')
    .selectAll()
    .where('status', '=', 'connected')
    .where('imap_host', 'is not', null)
    .orderBy('id')
    .execute();
}

export async function setImapLastUid(db: Db, id: number, uid: number): Promise<void> {
  await db.updateTable('email_mailboxes').set({ imap_last_uid: uid }).where('id', '=', id).execute();
}

/**
 * Keeps a renewed sealed secret (a Google or Zoho mailbox's new access token) in place of the one it was
 * renewed from; a mailbox connected anew or logged out meanwhile is left as it is.
 */
export async function replaceMailboxSecret(
  db: Db,
  id: number,
  previous: string,
  secret: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('email_mailboxes')
    .set({ secret, updated_at: at })
    .where('id', '=', id)
    .where('secret', '=', previous)
    .execute();
}

/** The mail server refused the mailbox's credentials: it is polled no more until connected again. */
export async function markMailboxInvalid(db: Db, id: number, at: Date): Promise<void> {
  await db
    .updateTable('email_mailboxes')
    .set({ status: 'invalid', updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function findOauthClient(db: Db, companyId: number, provider: 'google' | 'zoho') {
  return db
    .selectFrom('email_oauth_clients')
    .select(['client_id', 'client_secret'])
    .where('company_id', '=', companyId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

export type CompanyMail = Pick<
  Row<'companies'>,
  | 'id'
  | 'name'
  | 'company_hash'
  | 'smtp_host'
  | 'smtp_port'
  | 'smtp_secure'
  | 'smtp_user'
  | 'smtp_password'
  | 'smtp_from'
>;

export async function findCompanyMail(db: Db, companyId: number): Promise<CompanyMail | undefined> {
  return db
    .selectFrom('companies')
    .select([
      'id',
      'name',
      'company_hash',
      'smtp_host',
      'smtp_port',
      'smtp_secure',
      'smtp_user',
      'smtp_password',
      'smtp_from',
    ])
    .where('id', '=', companyId)
    .executeTakeFirst();
}

/** The company an inbound local part reaches: one of its inbound addresses, or its company hash. */
export async function findCompanyByInboundLocal(db: Db, local: string): Promise<number | null> {
  const extra = await db
    .selectFrom('email_inbound_addresses')
    .select('company_id')
    .where('local_part', '=', local)
    .executeTakeFirst();
  if (extra) return extra.company_id;
  const company = await db
    .selectFrom('companies')
    .select('id')
    .where(sql`lower(company_hash)`, '=', local)
    .executeTakeFirst();
  return company?.id ?? null;
}

/** Colleagues for the mail pickers; `inGmail` keeps those with an authorised e-mail or a connected mailbox. */
export async function searchEmployers(db: Db, companyId: number, inGmail: boolean, search: string) {
  let query = db
    .selectFrom('users as u')
    .leftJoin('email_mailboxes as mb', (join) =>
      join.onRef('mb.user_id', '=', 'u.id').on('mb.status', '=', 'connected'),
    )
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.role', 'u.working_gmail'])
    .select(sql<boolean>`(u.in_gmail OR mb.id IS NOT NULL)`.as('in_gmail'))
    .select('mb.address as mailbox_address')
    .where('u.company_id', '=', companyId)
    .where('u.status', '=', 'Active');
  if (inGmail) query = query.where((eb) => eb.or([eb('u.in_gmail', '=', true), eb('mb.id', 'is not', null)]));
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    query = query.where(sql<boolean>`(u.first_name || ' ' || u.last_name) ILIKE ${pattern}`);
  }
  return query.orderBy('u.first_name').orderBy('u.last_name').orderBy('u.id').limit(200).execute();
}
