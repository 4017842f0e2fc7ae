import {
  BROKER_CHECK_ROLES,
  BROKER_DELETE_ROLES,
  BROKER_EDIT_ROLES,
  BROKER_LOOKUP_ROLES,
  RATING_REQUEST_ROLES,
} from '@app/domain/brokers/brokers.rules';
import {
  blacklistUpdateSchema,
  brokerByMcQuerySchema,
  brokerCompanyListResponseSchema,
  brokerCompanySchema,
  brokerCompanyUpdateSchema,
  brokerListQuerySchema,
  brokerSearchQuerySchema,
  creditCheckUpdateSchema,
  nonOtrBrokerSchema,
  notifyNoPostingSchema,
  otrBrokerCreateSchema,
  ratingHistoryQuerySchema,
  ratingHistoryResponseSchema,
  ratingQueueQuerySchema,
  ratingUpdateSchema,
} from '@app/domain/brokers/brokers.schema';
import { idParamsSchema } from '@app/domain/common/ids';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { detailSchema, errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { BrokerListKind, BrokersService } from './brokers.service';

export type BrokersRoutesOptions = { brokers: BrokersService; requireAuth: RequireAuth };

const API = '/backend/api/v2/brokers';
const TAGS = ['brokers'];
const COMPANY_DELETED = 'The company has been deleted.';

const LISTS: { path: string; kind: BrokerListKind; summary: string }[] = [
  { path: 'all', kind: 'all', summary: 'Every broker company, OTR and non-OTR, in name order' },
  { path: 'otr-broker-company', kind: 'otr', summary: 'The OTR brokers, in name order' },
  { path: 'non-otr-broker-company', kind: 'non-otr', summary: 'The non-OTR companies, in name order' },
  {
    path: 'broker-company',
    kind: 'all',
    summary: 'Broker companies with filters; in_blacklist=true is the blacklist',
  },
  { path: 'broker-company/blacklist', kind: 'blacklist', summary: 'The blacklist, in name order' },
];

/**
 * The broker endpoints of the spec (all under /backend/api/v2/brokers). Writes answer the broker company
 * as it is after the change; the DELETE answers { detail }. The spec's "GET brokers/broker-company blacklist;
 * PUT its /{id}/update" is GET brokers/broker-company/blacklist (also GET brokers/broker-company with
 * in_blacklist=true) and PUT brokers/broker-company/blacklist/{id}/update. PUT
 * brokers/rating/broker-company/{id}/request (not in the spec) asks for a rating: it puts the broker in the
 * rating queue. The roles of each call are explained in brokers.service.ts.
 */
export const brokersRoutes: FastifyPluginCallbackZod<BrokersRoutesOptions> = (
  app,
  { brokers, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, TAGS);

  for (const list of LISTS) {
    app.get(
      `${API}/${list.path}`,
      route(BROKER_LOOKUP_ROLES, {
        summary: list.summary,
        querystring: brokerListQuerySchema,
        response: { 200: brokerCompanyListResponseSchema, ...errorResponses(400, 401, 403) },
      }),
      (request) => brokers.list(companyCallerOf(request), list.kind, request.query),
    );
  }

  app.get(
    `${API}/broker-company/search`,
    route(BROKER_LOOKUP_ROLES, {
      summary: 'Brokers by a part of the name or the start of the MC number, for pickers',
      querystring: brokerSearchQuerySchema,
      response: { 200: brokerCompanyListResponseSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => brokers.search(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/get-by-mc`,
    route(BROKER_LOOKUP_ROLES, {
      summary: 'The broker company with this MC number',
      querystring: brokerByMcQuerySchema,
      response: { 200: brokerCompanySchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => brokers.getByMc(companyCallerOf(request), request.query.mc_number),
  );

  app.post(
    `${API}/otr-broker-company/create`,
    route(BROKER_EDIT_ROLES, {
      summary: 'Add an OTR broker by its MC number; it waits in the rating queue',
      body: otrBrokerCreateSchema,
      response: { 200: brokerCompanySchema, ...errorResponses(400, 401, 403, 409) },
    }),
    (request) => brokers.createOtr(companyCallerOf(request), request.body),
  );

  app.post(
    `${API}/non-otr-broker-company/create`,
    route(BROKER_EDIT_ROLES, {
      summary: 'Add a non-OTR company',
      body: nonOtrBrokerSchema,
      response: { 200: brokerCompanySchema, ...errorResponses(400, 401, 403, 409) },
    }),
    (request) => brokers.createNonOtr(companyCallerOf(request), request.body),
  );

  app.get(
    `${API}/non-otr-broker-company/:id`,
    route(BROKER_LOOKUP_ROLES, {
      summary: 'One non-OTR company',
      params: idParamsSchema,
      response: { 200: brokerCompanySchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => brokers.nonOtrById(companyCallerOf(request), request.params.id),
  );

  app.put(
    `${API}/non-otr-broker-company/:id/update`,
    route(BROKER_EDIT_ROLES, {
      summary: 'Save every field of a non-OTR company',
      params: idParamsSchema,
      body: nonOtrBrokerSchema,
      response: { 200: brokerCompanySchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => brokers.updateNonOtr(companyCallerOf(request), request.params.id, request.body),
  );

  app.delete(
    `${API}/non-otr-broker-company/:id`,
    route(BROKER_DELETE_ROLES, {
      summary: 'Delete a non-OTR company that no load names',
      params: idParamsSchema,
      response: { 200: detailSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => {
      await brokers.deleteNonOtr(companyCallerOf(request), request.params.id);
      return { detail: COMPANY_DELETED };
    },
  );

  app.put(
    `${API}/broker-company/:id/update`,
    route(BROKER_EDIT_ROLES, {
      summary: 'Change the fields sent of a broker company (the blacklist fields: broker check roles)',
      params: idParamsSchema,
      body: brokerCompanyUpdateSchema,
      response: { 200: brokerCompanySchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => brokers.update(companyCallerOf(request), request.params.id, request.body),
  );

  app.put(
    `${API}/broker-company/blacklist/:id/update`,
    route(BROKER_CHECK_ROLES, {
      summary: 'Put a broker on the blacklist with the reason, or take it off',
      params: idParamsSchema,
      body: blacklistUpdateSchema,
      response: { 200: brokerCompanySchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => brokers.updateBlacklist(companyCallerOf(request), request.params.id, request.body),
  );

  app.put(
    `${API}/broker-company/:id`,
    route(BROKER_EDIT_ROLES, {
      summary: 'Tell the dispatchers when this broker stops posting loads',
      params: idParamsSchema,
      body: notifyNoPostingSchema,
      response: { 200: brokerCompanySchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => brokers.setNotifyNoPosting(companyCallerOf(request), request.params.id, request.body),
  );

  app.put(
    `${API}/broker-company/:id/credit-check`,
    route(BROKER_CHECK_ROLES, {
      summary: 'Record the result of a credit check, with when and who checked',
      params: idParamsSchema,
      body: creditCheckUpdateSchema,
      response: { 200: brokerCompanySchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => brokers.creditCheck(companyCallerOf(request), request.params.id, request.body),
  );

  app.get(
    `${API}/rating/queue/active`,
    route(BROKER_CHECK_ROLES, {
      summary: 'The brokers waiting to be rated, the longest waiting first',
      querystring: ratingQueueQuerySchema,
      response: { 200: brokerCompanyListResponseSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => brokers.ratingQueue(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/rating/broker-company/:id`,
    route(BROKER_LOOKUP_ROLES, {
      summary: "A broker's ratings: who rated, when and why, newest first",
      params: idParamsSchema,
      querystring: ratingHistoryQuerySchema,
      response: { 200: ratingHistoryResponseSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => brokers.ratingHistory(companyCallerOf(request), request.params.id, request.query),
  );

  app.put(
    `${API}/rating/broker-company/:id/update`,
    route(BROKER_CHECK_ROLES, {
      summary: 'Rate a broker (2, 4 and 5 need a comment); it leaves the rating queue',
      params: idParamsSchema,
      body: ratingUpdateSchema,
      response: { 200: brokerCompanySchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => brokers.rate(companyCallerOf(request), request.params.id, request.body),
  );

  app.put(
    `${API}/rating/broker-company/:id/request`,
    route(RATING_REQUEST_ROLES, {
      summary: 'Ask for a broker to be rated: it joins the rating queue',
      params: idParamsSchema,
      response: { 200: brokerCompanySchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => brokers.requestRating(companyCallerOf(request), request.params.id),
  );

  done();
};
