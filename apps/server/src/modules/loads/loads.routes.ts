import { idParamsSchema } from '@app/domain/common/ids';
import { ROLES } from '@app/domain/common/lookups';
import {
  driverLoadHistoryQuerySchema,
  loadCreateResponseSchema,
  loadCreateSchema,
  loadDetailSchema,
  loadListQuerySchema,
  loadListResponseSchema,
} from '@app/domain/loads/loads.schema';
import { menuRoles } from '@app/domain/shell/menu.rules';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENT_REPLAYED_HEADER, idempotencyKeyOf } from '../../http/idempotency';
import { errorResponses } from '../../http/route-schemas';
import { writeAsIs } from '../../http/write-as-is';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions } from '../auth/require-auth';
import { loadActionsRoutes } from './load-actions.routes';
import { loadFilesRoutes } from './load-files.routes';
import { LOAD_LISTS } from './load-lists';
import { LOADS_API as API, LOADS_TAGS as TAGS, type LoadsRoutesOptions } from './loads.api';
import { LOAD_VIEWER_ROLES, listRoles } from './loads.service';

export type { LoadsRoutesOptions } from './loads.api';

/** Who may add a load: the roles of the menu's addLoad entry. */
const CREATE_ROLES = menuRoles('addLoad');
/** Drivers' load history: those who see loads, and HR who manage drivers. */
const DRIVER_HISTORY_ROLES = [...LOAD_VIEWER_ROLES, ROLES.hr];

// Loose: the other headers of the request stay as they are.
const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .meta({ description: 'Retrying with the same key within 24 hours answers the first result' }),
});

// The lists answer up to 500 loads and are written as they are (write-as-is.ts): their rows are built by one
// typed function (toLoad, typed by the domain's Load), and loads.demo.int.test.ts checks the answers against
// the schema.

/**
 * The loads endpoints of the spec (all under /backend/api/v2/loads): here the lists, the load page, a
 * driver's loads and the add-load form's create (POST loads/fast-create is the load intake's:
 * modules/loadboard/intake.routes.ts); the actions on a load (load-actions.routes.ts) and its documents
 * (load-files.routes.ts) are registered with them. Design choices the spec leaves open:
 *   actions answer the load as it is after the action (restore-as-copy answers the new load);
 *   DELETE loads/{id}/delete and DELETE loads/files/{id}/delete answer { detail };
 *   GET loads/files/{id}/download streams a document of a load of the caller's company;
 *   a status move refused for missing documents answers 409 with fields.missing_documents.
 * Roles: the lists and pages follow the side menu; each action follows the domain's LOAD_ACTION_ROLES
 * (403 before the load's state is looked at).
 */
export const loadsRoutes: FastifyPluginCallbackZod<LoadsRoutesOptions> = (
  app,
  { loads, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, TAGS);

  app.post(
    `${API}/create`,
    route(CREATE_ROLES, {
      summary: 'Create a load from the load form; honours Idempotency-Key',
      headers: idempotencyHeaders,
      body: loadCreateSchema,
      response: { 200: loadCreateResponseSchema, ...errorResponses(400, 401, 403) },
    }),
    async (request, reply) => {
      const created = await loads.create(companyCallerOf(request), request.body, idempotencyKeyOf(request));
      if (created.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return { id: created.id };
    },
  );

  for (const list of LOAD_LISTS) {
    app.get(
      `${API}/${list}`,
      {
        onRequest: requireAuth(listRoles(list)),
        serializerCompiler: writeAsIs,
        schema: {
          tags: TAGS,
          summary: `The ${list} loads, newest first, with filters`,
          querystring: loadListQuerySchema,
          response: { 200: loadListResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      (request) => loads.list(companyCallerOf(request), list, request.query),
    );

    app.get(
      `${API}/${list}/:id`,
      route(listRoles(list), {
        summary: 'A load with its history and the documents its next status needs',
        params: idParamsSchema,
        response: { 200: loadDetailSchema, ...errorResponses(400, 401, 403, 404) },
      }),
      (request) => loads.detail(companyCallerOf(request), request.params.id),
    );
  }

  app.get(
    `${API}/drivers/history`,
    {
      onRequest: requireAuth(DRIVER_HISTORY_ROLES),
      serializerCompiler: writeAsIs,
      schema: {
        tags: TAGS,
        summary: "A driver's loads in every list, newest first",
        querystring: driverLoadHistoryQuerySchema,
        response: { 200: loadListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => loads.driverHistory(companyCallerOf(request), request.query),
  );

  void app.register(loadActionsRoutes, { loads, requireAuth });
  void app.register(loadFilesRoutes, { loads, requireAuth });
  done();
};
