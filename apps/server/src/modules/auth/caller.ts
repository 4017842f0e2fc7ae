import { STAFF_ROLE_IDS, type RoleId } from '@app/domain/common/lookups';
import { effectiveRole } from '@app/domain/shell/menu.rules';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../http/errors';

/** Who is calling: every service call receives it and scopes its queries to `companyId`. */
export type Caller = {
  userId: number;
  companyId: number | null;
  role: RoleId | null;
  isSuperuser: boolean;
  /** The refresh-token family of this sign-in. */
  familyId: string;
};

/** A caller that belongs to a company: what every staff route works with. */
export type CompanyCaller = Caller & { companyId: number };

/**
 * Who may call a route: a list of roles, any staff role, or anyone signed in (newcomers without a role
 * included). A superuser has every permission within their company: the platform's administrator, who
 * also decides the join requests that name no company.
 */
export type Access = readonly RoleId[] | 'any-staff' | 'authenticated';

export function isAllowed(caller: Caller, access: Access): boolean {
  if (access === 'authenticated') return true;
  if (caller.companyId === null) return false;
  if (caller.isSuperuser) return true;
  const role = effectiveRole({ role: caller.role, is_superuser: caller.isSuperuser });
  if (role === null) return false;
  const allowed: readonly number[] = access === 'any-staff' ? STAFF_ROLE_IDS : access;
  return allowed.includes(role);
}

declare module 'fastify' {
  // Module augmentation only works with an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** Set by requireAuth; null on routes without it. */
    caller: Caller | null;
  }
}

/** The caller of a route guarded by requireAuth. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

/** The caller of a staff route: one that belongs to a company. */
export function companyCallerOf(request: FastifyRequest): CompanyCaller {
  const caller = callerOf(request);
  if (caller.companyId === null) throw forbidden();
  return { ...caller, companyId: caller.companyId };
}
