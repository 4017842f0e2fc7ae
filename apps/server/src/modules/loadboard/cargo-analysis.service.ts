import { analyseCargo, CARGO_SPECS, type CargoLoad } from '@app/domain/loadboard/cargo-analysis.rules';
import type { CargoAnalysisResponse } from '@app/domain/loadboard/insights.schema';
import type { Db } from '../../db/types';
import type { CompanyCaller } from '../auth/caller';
import { knownVehicleType, readInsightLoad } from './insight-load';

// GET cargo/analysis/{id}: each vehicle type's fit for the load by the typical cargo space of the type (the
// domain's cargo-analysis.rules, where the figures and their source are).

export type CargoAnalysisService = ReturnType<typeof createCargoAnalysisService>;

export function createCargoAnalysisService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async analyse(caller: CompanyCaller, loadId: number): Promise<CargoAnalysisResponse> {
      const { load } = await readInsightLoad(db, caller.companyId, loadId);
      const cargo: CargoLoad = {
        length: load.length,
        width: load.width,
        height: load.height,
        weight: load.weight,
        pieces: load.pieces,
        stackable: load.is_can_put_on_top,
        hazardous: load.is_danger,
        dock_level: load.dock_level,
      };
      return {
        load_id: load.id,
        cargo: { ...cargo, vehicle_type: knownVehicleType(load.vehicle_type) },
        results: CARGO_SPECS.map((spec) => {
          const { vehicle_type: _type, ...space } = spec;
          return { ...analyseCargo(cargo, spec), space };
        }),
      };
    },
  };
}
