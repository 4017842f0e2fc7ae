import { INVITATION_ROLES } from '@app/domain/bids/driver-bids.rules';
import {
  invitationAcceptedSchema,
  invitationAcceptSchema,
  invitationCheckQuerySchema,
  invitationCreateSchema,
  invitationInfoSchema,
  invitationSentSchema,
} from '@app/domain/bids/driver-bids.schema';
import { idParamsSchema } from '@app/domain/common/ids';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { InvitationsService } from './invitations.service';

export type InvitationsRoutesOptions = { invitations: InvitationsService; requireAuth: RequireAuth };

const API = '/backend/api/v2';
const TAGS = ['invitations'];
/** The link's page asks with a token of 32 random bytes: guessing is hopeless, a flood is still cut short. */
const PUBLIC_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

/**
 * Invitations of drivers and owners to the driver page (our design; the spec has none):
 * - POST users/drivers/{id}/invite and users/owners/{id}/invite {email?} (admins, managers, dispatchers,
 *   HR): e-mails the person a link /driver/invite/{token} through the company's SMTP settings, to `email`
 *   or the person's own. Answers { id, email, expires_at, delivery, link }: delivery 'sent', 'kept' (no
 *   SMTP settings) or 'failed'; unless sent, `link` for the dispatcher to pass on. A person who already
 *   signs in answers 409 invitation_has_sign_in; an e-mail of an existing user 409 invitation_email_taken.
 * - GET invitations/check?token= (anyone): whom the link invites; 404 unknown, 409 invitation_used or
 *   invitation_expired (7 days, or a newer invitation sent).
 * - POST invitations/accept {token, password} (anyone): makes the user (role 10, linked through
 *   drivers.user_id or owners.user_id) and answers { email }; they sign in the normal way.
 */
export const invitationsRoutes: FastifyPluginCallbackZod<InvitationsRoutesOptions> = (
  app,
  { invitations, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, TAGS);

  for (const kind of ['driver', 'owner'] as const) {
    app.post(
      `${API}/users/${kind}s/:id/invite`,
      route(INVITATION_ROLES, {
        summary: `E-mail the ${kind} an invitation to the driver page`,
        params: idParamsSchema,
        body: invitationCreateSchema,
        response: { 200: invitationSentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      }),
      (request) =>
        invitations.invite(
          companyCallerOf(request),
          kind,
          request.params.id,
          request.body,
          `${request.protocol}://${request.host}`,
        ),
    );
  }

  app.get(
    `${API}/invitations/check`,
    {
      config: { rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Whom an invitation link invites',
        querystring: invitationCheckQuerySchema,
        response: { 200: invitationInfoSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    (request) => invitations.check(request.query.token),
  );

  app.post(
    `${API}/invitations/accept`,
    {
      config: { rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Choose a password with an invitation link: makes the sign-in of the driver or owner',
        body: invitationAcceptSchema,
        response: { 200: invitationAcceptedSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    (request) => invitations.accept(request.body),
  );

  done();
};
