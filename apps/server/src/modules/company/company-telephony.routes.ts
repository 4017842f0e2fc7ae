import { COMPANY_SETTINGS_ROLES } from '@app/domain/company/company.schema';
import {
  telephonySettingsSchema,
  telephonySettingsUpdateSchema,
} from '@app/domain/company/telephony-settings.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { CompanyTelephonyService } from './company-telephony.service';

export type CompanyTelephonyRoutesOptions = { telephony: CompanyTelephonyService; requireAuth: RequireAuth };

const API = '/backend/api/v2';

/**
 * The telephony section of the company settings page (admins and managers): the external call system
 * and the click-to-call address templates the panel's calls open ({phone}, {name}).
 */
export const companyTelephonyRoutes: FastifyPluginCallbackZod<CompanyTelephonyRoutesOptions> = (
  app,
  { telephony, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, ['company']);

  app.get(
    `${API}/company/my/telephony`,
    route(COMPANY_SETTINGS_ROLES, {
      summary: "The company's external call system and its click-to-call address templates",
      response: { 200: telephonySettingsSchema, ...errorResponses(401, 403) },
    }),
    (request) => telephony.settings(companyCallerOf(request)),
  );

  app.put(
    `${API}/company/my/telephony/update`,
    route(COMPANY_SETTINGS_ROLES, {
      summary:
        'Save the call system and the click-to-call templates ({phone} and {name} are replaced; a template needs {phone})',
      body: telephonySettingsUpdateSchema,
      response: { 200: telephonySettingsSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => telephony.update(companyCallerOf(request), request.body),
  );

  done();
};
