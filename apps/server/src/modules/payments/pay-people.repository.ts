import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { PAID_BY_TERMS_ROLES } from './payments.repository';

// GET users/accounting/: the people paid by terms (the company's managers and dispatchers, who run loads)
// with their team and their terms. Part of the pay read model: it reads users and working_groups of other
// modules, never writes them. Scoped to the company.

export type PeopleFilters = { text?: string; team?: number; id?: number };

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function peopleQuery(db: Db, companyId: number, filters: PeopleFilters) {
  let query = db
    .selectFrom('users as u')
    .leftJoin('working_groups as wg', 'wg.id', 'u.working_group_id')
    .leftJoin('dispatcher_pay_terms as t', (join) =>
      join.onRef('t.user_id', '=', 'u.id').on('t.company_id', '=', companyId),
    )
    .where('u.company_id', '=', companyId)
    .where('u.role', 'in', PAID_BY_TERMS_ROLES);
  if (filters.id !== undefined) query = query.where('u.id', '=', filters.id);
  if (filters.team !== undefined) query = query.where('u.working_group_id', '=', filters.team);
  if (filters.text !== undefined) {
    const pattern = `%${escapeLike(filters.text)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`u.first_name || ' ' || u.last_name`, 'ilike', pattern),
        eb('u.email', 'ilike', pattern),
      ]),
    );
  }
  return query;
}

export async function countPeople(db: Db, companyId: number, filters: PeopleFilters): Promise<number> {
  const row = await peopleQuery(db, companyId, filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findPeople(
  db: Db,
  companyId: number,
  filters: PeopleFilters,
  page: { limit: number; offset: number },
) {
  return peopleQuery(db, companyId, filters)
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.role',
      'u.status',
      'wg.id as team_id',
      'wg.group_name as team_name',
      't.basis',
      't.percent',
      't.amount_cents',
      't.updated_at',
    ])
    .orderBy((eb) => eb.fn('lower', ['u.last_name']))
    .orderBy((eb) => eb.fn('lower', ['u.first_name']))
    .orderBy('u.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}
export type PersonRecord = Awaited<ReturnType<typeof findPeople>>[number];
