import {
  EMAIL_MAILBOX_ROLES,
  employerListSchema,
  employerSearchQuerySchema,
  mailboxAuthUrlSchema,
  mailboxSchema,
  mailboxSettingsSchema,
} from '@app/domain/email/email.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { detailSchema, errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { MailboxService } from './mailbox.service';

export type MailboxRoutesOptions = { mailboxes: MailboxService; requireAuth: RequireAuth };

const API = '/backend/api/v2';
const TAGS = ['email'];

/**
 * The spec's mail integration calls: a user's own mailbox (SMTP and IMAP settings of any provider, or a
 * Google or Zoho sign-in with the company's client keys), and colleagues with a mailbox.
 */
export const mailboxRoutes: FastifyPluginCallbackZod<MailboxRoutesOptions> = (
  app,
  { mailboxes, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, TAGS);

  app.get(
    `${API}/email/mailbox`,
    route(EMAIL_MAILBOX_ROLES, {
      summary: "The caller's mailbox (never its password or tokens) and the company's inbound address",
      response: { 200: mailboxSchema, ...errorResponses(401, 403) },
    }),
    (request) => mailboxes.get(companyCallerOf(request)),
  );

  app.put(
    `${API}/email/mailbox`,
    route(EMAIL_MAILBOX_ROLES, {
      summary: 'Connect a mailbox with its SMTP (and IMAP) settings; kept only when the server accepts them',
      body: mailboxSettingsSchema,
      response: { 200: mailboxSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => mailboxes.connect(companyCallerOf(request), request.body),
  );

  app.get(
    `${API}/email/auth`,
    route(EMAIL_MAILBOX_ROLES, {
      summary: "Google sign-in address for the caller's mailbox (needs the company's Google client keys)",
      response: { 200: mailboxAuthUrlSchema, ...errorResponses(401, 403, 409) },
    }),
    (request) => mailboxes.authUrl(companyCallerOf(request), 'google'),
  );

  app.delete(
    `${API}/email/logout`,
    route(EMAIL_MAILBOX_ROLES, {
      summary: "Disconnect the caller's mailbox (SMTP settings or Google); its secret is deleted",
      response: { 200: detailSchema, ...errorResponses(401, 403) },
    }),
    (request) => mailboxes.logout(companyCallerOf(request), ['smtp_imap', 'google']),
  );

  app.get(
    `${API}/email/zoho/auth`,
    route(EMAIL_MAILBOX_ROLES, {
      summary: "Zoho sign-in address for the caller's mailbox (needs the company's Zoho client keys)",
      response: { 200: mailboxAuthUrlSchema, ...errorResponses(401, 403, 409) },
    }),
    (request) => mailboxes.authUrl(companyCallerOf(request), 'zoho'),
  );

  app.delete(
    `${API}/email/zoho/logout`,
    route(EMAIL_MAILBOX_ROLES, {
      summary: "Disconnect the caller's Zoho mailbox; its tokens are deleted",
      response: { 200: detailSchema, ...errorResponses(401, 403) },
    }),
    (request) => mailboxes.logout(companyCallerOf(request), ['zoho']),
  );

  app.get(
    `${API}/users/search/employers`,
    route(EMAIL_MAILBOX_ROLES, {
      summary: 'Colleagues of the company; in_gmail=true keeps those with an authorised e-mail or a mailbox',
      querystring: employerSearchQuerySchema,
      response: { 200: employerListSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => mailboxes.employers(companyCallerOf(request), request.query),
  );

  done();
};
