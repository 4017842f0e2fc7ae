import { idParamsSchema, idSchema } from '@app/domain/common/ids';
import { LOAD_ACTION_ROLES } from '@app/domain/loads/load-lifecycle.rules';
import {
  LOAD_FEATURE_STATUSES,
  loadFeatureStatusesResponseSchema,
} from '@app/domain/loads/load-features.schema';
import {
  loadActiveUpdateSchema,
  loadFileSchema,
  loadFileUploadFieldsSchema,
  loadSchema,
} from '@app/domain/loads/loads.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { detailSchema, errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions } from '../auth/require-auth';
import { fileUploadSchema, readLoadFileForm } from './load-files.routes';
import { FILE_FIELD } from './load-files';
import { LOADS_API, LOADS_TAGS, type LoadsRoutesOptions } from './loads.api';
import { LOADS_MESSAGES } from './loads.service';

/** The older calls' prefix (the business-areas document's v1 calls). */
const V1 = '/backend/api';
const V2 = '/backend/api/v2';

/**
 * The older calls of the business-areas document, served as aliases of their v2 twins: the same service
 * call, roles, body, answer and guarantees (company scope, 404 for another company's id, the state rules).
 *
 *   PUT    /backend/api/loads/{id}/             PUT    /backend/api/v2/loads/active/{id}/edit
 *   PUT    /backend/api/loads/update            PUT    /backend/api/v2/loads/active/{id}/edit
 *                                               (the load's id in the body as `id`)
 *   GET    /backend/api/load-feature-statuses/  GET    /backend/api/v2/statuses/load-features
 *                                               (the equipment flags with their names)
 *   PUT    /backend/api/upload/                 PUT    /backend/api/v2/loads/active/{id}/upload-file
 *                                               (multipart: file, file_type and the load's id as `load`)
 *   DELETE /backend/api/files/{id}/             DELETE /backend/api/v2/loads/files/{id}/delete
 *
 * GET statuses/load-features is registered here too: the v2 twin of load-feature-statuses/, beside
 * statuses/cars.
 */
export const legacyLoadsRoutes: FastifyPluginCallbackZod<LoadsRoutesOptions> = (
  app,
  { loads, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, [...LOADS_TAGS, 'v1']);
  const alias = (twin: string) => `Older alias of ${twin}`;

  app.put(
    `${V1}/loads/:id`,
    route(LOAD_ACTION_ROLES.edit, {
      summary: alias(`PUT ${LOADS_API}/active/{id}/edit`),
      params: idParamsSchema,
      body: loadActiveUpdateSchema,
      response: { 200: loadSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => loads.editActive(companyCallerOf(request), request.params.id, request.body),
  );

  app.put(
    `${V1}/loads/update`,
    route(LOAD_ACTION_ROLES.edit, {
      summary: alias(`PUT ${LOADS_API}/active/{id}/edit`) + ', with the load id in the body',
      body: loadActiveUpdateSchema.extend({ id: idSchema }),
      response: { 200: loadSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => {
      const { id, ...body } = request.body;
      return loads.editActive(companyCallerOf(request), id, body);
    },
  );

  for (const path of [`${V2}/statuses/load-features`, `${V1}/load-feature-statuses`]) {
    app.get(
      path,
      route('any-staff', {
        summary: path.startsWith(V2)
          ? 'The equipment flags of loads and vehicles, with their names'
          : alias(`GET ${V2}/statuses/load-features`),
        response: { 200: loadFeatureStatusesResponseSchema, ...errorResponses(401, 403) },
      }),
      () => LOAD_FEATURE_STATUSES,
    );
  }

  app.put(
    `${V1}/upload`,
    {
      onRequest: requireAuth(LOAD_ACTION_ROLES.upload_file),
      preValidation: readLoadFileForm,
      schema: {
        tags: [...LOADS_TAGS, 'v1'],
        summary: alias(`PUT ${LOADS_API}/active/{id}/upload-file`) + ', with the load id as `load`',
        consumes: ['multipart/form-data'],
        body: loadFileUploadFieldsSchema.extend({ load: idSchema, [FILE_FIELD]: fileUploadSchema }),
        response: { 200: loadFileSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    (request) =>
      loads.uploadFile(
        companyCallerOf(request),
        request.body.load,
        request.body.file,
        request.body.file_type,
      ),
  );

  app.delete(
    `${V1}/files/:id`,
    route(LOAD_ACTION_ROLES.upload_file, {
      summary: alias(`DELETE ${LOADS_API}/files/{id}/delete`),
      params: idParamsSchema,
      response: { 200: detailSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => {
      await loads.deleteFile(companyCallerOf(request), request.params.id);
      return { detail: LOADS_MESSAGES.fileDeleted };
    },
  );

  done();
};
