import { chatListQuerySchema } from '@app/domain/chats/chats.schema';
import { idParamsSchema } from '@app/domain/common/ids';
import {
  SMS_ROLES,
  smsBulkProgressSchema,
  smsBulkSendingSchema,
  smsChatListItemSchema,
  smsChatListResponseSchema,
  smsChatOpenResponseSchema,
  smsChatOpenSchema,
  smsChatResponseSchema,
  smsChatUpdateSchema,
  smsCounterpartLinkSchema,
  smsMarkReadResponseSchema,
  smsMessageSchema,
  smsMessagesQuerySchema,
  smsSendSchema,
  smsUploadResponseSchema,
} from '@app/domain/sms/sms.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_LOAD_FILE_BYTES } from '@app/domain/loads/load-lifecycle.rules';
import { HttpError, refuse } from '../../http/errors';
import { isUploadedFile, readMultipartForm, type UploadedFile } from '../../http/multipart';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import { SMS_API as API } from './sms.shape';
import type { SmsService } from './sms.service';

export type SmsRoutesOptions = { sms: SmsService; requireAuth: RequireAuth };

const TAGS = ['sms'];
const TOO_LARGE = 'The file is larger than 25,000,000 bytes.';

async function readSmsFileForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  try {
    const form = await readMultipartForm(request, MAX_LOAD_FILE_BYTES);
    (request as { body: unknown }).body = form.files.file ? { file: form.files.file } : {};
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 413) {
      throw refuse('file_too_large', TOO_LARGE, { file: [TOO_LARGE] });
    }
    throw error;
  }
}

const fileSchema = z
  .custom<UploadedFile>(isUploadedFile, { error: 'Choose a file to upload.' })
  .meta({ type: 'string', format: 'binary', description: 'At most 25,000,000 bytes; no executables' });

/**
 * The SMS chats of the spec (sms/chats...) for everyone with SMS access (the sms menu's roles), and the
 * product's own: POST sms/chats/open/ (the chat with a driver, an owner or a number, made when there is
 * none), GET sms/chats/bulk-sending/{id} (a bulk sending's progress), GET sms/chats/{id}/counterpart-link
 * (the phone page of the local provider) and GET sms/files/{id}/download.
 */
export const smsRoutes: FastifyPluginCallbackZod<SmsRoutesOptions> = (app, { sms, requireAuth }, done) => {
  const route = guardedRouteOptions(requireAuth, TAGS);

  app.get(
    `${API}/sms/chats`,
    route(SMS_ROLES, {
      summary: "The company's SMS chats, the newest activity first; entity searches names, numbers and units",
      querystring: chatListQuerySchema,
      response: { 200: smsChatListResponseSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => sms.list(companyCallerOf(request), request.query),
  );

  app.post(
    `${API}/sms/chats/open`,
    route(SMS_ROLES, {
      summary: 'The chat with a driver, an owner or a phone number, made when there is none yet',
      body: smsChatOpenSchema,
      response: { 200: smsChatOpenResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => sms.open(companyCallerOf(request), request.body),
  );

  app.put(
    `${API}/sms/chats/upload-file`,
    {
      onRequest: requireAuth(SMS_ROLES),
      preValidation: readSmsFileForm,
      schema: {
        tags: TAGS,
        summary: 'Upload a picture or a document to send with an SMS (multipart: file); answers its id',
        consumes: ['multipart/form-data'],
        body: z.object({ file: fileSchema }),
        response: { 200: smsUploadResponseSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    (request) => sms.upload(companyCallerOf(request), request.body.file),
  );

  app.post(
    `${API}/sms/chats/bulk-sending`,
    route(SMS_ROLES, {
      summary:
        'One text to the drivers or owners chosen, to the drivers of a team, or of the units in a state: ' +
        'accepted at once (202) and sent in the background; the progress says how many were sent and which failed',
      body: smsBulkSendingSchema,
      response: { 202: smsBulkProgressSchema, ...errorResponses(400, 401, 403) },
    }),
    async (request, reply) =>
      reply.code(202).send(await sms.startBulk(companyCallerOf(request), request.body)),
  );

  app.get(
    `${API}/sms/chats/bulk-sending/:id`,
    route(SMS_ROLES, {
      summary: "A bulk sending's progress: recipients, sent, failed and which",
      params: idParamsSchema,
      response: { 200: smsBulkProgressSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => sms.bulkProgress(companyCallerOf(request), request.params.id),
  );

  app.get(
    `${API}/sms/chats/:id`,
    route(SMS_ROLES, {
      summary: 'An SMS chat: 25 messages a page (page 1 the newest), the newest last',
      params: idParamsSchema,
      querystring: smsMessagesQuerySchema,
      response: { 200: smsChatResponseSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => sms.detail(companyCallerOf(request), request.params.id, request.query),
  );

  app.post(
    `${API}/sms/chats/:id/send-sms`,
    route(SMS_ROLES, {
      summary:
        "Send an SMS through the company's provider; a provider's refusal is answered as the message with " +
        "delivery_status 'failed' and its error",
      params: idParamsSchema,
      body: smsSendSchema,
      response: { 200: smsMessageSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => sms.send(companyCallerOf(request), request.params.id, request.body),
  );

  app.put(
    `${API}/sms/chats/:id/update`,
    route(SMS_ROLES, {
      summary: 'Rename the chat (null: the person or the number) or assign it to a colleague with SMS access',
      params: idParamsSchema,
      body: smsChatUpdateSchema,
      response: { 200: smsChatListItemSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => sms.update(companyCallerOf(request), request.params.id, request.body),
  );

  app.put(
    `${API}/sms/chats/:id/mark-read`,
    route(SMS_ROLES, {
      summary:
        'Mark the chat read for the caller (their other tabs get mark_as_read_sms; its notices are read)',
      params: idParamsSchema,
      response: { 200: smsMarkReadResponseSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => sms.markRead(companyCallerOf(request), request.params.id),
  );

  app.get(
    `${API}/sms/chats/:id/counterpart-link`,
    route(SMS_ROLES, {
      summary: "The phone page of the chat (local provider): a person plays the driver's or owner's phone",
      params: idParamsSchema,
      response: { 200: smsCounterpartLinkSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => sms.counterpartLink(companyCallerOf(request), request.params.id),
  );

  app.get(
    `${API}/sms/files/:id/download`,
    route(SMS_ROLES, {
      summary: 'Download a file of an SMS',
      params: idParamsSchema,
      response: errorResponses(400, 401, 403, 404),
    }),
    async (request, reply) => {
      const file = await sms.openFile(companyCallerOf(request).companyId, request.params.id);
      return reply
        .header('content-type', file.mimeType ?? 'application/octet-stream')
        .header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );

  done();
};
