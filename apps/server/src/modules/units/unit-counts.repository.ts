import type { Db } from '../../db/types';

// Counts of vehicles, drivers and owners as they stand now, for the dashboard: vehicles by status within a
// scope (a team, a subgroup's dispatchers, one dispatcher), and the active drivers and owners of those
// vehicles (of the whole company when the scope is the company). Every query is scoped to the company.

/** Which vehicles count: all the company's, or those of a team, of a subgroup's members, of a dispatcher. */
export type UnitScope = {
  companyId: number;
  dispatcherId?: number | undefined;
  workingGroupId?: number | undefined;
  subgroupId?: number | undefined;
};

const isCompanyWide = (scope: UnitScope) =>
  scope.dispatcherId === undefined && scope.workingGroupId === undefined && scope.subgroupId === undefined;

function scopedVehicles(db: Db, scope: UnitScope) {
  let query = db.selectFrom('vehicles as v').where('v.company_id', '=', scope.companyId);
  if (scope.dispatcherId !== undefined) query = query.where('v.dispatcher_id', '=', scope.dispatcherId);
  if (scope.workingGroupId !== undefined)
    query = query.where('v.working_group_id', '=', scope.workingGroupId);
  if (scope.subgroupId !== undefined) {
    // A subgroup's vehicles are those its members dispatch (as the vehicles list filters them).
    const members = db
      .selectFrom('subgroup_members as sm')
      .select('sm.user_id')
      .where('sm.subgroup_id', '=', scope.subgroupId);
    query = query.where('v.dispatcher_id', 'in', members);
  }
  return query;
}

/** The scope's vehicles by status (statuses without any are absent). */
export async function countVehiclesByStatus(db: Db, scope: UnitScope): Promise<Map<number, number>> {
  const rows = await scopedVehicles(db, scope)
    .select((eb) => ['v.status', eb.fn.countAll<string>().as('count')])
    .groupBy('v.status')
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.count)]));
}

/** Drivers with status Active and marked active: the company's, or those on the scope's vehicles. */
export async function countActiveDrivers(db: Db, scope: UnitScope): Promise<number> {
  let query = db
    .selectFrom('drivers as d')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('d.company_id', '=', scope.companyId)
    .where('d.status', '=', 'Active')
    .where('d.is_active', '=', true);
  if (!isCompanyWide(scope)) {
    // The drivers listed on the scope's vehicles and the ones driving them.
    const listed = db
      .selectFrom('vehicle_drivers as vd')
      .select('vd.driver_id')
      .where('vd.vehicle_id', 'in', scopedVehicles(db, scope).select('v.id'));
    const driving = scopedVehicles(db, scope)
      .select('v.active_driver_id')
      .where('v.active_driver_id', 'is not', null);
    query = query.where((eb) => eb.or([eb('d.id', 'in', listed), eb('d.id', 'in', driving)]));
  }
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Owners marked active: the company's, or the owners of the scope's vehicles. */
export async function countActiveOwners(db: Db, scope: UnitScope): Promise<number> {
  let query = db
    .selectFrom('owners as o')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('o.company_id', '=', scope.companyId)
    .where('o.is_active', '=', true);
  if (!isCompanyWide(scope)) {
    query = query.where(
      'o.id',
      'in',
      scopedVehicles(db, scope).select('v.owner_id').where('v.owner_id', 'is not', null),
    );
  }
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** 'First Last' of the company's drivers by id (ids of other companies are left out). */
export async function findDriverNames(db: Db, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('drivers')
    .select(['id', 'first_name', 'last_name'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}
