import {
  propositionSettingsSchema,
  propositionSettingsUpdateSchema,
} from '@app/domain/company/proposition-settings.schema';
import {
  COMPANY_SETTINGS_ROLES,
  companySettingsSchema,
  companyUpdateSchema,
} from '@app/domain/company/company.schema';
import {
  INTAKE_KEY_ROLES,
  intakeKeyCreatedSchema,
  intakeKeyStatusSchema,
} from '@app/domain/loadboard/intake.schema';
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

  // The load intake key (modules/loadboard/intake.routes.ts): shown once when generated, stored hashed.
  app.get(
    `${API}/company/my/intake-key`,
    route(INTAKE_KEY_ROLES, {
      summary: 'Whether the company has a load intake key, and since when (never the key itself)',
      response: { 200: intakeKeyStatusSchema, ...errorResponses(401, 403) },
    }),
    (request) => company.intakeKeyStatus(companyCallerOf(request)),
  );

  app.post(
    `${API}/company/my/intake-key/rotate`,
    route(INTAKE_KEY_ROLES, {
      summary: 'Generate a new load intake key, answered this once; the key before it stops working at once',
      response: { 200: intakeKeyCreatedSchema, ...errorResponses(401, 403) },
    }),
    (request) => company.rotateIntakeKey(companyCallerOf(request)),
  );

  app.delete(
    `${API}/company/my/intake-key`,
    route(INTAKE_KEY_ROLES, {
      summary: 'Turn the load intake key off: postings with it are refused',
      response: { 200: intakeKeyStatusSchema, ...errorResponses(401, 403) },
    }),
    (request) => company.removeIntakeKey(companyCallerOf(request)),
  );

  // The proposition section: the e-mail template of the propositions to brokers and the SMTP server they
  // go through (modules/bids/propositions.place.ts). The SMTP password is written, never answered.
  app.get(
    `${API}/company/my/propositions`,
    route(COMPANY_SETTINGS_ROLES, {
      summary: "The company's proposition template and SMTP settings (never the password)",
      response: { 200: propositionSettingsSchema, ...errorResponses(401, 403) },
    }),
    (request) => company.propositionSettings(companyCallerOf(request)),
  );

  app.put(
    `${API}/company/my/propositions/update`,
    route(COMPANY_SETTINGS_ROLES, {
      summary: 'Save the proposition template and SMTP settings; smtp_password left out keeps the saved one',
      body: propositionSettingsUpdateSchema,
      response: { 200: propositionSettingsSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => company.updatePropositionSettings(companyCallerOf(request), request.body),
  );

  done();
};
