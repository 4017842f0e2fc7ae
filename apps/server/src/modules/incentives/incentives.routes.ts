import {
  INCENTIVE_ROLES,
  incentiveCreateSchema,
  incentiveSchema,
  incentiveTemplateBodySchema,
  incentiveTemplateListSchema,
  incentiveTemplateSchema,
  loadIncentivesSchema,
} from '@app/domain/accounting/incentives.schema';
import { idParamsSchema } from '@app/domain/common/ids';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENT_REPLAYED_HEADER, idempotencyKeyOf } from '../../http/idempotency';
import { detailSchema, errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { IncentiveTemplatesService } from './incentive-templates.service';
import type { IncentivesService } from './incentives.service';

export type IncentivesRoutesOptions = {
  incentives: IncentivesService;
  templates: IncentiveTemplatesService;
  requireAuth: RequireAuth;
};

const API = '/backend/api/v2';

// Loose: the other headers of the request stay as they are.
const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .meta({ description: 'Retrying with the same key within 24 hours answers the first incentive' }),
});

/**
 * The incentives calls of the spec (POST incentives/loads/{id}/create, DELETE incentives/{id}, GET
 * templates/all, POST templates/create, PUT templates/{id}, DELETE templates/{id}) and GET
 * incentives/loads/{id} of our design (a load's incentives, for the load pages). Roles: INCENTIVE_ROLES,
 * accountants, admins and managers (menuRoles('income')). Amounts are dollars in and out.
 */
export const incentivesRoutes: FastifyPluginCallbackZod<IncentivesRoutesOptions> = (
  app,
  { incentives, templates, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, ['incentives']);

  app.get(
    `${API}/incentives/loads/:id`,
    route(INCENTIVE_ROLES, {
      summary: "A load's bonuses and fines, oldest first, with their sums",
      params: idParamsSchema,
      response: { 200: loadIncentivesSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => incentives.ofLoad(companyCallerOf(request), request.params.id),
  );

  app.post(
    `${API}/incentives/loads/:id/create`,
    route(INCENTIVE_ROLES, {
      summary:
        'A bonus or a fine on a load for its driver, owner or dispatcher {type, person_type, amount, reason, ' +
        'template_id}; honours Idempotency-Key',
      params: idParamsSchema,
      headers: idempotencyHeaders,
      body: incentiveCreateSchema,
      response: { 200: incentiveSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
    }),
    async (request, reply) => {
      const { incentive, replayed } = await incentives.create(
        companyCallerOf(request),
        request.params.id,
        request.body,
        idempotencyKeyOf(request),
      );
      if (replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return incentive;
    },
  );

  app.delete(
    `${API}/incentives/:id`,
    route(INCENTIVE_ROLES, {
      summary: 'Remove an incentive from its load',
      params: idParamsSchema,
      response: { 200: detailSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => incentives.remove(companyCallerOf(request), request.params.id),
  );

  app.get(
    `${API}/templates/all`,
    route(INCENTIVE_ROLES, {
      summary: "The company's incentive templates, by name",
      response: { 200: incentiveTemplateListSchema, ...errorResponses(401, 403) },
    }),
    (request) => templates.list(companyCallerOf(request)),
  );

  app.post(
    `${API}/templates/create`,
    route(INCENTIVE_ROLES, {
      summary: 'An incentive template {name, type, person_type, amount, reason}',
      body: incentiveTemplateBodySchema,
      response: { 200: incentiveTemplateSchema, ...errorResponses(400, 401, 403, 409) },
    }),
    (request) => templates.create(companyCallerOf(request), request.body),
  );

  app.put(
    `${API}/templates/:id`,
    route(INCENTIVE_ROLES, {
      summary: 'Change an incentive template (the whole template)',
      params: idParamsSchema,
      body: incentiveTemplateBodySchema,
      response: { 200: incentiveTemplateSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => templates.update(companyCallerOf(request), request.params.id, request.body),
  );

  app.delete(
    `${API}/templates/:id`,
    route(INCENTIVE_ROLES, {
      summary: 'Delete an incentive template (the incentives made from it stay)',
      params: idParamsSchema,
      response: { 200: detailSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => templates.remove(companyCallerOf(request), request.params.id),
  );

  done();
};
