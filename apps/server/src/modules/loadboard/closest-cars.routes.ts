import { idParamsSchema } from '@app/domain/common/ids';
import { closestCarsResponseSchema, INSIGHTS_ROLES } from '@app/domain/loadboard/insights.schema';
import { closestCarsQuerySchema } from '@app/domain/units/units.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/route-schemas';
import { writeAsIs } from '../../http/write-as-is';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { ClosestCarsService } from './closest-cars.service';

export type ClosestCarsRoutesOptions = { closestCars: ClosestCarsService; requireAuth: RequireAuth };

const API = '/backend/api/v2';

/**
 * GET loads/{id}/closest-cars, for the load board's roles (3, 4, 5, 6): the capacity search from the load's
 * pick-up (radius, transport_type, status, available_date and limit as GET cars/capacity-search takes them;
 * the available date is the pick-up time when not given), each vehicle with `fit`: whether it can take the
 * load and the codes of why not. For a load on the board or an active one; 404 for another company's load,
 * 409 `pick_up_without_place` when the pick-up has no coordinates.
 */
export const closestCarsRoutes: FastifyPluginCallbackZod<ClosestCarsRoutesOptions> = (
  app,
  { closestCars, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, ['loadboard']);

  app.get(
    `${API}/loads/:id/closest-cars`,
    {
      ...route(INSIGHTS_ROLES, {
        summary: "The vehicles closest to the load's pick-up, with why each fits the load or does not",
        params: idParamsSchema,
        querystring: closestCarsQuerySchema,
        response: { 200: closestCarsResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      }),
      // The vehicles are built by typed functions (the capacity search's) and checked by the tests.
      serializerCompiler: writeAsIs,
    },
    (request) => closestCars.closestCars(companyCallerOf(request), request.params.id, request.query),
  );

  done();
};
