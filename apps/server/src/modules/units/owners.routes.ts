import { idParamsSchema } from '@app/domain/common/ids';
import { PEOPLE_ROLES } from '@app/domain/units/people.rules';
import {
  ownerCompaniesQuerySchema,
  ownerCompaniesResponseSchema,
  ownerCreateSchema,
  ownerListQuerySchema,
  ownerListResponseSchema,
  ownerSchema,
  ownerUpdateSchema,
} from '@app/domain/units/units.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { OwnersService } from './owners.service';

export type OwnersRoutesOptions = { owners: OwnersService; requireAuth: RequireAuth };

const API = '/backend/api/v2/users';
const TAGS = ['owners'];

/**
 * The owners calls of the spec, and GET users/owners/{id} (one owner, for the edit form) of our design.
 * Create and update answer the owner as saved. The update changes only the fields sent, so the wage
 * visibility switch sends { is_wage_visible } alone; a form whose viewer may not see phone numbers leaves
 * phone_number out. Roles (PEOPLE_ROLES): reading and the company-name picker for 3, 4, 5, 6, 7, 8 (the
 * vehicle details pick owners); creating and editing for the owners page's roles 3, 4, 7, 8.
 */
export const ownersRoutes: FastifyPluginCallbackZod<OwnersRoutesOptions> = (
  app,
  { owners, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, TAGS);

  app.get(
    `${API}/owners`,
    route(PEOPLE_ROLES.view, {
      summary: 'The owners by last name, with their drivers and vehicles counted',
      querystring: ownerListQuerySchema,
      response: { 200: ownerListResponseSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => owners.list(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/owners/:id`,
    route(PEOPLE_ROLES.view, {
      summary: 'An owner',
      params: idParamsSchema,
      response: { 200: ownerSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => owners.detail(companyCallerOf(request), request.params.id),
  );

  app.post(
    `${API}/owners/create`,
    route(PEOPLE_ROLES.manageOwners, {
      summary: 'Create an owner',
      body: ownerCreateSchema,
      response: { 200: ownerSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => owners.create(companyCallerOf(request), request.body),
  );

  app.put(
    `${API}/owners/:id/update`,
    route(PEOPLE_ROLES.manageOwners, {
      summary: "Change an owner's fields (only those sent), wage visibility included",
      params: idParamsSchema,
      body: ownerUpdateSchema,
      response: { 200: ownerSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => owners.update(companyCallerOf(request), request.params.id, request.body),
  );

  app.get(
    `${API}/owner-companies`,
    route(PEOPLE_ROLES.view, {
      summary: "The owners' company names starting with the text, with how many owners have each",
      querystring: ownerCompaniesQuerySchema,
      response: { 200: ownerCompaniesResponseSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => owners.companies(companyCallerOf(request), request.query),
  );

  done();
};
