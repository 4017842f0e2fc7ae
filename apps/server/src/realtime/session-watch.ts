import { isRoleId } from '@app/domain/common/lookups';
import type { Db } from '../db/types';
import { findSocketSessionsNow, type SocketSessionsNow } from './realtime.repository';
import type { SocketHub, SocketIdentity } from './socket-hub';

/**
 * How often each server process checks that the sign-ins of its open sockets still stand. A sign-in this
 * process ends closes its sockets at once (SocketHub.endSessions); this check is for the rest: a sign-in
 * ended by another process, a user dismissed or moved to another company or role. It costs one query a
 * run for all the process's sockets, and nothing while none is open.
 */
export const SESSION_CHECK_INTERVAL_MS = 3_000;

/** Sockets asked about in one query, so that a very busy process stays far within the parameter limit. */
const SESSIONS_A_QUERY = 5_000;

/** Whether a socket's sign-in has ended or its user is no longer the one it connected as. */
function hasEnded(identity: SocketIdentity, now: SocketSessionsNow, askedUsers: Set<number>): boolean {
  if (now.endedFamilies.has(identity.familyId)) return true;
  // A socket that opened while the query ran is left for the next run.
  if (!askedUsers.has(identity.userId)) return false;
  const user = now.users.get(identity.userId);
  if (!user || user.status === 'Fired') return true;
  if (user.company_id !== identity.companyId) return true;
  // The events a socket receives depend on its role: it reconnects as what the user is now.
  const role = isRoleId(user.role) ? user.role : null;
  return role !== identity.role || user.is_superuser !== identity.isSuperuser;
}

/**
 * One run of the check: the open sockets' sign-ins and users are read, and the sockets of those that ended
 * are closed with 3008 (socket-close.ts says why that code). Answers how many were closed.
 */
export async function closeEndedSessions(db: Db, hub: SocketHub): Promise<number> {
  const open = hub.identities();
  let closed = 0;
  for (let start = 0; start < open.length; start += SESSIONS_A_QUERY) {
    const batch = open.slice(start, start + SESSIONS_A_QUERY);
    const familyIds = [...new Set(batch.map((identity) => identity.familyId))];
    const askedUsers = new Set(batch.map((identity) => identity.userId));
    const now = await findSocketSessionsNow(db, familyIds, [...askedUsers]);
    const askedFamilies = new Set(familyIds);
    closed += hub.endWhere(
      (identity) => askedFamilies.has(identity.familyId) && hasEnded(identity, now, askedUsers),
    );
  }
  return closed;
}
