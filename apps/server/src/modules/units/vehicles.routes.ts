import { idParamsSchema } from '@app/domain/common/ids';
import {
  activeDriverResponseSchema,
  capacitySearchQuerySchema,
  capacitySearchResponseSchema,
  locationUpdateSchema,
  vehicleBulkStatusUpdateSchema,
  vehicleCanBidWhileOnLoadSchema,
  vehicleListQuerySchema,
  vehicleListResponseSchema,
  vehicleLoadsAllowedUpdateSchema,
  vehicleMapQuerySchema,
  vehicleMapResponseSchema,
  vehicleSchema,
  vehicleStatusesResponseSchema,
  vehicleStatusUpdateSchema,
  vehicleTrackingUpdateSchema,
  vehicleUpdateSchema,
} from '@app/domain/units/units.schema';
import { VEHICLE_ROLES } from '@app/domain/units/vehicle.rules';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/route-schemas';
import { writeAsIs } from '../../http/write-as-is';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { CapacityService } from './capacity.service';
import type { VehiclesService } from './vehicles.service';

export type VehiclesRoutesOptions = {
  vehicles: VehiclesService;
  capacity: CapacityService;
  requireAuth: RequireAuth;
};

const API = '/backend/api/v2';
const TAGS = ['vehicles'];

/**
 * The vehicle calls of the spec, under /backend/api/v2 (and the older PUT /backend/api/cars/{id}/), with or
 * without the trailing slash. Roles are the domain's VEHICLE_ROLES (see vehicles.service.ts): 403 comes
 * before any lookup, 404 for a vehicle or load of another company. Design choices the spec leaves open:
 *   every change answers the vehicle as it is after the change; the bulk status change answers
 *   { count, results } with the vehicles, by unit ID;
 *   the older PUT /backend/api/cars/{id}/ allows or forbids the vehicle's loads for its driver or owner
 *   (only the flags sent change), as the domain's vehicleLoadsAllowedUpdateSchema says;
 *   GET loads/{id}/closest-cars, the capacity search from a load's pick-up with each vehicle's fit for the
 *   load, is the load board's (modules/loadboard/closest-cars.routes.ts), which calls the capacity service.
 */
export const vehiclesRoutes: FastifyPluginCallbackZod<VehiclesRoutesOptions> = (
  app,
  { vehicles, capacity, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, TAGS);

  // The lists of many vehicles are written as they are (write-as-is.ts): their rows are built by typed
  // functions (toVehicle, typed by the domain's Vehicle) and the tests check the answers against the schemas.
  app.get(
    `${API}/cars/all`,
    {
      ...route(VEHICLE_ROLES.view, {
        summary: 'The vehicles by unit ID, with filters',
        querystring: vehicleListQuerySchema,
        response: { 200: vehicleListResponseSchema, ...errorResponses(400, 401, 403) },
      }),
      serializerCompiler: writeAsIs,
    },
    (request) => vehicles.list(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/cars/capacity-search`,
    {
      ...route(VEHICLE_ROLES.capacity, {
        summary: 'The vehicles closest to a place or a load, by deadhead miles, with ETA at 50 mph',
        querystring: capacitySearchQuerySchema,
        response: { 200: capacitySearchResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      }),
      serializerCompiler: writeAsIs,
    },
    (request) => capacity.capacitySearch(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/cars/imap`,
    {
      ...route(VEHICLE_ROLES.capacity, {
        summary: 'Vehicle positions for the map, with the next point of the load each is on',
        querystring: vehicleMapQuerySchema,
        response: { 200: vehicleMapResponseSchema, ...errorResponses(400, 401, 403) },
      }),
      serializerCompiler: writeAsIs,
    },
    (request) => capacity.map(companyCallerOf(request), request.query),
  );

  app.get(
    `${API}/statuses/cars`,
    route('any-staff', {
      summary: 'The vehicle statuses',
      response: { 200: vehicleStatusesResponseSchema, ...errorResponses(401, 403) },
    }),
    () => vehicles.statuses(),
  );

  app.get(
    `${API}/cars/active-driver/:id`,
    route(VEHICLE_ROLES.view, {
      summary: "The vehicle's active driver",
      params: idParamsSchema,
      response: { 200: activeDriverResponseSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => vehicles.activeDriver(companyCallerOf(request), request.params.id),
  );

  app.get(
    `${API}/cars/:id`,
    route(VEHICLE_ROLES.view, {
      summary: 'A vehicle',
      params: idParamsSchema,
      response: { 200: vehicleSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => vehicles.detail(companyCallerOf(request), request.params.id),
  );

  app.put(
    `${API}/cars/:id/update`,
    route(VEHICLE_ROLES.editDetails, {
      summary: 'Every detail of a vehicle; what is left out is cleared',
      params: idParamsSchema,
      body: vehicleUpdateSchema,
      response: { 200: vehicleSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => vehicles.update(companyCallerOf(request), request.params.id, request.body),
  );

  app.put(
    `${API}/cars/update-status`,
    route(VEHICLE_ROLES.operate, {
      summary: 'Several vehicles to Available or Not available, all or none',
      body: vehicleBulkStatusUpdateSchema,
      response: { 200: vehicleListResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => vehicles.bulkUpdateStatus(companyCallerOf(request), request.body),
  );

  app.put(
    `${API}/cars/:id/update-status`,
    route(VEHICLE_ROLES.operate, {
      summary: 'A vehicle to Available or Not available',
      params: idParamsSchema,
      body: vehicleStatusUpdateSchema,
      response: { 200: vehicleSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => vehicles.updateStatus(companyCallerOf(request), request.params.id, request.body),
  );

  app.put(
    `${API}/cars/:id/tracking`,
    route(VEHICLE_ROLES.operate, {
      summary: 'Switch tracking on, off, or pause it until a date-time',
      params: idParamsSchema,
      body: vehicleTrackingUpdateSchema,
      response: { 200: vehicleSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => vehicles.tracking(companyCallerOf(request), request.params.id, request.body),
  );

  app.put(
    `${API}/cars/:id/update-can-bid-while-on-load`,
    route(VEHICLE_ROLES.operate, {
      summary: 'Allow or forbid bids for the vehicle while it is on load',
      params: idParamsSchema,
      body: vehicleCanBidWhileOnLoadSchema,
      response: { 200: vehicleSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => vehicles.canBidWhileOnLoad(companyCallerOf(request), request.params.id, request.body),
  );

  app.put(
    `${API}/cars/:id/update-location`,
    route(VEHICLE_ROLES.operate, {
      summary: 'What the location dialog saves: current and planned location, location type, status',
      params: idParamsSchema,
      body: locationUpdateSchema,
      response: { 200: vehicleSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => vehicles.updateLocation(companyCallerOf(request), request.params.id, request.body),
  );

  app.put(
    '/backend/api/cars/:id',
    route(VEHICLE_ROLES.operate, {
      summary: "Allow or forbid the vehicle's loads for its driver or owner (only the flags sent change)",
      params: idParamsSchema,
      body: vehicleLoadsAllowedUpdateSchema,
      response: { 200: vehicleSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => vehicles.loadsAllowed(companyCallerOf(request), request.params.id, request.body),
  );

  done();
};
