import type { Db, NewRow, Row } from '../../db/types';

/** The load a report is about: its status (who may see it) and its team (who is told). */
export type ReportedLoad = Pick<
  Row<'loads'>,
  'id' | 'status' | 'dispatcher_id' | 'working_group_id' | 'subgroup_id'
>;

/**
 * The company's load, held until the transaction ends so that it cannot be deleted under the report
 * (KEY SHARE: the load's own changes, which take no key lock, are not kept waiting).
 */
export async function findLoadForReport(
  trx: Db,
  companyId: number,
  loadId: number,
): Promise<ReportedLoad | undefined> {
  return trx
    .selectFrom('loads')
    .select(['id', 'status', 'dispatcher_id', 'working_group_id', 'subgroup_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', loadId)
    .forKeyShare()
    .executeTakeFirst();
}

/** A report with the name of the user who made it (left-joined: null when the user is gone). */
export type DamageReportRow = Pick<
  Row<'load_damage_reports'>,
  'id' | 'load_id' | 'description' | 'created_by' | 'created_at'
> & {
  reporter_first_name: string | null;
  reporter_last_name: string | null;
};

export async function insertDamageReport(
  trx: Db,
  values: Required<Omit<NewRow<'load_damage_reports'>, 'id'>> & { created_by: number },
): Promise<DamageReportRow> {
  const { id } = await trx
    .insertInto('load_damage_reports')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return trx
    .selectFrom('load_damage_reports as r')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .select([
      'r.id',
      'r.load_id',
      'r.description',
      'r.created_by',
      'r.created_at',
      'u.first_name as reporter_first_name',
      'u.last_name as reporter_last_name',
    ])
    .where('r.id', '=', id)
    .executeTakeFirstOrThrow();
}
