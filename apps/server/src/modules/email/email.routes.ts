import { idParamsSchema } from '@app/domain/common/ids';
import {
  EMAIL_CHAT_ROLES,
  emailChatCreateSchema,
  emailChatDetailSchema,
  emailChatListSchema,
  emailChatQuerySchema,
  emailChatSearchQuerySchema,
  emailMarkReadSchema,
  emailSendFieldsSchema,
  emailSentSchema,
  emailWidgetFieldsSchema,
} from '@app/domain/email/email.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENT_REPLAYED_HEADER, idempotencyKeyOf } from '../../http/idempotency';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import { attachmentsSchema, readEmailForm } from './email-form';
import type { EmailService } from './email.service';

export type EmailRoutesOptions = { email: EmailService; requireAuth: RequireAuth };

const API = '/backend/api/v2/email';
const TAGS = ['email'];

// Loose: the other headers of the request stay as they are.
const idempotencyHeaders = z.looseObject({
  'idempotency-key': z.string().optional().meta({
    description: 'Retrying with the same key within 24 hours answers the first send, sending nothing',
  }),
});

/** An attachment's name in Content-Disposition (RFC 6266, any characters). */
function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * E-mail threads with brokers (the spec's e-mail calls). A send answers the message as kept and its
 * thread, whatever became of it (`delivery`: sent, kept without an SMTP server, failed).
 */
export const emailRoutes: FastifyPluginCallbackZod<EmailRoutesOptions> = (
  app,
  { email, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, TAGS);
  const multipart = <const Schema extends Parameters<typeof route>[1]>(schema: Schema) => ({
    ...route(EMAIL_CHAT_ROLES, { consumes: ['multipart/form-data', 'application/json'], ...schema }),
    preValidation: readEmailForm,
  });

  app.get(
    `${API}/chats/:id`,
    route(EMAIL_CHAT_ROLES, {
      summary: 'An e-mail thread and a page of its messages, oldest first',
      params: idParamsSchema,
      querystring: emailChatQuerySchema,
      response: { 200: emailChatDetailSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => email.chat(companyCallerOf(request), request.params.id, request.query),
  );

  app.post(
    `${API}/chats/:id/send-message`,
    multipart({
      summary:
        'Send a reply in the thread (form data: references, in_reply_to, msg_html, msg_plain, to_emails, attachments); honours Idempotency-Key',
      params: idParamsSchema,
      headers: idempotencyHeaders,
      body: emailSendFieldsSchema.extend({ attachments: attachmentsSchema }),
      response: { 200: emailSentSchema, ...errorResponses(400, 401, 403, 404, 413, 422) },
    }),
    async (request, reply) => {
      const { attachments, ...fields } = request.body;
      const key = idempotencyKeyOf(request);
      const sent = await email.send(companyCallerOf(request), request.params.id, fields, attachments, key);
      if (sent.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return sent.result;
    },
  );

  app.post(
    `${API}/chats/create`,
    route(EMAIL_CHAT_ROLES, {
      summary:
        'Start a thread about a bid, a load or accounting with its first message; honours Idempotency-Key',
      headers: idempotencyHeaders,
      body: emailChatCreateSchema,
      response: { 200: emailSentSchema, ...errorResponses(400, 401, 403, 422) },
    }),
    async (request, reply) => {
      const sent = await email.create(companyCallerOf(request), request.body, idempotencyKeyOf(request));
      if (sent.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return sent.result;
    },
  );

  app.post(
    `${API}/widget/send-message`,
    multipart({
      summary:
        'Send from the compose widget: a reply in a thread (chat) or a new message (type with bid or load); honours Idempotency-Key',
      headers: idempotencyHeaders,
      body: emailWidgetFieldsSchema.extend({ attachments: attachmentsSchema }),
      response: { 200: emailSentSchema, ...errorResponses(400, 401, 403, 404, 413, 422) },
    }),
    async (request, reply) => {
      const { attachments, ...fields } = request.body;
      const key = idempotencyKeyOf(request);
      const sent = await email.widgetSend(companyCallerOf(request), fields, attachments, key);
      if (sent.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return sent.result;
    },
  );

  app.put(
    `${API}/chats/:id/mark-read`,
    route(EMAIL_CHAT_ROLES, {
      summary: "Mark the thread's incoming messages read",
      params: idParamsSchema,
      response: { 200: emailMarkReadSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    (request) => email.markRead(companyCallerOf(request), request.params.id),
  );

  app.get(
    `${API}/attachments/:id/download`,
    route(EMAIL_CHAT_ROLES, {
      summary: "Download a file of a message received or sent, to whoever sees the message's thread",
      params: idParamsSchema,
      response: errorResponses(400, 401, 403, 404),
    }),
    async (request, reply) => {
      const file = await email.attachment(companyCallerOf(request), request.params.id);
      return reply
        .header('content-type', file.contentType || 'application/octet-stream')
        .header('content-disposition', attachmentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );

  app.get(
    `${API}/find-email-chats`,
    route(EMAIL_CHAT_ROLES, {
      summary:
        "Threads whose subject, broker's address or message text holds the text, 10 a page, newest first",
      querystring: emailChatSearchQuerySchema,
      response: { 200: emailChatListSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => email.search(companyCallerOf(request), request.query),
  );

  done();
};
