import { idParamsSchema } from '@app/domain/common/ids';
import { INSIGHTS_ROLES, ratePredictionResponseSchema } from '@app/domain/loadboard/insights.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { RatePredictionService } from './rate-prediction.service';

export type RatePredictionRoutesOptions = { ratePrediction: RatePredictionService; requireAuth: RequireAuth };

/**
 * GET /backend/api/rate/prediction/{id} (the spec's path, outside v2), for the load board's roles: the
 * predicted broker price and rate per mile of the load's lane with the interquartile range, the level of
 * comparison (lane, region or type) and the number of loads it rests on, from the company's delivered and
 * completed loads of the last year; enough_data false (200) when fewer than 5 compare. 404 for another
 * company's load.
 */
export const ratePredictionRoutes: FastifyPluginCallbackZod<RatePredictionRoutesOptions> = (
  app,
  { ratePrediction, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, ['loadboard']);

  app.get(
    '/backend/api/rate/prediction/:id',
    route(INSIGHTS_ROLES, {
      summary: "The load's predicted broker price and rate per mile from the company's history of its lane",
      params: idParamsSchema,
      response: { 200: ratePredictionResponseSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => ratePrediction.predict(companyCallerOf(request), request.params.id),
  );

  done();
};
