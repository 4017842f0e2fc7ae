import { createHash, randomBytes } from 'node:crypto';
import {
  DRIVER_BID_MESSAGES as M,
  INVITATION_VALID_DAYS,
  INVITED_USER_ROLE,
} from '@app/domain/bids/driver-bids.rules';
import type {
  InvitationAccept,
  InvitationCreate,
  InvitationInfo,
  InvitationSent,
} from '@app/domain/bids/driver-bids.schema';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog } from '../../db/unit-of-work';
import type { Mailer, SmtpSettings } from '../../integrations/mail/mailer';
import { notFound, refuse } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import { unitsEvents } from '../../realtime/events';
import type { CompanyCaller } from '../auth/caller';
import { hashPassword } from '../auth/passwords';
import { invitationMail } from './invitations.mail';
import * as repository from './invitations.repository';

// Invitations of drivers and owners to the driver page. A dispatcher, manager, admin or HR sends one from
// the driver's or owner's card; the e-mail carries /driver/invite/{token}. Only the SHA-256 of the token
// is stored; a link works once, for 7 days, and a newer invitation of the same person ends the older ones.
// Accepting it makes the user: role 10 (driver) for a driver and for an owner alike (the driver page is one
// page; an owner is told apart by owners.user_id), linked through drivers.user_id or owners.user_id. The
// person then signs in the normal way.

export type InvitationsService = ReturnType<typeof createInvitationsService>;

export type InvitationsDeps = {
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  /** The address the links start with (PUBLIC_URL); the request's own origin when not configured. */
  publicUrl?: string | undefined;
  now?: () => Date;
  log?: ErrorLog;
};

const DAY_MS = 24 * 3600_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function smtpOf(
  company: NonNullable<Awaited<ReturnType<typeof repository.findCompanyMail>>>,
): SmtpSettings | null {
  if (!company.smtp_host || !company.smtp_port || !company.smtp_from) return null;
  return {
    host: company.smtp_host,
    port: company.smtp_port,
    secure: company.smtp_secure,
    user: company.smtp_user,
    password: company.smtp_password,
    from: company.smtp_from,
  };
}

/** Why an invitation cannot be used now, as a refusal; null while it can. */
function unusable(invitation: repository.InvitationRow, at: Date) {
  if (invitation.used_at !== null) return refuse('invitation_used', M.invitationUsed);
  if (invitation.revoked_at !== null || invitation.expires_at.getTime() <= at.getTime()) {
    return refuse('invitation_expired', M.invitationExpired);
  }
  if (invitation.person_user_id !== null) return refuse('invitation_has_sign_in', M.invitationHasSignIn);
  return null;
}

export function createInvitationsService(deps: InvitationsDeps) {
  const { db, mailer, now = () => new Date() } = deps;
  const unit = createUnitOfWork(deps);

  return {
    /** POST users/drivers/{id}/invite, users/owners/{id}/invite. */
    async invite(
      caller: CompanyCaller,
      kind: repository.InviteeKind,
      personId: number,
      body: InvitationCreate,
      requestOrigin: string,
    ): Promise<InvitationSent> {
      const at = now();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(at.getTime() + INVITATION_VALID_DAYS * DAY_MS);
      const invited = await unit.run(async (trx) => {
        const person = await repository.lockInvitee(trx, caller.companyId, kind, personId);
        if (!person) throw notFound();
        if (person.user_id !== null) throw refuse('invitation_has_sign_in', M.invitationHasSignIn);
        const email = body.email ?? person.email?.trim().toLowerCase() ?? null;
        if (!email) {
          throw refuse('invitation_email_missing', M.invitationEmailMissing, {
            email: [M.invitationEmailMissing],
          });
        }
        if (await repository.emailTaken(trx, email)) {
          throw refuse('invitation_email_taken', M.invitationEmailTaken, { email: [M.invitationEmailTaken] });
        }
        await repository.revokeOpenInvitations(trx, caller.companyId, kind, personId, at);
        const id = await repository.insertInvitation(trx, {
          company_id: caller.companyId,
          kind,
          person_id: personId,
          email,
          token_hash: hashToken(token),
          invited_by: caller.userId,
          expires_at: expiresAt,
          created_at: at,
        });
        return { id, email, firstName: person.first_name };
      });

      // Sent after the commit: the network is no part of the transaction, and a refused message leaves a
      // working link that the answer carries for the dispatcher to pass on.
      const company = await repository.findCompanyMail(db, caller.companyId);
      const link = `${(deps.publicUrl ?? requestOrigin).replace(/\/+$/, '')}/driver/invite/${token}`;
      const outcome = await mailer.send(
        company ? smtpOf(company) : null,
        invitationMail({
          to: invited.email,
          firstName: invited.firstName,
          companyName: company?.name ?? '',
          link,
          expiresAt,
        }),
      );
      if (outcome.delivery === 'failed') {
        deps.log?.error({ invitationId: invited.id, error: outcome.error }, 'invitation e-mail refused');
      }
      return {
        id: invited.id,
        email: invited.email,
        expires_at: expiresAt.toISOString(),
        delivery: outcome.delivery,
        link: outcome.delivery === 'sent' ? null : link,
      };
    },

    /** GET invitations/check: whom the link invites; 404 for an unknown token, 409 for a used or old one. */
    async check(token: string): Promise<InvitationInfo> {
      const invitation = await repository.findInvitation(db, hashToken(token));
      if (!invitation) throw notFound();
      const refusal = unusable(invitation, now());
      if (refusal) throw refusal;
      return {
        email: invitation.email,
        first_name: invitation.first_name ?? '',
        last_name: invitation.last_name ?? '',
        company_name: invitation.company_name,
        kind: invitation.driver_id !== null ? 'driver' : 'owner',
        expires_at: invitation.expires_at.toISOString(),
      };
    },

    /** POST invitations/accept: makes the user with the password chosen, once. */
    async accept(body: InvitationAccept): Promise<{ email: string }> {
      const at = now();
      const passwordHash = await hashPassword(body.password);
      return unit.run(async (trx, outbox) => {
        const invitation = await repository.lockInvitation(trx, hashToken(body.token));
        if (!invitation) throw notFound();
        const refusal = unusable(invitation, at);
        if (refusal) throw refusal;
        if (await repository.emailTaken(trx, invitation.email)) {
          throw refuse('invitation_email_taken', M.invitationEmailTaken);
        }
        const kind = invitation.driver_id !== null ? 'driver' : 'owner';
        const personId = (invitation.driver_id ?? invitation.owner_id)!;
        const userId = await repository.insertUser(trx, {
          company_id: invitation.company_id,
          email: invitation.email,
          password_hash: passwordHash,
          first_name: invitation.first_name ?? '',
          last_name: invitation.last_name ?? '',
          role: INVITED_USER_ROLE,
        });
        await repository.linkPerson(trx, invitation.company_id, kind, personId, userId, at);
        await repository.markUsed(trx, invitation.id, userId, at);
        outbox.push(...unitsEvents(kind, invitation.company_id, [personId]));
        return { email: invitation.email };
      });
    },
  };
}
