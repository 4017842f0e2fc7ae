import { idParamsSchema } from '@app/domain/common/ids';
import {
  brokerCountStatsSchema,
  brokerDashboardSchema,
  brokerListQuerySchema,
  brokerListSchema,
  countStatsSchema,
  DASHBOARD_ROLES,
  dashboardQuerySchema,
  dispatcherDashboardSchema,
  dispatcherListQuerySchema,
  dispatcherListSchema,
  driverListQuerySchema,
  driverListSchema,
  graphsSchema,
} from '@app/domain/dashboard/dashboard.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { DashboardService } from './dashboard.service';

export type DashboardRoutesOptions = { dashboard: DashboardService; requireAuth: RequireAuth };

const API = '/backend/api/v2';

/**
 * The dashboard, every call for its menu entry's roles (admins, managers, dispatchers; a dispatcher gets
 * their own loads, bids and vehicles only). Each takes period, date_from, date_to, working_group, subgroup;
 * the lists also page, limit, sort and order.
 *   GET dashboard/count-stats, drivers/all, dispatchers/all, graphs/all, dispatcher
 *   GET dashboard/broker-company/all, broker-company/count-stats, broker-company/{id}/
 */
export const dashboardRoutes: FastifyPluginCallbackZod<DashboardRoutesOptions> = (
  app,
  { dashboard, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, ['dashboard']);
  const read = errorResponses(400, 401, 403);

  app.get(
    `${API}/dashboard/count-stats`,
    route(DASHBOARD_ROLES, {
      summary:
        'Loads by list and status, the load board, bids, vehicles by status, active drivers and owners',
      querystring: dashboardQuerySchema,
      response: { 200: countStatsSchema, ...read },
    }),
    (request) => dashboard.countStats(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/dashboard/drivers/all`,
    route(DASHBOARD_ROLES, {
      summary: 'Per driver: loads, miles, gross, rate per mile and days on the road in the period',
      querystring: driverListQuerySchema,
      response: { 200: driverListSchema, ...read },
    }),
    (request) => dashboard.drivers(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/dashboard/dispatchers/all`,
    route(DASHBOARD_ROLES, {
      summary: 'Per dispatcher: loads booked, gross, margin, bids sent, won and lost in the period',
      querystring: dispatcherListQuerySchema,
      response: { 200: dispatcherListSchema, ...read },
    }),
    (request) => dashboard.dispatchers(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/dashboard/graphs/all`,
    route(DASHBOARD_ROLES, {
      summary: 'Gross, margin and loads per day and per ISO week of the period',
      querystring: dashboardQuerySchema,
      response: { 200: graphsSchema, ...read },
    }),
    (request) => dashboard.graphs(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/dashboard/dispatcher`,
    route(DASHBOARD_ROLES, {
      summary: "The signed-in user's own numbers and work now, against their team's totals and averages",
      querystring: dashboardQuerySchema,
      response: { 200: dispatcherDashboardSchema, ...read },
    }),
    (request) => dashboard.dispatcher(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/dashboard/broker-company/all`,
    route(DASHBOARD_ROLES, {
      summary: 'Brokers of the period ranked by loads, gross, margin, rate per mile or days to pay',
      querystring: brokerListQuerySchema,
      response: { 200: brokerListSchema, ...read },
    }),
    (request) => dashboard.brokerList(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/dashboard/broker-company/count-stats`,
    route(DASHBOARD_ROLES, {
      summary: 'The brokers of the period: how many, how many new, their figures and days to pay',
      querystring: dashboardQuerySchema,
      response: { 200: brokerCountStatsSchema, ...read },
    }),
    (request) => dashboard.brokerCountStats(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/dashboard/broker-company/:id`,
    route(DASHBOARD_ROLES, {
      summary: "One broker company's figures in the period, the period before, and twelve months of history",
      params: idParamsSchema,
      querystring: dashboardQuerySchema,
      response: { 200: brokerDashboardSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => dashboard.brokerDetail(companyCallerOf(request), request.params.id, request.query),
  );

  done();
};
