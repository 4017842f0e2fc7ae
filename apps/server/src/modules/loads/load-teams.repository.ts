import { LOAD_LIST_CLASS } from '@app/domain/loads/loads.rules';
import type { Db } from '../../db/types';

// The team (working group and subgroup) a load belongs to, as the teams module counts and moves them. Open
// loads are the active and checkout lists: the work a team still has to do. Every query is scoped to the
// company and reads the list indexes by working group and subgroup (migration 0002).

const OPEN_LIST_CLASSES = [LOAD_LIST_CLASS.active, LOAD_LIST_CLASS.checkout] as const;

/** Where loads are moved from: every load of a team, or of one subgroup. */
export type LoadTeamScope = { kind: 'team'; id: number } | { kind: 'subgroup'; id: number };

/** The open loads of the company's teams, by team id (teams without any are absent). */
export async function countOpenLoadsByTeam(db: Db, companyId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('loads')
    .select((eb) => ['working_group_id', eb.fn.countAll<string>().as('count')])
    .where('company_id', '=', companyId)
    .where('list_class', 'in', [...OPEN_LIST_CLASSES])
    .where('working_group_id', 'is not', null)
    .groupBy('working_group_id')
    .execute();
  return new Map(rows.map((row) => [row.working_group_id!, Number(row.count)]));
}

/** The open loads of a team or subgroup. */
export async function countOpenLoads(db: Db, companyId: number, scope: LoadTeamScope): Promise<number> {
  const row = await db
    .selectFrom('loads')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('company_id', '=', companyId)
    .where('list_class', 'in', [...OPEN_LIST_CLASSES])
    .where(scope.kind === 'team' ? 'working_group_id' : 'subgroup_id', '=', scope.id)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Moves every load of a team or subgroup (whatever its list: history and board loads too, so the books and
 * the team filters keep them together) to another team and subgroup. Answers the moved open loads' ids.
 */
export async function moveLoads(
  db: Db,
  companyId: number,
  from: LoadTeamScope,
  to: { working_group_id: number; subgroup_id: number | null },
): Promise<number[]> {
  const rows = await db
    .updateTable('loads')
    .set({ working_group_id: to.working_group_id, subgroup_id: to.subgroup_id })
    .where('company_id', '=', companyId)
    .where(from.kind === 'team' ? 'working_group_id' : 'subgroup_id', '=', from.id)
    .returning(['id', 'list_class'])
    .execute();
  return rows
    .filter((row) => (OPEN_LIST_CLASSES as readonly number[]).includes(row.list_class))
    .map((row) => row.id)
    .sort((a, b) => a - b);
}
