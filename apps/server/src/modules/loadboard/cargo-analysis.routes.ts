import { idParamsSchema } from '@app/domain/common/ids';
import { cargoAnalysisResponseSchema, INSIGHTS_ROLES } from '@app/domain/loadboard/insights.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { CargoAnalysisService } from './cargo-analysis.service';

export type CargoAnalysisRoutesOptions = { cargoAnalysis: CargoAnalysisService; requireAuth: RequireAuth };

/**
 * GET /backend/api/cargo/analysis/{id} (the spec's path, outside v2), for the load board's roles: every
 * vehicle type, smallest first, with whether it can carry the load (dimensions of a piece, weight, pieces,
 * stackable, hazardous, dock level) and the percent of floor, volume and payload the load would take of
 * the type's typical cargo space. 404 for another company's load.
 */
export const cargoAnalysisRoutes: FastifyPluginCallbackZod<CargoAnalysisRoutesOptions> = (
  app,
  { cargoAnalysis, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, ['loadboard']);

  app.get(
    '/backend/api/cargo/analysis/:id',
    route(INSIGHTS_ROLES, {
      summary: 'Which vehicle types can carry the load and how full each would be',
      params: idParamsSchema,
      response: { 200: cargoAnalysisResponseSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => cargoAnalysis.analyse(companyCallerOf(request), request.params.id),
  );

  done();
};
