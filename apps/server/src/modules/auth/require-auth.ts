import { isRoleId } from '@app/domain/common/lookups';
import type { FastifyRequest, FastifySchema } from 'fastify';
import { LRUCache } from 'lru-cache';
import { forbidden, unauthorized } from '../../http/errors';
import { findSessionState, isFamilyRevoked, type SessionUser } from './auth.repository';
import type { Db } from '../../db/types';
import { isAllowed, type Access, type Caller } from './caller';
import type { TokenSigner } from './tokens';

/** A route's onRequest hook: it runs before the body is read, so an anonymous upload is refused unread. */
export type AuthHook = (request: FastifyRequest) => Promise<void>;
export type RequireAuth = (access: Access) => AuthHook;

/** The bearer token of a request, or undefined when there is none. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** How many users' sign-in state a server process remembers at most (least recently used go first). */
const REMEMBERED_USERS = 10_000;

/** Checks the access tokens of requests and sockets, and knows who is signed in. */
export type Authenticator = {
  /** The caller of an access token, or a 401 (token_expired when it has expired). */
  authenticate(token: string): Promise<Caller>;
  /** Forgets what is remembered of a user: called when this server changes their company, role or status. */
  forgetUser(userId: number): void;
  /** Refuses the access tokens of sign-ins this server has just ended (logout, reuse, password change). */
  endSessions(familyIds: readonly string[]): void;
};

export const SESSION_ENDED_MESSAGE = 'This session has ended. Sign in again.';

/**
 * Every request's token is verified and its user's company, role and status read, so that a dismissed user
 * or a changed role takes effect on the next request rather than when the token expires; so is whether its
 * sign-in (the refresh-token family the access token carries) has ended, so that an access token stops
 * working with its session (logout, refresh-token reuse, a password change) rather than up to 15 minutes
 * later. Both are one indexed read, remembered for `rememberUserMs` (the auth settings'
 * sessionUserMemoryMs; 0 reads them every time): a page sends several requests at once and a dispatcher's
 * board polls, and reading the same rows for each cost about as much as a capacity search's answer. A
 * change made through this server takes effect at once (forgetUser, endSessions); one made elsewhere
 * (another server process, the database directly) within that time.
 */
export function createAuthenticator(db: Db, tokens: TokenSigner, rememberUserMs: number): Authenticator {
  const remembered =
    rememberUserMs > 0
      ? new LRUCache<number, SessionUser>({ max: REMEMBERED_USERS, ttl: rememberUserMs })
      : null;
  // Whether each sign-in has ended; an ended one stays ended, so it is kept until it is pushed out.
  const families =
    rememberUserMs > 0 ? new LRUCache<string, boolean>({ max: REMEMBERED_USERS, ttl: rememberUserMs }) : null;
  const endedHere = new LRUCache<string, true>({ max: REMEMBERED_USERS });

  async function sessionOf(userId: number, familyId: string) {
    if (endedHere.has(familyId)) return { user: undefined, familyRevoked: true };
    const knownUser = remembered?.get(userId);
    const knownRevoked = families?.get(familyId);
    if (knownUser && knownRevoked !== undefined) return { user: knownUser, familyRevoked: knownRevoked };
    if (knownUser) {
      const familyRevoked = await isFamilyRevoked(db, familyId);
      families?.set(familyId, familyRevoked);
      return { user: knownUser, familyRevoked };
    }
    const state = await findSessionState(db, userId, familyId);
    if (state.user) remembered?.set(userId, state.user);
    families?.set(familyId, state.familyRevoked);
    return state;
  }

  return {
    async authenticate(token) {
      const claims = await tokens.verifyAccess(token);
      const { user, familyRevoked } = await sessionOf(claims.userId, claims.familyId);
      if (familyRevoked) throw unauthorized(SESSION_ENDED_MESSAGE);
      if (!user || user.status === 'Fired') throw unauthorized('The user of this token is not active.');
      return {
        userId: user.id,
        companyId: user.company_id,
        role: isRoleId(user.role) ? user.role : null,
        isSuperuser: user.is_superuser,
        familyId: claims.familyId,
      };
    },
    forgetUser(userId) {
      remembered?.delete(userId);
    },
    endSessions(familyIds) {
      for (const familyId of familyIds) endedHere.set(familyId, true);
    },
  };
}

// Who each guarded route lets in, kept with its hook: the route guarantees test reads it from the route's
// onRequest hooks, so that every route declares its roles in one place, the call to requireAuth.
const accessOfHook = new WeakMap<AuthHook, Access>();

/**
 * The onRequest hook of a guarded route: a valid bearer access token of an active user (401 otherwise) whose
 * role the route allows (403 otherwise). It sets `request.caller`.
 */
export function createRequireAuth(authenticator: Authenticator): RequireAuth {
  return (access) => {
    const hook: AuthHook = async (request) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      const caller = await authenticator.authenticate(token);
      if (!isAllowed(caller, access)) throw forbidden();
      request.caller = caller;
    };
    accessOfHook.set(hook, access);
    return hook;
  };
}

/** Who a route lets in, read from its onRequest hooks (one or a list); undefined when none is requireAuth's. */
export function routeAccess(onRequest: unknown): Access | undefined {
  const hooks: unknown[] = Array.isArray(onRequest) ? onRequest : [onRequest];
  for (const hook of hooks) {
    const access = typeof hook === 'function' ? accessOfHook.get(hook as AuthHook) : undefined;
    if (access !== undefined) return access;
  }
  return undefined;
}

/**
 * The options of a module's guarded routes: `route(access, schema)` is the onRequest hook that lets in the
 * roles of `access`, and the route's schema documented under the module's tags.
 */
export function guardedRouteOptions(requireAuth: RequireAuth, tags: readonly string[]) {
  return <const Schema extends FastifySchema & { summary: string }>(access: Access, schema: Schema) => ({
    onRequest: requireAuth(access),
    schema: { tags: [...tags], ...schema },
  });
}
