import { idParamsSchema } from '@app/domain/common/ids';
import {
  LOAD_ACTION_ROLES,
  LOAD_FILE_MESSAGES,
  MAX_LOAD_FILE_BYTES,
} from '@app/domain/loads/load-lifecycle.rules';
import {
  completedLoadEditSchema,
  driverLoadHistoryQuerySchema,
  loadActiveUpdateSchema,
  loadCancelSchema,
  loadChangeDriverSchema,
  loadChangePriceSchema,
  loadChangeResponsibleSchema,
  loadCreateResponseSchema,
  loadCreateSchema,
  loadDetailSchema,
  loadEditDriverInfoSchema,
  loadEmailNotificationsSchema,
  loadFastCreateSchema,
  loadFileSchema,
  loadFileUploadFieldsSchema,
  loadListQuerySchema,
  loadListResponseSchema,
  loadRestoreAsCopySchema,
  loadSchema,
  loadTonuSchema,
} from '@app/domain/loads/loads.schema';
import type { LoadStatusClass } from '@app/domain/loads/loads.rules';
import { MENU } from '@app/domain/shell/menu.rules';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, payloadTooLarge } from '../../http/errors';
import { IDEMPOTENT_REPLAYED_HEADER, idempotencyKeyOf } from '../../http/idempotency';
import { isUploadedFile, readMultipartForm, type UploadedFile } from '../../http/multipart';
import { detailSchema, errorResponses } from '../../http/route-schemas';
import { writeAsIs } from '../../http/write-as-is';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import { attachmentDisposition, FILE_FIELD } from './load-files';
import { LOAD_VIEWER_ROLES, LOADS_MESSAGES, listRoles, type LoadsService } from './loads.service';

export type LoadsRoutesOptions = { loads: LoadsService; requireAuth: RequireAuth };

const API = '/backend/api/v2/loads';
const LISTS: readonly LoadStatusClass[] = ['active', 'checkout', 'completed', 'canceled'];
const TAGS = ['loads'];

/** Who may add a load: the roles of the menu's addLoad entry. */
const CREATE_ROLES = MENU.find((entry) => entry.name === 'addLoad')?.roles ?? [];
/** Drivers' load history: those who see loads, and HR who manage drivers. */
const DRIVER_HISTORY_ROLES = [...LOAD_VIEWER_ROLES, 8 as const];

const fileUploadSchema = z
  .custom<UploadedFile>(isUploadedFile, { error: 'Choose a file to upload.' })
  .meta({ type: 'string', format: 'binary', description: 'At most 25,000,000 bytes; no executables' });

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
 * The loads endpoints of the spec (all under /backend/api/v2/loads). Design choices the spec leaves open:
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

  app.post(
    `${API}/fast-create`,
    route(CREATE_ROLES, {
      summary:
        'Post a load quickly: two places, a vehicle type, a broker and a price; honours Idempotency-Key',
      headers: idempotencyHeaders,
      body: loadFastCreateSchema,
      response: { 200: loadCreateResponseSchema, ...errorResponses(400, 401, 403) },
    }),
    async (request, reply) => {
      const created = await loads.fastCreate(
        companyCallerOf(request),
        request.body,
        idempotencyKeyOf(request),
      );
      if (created.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return { id: created.id };
    },
  );

  for (const list of LISTS) {
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
    `${API}/active/:id/upload-file`,
    {
      onRequest: requireAuth(LOAD_ACTION_ROLES.upload_file),
      // The multipart form is read into the body before validation, so that the file and its type are
      // validated by the route's schema.
      preValidation: async (request) => {
        if (!request.isMultipart()) return;
        let form;
        try {
          form = await readMultipartForm(request, MAX_LOAD_FILE_BYTES);
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 413) {
            throw payloadTooLarge(LOAD_FILE_MESSAGES.tooLarge, {
              [FILE_FIELD]: [LOAD_FILE_MESSAGES.tooLarge],
            });
          }
          throw error;
        }
        const body: Record<string, unknown> = { ...form.fields };
        if (form.files[FILE_FIELD]) body[FILE_FIELD] = form.files[FILE_FIELD];
        (request as { body: unknown }).body = body;
      },
      schema: {
        tags: TAGS,
        summary: 'Add a document to an active or checkout load (multipart: file and file_type)',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        body: loadFileUploadFieldsSchema.extend({ [FILE_FIELD]: fileUploadSchema }),
        response: { 200: loadFileSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    (request) =>
      loads.uploadFile(
        companyCallerOf(request),
        request.params.id,
        request.body.file,
        request.body.file_type,
      ),
  );

  app.delete(
    `${API}/files/:id/delete`,
    route(LOAD_ACTION_ROLES.upload_file, {
      summary: 'Remove a document of an active or checkout load',
      params: idParamsSchema,
      response: { 200: detailSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => {
      await loads.deleteFile(companyCallerOf(request), request.params.id);
      return { detail: LOADS_MESSAGES.fileDeleted };
    },
  );

  app.get(
    `${API}/files/:id/download`,
    route(LOAD_VIEWER_ROLES, {
      summary: 'Download a document of a load',
      params: idParamsSchema,
      response: errorResponses(400, 401, 403, 404),
    }),
    async (request, reply) => {
      const file = await loads.openFile(companyCallerOf(request), request.params.id);
      return reply
        .header('content-type', file.mimeType ?? 'application/octet-stream')
        .header('content-length', String(file.size))
        .header('content-disposition', attachmentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
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
