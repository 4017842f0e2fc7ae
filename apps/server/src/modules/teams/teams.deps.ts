import type { Db } from '../../db/types';
import type { ErrorLog } from '../../db/unit-of-work';
import type { EventBus } from '../../realtime/event-bus';
import type { LoadsService } from '../loads/loads.service';
import type { VehiclesService } from '../units/vehicles.service';

/**
 * What the teams service needs: the database and the bus, and the loads and vehicles services for the
 * work a team holds (counted, and moved when the team or subgroup is deleted, in the teams transaction).
 */
export type TeamsDeps = {
  db: Db;
  bus: EventBus;
  log?: ErrorLog;
  loads: Pick<LoadsService, 'openLoadsByTeam' | 'openLoadsOf' | 'moveToTeam'>;
  vehicles: Pick<VehiclesService, 'vehiclesByTeam' | 'vehiclesOfTeam' | 'moveToTeam'>;
};
