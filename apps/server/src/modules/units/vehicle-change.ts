import type { Vehicle } from '@app/domain/units/units.schema';
import { carStatusChange } from '@app/domain/units/units.schema';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog, type Trx } from '../../db/unit-of-work';
import { notFound } from '../../http/errors';
import type { EventBus, RealtimeEvent } from '../../realtime/event-bus';
import { companyEvent } from '../../realtime/events';
import type { CompanyCaller } from '../auth/caller';
import { seesPhonesUnder } from './phone-visibility';
import * as repository from './vehicles.repository';
import { toVehicle, type Viewer } from './vehicles.response';

// What the vehicles' use cases share: a vehicle as the caller may see it, and the one way a vehicle changes
// (`change`): lock it in the caller's company, change it, publish its events after the commit (the unit of
// work), answer it as it is now.

export type VehiclesDeps = { db: Db; bus: EventBus; now: () => Date; log?: ErrorLog };

export const VEHICLES_MESSAGES = {
  unitIdTaken: 'Another vehicle already has this unit ID.',
  unknownDispatcher: 'Choose one of your dispatchers.',
  unknownOwner: 'Choose one of your owners.',
  unknownDriver: 'Choose one of your drivers.',
  activeDriverElsewhere: (driver: string, unitId: string) =>
    `${driver} is the active driver of unit ${unitId}. Choose another active driver there first.`,
} as const;

export type VehicleChange = ReturnType<typeof createVehicleChange>;

export function createVehicleChange(deps: VehiclesDeps) {
  const { db, now } = deps;
  const unit = createUnitOfWork(deps);

  const viewerWith = (caller: CompanyCaller, settings: repository.CompanyVehicleSettings): Viewer => ({
    canViewPhone: seesPhonesUnder(caller, settings),
    now: now(),
  });

  async function viewerOf(caller: CompanyCaller): Promise<Viewer> {
    return viewerWith(caller, await repository.findCompanySettings(db, caller.companyId));
  }

  /** The vehicles of these rows, in their order. */
  const toVehicles = (rows: readonly repository.VehicleRow[], viewer: Viewer): Vehicle[] =>
    rows.map((row) => toVehicle(row, viewer));

  async function vehicleById(caller: CompanyCaller, id: number): Promise<Vehicle> {
    const [row, viewer] = await Promise.all([
      repository.findVehicleRow(db, caller.companyId, id),
      viewerOf(caller),
    ]);
    if (!row) throw notFound();
    return toVehicle(row, viewer);
  }

  const statusEvent = (companyId: number, id: number, status: repository.VehicleStatusValue) =>
    companyEvent('car_status_change', companyId, carStatusChange(id, status));

  /** Runs `work` on the vehicle locked in a transaction; publishes its events after commit; answers the vehicle. */
  async function change(
    caller: CompanyCaller,
    id: number,
    work: (trx: Trx, vehicle: repository.LockedVehicle, at: Date) => Promise<RealtimeEvent[]>,
  ): Promise<Vehicle> {
    const at = now();
    await unit.run(async (trx, outbox) => {
      const vehicle = await repository.lockVehicle(trx, caller.companyId, id);
      if (!vehicle) throw notFound();
      outbox.push(...(await work(trx, vehicle, at)));
    });
    return vehicleById(caller, id);
  }

  return { db, now, unit, viewerWith, viewerOf, toVehicles, vehicleById, statusEvent, change };
}
