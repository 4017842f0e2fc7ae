import { idParamsSchema } from '@app/domain/common/ids';
import { PEOPLE_ROLES } from '@app/domain/units/people.rules';
import {
  addDriverSchema,
  contactSearchQuerySchema,
  contactSearchResponseSchema,
  driverIsActiveForOwnerSchema,
  driverIsActiveSchema,
  driverListQuerySchema,
  driverListResponseSchema,
  driverSchema,
} from '@app/domain/units/units.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { DriversService } from './drivers.service';
import type { OwnersService } from './owners.service';

export type DriversRoutesOptions = {
  drivers: DriversService;
  owners: OwnersService;
  requireAuth: RequireAuth;
};

const API = '/backend/api/v2';
const TAGS = ['drivers'];

/**
 * The drivers calls of the spec, and two of our own design (and the exclude_fired filter of the list):
 *   GET users/drivers/{id}             a driver's card (its load history is GET loads/drivers/history)
 *   GET users/search/drivers?entity    drivers (entity=driver, the default) or owners (entity=owner) to
 *                                      call, text or chat with, by name, phone or unit ID: { results }
 * The {id} of users/{id}/update-driver-is-active/ and ...-for-owner/ is the driver's id from the list.
 * Both switches answer the driver as it is after the change; turning one on for a fired driver is 409.
 * Roles (the domain's PEOPLE_ROLES): reading, the pickers and the contact search for 3, 4, 5, 6, 7, 8;
 * adding drivers and the switches for HR, managers and admins (8, 4, 3). Phone numbers are null for a
 * viewer who may not see them (role 4, or the company's is_visible_phone_numbers).
 */
export const driversRoutes: FastifyPluginCallbackZod<DriversRoutesOptions> = (
  app,
  { drivers, owners, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, TAGS);

  app.get(
    `${API}/users/drivers`,
    route(PEOPLE_ROLES.view, {
      summary: 'The drivers by last name, with filters and a text search',
      querystring: driverListQuerySchema,
      response: { 200: driverListResponseSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => drivers.list(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/users/drivers/:id`,
    route(PEOPLE_ROLES.view, {
      summary: "A driver's card",
      params: idParamsSchema,
      response: { 200: driverSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => drivers.detail(companyCallerOf(request), request.params.id),
  );

  app.post(
    `${API}/hr/add-driver`,
    route(PEOPLE_ROLES.manageDrivers, {
      summary:
        'Add a driver, optionally to a vehicle (it becomes the active driver of a vehicle without one)',
      body: addDriverSchema,
      response: { 200: driverSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => drivers.add(companyCallerOf(request), request.body),
  );

  app.put(
    `${API}/users/:id/update-driver-is-active`,
    route(PEOPLE_ROLES.manageDrivers, {
      summary: 'Whether the driver sees loads on the load board',
      params: idParamsSchema,
      body: driverIsActiveSchema,
      response: { 200: driverSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => drivers.setActive(companyCallerOf(request), request.params.id, request.body.is_active),
  );

  app.put(
    `${API}/users/:id/update-driver-is-active-for-owner`,
    route(PEOPLE_ROLES.manageDrivers, {
      summary: "Whether the driver's owner sees loads for this driver",
      params: idParamsSchema,
      body: driverIsActiveForOwnerSchema,
      response: { 200: driverSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) =>
      drivers.setActiveForOwner(
        companyCallerOf(request),
        request.params.id,
        request.body.is_active_for_owner,
      ),
  );

  app.get(
    `${API}/users/search/drivers`,
    route(PEOPLE_ROLES.view, {
      summary: 'Drivers (or owners with entity=owner) to call, text or chat with',
      querystring: contactSearchQuerySchema,
      response: { 200: contactSearchResponseSchema, ...errorResponses(400, 401, 403) },
    }),
    async (request) => {
      const caller = companyCallerOf(request);
      const people = request.query.entity === 'owner' ? owners : drivers;
      return { results: await people.contacts(caller, request.query) };
    },
  );

  done();
};
