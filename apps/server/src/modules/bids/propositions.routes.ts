import {
  bidLoadEditSchema,
  bookingResponseSchema,
  prepareForAssignSchema,
  PROPOSITION_ROLES,
  propositionCarsQuerySchema,
  propositionCarsResponseSchema,
  propositionCreateSchema,
  propositionListQuerySchema,
  propositionListResponseSchema,
  propositionSchema,
  propositionStatusUpdateSchema,
  propositionTemplateSchema,
  propositionUpdatePriceSchema,
} from '@app/domain/bids/bids.schema';
import { idParamsSchema } from '@app/domain/common/ids';
import { loadSchema } from '@app/domain/loads/loads.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENT_REPLAYED_HEADER, idempotencyKeyOf } from '../../http/idempotency';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { PropositionsService } from './propositions.service';

export type PropositionsRoutesOptions = { propositions: PropositionsService; requireAuth: RequireAuth };

const API = '/backend/api/v2';

const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .meta({ description: 'Retrying with the same key within 24 hours answers the first result' }),
});

const LISTS = [
  ['active', 'Active propositions (status 1), newest first'],
  ['completed', 'Completed propositions (2 won, 3 lost), newest first'],
  ['history', 'Every proposition (status narrows it), newest first'],
] as const;

/**
 * Propositions, the dispatchers' bids to brokers (the spec's Bids calls), for the My bids roles.
 * Design choices the spec leaves open (bids.schema.ts documents each field):
 *   POST propositions/create answers the proposition with `delivery` ('sent', 'kept' or 'failed');
 *   a won update-bid-status books the load and answers the won proposition;
 *   PUT loads/{id}/prepare-for-assign takes { bid } and answers { load_id, load_status, proposition };
 *   PUT loads/bided/{id}/edit answers the load as the load pages read it.
 * Lists take page (from 1), limit, dispatcher, car, broker, load, status (history), date_from, date_to
 * (Eastern days) and search (load number or broker name).
 */
export const propositionsRoutes: FastifyPluginCallbackZod<PropositionsRoutesOptions> = (
  app,
  { propositions, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, ['bids']);

  app.post(
    `${API}/propositions/create`,
    route(PROPOSITION_ROLES, {
      summary: "Send a proposition to the load's broker (needs the dispatcher's authorised e-mail)",
      headers: idempotencyHeaders,
      body: propositionCreateSchema,
      response: { 200: propositionSchema, ...errorResponses(400, 401, 403, 409, 422) },
    }),
    async (request, reply) => {
      const created = await propositions.create(
        companyCallerOf(request),
        request.body,
        idempotencyKeyOf(request),
      );
      if (created.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return created.proposition;
    },
  );

  app.get(
    `${API}/propositions/template`,
    route(PROPOSITION_ROLES, {
      summary:
        "The company's proposition e-mail template (the product's default without one), for the form's preview",
      response: { 200: propositionTemplateSchema, ...errorResponses(401, 403) },
    }),
    (request) => propositions.template(companyCallerOf(request)),
  );

  for (const [list, summary] of LISTS) {
    app.get(
      `${API}/propositions/${list}`,
      route(PROPOSITION_ROLES, {
        summary,
        querystring: propositionListQuerySchema,
        response: { 200: propositionListResponseSchema, ...errorResponses(400, 401, 403) },
      }),
      (request) => propositions.list(companyCallerOf(request), list, request.query),
    );
  }

  app.get(
    `${API}/propositions/:id`,
    route(PROPOSITION_ROLES, {
      summary: 'One proposition',
      params: idParamsSchema,
      response: { 200: propositionSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => propositions.get(companyCallerOf(request), request.params.id),
  );

  app.get(
    `${API}/propositions/:id/cars`,
    route(PROPOSITION_ROLES, {
      summary:
        "The company's vehicles for the proposition's load, closest to the pick-up first; only fitting available ones unless show_all",
      params: idParamsSchema,
      querystring: propositionCarsQuerySchema,
      response: { 200: propositionCarsResponseSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => propositions.cars(companyCallerOf(request), request.params.id, request.query),
  );

  app.put(
    `${API}/propositions/:id/update-price`,
    route(PROPOSITION_ROLES, {
      summary: 'A new price of an active proposition',
      params: idParamsSchema,
      body: propositionUpdatePriceSchema,
      response: { 200: propositionSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => propositions.updatePrice(companyCallerOf(request), request.params.id, request.body),
  );

  for (const [suffix, viaPhone] of [
    ['update-bid-status', false],
    ['update-bid-status-via-phone', true],
  ] as const) {
    app.put(
      `${API}/propositions/:id/${suffix}`,
      route(PROPOSITION_ROLES, {
        summary: viaPhone
          ? 'The broker answered by phone: 2 won (books the load) or 3 lost'
          : "The broker's answer: 2 won (books the load) or 3 lost",
        params: idParamsSchema,
        body: propositionStatusUpdateSchema,
        response: { 200: propositionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      }),
      (request) =>
        propositions.updateStatus(companyCallerOf(request), request.params.id, request.body.status, viaPhone),
    );
  }

  app.put(
    `${API}/loads/bided/:id/edit`,
    route(PROPOSITION_ROLES, {
      summary: 'Edit the load board load a bid was made on (the load form of a bid load)',
      params: idParamsSchema,
      body: bidLoadEditSchema,
      response: { 200: loadSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => propositions.editBidLoad(companyCallerOf(request), request.params.id, request.body),
  );

  app.put(
    `${API}/loads/:id/prepare-for-assign`,
    route(PROPOSITION_ROLES, {
      summary:
        "Book the board load with a bid on it: the bid's vehicle, driver and prices; the load becomes active",
      params: idParamsSchema,
      body: prepareForAssignSchema,
      response: { 200: bookingResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => propositions.prepareForAssign(companyCallerOf(request), request.params.id, request.body.bid),
  );

  done();
};
