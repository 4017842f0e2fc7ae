import { DRIVER_BID_ROLES } from '@app/domain/bids/driver-bids.rules';
import {
  driverBidHistoryQuerySchema,
  driverBidListSchema,
  driverBidRejectSchema,
  driverBidSchema,
  forwardCreateSchema,
  forwardResponseSchema,
} from '@app/domain/bids/driver-bids.schema';
import { idParamsSchema } from '@app/domain/common/ids';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { DriverBidsService } from './driver-bids.service';
import type { ForwardsService } from './forwards.service';

export type DriverBidsRoutesOptions = {
  driverBids: DriverBidsService;
  forwards: ForwardsService;
  requireAuth: RequireAuth;
};

const API = '/backend/api/v2/bids';
const TAGS = ['bids'];

/**
 * The dispatchers' side of driver and owner bids (roles of My bids: 3, 4, 5):
 * - POST bids/forward {load_id, vehicle_ids} (our design): offers a board load to the drivers and owners
 *   of the vehicles. Answers { load_id, forwarded: [{vehicle_id, unit_id, forwarded_at, driver_sees,
 *   owner_sees}], skipped: [{vehicle_id, unit_id, reason, detail}] }: a vehicle whose loads are forbidden
 *   for both its driver and its owner is skipped as not_active with the spec's not-active text, one with
 *   neither as no_driver_or_owner. Forwarding again restarts the 15-minute bid limit. A load off the board
 *   answers 409 bid_load_off_board; another company's load or vehicle 404.
 * - PUT bids/driver-bid/{id}/reject {reason}: a pending bid becomes 3 with the reason (409
 *   driver_bid_not_pending otherwise).
 * - GET bids/driver-bid/history: page, limit, status (1 pending, 2 won, 3 lost or rejected), kind (driver,
 *   owner), vehicle_id, driver_id, load_id, date_from and date_to (Eastern dates the bid was first placed
 *   on); { count, results } newest first.
 */
export const driverBidsRoutes: FastifyPluginCallbackZod<DriverBidsRoutesOptions> = (
  app,
  { driverBids, forwards, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, TAGS);

  app.post(
    `${API}/forward`,
    route(DRIVER_BID_ROLES, {
      summary: 'Forward a load board load to the drivers and owners of vehicles',
      body: forwardCreateSchema,
      response: { 200: forwardResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => forwards.forward(companyCallerOf(request), request.body),
  );

  app.put(
    `${API}/driver-bid/:id/reject`,
    route(DRIVER_BID_ROLES, {
      summary: "Reject a driver's or owner's pending bid with a reason",
      params: idParamsSchema,
      body: driverBidRejectSchema,
      response: { 200: driverBidSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => driverBids.reject(companyCallerOf(request), request.params.id, request.body),
  );

  app.get(
    `${API}/driver-bid/history`,
    route(DRIVER_BID_ROLES, {
      summary: 'The driver and owner bids, newest first, with filters',
      querystring: driverBidHistoryQuerySchema,
      response: { 200: driverBidListSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => driverBids.history(companyCallerOf(request), request.query),
  );

  done();
};
