import { isRoleId } from '@app/domain/common/lookups';
import type { FastifyRequest, FastifySchema } from 'fastify';
import { forbidden, unauthorized } from '../../http/errors';
import { findSessionUser } from './auth.repository';
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

/** Verifies an access token and loads its user: the caller, or a 401 (token_expired when it has expired). */
export async function authenticate(db: Db, tokens: TokenSigner, token: string): Promise<Caller> {
  const claims = await tokens.verifyAccess(token);
  const user = await findSessionUser(db, claims.userId);
  if (!user || user.status === 'Fired') throw unauthorized('The user of this token is not active.');
  return {
    userId: user.id,
    companyId: user.company_id,
    role: isRoleId(user.role) ? user.role : null,
    isSuperuser: user.is_superuser,
    familyId: claims.familyId,
  };
}

/**
 * The onRequest hook of a guarded route: a valid bearer access token of an active user (401 otherwise) whose
 * role the route allows (403 otherwise). It sets `request.caller`.
 */
export function createRequireAuth(db: Db, tokens: TokenSigner): RequireAuth {
  return (access) => async (request) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const caller = await authenticate(db, tokens, token);
    if (!isAllowed(caller, access)) throw forbidden();
    request.caller = caller;
  };
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
