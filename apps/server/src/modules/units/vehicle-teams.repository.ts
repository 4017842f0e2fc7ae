import type { Db } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';

// The team (working group) a vehicle belongs to, as the teams module counts and moves them; every query is
// scoped to the company and reads vehicles_company_working_group_idx (migration 0003).

/** The vehicles of the company's teams, by team id (teams without any are absent). */
export async function countVehiclesByTeam(db: Db, companyId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('vehicles')
    .select((eb) => ['working_group_id', eb.fn.countAll<string>().as('count')])
    .where('company_id', '=', companyId)
    .where('working_group_id', 'is not', null)
    .groupBy('working_group_id')
    .execute();
  return new Map(rows.map((row) => [row.working_group_id!, Number(row.count)]));
}

/** The vehicles of one team. */
export async function countVehiclesOfTeam(
  db: Db,
  companyId: number,
  workingGroupId: number,
): Promise<number> {
  const row = await db
    .selectFrom('vehicles')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('company_id', '=', companyId)
    .where('working_group_id', '=', workingGroupId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Every vehicle of one team moves to another; answers the moved vehicles' ids. */
export async function moveVehicles(
  trx: Trx,
  companyId: number,
  fromGroupId: number,
  toGroupId: number,
  now: Date,
): Promise<number[]> {
  const rows = await trx
    .updateTable('vehicles')
    .set({ working_group_id: toGroupId, updated_at: now })
    .where('company_id', '=', companyId)
    .where('working_group_id', '=', fromGroupId)
    .returning('id')
    .execute();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
