import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db, Row } from '../../db/types';

// The SQL of broker companies as postings reach the load board (the load intake): finding the broker a
// posting names, when it last posted, and the followed brokers that stopped posting. Every query but the
// no-posting watch's (which reads every company, as a job does) is scoped to the company.

type Trx = Transaction<Database>;

/** A broker as a posting is matched to it. */
export type PostingBrokerRow = Pick<Row<'broker_companies'>, 'id' | 'name' | 'in_blacklist'>;

/**
 * Holds the posting broker's key (an MC number or a name) until the transaction ends, so that two postings
 * of an unknown broker at the same moment add it once.
 */
export async function lockPostingBrokerKey(trx: Trx, companyId: number, key: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${companyId}::int, hashtext(${`broker:${key}`}))`.execute(trx);
}

/** The company's broker with this MC number, or the first one added with this name (lower-cased). */
export async function findPostingBroker(
  db: Db,
  companyId: number,
  match: { mcNumber: string | null; nameKey: string },
): Promise<PostingBrokerRow | undefined> {
  const base = db
    .selectFrom('broker_companies')
    .select(['id', 'name', 'in_blacklist'])
    .where('company_id', '=', companyId);
  if (match.mcNumber !== null) {
    const byMc = await base.where('mc_number', '=', match.mcNumber).executeTakeFirst();
    if (byMc) return byMc;
  }
  return base
    .where(sql<string>`lower(name)`, '=', match.nameKey)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** The company's first broker whose e-mail address is at this domain (lower case), for e-mailed postings. */
export async function findPostingBrokerByEmailDomain(
  db: Db,
  companyId: number,
  domain: string,
): Promise<PostingBrokerRow | undefined> {
  return db
    .selectFrom('broker_companies')
    .select(['id', 'name', 'in_blacklist'])
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(split_part(email, '@', 2))`, '=', domain)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function findPostingBrokerById(
  db: Db,
  companyId: number,
  id: number,
): Promise<PostingBrokerRow | undefined> {
  return db
    .selectFrom('broker_companies')
    .select(['id', 'name', 'in_blacklist'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The broker posted now: its silence ends, and a later one will be reported again. */
export async function markPosted(trx: Trx, id: number, at: Date): Promise<void> {
  await trx
    .updateTable('broker_companies')
    .set({ last_posted_at: at, no_posting_notified_at: null })
    .where('id', '=', id)
    .execute();
}

/** A followed broker that has stopped posting, as the no-posting job reports it. */
export type SilentBrokerRow = Pick<
  Row<'broker_companies'>,
  'id' | 'company_id' | 'name' | 'last_posted_at' | 'no_posting_notified_at'
>;

/**
 * Up to `limit` brokers of any company with notify_no_posting whose last posting is before `silentSince`
 * and whose silence has not been reported, locked and skipped by another process that holds them.
 */
export async function claimSilentBrokers(
  trx: Trx,
  silentSince: Date,
  limit: number,
): Promise<SilentBrokerRow[]> {
  return trx
    .selectFrom('broker_companies')
    .select(['id', 'company_id', 'name', 'last_posted_at', 'no_posting_notified_at'])
    .where('notify_no_posting', '=', true)
    .where('last_posted_at', 'is not', null)
    .where('last_posted_at', '<', silentSince)
    .where((eb) =>
      eb.or([
        eb('no_posting_notified_at', 'is', null),
        eb('no_posting_notified_at', '<', eb.ref('last_posted_at')),
      ]),
    )
    .orderBy('last_posted_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** The silence of these brokers is reported. */
export async function markSilenceReported(trx: Trx, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('broker_companies')
    .set({ no_posting_notified_at: at })
    .where('id', 'in', ids)
    .execute();
}
