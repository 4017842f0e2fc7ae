import { VEHICLE_STATUS } from '@app/domain/common/lookups';
import type { Db } from '../../db/types';
import * as repository from './unit-counts.repository';

// What the dashboard asks of units: vehicles by status, active drivers and owners, within a scope, as they
// stand now; and drivers' names for its rows. Reads only; the units tables stay this module's.

export type { UnitScope } from './unit-counts.repository';

export type UnitCountsService = ReturnType<typeof createUnitCountsService>;

export function createUnitCountsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** Vehicles by status, active drivers and active owners of the scope: three queries. */
    async countsNow(scope: repository.UnitScope) {
      const [vehicles, drivers, owners] = await Promise.all([
        repository.countVehiclesByStatus(db, scope),
        repository.countActiveDrivers(db, scope),
        repository.countActiveOwners(db, scope),
      ]);
      return { vehiclesByStatus: vehicles, activeDrivers: drivers, activeOwners: owners };
    },

    /** The scope's vehicles with status Available: trucks without a load. */
    async availableVehicles(scope: repository.UnitScope): Promise<number> {
      return (await repository.countVehiclesByStatus(db, scope)).get(VEHICLE_STATUS.available) ?? 0;
    },

    /** 'First Last' of the company's drivers by id; one query. */
    async driverNames(companyId: number, ids: readonly number[]): Promise<Map<number, string>> {
      const rows = await repository.findDriverNames(db, companyId, ids);
      return new Map(rows.map((row) => [row.id, `${row.first_name} ${row.last_name}`.trim()]));
    },
  };
}
