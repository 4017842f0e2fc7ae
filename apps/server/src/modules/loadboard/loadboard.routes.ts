import { idParamsSchema } from '@app/domain/common/ids';
import {
  boardLoadSchema,
  LOADBOARD_ROLES,
  loadboardQuerySchema,
  loadboardResponseSchema,
  loadboardSeenResponseSchema,
  loadboardSeenSchema,
} from '@app/domain/loadboard/loadboard.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { answerEncoding } from '../../http/compression';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { LoadboardService } from './loadboard.service';

export type LoadboardRoutesOptions = { loadboard: LoadboardService; requireAuth: RequireAuth };

const API = '/backend/api/v2';

/** Each parameter of GET loads/loadboard, as the OpenAPI description says it. */
const LIST_DESCRIPTION = `The company's load board: loads offered and not yet booked, newest first, as {count, results}.
Every parameter is optional; list-valued ones are comma-separated (car=VAN,REEFER) or repeated. Bad values answer 400 naming the parameter.
- page: the page, from 1. limit: loads per page, 100 by default, at most 500.
- loads_id: only these load ids.
- wg: team (working group) ids: loads of those teams, or whose dispatcher is a member.
- sub_wg: subgroup ids: loads of those subgroups, or whose dispatcher is a member.
- brokerage: M, S: the broker company's brokerage.
- pickUpAt_state / deliverTo_state: US state or Canadian province codes: a pick-up / delivery point in one of them.
- car / not_car: vehicle types the load asks for, to keep / to leave out (one of the two).
- max_miles: loaded miles at most this (loads without miles are left out).
- brokers / not_brokers: broker company ids to keep / to leave out (one of the two).
- max_miles_out: how far a truck may be for match, in road miles (150 by default).
- match (true or false): only loads a vehicle of the load's type can take: Available, or On load when it may bid while on load, whose planned location (else its current one) is within max_miles_out of the first pick-up.
Each load carries its points in order, the pending driver and owner bids, the active dispatcher bid with the lowest id and the count of them, already_saw for the caller, the broker with its rating and blacklist mark, dims, weight, equipment, the posted rate (pays, rate_per_mile) and its age.`;

/**
 * The load board for its menu roles (LOADBOARD_ROLES: dispatchers, managers, trackers, conflict managers).
 * update_loadboard tells the board's users of every load that arrives, changes or leaves (board_status).
 */
export const loadboardRoutes: FastifyPluginCallbackZod<LoadboardRoutesOptions> = (
  app,
  { loadboard, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, ['loadboard']);

  app.get(
    `${API}/loads/loadboard`,
    // The answer goes out as the bytes of its JSON (kept answers as they were written), which no serializer
    // checks again: its rows are built by one typed function (toBoardLoads) and checked against the schema
    // by the tests.
    route(LOADBOARD_ROLES, {
      summary: 'The load board: board loads newest first, filtered (see the description for each parameter)',
      description: LIST_DESCRIPTION,
      querystring: loadboardQuerySchema,
      response: { 200: loadboardResponseSchema, ...errorResponses(400, 401, 403) },
    }),
    async (request, reply) => {
      const { body, encoding } = await loadboard.listAnswer(
        companyCallerOf(request),
        request.query,
        (bytes) => answerEncoding(request, bytes),
      );
      // Compressed here, as the other answers are by the compression hook, so that a kept answer is
      // compressed once rather than at each request; the hook leaves an encoded answer as it is.
      if (encoding) reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  app.get(
    `${API}/loads/loadboard/:id`,
    route(LOADBOARD_ROLES, {
      summary:
        "One load of the board in the board's shape; also once it has left the board (board_status: booked, withdrawn or expired)",
      params: idParamsSchema,
      response: { 200: boardLoadSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => loadboard.one(companyCallerOf(request), request.params.id),
  );

  app.post(
    `${API}/loads/loadboard/seen`,
    route(LOADBOARD_ROLES, {
      summary:
        'Mark board loads seen by the caller ({ids}: 1 to 100 load ids); they then answer already_saw true for this user only. Marking again keeps the first time; an id that is not a board load of the company answers 404 and marks nothing',
      body: loadboardSeenSchema,
      response: { 200: loadboardSeenResponseSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => loadboard.markSeen(companyCallerOf(request), request.body),
  );

  done();
};
