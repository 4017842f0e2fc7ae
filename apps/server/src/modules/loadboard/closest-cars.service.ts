import { vehicleFit, type FitLoad } from '@app/domain/loadboard/closest-cars.rules';
import type { ClosestCarsResponse } from '@app/domain/loadboard/insights.schema';
import type { ClosestCarsQuery } from '@app/domain/units/units.schema';
import type { Db } from '../../db/types';
import { refuse } from '../../http/errors';
import type { CompanyCaller } from '../auth/caller';
import { CAPACITY_MESSAGES, type CapacityService } from '../units/capacity.service';
import { readInsightLoad } from './insight-load';

// GET loads/{id}/closest-cars: the company's vehicles nearest the load's pick-up, each with why it fits the
// load or does not. The search is the capacity search's (units module): the vehicles ranked by deadhead
// miles from the pick-up, a planned location counting when the vehicle is free there by the pick-up time,
// the ETA at 50 mph. This adds the load's side: its type, dimensions, weight and equipment against each
// vehicle's, the vehicle's status and driver, and the arrival against the pick-up time (the domain's
// vehicleFit). Every vehicle within the radius is answered, fitting or not, so the dispatcher sees why the
// nearest truck is not offered; the web sorts or filters by `fit.fits`.

export type ClosestCarsService = ReturnType<typeof createClosestCarsService>;

export function createClosestCarsService(deps: { db: Db; capacity: CapacityService }) {
  const { db, capacity } = deps;

  return {
    async closestCars(
      caller: CompanyCaller,
      loadId: number,
      query: ClosestCarsQuery,
    ): Promise<ClosestCarsResponse> {
      const { load, pickUp } = await readInsightLoad(db, caller.companyId, loadId);
      if (pickUp.lat === null || pickUp.lon === null)
        throw refuse('pick_up_without_place', CAPACITY_MESSAGES.pickUpWithoutPlace);
      const found = await capacity.capacitySearch(caller, {
        ...query,
        lat: pickUp.lat,
        lon: pickUp.lon,
        address: pickUp.address,
        // By the pick-up time unless asked otherwise: a truck free at its planned location by then counts.
        available_date: query.available_date ?? pickUp.date?.toISOString(),
      });
      const fitLoad: FitLoad = {
        vehicle_type: load.vehicle_type,
        length: load.length,
        width: load.width,
        height: load.height,
        weight: load.weight,
        equipment: load.equipment,
        pick_up_date: pickUp.date,
      };
      return {
        ...found,
        // The vehicles were made for this answer: the fit is added to each rather than spread into a copy.
        results: found.results.map((vehicle) =>
          Object.assign(vehicle, { fit: vehicleFit(fitLoad, vehicle) }),
        ),
      };
    },
  };
}
