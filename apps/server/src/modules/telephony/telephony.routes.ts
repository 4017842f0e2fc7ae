import { idParamsSchema } from '@app/domain/common/ids';
import {
  callInfoSchema,
  contactListSchema,
  contactSearchQuerySchema,
  contactUrlsSchema,
  makeCallQuerySchema,
  makeDirectCallSchema,
  TELEPHONY_ROLES,
  userPhoneDataQuerySchema,
} from '@app/domain/telephony/telephony.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { TelephonyService } from './telephony.service';

export type TelephonyRoutesOptions = { telephony: TelephonyService; requireAuth: RequireAuth };

const API = '/backend/api/v2';

/**
 * The right-hand panel: its people search (ours), the user's phone data and the calls (the spec's). Every
 * staff role (TELEPHONY_ROLES); numbers only for a caller who may see them (canViewNumber).
 */
export const telephonyRoutes: FastifyPluginCallbackZod<TelephonyRoutesOptions> = (
  app,
  { telephony, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, ['telephony']);

  app.get(
    `${API}/telephony/contacts`,
    route(TELEPHONY_ROLES, {
      summary:
        'Drivers, owners, broker companies and colleagues by name, company, unit or phone (20 at most; numbers only with canViewNumber)',
      querystring: contactSearchQuerySchema,
      response: { 200: contactListSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => telephony.contacts(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/telephony/user-phone-data/:id`,
    route(TELEPHONY_ROLES, {
      summary:
        'The call system and the driver and owner for a driver ({id}, the default), an owner (?kind=owner) or a vehicle (?kind=vehicle); call_system is null when calls go through tel:',
      params: idParamsSchema,
      querystring: userPhoneDataQuerySchema,
      response: { 200: callInfoSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => telephony.userPhoneData(companyCallerOf(request), request.params.id, request.query),
  );

  app.post(
    `${API}/telephony/make-call/:id`,
    route(TELEPHONY_ROLES, {
      summary:
        "The call window's address (call_url, and chat_url) for a driver ({id}), an owner, a broker company or a colleague (?kind=), from the company's click-to-call templates; 409 without an external call system",
      params: idParamsSchema,
      querystring: makeCallQuerySchema,
      response: { 200: contactUrlsSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => telephony.makeCall(companyCallerOf(request), request.params.id, request.query),
  );

  app.post(
    `${API}/telephony/make-direct-call`,
    route(TELEPHONY_ROLES, {
      summary:
        "The call window's address (call_url, chat_url) for a number and a name; 409 without an external call system",
      body: makeDirectCallSchema,
      response: { 200: contactUrlsSchema, ...errorResponses(400, 401, 403, 409) },
    }),
    (request) => telephony.makeDirectCall(companyCallerOf(request), request.body),
  );

  done();
};
