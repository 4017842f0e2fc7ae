import { PROPOSITION_STATUS, type PropositionListQuery } from '@app/domain/bids/bids.schema';
import { sql } from 'kysely';
import type { Db } from '../../db/types';

// The propositions as the bid pages read them (bids of kind 'dispatcher' with their load, broker, vehicle,
// driver and dispatcher), within the caller's company: one by id, and the lists' pages with their filters.

export type PropositionListKind = 'active' | 'completed' | 'history';

const STATUSES_OF: Record<PropositionListKind, readonly (1 | 2 | 3)[]> = {
  active: [PROPOSITION_STATUS.active],
  completed: [PROPOSITION_STATUS.won, PROPOSITION_STATUS.lost],
  history: [PROPOSITION_STATUS.active, PROPOSITION_STATUS.won, PROPOSITION_STATUS.lost],
};

function answerQuery(db: Db) {
  return db
    .selectFrom('bids as b')
    .innerJoin('loads as l', 'l.id', 'b.load_id')
    .leftJoin('broker_companies as bc', 'bc.id', 'l.broker_company_id')
    .leftJoin('vehicles as v', 'v.id', 'b.vehicle_id')
    .leftJoin('drivers as d', 'd.id', 'b.driver_id')
    .leftJoin('users as u', 'u.id', 'b.dispatcher_id')
    .where('b.kind', '=', 'dispatcher');
}

const ANSWER_COLUMNS = [
  'b.id',
  'b.status',
  'b.load_id',
  'b.price_cents',
  'b.driver_price_cents',
  'b.miles_out',
  'b.eta_at',
  'b.email_to',
  'b.email_subject',
  'b.message',
  'b.sent_at',
  'b.delivery',
  'b.via_phone',
  'b.created_at',
  'b.updated_at',
  'l.load_accounting_number',
  'l.status as load_status',
  'l.board_status',
  'l.miles',
  'l.vehicle_type',
  'l.reply_email',
  'bc.id as broker_id',
  'bc.name as broker_name',
  'bc.rating as broker_rating',
  'v.id as vehicle_id',
  'v.unit_id',
  'v.transport_type',
  'd.id as driver_id',
  'd.first_name as driver_first_name',
  'd.last_name as driver_last_name',
  'u.id as dispatcher_id',
  'u.first_name as dispatcher_first_name',
  'u.last_name as dispatcher_last_name',
] as const;

/** The propositions of these ids in the company, newest first. */
export function findPropositions(db: Db, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return answerQuery(db)
    .select(ANSWER_COLUMNS)
    .where('b.company_id', '=', companyId)
    .where('b.id', 'in', ids)
    .orderBy('b.id', 'desc')
    .execute();
}
export type PropositionRow = Awaited<ReturnType<typeof findPropositions>>[number];

function filtered(db: Db, companyId: number, kind: PropositionListKind, query: PropositionListQuery) {
  let q = answerQuery(db)
    .where('b.company_id', '=', companyId)
    .where('b.status', 'in', query.status && kind === 'history' ? [query.status] : STATUSES_OF[kind]);
  if (query.dispatcher) q = q.where('b.dispatcher_id', '=', query.dispatcher);
  if (query.car) q = q.where('b.vehicle_id', '=', query.car);
  if (query.broker) q = q.where('l.broker_company_id', '=', query.broker);
  if (query.load) q = q.where('b.load_id', '=', query.load);
  if (query.date_from) q = q.where('b.created_at', '>=', new Date(query.date_from));
  if (query.date_to) q = q.where('b.created_at', '<', new Date(query.date_to));
  const search = query.search;
  if (search) {
    const digits = /^\d{1,15}$/.test(search) ? Number(search) : null;
    q = q.where((eb) =>
      eb.or([
        ...(digits === null ? [] : [eb('l.load_accounting_number', '=', digits), eb('l.id', '=', digits)]),
        eb('bc.name', 'ilike', `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`),
      ]),
    );
  }
  return q;
}

/** One page of a list and its count: two queries whatever the page size. */
export async function findPropositionPage(
  db: Db,
  companyId: number,
  kind: PropositionListKind,
  query: PropositionListQuery,
): Promise<{ count: number; rows: PropositionRow[] }> {
  const [count, rows] = await Promise.all([
    filtered(db, companyId, kind, query)
      .select(sql<string>`count(*)`.as('count'))
      .executeTakeFirstOrThrow(),
    filtered(db, companyId, kind, query)
      .select(ANSWER_COLUMNS)
      .orderBy('b.id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
  return { count: Number(count.count), rows };
}
