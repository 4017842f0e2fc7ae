import { sql } from 'kysely';
import type { Db, NewRow, Row } from '../../db/types';

export type LoginCandidate = Pick<Row<'users'>, 'id' | 'password_hash' | 'status'>;

export type SessionUser = Pick<Row<'users'>, 'id' | 'company_id' | 'role' | 'is_superuser' | 'status'>;

export type RefreshTokenRow = Row<'refresh_tokens'>;

const lowerEmail = sql<string>`lower(email)`;

export async function findLoginCandidate(db: Db, email: string): Promise<LoginCandidate | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'status'])
    .where(lowerEmail, '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function findSessionUser(db: Db, userId: number): Promise<SessionUser | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'company_id', 'role', 'is_superuser', 'status'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * What every request checks of its caller: the user, and whether the sign-in (refresh-token family) of
 * the access token has ended (logout, reuse detection, a password change). One indexed read.
 */
export async function findSessionState(
  db: Db,
  userId: number,
  familyId: string,
): Promise<{ user: SessionUser | undefined; familyRevoked: boolean }> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'company_id', 'role', 'is_superuser', 'status'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('refresh_tokens')
            .select('id')
            .where('family_id', '=', familyId)
            .where('revoked_at', 'is not', null),
        )
        .as('family_revoked'),
    )
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return { user: undefined, familyRevoked: false };
  const { family_revoked: familyRevoked, ...user } = row;
  return { user, familyRevoked: Boolean(familyRevoked) };
}

/** Whether a sign-in (refresh-token family) has ended. */
export async function isFamilyRevoked(db: Db, familyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function emailIsTaken(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(lowerEmail, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRegisteredUser(
  db: Db,
  user: Required<Pick<NewRow<'users'>, 'email' | 'password_hash' | 'first_name' | 'last_name'>>,
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ ...user, email: user.email.toLowerCase(), status: 'Pending', req_status: 'None' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findPasswordHash(db: Db, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.password_hash;
}

export async function updatePasswordHash(
  db: Db,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

// ---------------------------------------------------------------- login attempts

/**
 * Serialises the sign-in attempts from one address (both counts are of that address), across server
 * processes, until the transaction ends.
 */
export async function lockLoginAddress(trx: Db, ip: string | null): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`login:${ip ?? ''}`}))`.execute(trx);
}

type FailureCount = { count: number; oldest: Date | null };

/** The failed sign-ins of one e-mail from one address since a moment. */
export async function failedLoginsSince(
  db: Db,
  email: string,
  ip: string | null,
  since: Date,
): Promise<FailureCount> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where(lowerEmail, '=', email.toLowerCase())
    .where('ip', ip === null ? 'is' : '=', ip)
    .where('created_at', '>=', since)
    .where('succeeded', '=', false)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest };
}

/** The failed sign-ins from one address since a moment, whatever the e-mails. */
export async function failedLoginsFromAddress(db: Db, ip: string | null, since: Date): Promise<FailureCount> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('ip', ip === null ? 'is' : '=', ip)
    .where('created_at', '>=', since)
    .where('succeeded', '=', false)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest };
}

export async function insertLoginAttempt(
  db: Db,
  attempt: Required<Omit<NewRow<'login_attempts'>, 'id'>>,
): Promise<number> {
  const row = await db
    .insertInto('login_attempts')
    .values({ ...attempt, email: attempt.email.toLowerCase() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markLoginAttemptSucceeded(db: Db, attemptId: number): Promise<void> {
  await db.updateTable('login_attempts').set({ succeeded: true }).where('id', '=', attemptId).execute();
}

// ---------------------------------------------------------------- refresh tokens

export async function insertRefreshToken(
  db: Db,
  token: Required<
    Pick<NewRow<'refresh_tokens'>, 'id' | 'family_id' | 'user_id' | 'created_at' | 'expires_at'>
  >,
): Promise<void> {
  await db.insertInto('refresh_tokens').values(token).execute();
}

export async function findRefreshTokenForUpdate(
  trx: Db,
  tokenId: string,
): Promise<RefreshTokenRow | undefined> {
  return trx
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('id', '=', tokenId)
    .forUpdate()
    .executeTakeFirst();
}

export async function markRefreshTokenRotated(
  trx: Db,
  tokenId: string,
  successorId: string,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('refresh_tokens')
    .set({ rotated_at: at, replaced_by: successorId })
    .where('id', '=', tokenId)
    .execute();
}

export async function revokeRefreshFamily(db: Db, familyId: string, at: Date): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every other sign-in of a user (after a password change); answers the families it ended. */
export async function revokeOtherRefreshFamilies(
  db: Db,
  userId: number,
  keepFamilyId: string,
  at: Date,
): Promise<string[]> {
  const rows = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('family_id', '<>', keepFamilyId)
    .where('revoked_at', 'is', null)
    .returning('family_id')
    .execute();
  return [...new Set(rows.map((row) => row.family_id))];
}

/** Ends every sign-in of a user (a dismissal); answers the families it ended. */
export async function revokeAllRefreshFamilies(db: Db, userId: number, at: Date): Promise<string[]> {
  const rows = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('family_id')
    .execute();
  return [...new Set(rows.map((row) => row.family_id))];
}

/**
 * When each user's newest sign-in started: the first token of each family is the sign-in, later ones its
 * renewals. Users who never signed in (or whose tokens are all gone) are absent.
 */
export async function findLastSignIns(db: Db, userIds: readonly number[]): Promise<Map<number, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('refresh_tokens')
        .select((inner) => ['user_id', inner.fn.min('created_at').as('started_at')])
        .where('user_id', 'in', userIds)
        .groupBy(['user_id', 'family_id'])
        .as('sign_ins'),
    )
    .select((eb) => ['sign_ins.user_id', eb.fn.max('sign_ins.started_at').as('last_login')])
    .groupBy('sign_ins.user_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.user_id), new Date(row.last_login)]));
}
