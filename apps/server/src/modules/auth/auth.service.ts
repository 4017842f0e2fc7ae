import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  type ChangePasswordRequest,
  type LoginRequest,
  type LoginResponse,
  type RefreshResponse,
  type RegistrationRequest,
} from '@app/domain/auth/auth.schema';
import type { Db } from '../../db/types';
import { NON_FIELD_ERRORS, refuse, unauthorized } from '../../http/errors';
import type { UsersService } from '../users/users.service';
import * as repository from './auth.repository';
import type { Caller } from './caller';
import { hashPassword, verifyPassword } from './passwords';
import { reserveSignInAttempt, type SignInLimits } from './sign-in-limits';
import type { TokenSigner } from './tokens';

const EMAIL_TAKEN = 'A user with that e-mail already exists.';

export type AuthSettings = SignInLimits & {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** How long after a rotation the rotated refresh token still answers with its successor (see refresh). */
  refreshReuseGraceSeconds: number;
  /**
   * How long a server process remembers a signed-in user's company, role and status between requests
   * (require-auth.ts); 0 reads them on every request.
   */
  sessionUserMemoryMs: number;
};

export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  accessTokenTtlSeconds: 15 * 60,
  refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
  refreshReuseGraceSeconds: 10,
  maxFailedLogins: 10,
  maxFailedLoginsPerAddress: 20,
  failedLoginWindowSeconds: 15 * 60,
  sessionUserMemoryMs: 2_000,
};

export type AuthService = ReturnType<typeof createAuthService>;

type TokenPair = {
  access: string;
  accessExpiresAt: Date;
  refresh: string;
  refreshExpiresAt: Date;
};

type RefreshOutcome =
  | { kind: 'issued'; pair: TokenPair }
  | { kind: 'rejected'; reason: string }
  | { kind: 'reused'; familyId: string };

