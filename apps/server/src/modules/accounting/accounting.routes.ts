import {
  BROKER_PAYMENTS_ROLES,
  brokerAgeingQuerySchema,
  brokerAgeingResponseSchema,
  brokerDaysToPaySchema,
  brokerPaymentListQuerySchema,
  brokerPaymentListResponseSchema,
  brokerPaymentRowSchema,
  DAYS_TO_PAY_ROLES,
  quickpayUpdateSchema,
} from '@app/domain/accounting/broker-payments.schema';
import {
  accountingLoadListQuerySchema,
  accountingLoadListResponseSchema,
  accountingStatusUpdateSchema,
  INCOME_ROLES,
  incomeDetailSchema,
  incomeListQuerySchema,
  LIST_OF_LOADS_ROLES,
} from '@app/domain/accounting/income.schema';
import { idParamsSchema } from '@app/domain/common/ids';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { AccountingService } from './accounting.service';

export type AccountingRoutesOptions = { accounting: AccountingService; requireAuth: RequireAuth };

const API = '/backend/api/v2';

/**
 * The accounting calls of loads, income and brokers' payments (roles: the accounting menu entries):
 *   GET loads/lol                           listOfLoads (3, 4, 5, 7; a dispatcher sees their own loads)
 *   GET loads/income?type=active|completed|quick-pay, GET loads/income/{id}/,
 *   PUT loads/{id}/update-accounting-status {accounting_status, override?}       income (3, 4, 7)
 *   GET payments/brokers/all, GET payments/brokers/ageing,
 *   PUT payments/update-quickpay/{id} {quickpay}                                  brokers (3, 4, 7)
 *   GET payments/brokers/{id}/days-to-pay   brokers, partners and the load board (3, 4, 5, 6, 7)
 * Lists answer { count, results, totals }; another company's ids answer 404.
 */
export const accountingRoutes: FastifyPluginCallbackZod<AccountingRoutesOptions> = (
  app,
  { accounting, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, ['accounting']);

  app.get(
    `${API}/loads/lol`,
    route(LIST_OF_LOADS_ROLES, {
      summary: 'The accounting list of loads (checkout and completed) with the accounting filters and totals',
      querystring: accountingLoadListQuerySchema,
      response: { 200: accountingLoadListResponseSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => accounting.listOfLoads(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/loads/income`,
    route(INCOME_ROLES, {
      summary: 'Income: the loads of accounting by type (active, completed or quick-pay) with totals',
      querystring: incomeListQuerySchema,
      response: { 200: accountingLoadListResponseSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => accounting.income(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/loads/income/:id`,
    route(INCOME_ROLES, {
      summary: 'A load of accounting with its money, broker payment, documents and history',
      params: idParamsSchema,
      response: { 200: incomeDetailSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => accounting.incomeDetail(companyCallerOf(request), request.params.id),
  );

  app.put(
    `${API}/loads/:id/update-accounting-status`,
    route(INCOME_ROLES, {
      summary:
        "Move a load's accounting status; Completed needs the rate confirmation and proof of delivery " +
        'unless override is true, and completes a load in checkout',
      params: idParamsSchema,
      body: accountingStatusUpdateSchema,
      response: { 200: incomeDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => accounting.updateAccountingStatus(companyCallerOf(request), request.params.id, request.body),
  );

  app.get(
    `${API}/payments/brokers/all`,
    route(BROKER_PAYMENTS_ROLES, {
      summary: "Brokers' payments (one per load of accounting) with the totals of what is listed",
      querystring: brokerPaymentListQuerySchema,
      response: { 200: brokerPaymentListResponseSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => accounting.brokerPayments(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/payments/brokers/ageing`,
    route(BROKER_PAYMENTS_ROLES, {
      summary: 'Unpaid broker invoices per broker by days past due: current, 1-30, 31-60, 61-90, over 90',
      querystring: brokerAgeingQuerySchema,
      response: { 200: brokerAgeingResponseSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => accounting.ageing(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/payments/brokers/:id/days-to-pay`,
    route(DAYS_TO_PAY_ROLES, {
      summary: "A broker company's average days to pay its invoices",
      params: idParamsSchema,
      response: { 200: brokerDaysToPaySchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => accounting.daysToPay(companyCallerOf(request), request.params.id),
  );

  app.put(
    `${API}/payments/update-quickpay/:id`,
    route(BROKER_PAYMENTS_ROLES, {
      summary: "Set a broker payment's quick pay percent (true: the company's; false or null: none)",
      params: idParamsSchema,
      body: quickpayUpdateSchema,
      response: { 200: brokerPaymentRowSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => accounting.updateQuickpay(companyCallerOf(request), request.params.id, request.body),
  );

  done();
};
