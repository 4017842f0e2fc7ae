import { idParamsSchema } from '@app/domain/common/ids';
import { LOAD_ACTION_ROLES } from '@app/domain/loads/load-lifecycle.rules';
import {
  completedLoadEditSchema,
  loadActiveUpdateSchema,
  loadCancelSchema,
  loadChangeDriverSchema,
  loadChangePriceSchema,
  loadChangeResponsibleSchema,
  loadEditDriverInfoSchema,
  loadEmailNotificationsSchema,
  loadRestoreAsCopySchema,
  loadSchema,
  loadTonuSchema,
} from '@app/domain/loads/loads.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { detailSchema, errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions } from '../auth/require-auth';
import { LOADS_API as API, LOADS_TAGS, type LoadsRoutesOptions } from './loads.api';
import { LOADS_MESSAGES } from './loads.service';

/**
 * The actions on one load (registered by loadsRoutes): status moves, edits, prices, driver and dispatcher,
 * restore and delete. Each answers the load as it is after the action (restore-as-copy answers the new load);
 * its roles are the domain's LOAD_ACTION_ROLES (403 before the load's state is looked at).
 */
export const loadActionsRoutes: FastifyPluginCallbackZod<LoadsRoutesOptions> = (
  app,
  { loads, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, LOADS_TAGS);

  app.put(
    `${API}/active/:id/edit`,
    route(LOAD_ACTION_ROLES.edit, {
      summary: 'Save the load form of an active load',
      params: idParamsSchema,
      body: loadActiveUpdateSchema,
      response: { 200: loadSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => loads.editActive(companyCallerOf(request), request.params.id, request.body),
  );

  app.put(
    `${API}/:id/set-next-status`,
    route(LOAD_ACTION_ROLES.next, {
      summary: 'Move the load one status forward',
      params: idParamsSchema,
      response: { 200: loadSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => loads.setNextStatus(companyCallerOf(request), request.params.id),
  );

  app.put(
    `${API}/:id/set-prev-status`,
    route(LOAD_ACTION_ROLES.prev, {
      summary: 'Move the load one status back',
      params: idParamsSchema,
      response: { 200: loadSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => loads.setPrevStatus(companyCallerOf(request), request.params.id),
  );

  app.put(
    `${API}/active/:id/tonu`,
    route(LOAD_ACTION_ROLES.tonu, {
      summary: 'Mark an active load TONU with the broker and driver prices',
      params: idParamsSchema,
      body: loadTonuSchema,
      response: { 200: loadSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => loads.tonu(companyCallerOf(request), request.params.id, request.body),
  );

  app.put(
    `${API}/active/:id/cancel`,
    route(LOAD_ACTION_ROLES.cancel, {
      summary: 'Cancel an active load: broker price 0, the driver price as given',
      params: idParamsSchema,
      body: loadCancelSchema,
      response: { 200: loadSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => loads.cancel(companyCallerOf(request), request.params.id, request.body),
  );

  app.put(
    `${API}/active/:id/change-price`,
    route(LOAD_ACTION_ROLES.change_price, {
      summary: 'Change the broker and driver prices of an active load',
      params: idParamsSchema,
      body: loadChangePriceSchema,
      response: { 200: loadSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => loads.changePrice(companyCallerOf(request), request.params.id, request.body),
  );

  app.put(
    `${API}/:id/restore`,
    route(LOAD_ACTION_ROLES.restore, {
      summary: 'Restore a canceled load to Waiting to accept',
      params: idParamsSchema,
      response: { 200: loadSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => loads.restore(companyCallerOf(request), request.params.id),
  );

  app.put(
    `${API}/:id/restore-as-copy`,
    route(LOAD_ACTION_ROLES.restore_as_copy, {
      summary: 'Make a new load from a canceled one for a driver; answers the new load',
      params: idParamsSchema,
      body: loadRestoreAsCopySchema,
      response: { 200: loadSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => loads.restoreAsCopy(companyCallerOf(request), request.params.id, request.body.driver),
  );

  app.delete(
    `${API}/:id/delete`,
    route(LOAD_ACTION_ROLES.delete, {
      summary: 'Delete an active or canceled load with its files',
      params: idParamsSchema,
      response: { 200: detailSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => {
      await loads.delete(companyCallerOf(request), request.params.id);
      return { detail: LOADS_MESSAGES.deleted };
    },
  );

  app.put(
    `${API}/:id/change-driver`,
    route(LOAD_ACTION_ROLES.change_driver, {
      summary: "Give an active load to another driver (and the driver's vehicle)",
      params: idParamsSchema,
      body: loadChangeDriverSchema,
      response: { 200: loadSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => loads.changeDriver(companyCallerOf(request), request.params.id, request.body.new_driver),
  );

  app.put(
    `${API}/:id/change-responsible`,
    route(LOAD_ACTION_ROLES.change_responsible, {
      summary: 'Give the load to another dispatcher',
      params: idParamsSchema,
      body: loadChangeResponsibleSchema,
      response: { 200: loadSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) =>
      loads.changeResponsible(companyCallerOf(request), request.params.id, request.body.new_dispatcher),
  );
  app.put(
    `${API}/active/:id/email-notifications`,
    route(LOAD_ACTION_ROLES.edit, {
      summary: "The broker's e-mail updates about an active load",
      params: idParamsSchema,
      body: loadEmailNotificationsSchema,
      response: { 200: loadSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => loads.emailNotifications(companyCallerOf(request), request.params.id, request.body),
  );

  app.put(
    `${API}/:id/edit-driver-info`,
    route(LOAD_ACTION_ROLES.change_driver, {
      summary: "The name and phone of the load's driver",
      params: idParamsSchema,
      body: loadEditDriverInfoSchema,
      response: { 200: loadSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => loads.editDriverInfo(companyCallerOf(request), request.params.id, request.body),
  );

  app.patch(
    `${API}/completed/:id/edit`,
    route(LOAD_ACTION_ROLES.edit_completed, {
      summary: 'Accounting corrections of a completed load (only the fields sent change)',
      params: idParamsSchema,
      body: completedLoadEditSchema,
      response: { 200: loadSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => loads.editCompleted(companyCallerOf(request), request.params.id, request.body),
  );

  done();
};