export function createAuthService(deps: {
  db: Db;
  tokens: TokenSigner;
  users: UsersService;
  settings: AuthSettings;
  now: () => Date;
  /** Told which sign-ins have just ended, after the revocation commits (their access tokens stop working). */
  endSessions?: (familyIds: readonly string[]) => void;
}) {
  const { db, tokens, users, settings, now } = deps;
  const endSessions = deps.endSessions ?? (() => {});

  /** Starts a new refresh-token family for a sign-in and returns its first pair. */
  async function startSession(userId: number): Promise<TokenPair> {
    const createdAt = now();
    const familyId = randomUUID();
    const tokenId = randomUUID();
    const expiresAt = wholeSeconds(new Date(createdAt.getTime() + settings.refreshTokenTtlSeconds * 1000));
    await repository.insertRefreshToken(db, {
      id: tokenId,
      family_id: familyId,
      user_id: userId,
      created_at: createdAt,
      expires_at: expiresAt,
    });
    const access = await tokens.signAccess({ userId, familyId }, createdAt);
    const refresh = await tokens.signRefresh({ tokenId, familyId, userId }, createdAt, expiresAt);
    return { access: access.token, accessExpiresAt: access.expiresAt, refresh, refreshExpiresAt: expiresAt };
  }

  async function signInAnswer(userId: number): Promise<LoginResponse> {
    const pair = await startSession(userId);
    return {
      access_token: pair.access,
      refresh_token: pair.refresh,
      access_token_expiration: pair.accessExpiresAt.toISOString(),
      refresh_token_expiration: pair.refreshExpiresAt.toISOString(),
      user: await users.currentUser(userId),
    };
  }

  return {
    /**
     * Signs in with e-mail and password, within the limits on failed sign-ins (sign-in-limits.ts): the
     * attempt is recorded as failed first and marked as succeeded once the password checks out.
     */
    async login(input: LoginRequest, ip: string | null): Promise<LoginResponse> {
      const attemptId = await reserveSignInAttempt(db, settings, input.email, ip, now());
      const candidate = await repository.findLoginCandidate(db, input.email);
      const passwordMatches = await verifyPassword(candidate?.password_hash, input.password);
      if (!candidate || !passwordMatches || candidate.status === 'Fired') {
        throw refuse('invalid_credentials', AUTH_MESSAGES.invalidCredentials, {
          [NON_FIELD_ERRORS]: [AUTH_MESSAGES.invalidCredentials],
        });
      }
      await repository.markLoginAttemptSucceeded(db, attemptId);
      return signInAnswer(candidate.id);
    },

    /** Creates an account with no role and no company, and signs it in. */
    async register(input: RegistrationRequest): Promise<LoginResponse> {
      const emailTaken = () => refuse('email_taken', EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
      if (await repository.emailIsTaken(db, input.email)) throw emailTaken();
      const passwordHash = await hashPassword(input.password1);
      let userId: number;
      try {
        userId = await repository.insertRegisteredUser(db, {
          email: input.email,
          password_hash: passwordHash,
          first_name: input.first_name,
          last_name: input.last_name,
        });
      } catch (error) {
        // Two registrations of one e-mail at once: the unique index lets one through.
        if ((error as { code?: unknown }).code === '23505') throw emailTaken();
        throw error;
      }
      return signInAnswer(userId);
    },

    /*
     * REFRESH-TOKEN ROTATION POLICY
     *
     * Every sign-in starts a family of refresh tokens. Each refresh consumes the presented token and
     * issues its successor in the same family (rotation): the old row gets rotated_at and replaced_by.
     *
     * Presenting a token that was already rotated means that two parties hold the same token (a thief
     * and the user), so the whole family is revoked and every later refresh of the family gets 401;
     * the user signs in again. One exception keeps honest browsers working: two tabs that refresh at the
     * same moment both present the same token. If the presented token was rotated less than
     * `refreshReuseGraceSeconds` (10 s) ago and its successor is still the family's newest token (not
     * rotated, not revoked, not expired), the answer is that same successor refresh token with a fresh
     * access token, so both tabs end up holding the same, valid pair.
     *
     * An expired or revoked token gets 401. The presented row is locked (SELECT ... FOR UPDATE) inside
     * the transaction, so concurrent refreshes of one token are decided one after the other.
     */
    async refresh(refreshToken: string): Promise<RefreshResponse> {
      const claims = await tokens.verifyRefresh(refreshToken);
      const at = now();
      const outcome = await db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
        const row = await repository.findRefreshTokenForUpdate(trx, claims.tokenId);
        if (!row || row.family_id !== claims.familyId || row.user_id !== claims.userId) {
          return { kind: 'rejected', reason: 'The refresh token is not valid.' };
        }
        if (row.revoked_at !== null)
          return { kind: 'rejected', reason: 'The refresh token has been revoked.' };
        if (row.expires_at.getTime() <= at.getTime()) {
          return { kind: 'rejected', reason: 'The refresh token has expired.' };
        }
        const user = await repository.findSessionUser(trx, row.user_id);
        if (!user || user.status === 'Fired') return { kind: 'rejected', reason: 'The user is not active.' };

        if (row.rotated_at === null) {
          const successorId = randomUUID();
          const expiresAt = wholeSeconds(new Date(at.getTime() + settings.refreshTokenTtlSeconds * 1000));
          await repository.insertRefreshToken(trx, {
            id: successorId,
            family_id: row.family_id,
            user_id: row.user_id,
            created_at: at,
            expires_at: expiresAt,
          });
          await repository.markRefreshTokenRotated(trx, row.id, successorId, at);
          const refresh = await tokens.signRefresh(
            { tokenId: successorId, familyId: row.family_id, userId: row.user_id },
            at,
            expiresAt,
          );
          const access = await tokens.signAccess({ userId: row.user_id, familyId: row.family_id }, at);
          return {
            kind: 'issued',
            pair: {
              access: access.token,
              accessExpiresAt: access.expiresAt,
              refresh,
              refreshExpiresAt: expiresAt,
            },
          };
        }

        const withinGrace =
          at.getTime() - row.rotated_at.getTime() < settings.refreshReuseGraceSeconds * 1000;
        const successor =
          withinGrace && row.replaced_by !== null
            ? await repository.findRefreshTokenForUpdate(trx, row.replaced_by)
            : undefined;
        if (
          successor &&
          successor.rotated_at === null &&
          successor.revoked_at === null &&
          successor.expires_at.getTime() > at.getTime()
        ) {
          const refresh = await tokens.signRefresh(
            { tokenId: successor.id, familyId: successor.family_id, userId: successor.user_id },
            successor.created_at,
            successor.expires_at,
          );
          const access = await tokens.signAccess({ userId: row.user_id, familyId: row.family_id }, at);
          return {
            kind: 'issued',
            pair: {
              access: access.token,
              accessExpiresAt: access.expiresAt,
              refresh,
              refreshExpiresAt: successor.expires_at,
            },
          };
        }

        await repository.revokeRefreshFamily(trx, row.family_id, at);
        return { kind: 'reused', familyId: row.family_id };
      });

      // Thrown only after the commit, so that the revocation of a reused family is kept.
      if (outcome.kind === 'rejected') throw unauthorized(outcome.reason);
      if (outcome.kind === 'reused') {
        endSessions([outcome.familyId]);
        throw unauthorized('The refresh token was already used; this session has ended. Sign in again.');
      }
      return {
        access: outcome.pair.access,
        access_token_expiration: outcome.pair.accessExpiresAt.toISOString(),
        refresh: outcome.pair.refresh,
        refresh_token_expiration: outcome.pair.refreshExpiresAt.toISOString(),
      };
    },

    /**
     * Ends a sign-in: revokes the family of the refresh token given and of the bearer's session. Invalid
     * or missing tokens are ignored, so logging out twice is harmless.
     */
    async logout(refreshToken: string | undefined, caller: Caller | null): Promise<void> {
      const at = now();
      const families = new Set<string>();
      if (caller) families.add(caller.familyId);
      if (refreshToken) {
        const claims = await tokens.verifyRefresh(refreshToken).catch(() => undefined);
        if (claims) families.add(claims.familyId);
      }
      for (const familyId of families) await repository.revokeRefreshFamily(db, familyId, at);
      endSessions([...families]);
    },

    /** Changes the caller's password and ends their other sign-ins. */
    async changePassword(caller: Caller, input: ChangePasswordRequest): Promise<void> {
      const storedHash = await repository.findPasswordHash(db, caller.userId);
      if (!(await verifyPassword(storedHash, input.old_password)))
        throw refuse('wrong_password', 'Wrong password', { old_password: ['Wrong password'] });
      const passwordHash = await hashPassword(input.new_password1);
      const at = now();
      const ended = await db.transaction().execute(async (trx) => {
        await repository.updatePasswordHash(trx, caller.userId, passwordHash, at);
        return repository.revokeOtherRefreshFamilies(trx, caller.userId, caller.familyId, at);
      });
      endSessions(ended);
    },

    // ---- what the users module asks of sign-ins, inside its open transaction (`trx`) or not (`db`)

    /**
     * Revokes every sign-in of a dismissed user in the caller's transaction and answers their families: the
     * caller ends them (`endSessions`: access tokens refused, sockets closed) once the transaction commits,
     * so a dismissal that rolls back ends nobody's session.
     */
    revokeAllSessionsOf: (trx: Db, userId: number, at: Date) =>
      repository.revokeAllRefreshFamilies(trx, userId, at),

    /** Refuses the access tokens of these ended sign-ins and closes their sockets on this server. */
    endSessions,

    /** When each of these users last signed in (their newest sign-in's start); absent when never. */
    lastSignIns: (userIds: readonly number[]) => repository.findLastSignIns(db, userIds),
  };
}

/** JWT times are whole seconds; stored expiries match them so the token and its row agree. */
function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}
