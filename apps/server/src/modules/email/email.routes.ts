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
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import { attachmentsSchema, readEmailForm } from './email-form';
import type { EmailService } from './email.service';

export type EmailRoutesOptions = { email: EmailService; requireAuth: RequireAuth };

const API = '/backend/api/v2/email';
const TAGS = ['email'];

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
        'Send a reply in the thread (form data: references, in_reply_to, msg_html, msg_plain, to_emails, attachments)',
      params: idParamsSchema,
      body: emailSendFieldsSchema.extend({ attachments: attachmentsSchema }),
      response: { 200: emailSentSchema, ...errorResponses(400, 401, 403, 404, 413) },
    }),
    (request) => {
      const { attachments, ...fields } = request.body;
      return email.send(companyCallerOf(request), request.params.id, fields, attachments);
    },
  );

  app.post(
    `${API}/chats/create`,
    route(EMAIL_CHAT_ROLES, {
      summary: 'Start a thread about a bid, a load or accounting with its first message',
      body: emailChatCreateSchema,
      response: { 200: emailSentSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => email.create(companyCallerOf(request), request.body),
  );

  app.post(
    `${API}/widget/send-message`,
    multipart({
      summary:
        'Send from the compose widget: a reply in a thread (chat) or a new message (type with bid or load)',
      body: emailWidgetFieldsSchema.extend({ attachments: attachmentsSchema }),
      response: { 200: emailSentSchema, ...errorResponses(400, 401, 403, 404, 413) },
    }),
    (request) => {
      const { attachments, ...fields } = request.body;
      return email.widgetSend(companyCallerOf(request), fields, attachments);
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
    `${API}/find-email-chats`,
    route(EMAIL_CHAT_ROLES, {
      summary: 'Threads whose subject holds the text, 10 a page, newest first',
      querystring: emailChatSearchQuerySchema,
      response: { 200: emailChatListSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => email.search(companyCallerOf(request), request.query),
  );

  done();
};
