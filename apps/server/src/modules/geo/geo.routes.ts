import { apiErrorSchema } from '@app/domain/common/errors';
import {
  addressLookupQuerySchema,
  addressLookupResponseSchema,
  routeEstimateRequestSchema,
  routeEstimateSchema,
} from '@app/domain/geo/geo.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import type { RequireAuth } from '../auth/require-auth';
import type { GeoService } from './geo.service';

export type GeoRoutesOptions = {
  geo: GeoService;
  requireAuth: RequireAuth;
};

export const ADDRESS_LOOKUP_PATH = '/backend/api/v2/geo/address-lookup';
export const ROUTE_ESTIMATE_PATH = '/backend/api/v2/geo/route-estimate';

/**
 * Address lookup and driving distance for US and Canadian places; any signed-in staff user may call them.
 *
 * GET geo/address-lookup?query=...&country=US|CA&limit=10
 *   Suggestions for typed text from the gazetteer shipped with the project: a ZIP or a Canadian FSA
 *   ('60601', 'M5H', 'M5H 2N2'), the start of one ('606'), a city with or without its state or province
 *   ('Chicago', 'chicago il', 'Toronto, ON'), or a street line in front of a city ('1200 W Industrial Ave,
 *   Chicago': the street line is kept in each suggestion). An exact postal code comes first, then one
 *   suggestion per city and state, bigger cities first, at the city's central postal code. `query` has 2 to
 *   200 characters; `limit` is 1 to 20, 10 by default; `country` keeps one country. Answers
 *   `{ results: [{ formatted_address, lat, lon, components }] }`.
 *
 * POST geo/route-estimate { points: [{ lat, lon }, ...] }  (2 to 50 points, in route order)
 *   Driving miles and hours (at 50 mph) through the points: Google's Distance Matrix when the company has a
 *   maps key (502 with 'Response error: {status}' or 'Distance calculation error: {status}' when it
 *   fails), otherwise the spec's road-distance estimate.
 */
export const geoRoutes: FastifyPluginCallbackZod<GeoRoutesOptions> = (app, { geo, requireAuth }, done) => {
  app.get(
    ADDRESS_LOOKUP_PATH,
    {
      onRequest: requireAuth('any-staff'),
      schema: {
        tags: ['geo'],
        summary: 'Address suggestions for US and Canadian places',
        querystring: addressLookupQuerySchema,
        response: { 200: addressLookupResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => geo.lookupAddress(request.query),
  );

  app.post(
    ROUTE_ESTIMATE_PATH,
    {
      onRequest: requireAuth('any-staff'),
      schema: {
        tags: ['geo'],
        summary: 'Driving miles and hours through points in order',
        body: routeEstimateRequestSchema,
        response: { 200: routeEstimateSchema, ...errorResponses(400, 401, 403), 502: apiErrorSchema },
      },
    },
    (request) => geo.routeEstimate(companyCallerOf(request), request.body.points),
  );

  done();
};
