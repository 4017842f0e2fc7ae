import {
  EMAIL_MAILBOX_ROLES,
  employerListSchema,
  employerSearchQuerySchema,
  mailboxAuthUrlSchema,
  mailboxOauthCallbackSchema,
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

  app.post(
    `${API}/email/oauth/callback`,
    route(EMAIL_MAILBOX_ROLES, {
      summary:
        'Complete a Google or Zoho sign-in: the code and state the provider brought the browser back with',
      description:
        'The web posts them when /settings/profile/ opens with `code` and `state`. The state must be the ' +
        "caller's own, of the provider, and at most 15 minutes old (else email_oauth_state_invalid and " +
        "nothing changes). The code is exchanged at the provider's token endpoint with the company's " +
        "client keys; the mailbox's address comes from Google's ID token (its verified e-mail) or Zoho " +
        "Mail's accounts API (the primary address). The mailbox is kept (SMTP and IMAP with XOAUTH2) with " +
        "its tokens sealed, replacing the caller's mailbox before; the answer never holds a token. A code " +
        'the provider refuses, or a provider not reached, answers email_oauth_failed.',
      body: mailboxOauthCallbackSchema,
      response: { 200: mailboxSchema, ...errorResponses(400, 401, 403, 409) },
    }),
    (request) => mailboxes.completeSignIn(companyCallerOf(request), request.body),
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
