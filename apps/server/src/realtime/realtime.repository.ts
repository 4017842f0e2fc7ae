import { sql } from 'kysely';
import type { UsersTable } from '../db/schema';
import type { Db } from '../db/types';

/** The hash of a company, which a socket's path must name. */
export async function findCompanyHash(db: Db, companyId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('companies')
    .select('company_hash')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row?.company_hash;
}

/** What a socket's user is now. */
export type SocketUserNow = {
  id: number;
  company_id: number | null;
  role: UsersTable['role'];
  is_superuser: boolean;
  status: 'Active' | 'Pending' | 'Fired';
};

export type SocketSessionsNow = {
  /** The sign-ins asked about that have ended (a revoked refresh-token family). */
  endedFamilies: Set<string>;
  /** The users asked about that still exist, by id. */
  users: Map<number, SocketUserNow>;
};

/**
 * Whether the sign-ins and users of a server's open sockets still stand, in one query: the revoked
 * families among `familyIds` (read from the partial index of revoked refresh tokens, not from every
 * refresh of a family) and the users of `userIds` as they are now. Both lists must not be empty.
 */
export async function findSocketSessionsNow(
  db: Db,
  familyIds: readonly string[],
  userIds: readonly number[],
): Promise<SocketSessionsNow> {
  const rows = await db
    .selectFrom('users')
    .select([
      sql<string | null>`null::text`.as('family_id'),
      'id',
      'company_id',
      'role',
      'is_superuser',
      'status',
    ])
    .where('id', 'in', userIds)
    .unionAll(
      db
        .selectFrom('refresh_tokens')
        .select([
          'family_id',
          sql<number>`null::integer`.as('id'),
          sql<number | null>`null::integer`.as('company_id'),
          sql<UsersTable['role']>`null::integer`.as('role'),
          sql<boolean>`null::boolean`.as('is_superuser'),
          sql<'Active' | 'Pending' | 'Fired'>`null`.as('status'),
        ])
        .distinct()
        .where('family_id', 'in', familyIds)
        .where('revoked_at', 'is not', null),
    )
    .execute();
  const answer: SocketSessionsNow = { endedFamilies: new Set(), users: new Map() };
  for (const { family_id: familyId, ...user } of rows) {
    if (familyId !== null) answer.endedFamilies.add(familyId);
    else answer.users.set(user.id, user);
  }
  return answer;
}
