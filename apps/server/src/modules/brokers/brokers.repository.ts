import { LOAD_LIST_CLASS } from '@app/domain/loads/loads.rules';
import {
  sql,
  type Expression,
  type Insertable,
  type SqlBool,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { BrokerCompaniesTable, Database } from '../../db/schema';
import type { Db, Row } from '../../db/types';

// The only SQL of broker companies. Every query is scoped to the caller's company.

type Trx = Transaction<Database>;

export type Page = { limit: number; offset: number };

/** A broker company with the name of the user who checked its credit. */
export type BrokerRow = Pick<
  Row<'broker_companies'>,
  | 'id'
  | 'name'
  | 'is_otr'
  | 'mc_number'
  | 'dot_number'
  | 'brokerage'
  | 'address'
  | 'city'
  | 'state'
  | 'zip_code'
  | 'phone'
  | 'email'
  | 'rating'
  | 'rating_requested_at'
  | 'notify_no_posting'
  | 'credit_check_result'
  | 'credit_checked_at'
  | 'credit_checked_by'
  | 'in_blacklist'
  | 'blacklist_reason'
  | 'blacklisted_at'
  | 'created_at'
> & { checker_first_name: string | null; checker_last_name: string | null };

export type BrokerFilters = {
  search?: string | undefined;
  in_blacklist?: boolean | undefined;
  rating?: number | undefined;
  is_otr?: boolean | undefined;
  /** Only the brokers waiting in the rating queue. */
  awaiting_rating?: boolean | undefined;
};

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function selectBrokers(db: Db) {
  return db
    .selectFrom('broker_companies as b')
    .leftJoin('users as checker', 'checker.id', 'b.credit_checked_by')
    .select([
      'b.id',
      'b.name',
      'b.is_otr',
      'b.mc_number',
      'b.dot_number',
      'b.brokerage',
      'b.address',
      'b.city',
      'b.state',
      'b.zip_code',
      'b.phone',
      'b.email',
      'b.rating',
      'b.rating_requested_at',
      'b.notify_no_posting',
      'b.credit_check_result',
      'b.credit_checked_at',
      'b.credit_checked_by',
      'checker.first_name as checker_first_name',
      'checker.last_name as checker_last_name',
      'b.in_blacklist',
      'b.blacklist_reason',
      'b.blacklisted_at',
      'b.created_at',
    ]);
}

/**
 * The text of a search: a part of the name (case-insensitive), or the start of the MC number when the text
 * reads as one ('MC-0411', '411' -> MC numbers starting with 411).
 */
function textCondition(search: string, mcDigits: string | null): Expression<SqlBool> {
  const contains = `%${escapeLike(search.toLowerCase())}%`;
  const byName = sql<SqlBool>`lower(b.name) LIKE ${contains}`;
  if (!mcDigits) return byName;
  return sql<SqlBool>`(${byName} OR b.mc_number LIKE ${`${mcDigits}%`})`;
}

function filtered(db: Db, companyId: number, filters: BrokerFilters, mcDigits: string | null) {
  let query = selectBrokers(db).where('b.company_id', '=', companyId);
  if (filters.in_blacklist !== undefined) query = query.where('b.in_blacklist', '=', filters.in_blacklist);
  if (filters.is_otr !== undefined) query = query.where('b.is_otr', '=', filters.is_otr);
  if (filters.rating !== undefined) query = query.where('b.rating', '=', filters.rating as 1);
  if (filters.awaiting_rating) query = query.where('b.rating_requested_at', 'is not', null);
  if (filters.search) query = query.where(textCondition(filters.search, mcDigits));
  return query;
}

/** One page of brokers in name order, and how many match: two queries. */
export async function findBrokerPage(
  db: Db,
  companyId: number,
  filters: BrokerFilters,
  mcDigits: string | null,
  page: Page,
): Promise<{ count: number; rows: BrokerRow[] }> {
  const base = filtered(db, companyId, filters, mcDigits);
  const [countRow, rows] = await Promise.all([
    db
      .selectFrom(base.clearSelect().select('b.id').as('m'))
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
    base
      .orderBy(sql`lower(b.name)`)
      .orderBy('b.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { count: Number(countRow.count), rows };
}

/** The rating queue: the longest waiting first. Two queries. */
export async function findRatingQueuePage(
  db: Db,
  companyId: number,
  search: string | undefined,
  mcDigits: string | null,
  page: Page,
): Promise<{ count: number; rows: BrokerRow[] }> {
  const base = filtered(db, companyId, { search, awaiting_rating: true }, mcDigits);
  const [countRow, rows] = await Promise.all([
    db
      .selectFrom(base.clearSelect().select('b.id').as('m'))
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
    base.orderBy('b.rating_requested_at').orderBy('b.id').limit(page.limit).offset(page.offset).execute(),
  ]);
  return { count: Number(countRow.count), rows };
}

/**
 * The search of the pickers: the MC number typed in full first, then names that start with the text, then
 * the rest in name order. Two queries (the matches and their number).
 */
export async function searchBrokers(
  db: Db,
  companyId: number,
  filters: { search: string | undefined; in_blacklist: boolean | undefined },
  mcDigits: string | null,
  limit: number,
): Promise<{ count: number; rows: BrokerRow[] }> {
  const base = filtered(db, companyId, filters, mcDigits);
  let ordered = base;
  if (mcDigits) ordered = ordered.orderBy(sql`b.mc_number IS NOT DISTINCT FROM ${mcDigits}`, 'desc');
  if (filters.search) {
    const prefix = `${escapeLike(filters.search.toLowerCase())}%`;
    ordered = ordered.orderBy(sql`lower(b.name) LIKE ${prefix}`, 'desc');
  }
  const [countRow, rows] = await Promise.all([
    db
      .selectFrom(base.clearSelect().select('b.id').as('m'))
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
    ordered
      .orderBy(sql`lower(b.name)`)
      .orderBy('b.id')
      .limit(limit)
      .execute(),
  ]);
  return { count: Number(countRow.count), rows };
}

export async function findBroker(db: Db, companyId: number, id: number): Promise<BrokerRow | undefined> {
  return selectBrokers(db).where('b.company_id', '=', companyId).where('b.id', '=', id).executeTakeFirst();
}

/** A broker company of the company by id, with its name only (what a load names). */
export async function findBrokerName(db: Db, companyId: number, id: number) {
  return db
    .selectFrom('broker_companies')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Broker companies of the company by id with name and MC number (ids of other companies are left out). */
export async function findBrokerNames(db: Db, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('broker_companies')
    .select(['id', 'name', 'mc_number'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

export async function findBrokerByMc(
  db: Db,
  companyId: number,
  mcNumber: string,
): Promise<BrokerRow | undefined> {
  return selectBrokers(db)
    .where('b.company_id', '=', companyId)
    .where('b.mc_number', '=', mcNumber)
    .executeTakeFirst();
}

/** The broker, locked for the rest of the transaction; undefined when the company has no such broker. */
export async function lockBroker(trx: Trx, companyId: number, id: number) {
  return trx
    .selectFrom('broker_companies')
    .select(['id', 'is_otr', 'mc_number', 'rating', 'in_blacklist', 'rating_requested_at'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Another broker of the company with this MC number (the one being edited excluded). */
export async function mcNumberTaken(
  db: Db,
  companyId: number,
  mcNumber: string,
  exceptId: number | null,
): Promise<boolean> {
  let query = db
    .selectFrom('broker_companies')
    .select('id')
    .where('company_id', '=', companyId)
    .where('mc_number', '=', mcNumber);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertBroker(trx: Trx, values: Insertable<BrokerCompaniesTable>): Promise<number> {
  const row = await trx
    .insertInto('broker_companies')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBroker(
  trx: Trx,
  id: number,
  values: Updateable<BrokerCompaniesTable>,
): Promise<void> {
  await trx.updateTable('broker_companies').set(values).where('id', '=', id).execute();
}

export async function deleteBroker(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('broker_companies').where('id', '=', id).execute();
}

/** Whether any load of the company names the broker, as its broker or its accounting company. */
export async function hasLoads(db: Db, companyId: number, brokerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('loads')
    .select('id')
    .where('company_id', '=', companyId)
    .where((eb) =>
      eb.or([eb('broker_company_id', '=', brokerId), eb('accounting_broker_company_id', '=', brokerId)]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The loads still being worked (the active and checkout lists) that show this broker: what a load list
 * must refetch when the broker's blacklist mark or rating changes.
 */
export async function findOpenLoadIds(db: Db, companyId: number, brokerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('loads')
    .select('id')
    .where('company_id', '=', companyId)
    .where('list_class', 'in', [LOAD_LIST_CLASS.active, LOAD_LIST_CLASS.checkout])
    .where('broker_company_id', '=', brokerId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------- rating history

export type RatingRow = Pick<
  Row<'broker_ratings'>,
  'id' | 'rating' | 'previous_rating' | 'comment' | 'rated_by' | 'created_at'
> & { rater_first_name: string | null; rater_last_name: string | null };

export async function insertRating(
  trx: Trx,
  values: {
    broker_company_id: number;
    rating: 1 | 2 | 3 | 4 | 5;
    previous_rating: number;
    comment: string | null;
    rated_by: number;
    created_at: Date;
  },
): Promise<void> {
  await trx.insertInto('broker_ratings').values(values).execute();
}

/** A broker's ratings, newest first, with who rated: two queries. */
export async function findRatingPage(
  db: Db,
  brokerId: number,
  page: Page,
): Promise<{ count: number; rows: RatingRow[] }> {
  const [countRow, rows] = await Promise.all([
    db
      .selectFrom('broker_ratings')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('broker_company_id', '=', brokerId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('broker_ratings as r')
      .leftJoin('users as rater', 'rater.id', 'r.rated_by')
      .select([
        'r.id',
        'r.rating',
        'r.previous_rating',
        'r.comment',
        'r.rated_by',
        'rater.first_name as rater_first_name',
        'rater.last_name as rater_last_name',
        'r.created_at',
      ])
      .where('r.broker_company_id', '=', brokerId)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { count: Number(countRow.count), rows };
}
