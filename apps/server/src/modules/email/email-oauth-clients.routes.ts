import {
  EMAIL_OAUTH_CLIENT_ROLES,
  emailOauthClientListSchema,
  emailOauthClientSchema,
  emailOauthClientUpdateSchema,
  emailOauthProviderParamsSchema,
} from '@app/domain/email/email-oauth-clients.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { MailboxService } from './mailbox.service';

export type EmailOauthClientRoutesOptions = { mailboxes: MailboxService; requireAuth: RequireAuth };

const API = '/backend/api/v2';

/**
 * The company's Google and Zoho client keys, for admins and managers (the company settings page's "Mail
 * sign-in" section): the users' mailbox sign-in (GET email/auth, email/zoho/auth) needs them. The client
 * secret is written, never read back.
 */
export const emailOauthClientRoutes: FastifyPluginCallbackZod<EmailOauthClientRoutesOptions> = (
  app,
  { mailboxes, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, ['email', 'company']);

  app.get(
    `${API}/email/oauth-clients`,
    route(EMAIL_OAUTH_CLIENT_ROLES, {
      summary: "The company's Google and Zoho client keys for the mailbox sign-in (never the secrets)",
      description:
        'One entry per provider, Google then Zoho: the client ID (null without keys), whether a client ' +
        'secret is stored, the redirect URI to register at the provider (`<PUBLIC_URL>/settings/profile/`; ' +
        'null while the server has no PUBLIC_URL, without which the sign-ins cannot come back) and how many ' +
        'mailboxes of the company are signed in with the provider.',
      response: { 200: emailOauthClientListSchema, ...errorResponses(401, 403) },
    }),
    (request) => mailboxes.oauthClients(companyCallerOf(request)),
  );

  app.put(
    `${API}/email/oauth-clients/:provider`,
    route(EMAIL_OAUTH_CLIENT_ROLES, {
      summary: "Save the company's client keys of a provider; client_secret left out keeps the stored one",
      description:
        'client_id is required (at most 255 characters, no spaces); client_secret is write-only: left out, ' +
        'null or blank keeps the stored secret, and with none stored the save is refused with ' +
        'email_oauth_client_secret_required (fields.client_secret). The secret is stored sealed.',
      params: emailOauthProviderParamsSchema,
      body: emailOauthClientUpdateSchema,
      response: { 200: emailOauthClientSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => mailboxes.saveOauthClient(companyCallerOf(request), request.params.provider, request.body),
  );

  app.delete(
    `${API}/email/oauth-clients/:provider`,
    route(EMAIL_OAUTH_CLIENT_ROLES, {
      summary: "Remove the company's client keys of a provider; its users can no longer sign in with it",
      description:
        'Mailboxes signed in with the provider are signed out when their sign-in is next renewed. ' +
        'Answers the provider entry without keys; removing keys that are not there answers the same.',
      params: emailOauthProviderParamsSchema,
      response: { 200: emailOauthClientSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => mailboxes.removeOauthClient(companyCallerOf(request), request.params.provider),
  );

  done();
};
