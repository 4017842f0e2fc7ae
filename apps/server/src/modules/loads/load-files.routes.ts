import { idParamsSchema } from '@app/domain/common/ids';
import {
  LOAD_ACTION_ROLES,
  LOAD_FILE_MESSAGES,
  MAX_LOAD_FILE_BYTES,
} from '@app/domain/loads/load-lifecycle.rules';
import { loadFileSchema, loadFileUploadFieldsSchema } from '@app/domain/loads/loads.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, refuse } from '../../http/errors';
import { isUploadedFile, readMultipartForm, type UploadedFile } from '../../http/multipart';
import { detailSchema, errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions } from '../auth/require-auth';
import { attachmentDisposition, FILE_FIELD } from './load-files';
import { LOADS_API as API, LOADS_TAGS as TAGS, type LoadsRoutesOptions } from './loads.api';
import { LOAD_VIEWER_ROLES, LOADS_MESSAGES } from './loads.service';

/**
 * Reads a multipart upload of a load document into the body before validation, so that the file and its
 * fields are validated by the route's schema (PUT loads/active/{id}/upload-file and its older alias).
 */
export async function readLoadFileForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  let form;
  try {
    form = await readMultipartForm(request, MAX_LOAD_FILE_BYTES);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 413) {
      throw refuse('file_too_large', LOAD_FILE_MESSAGES.tooLarge, {
        [FILE_FIELD]: [LOAD_FILE_MESSAGES.tooLarge],
      });
    }
    throw error;
  }
  const body: Record<string, unknown> = { ...form.fields };
  if (form.files[FILE_FIELD]) body[FILE_FIELD] = form.files[FILE_FIELD];
  (request as { body: unknown }).body = body;
}

/** The file of a multipart upload, as the route's schema checks it. */
export const fileUploadSchema = z
  .custom<UploadedFile>(isUploadedFile, { error: 'Choose a file to upload.' })
  .meta({ type: 'string', format: 'binary', description: 'At most 25,000,000 bytes; no executables' });

/**
 * A load's documents (registered by loadsRoutes): PUT loads/active/{id}/upload-file (multipart: file and
 * file_type), DELETE loads/files/{id}/delete answering { detail }, and GET loads/files/{id}/download
 * streaming a document of a load of the caller's company.
 */
export const loadFilesRoutes: FastifyPluginCallbackZod<LoadsRoutesOptions> = (
  app,
  { loads, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, TAGS);

  app.put(
    `${API}/active/:id/upload-file`,
    {
      onRequest: requireAuth(LOAD_ACTION_ROLES.upload_file),
      preValidation: readLoadFileForm,
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

  done();
};
