import {
  CHAT_ACTION_ROLES,
  chatCreateSchema,
  chatListQuerySchema,
  chatListResponseSchema,
  chatMessageSchema,
  chatMessagesQuerySchema,
  chatOpenResponseSchema,
  chatReadResponseSchema,
  chatResponseSchema,
  chatSendMessageSchema,
  chatUploadResponseSchema,
} from '@app/domain/chats/chats.schema';
import { idParamsSchema } from '@app/domain/common/ids';
import type { RoleId } from '@app/domain/common/lookups';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, refuse } from '../../http/errors';
import { IDEMPOTENT_REPLAYED_HEADER, idempotencyKeyOf } from '../../http/idempotency';
import { isUploadedFile, readMultipartForm, type UploadedFile } from '../../http/multipart';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import { MAX_LOAD_FILE_BYTES, LOAD_FILE_MESSAGES } from '@app/domain/loads/load-lifecycle.rules';
import { LOAD_CHAT_ROLES } from './chat-access';
import { CHATS_API as API } from './chat-view';
import { CHAT_FILE_FIELD } from './chats.writes';
import type { ChatsService } from './chats.service';

export type ChatsRoutesOptions = { chats: ChatsService; requireAuth: RequireAuth };

const TAGS = ['chats'];

// Loose: the other headers of the request stay as they are.
const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .meta({ description: 'Retrying with the same key within 24 hours answers the first message' }),
});

const fileUploadSchema = z
  .custom<UploadedFile>(isUploadedFile, { error: 'Choose a file to upload.' })
  .meta({ type: 'string', format: 'binary', description: 'At most 25,000,000 bytes; no executables' });

/** Who opens a load's chat from its card: the group chat roles that see the load lists. */
const OPEN_LOAD_CHAT_ROLES: readonly RoleId[] = CHAT_ACTION_ROLES.read.filter((role) =>
  LOAD_CHAT_ROLES.includes(role),
);

/** Reads a multipart upload into the body before validation (413 with the domain's text beyond the limit). */
async function readChatFileForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  let form;
  try {
    form = await readMultipartForm(request, MAX_LOAD_FILE_BYTES);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 413) {
      throw refuse('file_too_large', LOAD_FILE_MESSAGES.tooLarge, {
        [CHAT_FILE_FIELD]: [LOAD_FILE_MESSAGES.tooLarge],
      });
    }
    throw error;
  }
  const body: Record<string, unknown> = { ...form.fields };
  if (form.files[CHAT_FILE_FIELD]) body[CHAT_FILE_FIELD] = form.files[CHAT_FILE_FIELD];
  (request as { body: unknown }).body = body;
}

/** An attachment's name in Content-Disposition (RFC 6266, any characters). */
function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Group and notes chats (the spec's users/current/chats calls), and the product's own: a team's chat made
 * by an admin or a manager, a load's chat opened from its card, a message's file downloaded.
 */
export const chatsRoutes: FastifyPluginCallbackZod<ChatsRoutesOptions> = (
  app,
  { chats, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, TAGS);

  app.get(
    API,
    route(CHAT_ACTION_ROLES.list, {
      summary: "The caller's chats, most recently active first (every chat of the company for managers)",
      querystring: chatListQuerySchema,
      response: { 200: chatListResponseSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => chats.list(companyCallerOf(request), request.query),
  );

  app.put(
    `${API}/upload-file`,
    {
      onRequest: requireAuth(CHAT_ACTION_ROLES.upload),
      preValidation: readChatFileForm,
      schema: {
        tags: TAGS,
        summary: 'Upload a file to send with a message (multipart: file); answers its id for files_id',
        consumes: ['multipart/form-data'],
        body: z.object({ [CHAT_FILE_FIELD]: fileUploadSchema }),
        response: { 200: chatUploadResponseSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    (request) => chats.upload(companyCallerOf(request), request.body.file),
  );

  app.post(
    `${API}/create`,
    route(CHAT_ACTION_ROLES.create, {
      summary: 'Make a chat for a team: its lead, its members and the maker (admins and managers)',
      body: chatCreateSchema,
      response: { 200: chatOpenResponseSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => chats.createTeamChat(companyCallerOf(request), request.body),
  );

  app.post(
    `${API}/load/:id`,
    route(OPEN_LOAD_CHAT_ROLES, {
      summary: "A load's group chat, made with its notes chat when the load has none yet: its id",
      params: idParamsSchema,
      response: { 200: chatOpenResponseSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => chats.openLoadChat(companyCallerOf(request), request.params.id),
  );

  app.get(
    `${API}/files/:id/download`,
    route(CHAT_ACTION_ROLES.read, {
      summary: 'Download a file of a message of a chat the caller may open',
      params: idParamsSchema,
      response: errorResponses(400, 401, 403, 404),
    }),
    async (request, reply: FastifyReply) => {
      const file = await chats.file(companyCallerOf(request), request.params.id);
      return reply
        .header('content-type', file.mime ?? 'application/octet-stream')
        .header('content-disposition', attachmentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );

  app.get(
    `${API}/:id`,
    route(CHAT_ACTION_ROLES.read, {
      summary: 'A page of 25 messages of a chat (page 1 the newest, newest last); ?dir=notes for its notes',
      params: idParamsSchema,
      querystring: chatMessagesQuerySchema,
      response: { 200: chatResponseSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) =>
      chats.view(companyCallerOf(request), request.params.id, {
        page: request.query.page,
        notes: request.query.dir === 'notes',
      }),
  );

  for (const [path, notes] of [
    ['send-message', false],
    ['send-note-message', true],
  ] as const) {
    app.post(
      `${API}/:id/${path}`,
      route(CHAT_ACTION_ROLES.send, {
        summary: notes
          ? "Write a note in a load chat's notes {content, files_id}; honours Idempotency-Key"
          : 'Write a message in a chat {content, files_id}; the sender joins it; honours Idempotency-Key',
        params: idParamsSchema,
        headers: idempotencyHeaders,
        body: chatSendMessageSchema,
        response: { 200: chatMessageSchema, ...errorResponses(400, 401, 403, 404, 422) },
      }),
      async (request, reply) => {
        const { result, replayed } = await chats.send(
          companyCallerOf(request),
          request.params.id,
          request.body,
          {
            notes,
            idempotencyKey: idempotencyKeyOf(request),
          },
        );
        if (replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return result;
      },
    );
  }

  for (const [path, notes] of [
    ['mark-read', false],
    ['mark-read-note-chat', true],
  ] as const) {
    app.put(
      `${API}/:id/${path}`,
      route(CHAT_ACTION_ROLES.markRead, {
        summary: notes ? "Mark a load chat's notes read" : 'Mark a chat read',
        params: idParamsSchema,
        response: { 200: chatReadResponseSchema, ...errorResponses(400, 401, 403, 404) },
      }),
      (request) => chats.markRead(companyCallerOf(request), request.params.id, notes),
    );
  }

  done();
};
