import {
  COMPANY_SETTINGS_ROLES,
  companySettingsSchema,
  companyUpdateSchema,
} from '@app/domain/company/company.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { CompanyService } from './company.service';

export type CompanyRoutesOptions = { company: CompanyService; requireAuth: RequireAuth };

const API = '/backend/api/v2';

/**
 * The company settings page's calls (the spec's GET company/my and PUT company/my/update) for admins and
 * managers (COMPANY_SETTINGS_ROLES). The update takes the whole form and answers the settings as saved.
 */
export const companyRoutes: FastifyPluginCallbackZod<CompanyRoutesOptions> = (
  app,
  { company, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, ['company']);

  app.get(
    `${API}/company/my`,
    route(COMPANY_SETTINGS_ROLES, {
      summary: "The caller's company settings",
      response: { 200: companySettingsSchema, ...errorResponses(401, 403) },
    }),
    (request) => company.settings(companyCallerOf(request)),
  );

  app.put(
    `${API}/company/my/update`,
    route(COMPANY_SETTINGS_ROLES, {
      summary: "Save the caller's company settings (every field of the page)",
      body: companyUpdateSchema,
      response: { 200: companySettingsSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => company.update(companyCallerOf(request), request.body),
  );

  done();
};
