import {
  accountingPeopleQuerySchema,
  accountingPeopleSchema,
  accountingPersonSchema,
  changeWeekSchema,
  dispatcherInfoUpdateSchema,
  payItemCreateSchema,
  payItemSchema,
  paymentStatusUpdatedSchema,
  paymentStatusUpdateSchema,
} from '@app/domain/accounting/pay-changes.schema';
import {
  dispatcherPayDetailSchema,
  dispatcherPaymentListSchema,
  ownerPayDetailSchema,
  ownerPaymentListSchema,
  payListQuerySchema,
  PAYMENTS_ROLES,
} from '@app/domain/accounting/payments.schema';
import { idParamsSchema } from '@app/domain/common/ids';
import { loadSchema } from '@app/domain/loads/loads.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENT_REPLAYED_HEADER, idempotencyKeyOf } from '../../http/idempotency';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { PaymentsService } from './payments.service';

export type PaymentsRoutesOptions = { payments: PaymentsService; requireAuth: RequireAuth };

const API = '/backend/api/v2';
const TAGS = ['payments'];

const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .meta({ description: 'Retrying with the same key within 24 hours answers the first pay item' }),
});

/**
 * The owners' and dispatchers' pay: the lists (with totals) and a person's week, the bulk status change (any
 * type of payment), pay items, the people paid by terms and their terms, and a load's accounting week. Roles:
 * PAYMENTS_ROLES (a dispatcher reads only their own pay). PATCH loads/completed/{id}/edit is the loads
 * module's route; its pay follows through the loads' payAdjustments hook.
 */
export const paymentsRoutes: FastifyPluginCallbackZod<PaymentsRoutesOptions> = (
  app,
  { payments, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, TAGS);

  app.get(
    `${API}/payments/owners/all`,
    route(PAYMENTS_ROLES.owners, {
      summary: "Owners' weeks of pay with totals: list, week, year, status, person, team, text",
      querystring: payListQuerySchema,
      response: { 200: ownerPaymentListSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => payments.ownersList(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/payments/owners/:id`,
    route(PAYMENTS_ROLES.owners, {
      summary: "An owner's week: each load with its route, rate, incentives and pay items, and the totals",
      params: idParamsSchema,
      response: { 200: ownerPayDetailSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => payments.ownerWeek(companyCallerOf(request), request.params.id),
  );

  app.get(
    `${API}/payments/dispatchers/all`,
    route(PAYMENTS_ROLES.dispatchers, {
      summary: "Dispatchers' weeks of pay with totals (a dispatcher: their own)",
      querystring: payListQuerySchema,
      response: { 200: dispatcherPaymentListSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => payments.dispatchersList(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/payments/dispatchers/:id`,
    route(PAYMENTS_ROLES.dispatchers, {
      summary: "A dispatcher's week (a dispatcher: their own only)",
      params: idParamsSchema,
      response: { 200: dispatcherPayDetailSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => payments.dispatcherWeek(companyCallerOf(request), request.params.id),
  );

  app.put(
    `${API}/payments/update-status`,
    route(PAYMENTS_ROLES.manage, {
      summary: 'The status of payments of one type, in bulk: all of them or none',
      body: paymentStatusUpdateSchema,
      response: { 200: paymentStatusUpdatedSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => payments.updateStatus(companyCallerOf(request), request.body),
  );

  app.post(
    `${API}/payments/create`,
    route(PAYMENTS_ROLES.manage, {
      summary: 'A payment or a charge for an owner or a dispatcher in a week; honours Idempotency-Key',
      headers: idempotencyHeaders,
      body: payItemCreateSchema,
      response: { 200: payItemSchema, ...errorResponses(400, 401, 403, 422) },
    }),
    async (request, reply) => {
      const { result, replayed } = await payments.createItem(
        companyCallerOf(request),
        request.body,
        idempotencyKeyOf(request),
      );
      if (replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return result;
    },
  );

  app.get(
    `${API}/users/accounting`,
    route(PAYMENTS_ROLES.manage, {
      summary: 'The managers and dispatchers with their pay terms: text, team',
      querystring: accountingPeopleQuerySchema,
      response: { 200: accountingPeopleSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => payments.people(companyCallerOf(request), request.query),
  );

  app.put(
    `${API}/users/:id/dispatcher-info`,
    route(PAYMENTS_ROLES.manage, {
      summary: "A manager's or dispatcher's pay terms {basis, percent, amount}; basis null takes them away",
      params: idParamsSchema,
      body: dispatcherInfoUpdateSchema,
      response: { 200: accountingPersonSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => payments.setTerms(companyCallerOf(request), request.params.id, request.body),
  );

  app.put(
    `${API}/loads/:id/change-week`,
    route(PAYMENTS_ROLES.manage, {
      summary: 'The accounting week and year of a load of checkout or completed',
      params: idParamsSchema,
      body: changeWeekSchema,
      response: { 200: loadSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => payments.changeWeek(companyCallerOf(request), request.params.id, request.body),
  );

  done();
};
