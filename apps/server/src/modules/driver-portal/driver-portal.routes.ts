import { DRIVER_PORTAL_ROLES } from '@app/domain/bids/driver-bids.rules';
import {
  driverBidCreateSchema,
  driverBidListSchema,
  driverBidSchema,
  portalBidsQuerySchema,
  portalLoadListSchema,
  portalVehicleListSchema,
} from '@app/domain/bids/driver-bids.schema';
import { paginationQuerySchema } from '@app/domain/common/pagination';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { IDEMPOTENT_REPLAYED_HEADER, idempotencyKeyOf } from '../../http/idempotency';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { DriverBidsService } from '../bids/driver-bids.service';
import type { ForwardsService } from '../bids/forwards.service';

export type DriverPortalRoutesOptions = {
  driverBids: DriverBidsService;
  forwards: ForwardsService;
  requireAuth: RequireAuth;
};

const API = '/backend/api/v2/driver-portal';
const TAGS = ['driver-portal'];

// Loose: the other headers of the request stay as they are.
const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .meta({ description: 'Retrying with the same key within 24 hours answers the first result' }),
});

/**
 * The calls of the driver page (/driver/), for drivers and temporary drivers (roles 10 and 12; an invited
 * owner signs in as a driver): the vehicles I drive or own, the loads forwarded to them still on the board,
 * my bids, and placing a bid. A bid on a load forwarded to my vehicle changes my pending bid on it; the
 * spec's limits answer 409 bid_limit with fields seconds_left, wait (m:ss), limit (after_forward or
 * between_bids) and available_at.
 */
export const driverPortalRoutes: FastifyPluginCallbackZod<DriverPortalRoutesOptions> = (
  app,
  { driverBids, forwards, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, TAGS);

  app.get(
    `${API}/vehicles`,
    route(DRIVER_PORTAL_ROLES, {
      summary: 'The vehicles I drive or own, and whether loads reach me through each',
      response: { 200: portalVehicleListSchema, ...errorResponses(401, 403) },
    }),
    (request) => forwards.myVehicles(companyCallerOf(request)),
  );

  app.get(
    `${API}/loads`,
    route(DRIVER_PORTAL_ROLES, {
      summary: 'The loads forwarded to my vehicles, still on the load board, last forwarded first',
      querystring: paginationQuerySchema,
      response: { 200: portalLoadListSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => forwards.myLoads(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/bids`,
    route(DRIVER_PORTAL_ROLES, {
      summary: 'My bids and their answers, newest first',
      querystring: portalBidsQuerySchema,
      response: { 200: driverBidListSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => driverBids.mine(companyCallerOf(request), request.query),
  );

  app.post(
    `${API}/bids`,
    route(DRIVER_PORTAL_ROLES, {
      summary: 'Bid a price and an ETA on a load forwarded to my vehicle; honours Idempotency-Key',
      headers: idempotencyHeaders,
      body: driverBidCreateSchema,
      response: { 200: driverBidSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
    }),
    async (request, reply) => {
      const placed = await driverBids.place(
        companyCallerOf(request),
        request.body,
        idempotencyKeyOf(request),
      );
      if (placed.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return placed.result;
    },
  );

  done();
};
