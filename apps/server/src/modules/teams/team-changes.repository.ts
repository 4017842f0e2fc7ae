import type { Db } from '../../db/types';

// Writing teams and subgroups. The caller has loaded (and locked) the team or subgroup in its company first,
// so these write by id; a team's rows go with it (subgroups and member rows cascade, users.working_group_id,
// loads' and vehicles' team and chats' team_id are set null by their keys: the teams service moves what
// must not be left without a team before it deletes).

export async function insertWorkingGroup(
  db: Db,
  companyId: number,
  values: { group_name: string; group_lead_id: number | null },
): Promise<number> {
  const row = await db
    .insertInto('working_groups')
    .values({ company_id: companyId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateWorkingGroup(
  db: Db,
  companyId: number,
  id: number,
  values: { group_name?: string; group_lead_id?: number | null },
): Promise<void> {
  await db
    .updateTable('working_groups')
    .set(values)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

export async function deleteWorkingGroup(db: Db, companyId: number, id: number): Promise<void> {
  await db.deleteFrom('working_groups').where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** A subgroup of a team the caller has locked in its company. */
export async function insertSubgroup(
  db: Db,
  values: { working_group_id: number; name: string; subgroup_lead_id: number | null },
): Promise<number> {
  const row = await db.insertInto('subgroups').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSubgroupLead(
  db: Db,
  companyId: number,
  id: number,
  leadId: number | null,
): Promise<void> {
  await db
    .updateTable('subgroups')
    .set({ subgroup_lead_id: leadId })
    .where('id', '=', id)
    .where('working_group_id', 'in', (eb) =>
      eb.selectFrom('working_groups').select('id').where('company_id', '=', companyId),
    )
    .execute();
}

export async function deleteSubgroup(db: Db, companyId: number, id: number): Promise<void> {
  await db
    .deleteFrom('subgroups')
    .where('id', '=', id)
    .where('working_group_id', 'in', (eb) =>
      eb.selectFrom('working_groups').select('id').where('company_id', '=', companyId),
    )
    .execute();
}
