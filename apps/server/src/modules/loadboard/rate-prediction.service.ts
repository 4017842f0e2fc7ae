import { centsToAmount } from '@app/domain/common/money';
import type { RatePredictionResponse } from '@app/domain/loadboard/insights.schema';
import {
  milesBand,
  predictRate,
  RATE_HISTORY_DAYS,
  RATE_HISTORY_STATUSES,
  RATE_LEVELS,
  RATE_PREDICTION_MIN_LOADS,
  regionOf,
  statesOfRegion,
} from '@app/domain/loadboard/rate-prediction.rules';
import type { Db } from '../../db/types';
import type { CompanyCaller } from '../auth/caller';
import { knownVehicleType, readInsightLoad } from './insight-load';
import { findLevelFigures } from './rate-prediction.repository';

// GET rate/prediction/{id}: what the load's lane pays by the company's own history (the domain's
// rate-prediction.rules say how the comparison widens and why). Not enough history is an answer, not an
// error: 200 with enough_data false and the figures null, so the card says so.

export type RatePredictionService = ReturnType<typeof createRatePredictionService>;

const DAY_MS = 24 * 60 * 60 * 1000;

export function createRatePredictionService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  return {
    async predict(caller: CompanyCaller, loadId: number): Promise<RatePredictionResponse> {
      const { load, origin, destination, miles } = await readInsightLoad(db, caller.companyId, loadId);
      const pickUpState = origin.state || null;
      const deliveryState = destination?.state || null;
      const pickUpRegion = regionOf(pickUpState);
      const deliveryRegion = regionOf(deliveryState);
      const answer: RatePredictionResponse = {
        load_id: load.id,
        enough_data: false,
        level: null,
        loads_count: 0,
        minimum_loads: RATE_PREDICTION_MIN_LOADS,
        history_days: RATE_HISTORY_DAYS,
        miles,
        price: null,
        price_low: null,
        price_high: null,
        rate_per_mile: null,
        rate_per_mile_low: null,
        rate_per_mile_high: null,
        posted_price: load.pays_cents === null ? null : centsToAmount(load.pays_cents),
        lane: {
          pick_up_state: pickUpState,
          delivery_state: deliveryState,
          pick_up_region: pickUpRegion,
          delivery_region: deliveryRegion,
          vehicle_type: knownVehicleType(load.vehicle_type),
        },
      };
      // Without miles there is no rate per mile to compare or price to give.
      if (miles === null || miles <= 0) return answer;

      // A level whose places are unknown compares nothing (its states are an empty list).
      const levels = RATE_LEVELS.map((level) => ({
        level,
        pickUpStates:
          level === 'lane'
            ? pickUpState === null
              ? []
              : [pickUpState]
            : level === 'region'
              ? pickUpRegion === null
                ? []
                : statesOfRegion(pickUpRegion)
              : null,
        deliveryStates:
          level === 'lane'
            ? deliveryState === null
              ? []
              : [deliveryState]
            : level === 'region'
              ? deliveryRegion === null
                ? []
                : statesOfRegion(deliveryRegion)
              : null,
        miles: milesBand(miles, level),
      }));
      const figures = await findLevelFigures(db, {
        companyId: caller.companyId,
        loadId: load.id,
        since: new Date(now().getTime() - RATE_HISTORY_DAYS * DAY_MS),
        statuses: RATE_HISTORY_STATUSES,
        vehicleType: load.vehicle_type,
        levels,
      });
      const prediction = predictRate(figures, miles);
      if (!prediction.enough_data) return { ...answer, loads_count: prediction.loads_count };
      return {
        ...answer,
        enough_data: true,
        level: prediction.level,
        loads_count: prediction.loads_count,
        price: centsToAmount(prediction.price),
        price_low: centsToAmount(prediction.price_low),
        price_high: centsToAmount(prediction.price_high),
        rate_per_mile: centsToAmount(prediction.rate_per_mile),
        rate_per_mile_low: centsToAmount(prediction.rate_per_mile_low),
        rate_per_mile_high: centsToAmount(prediction.rate_per_mile_high),
      };
    },
  };
}
