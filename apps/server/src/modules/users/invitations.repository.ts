import { sql } from 'kysely';
import type { Db, Row } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';

// The invitations of drivers and owners to the driver page, and what making their sign-in writes: the
// user, and the link of the driver or owner to it (drivers.user_id, owners.user_id). Scoped to the
// company; an invitation is found by the SHA-256 of its token only.

export type InviteeKind = 'driver' | 'owner';

export type InviteeRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  user_id: number | null;
};

/** The driver or owner locked for the invitation; undefined when not the company's. */
export async function lockInvitee(
  trx: Trx,
  companyId: number,
  kind: InviteeKind,
  id: number,
): Promise<InviteeRow | undefined> {
  const table = kind === 'driver' ? 'drivers' : 'owners';
  return trx
    .selectFrom(table)
    .select(['id', 'first_name', 'last_name', 'email', 'user_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function emailTaken(db: Db | Trx, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends the open invitations of the person: only the newest link works. */
export async function revokeOpenInvitations(
  trx: Trx,
  companyId: number,
  kind: InviteeKind,
  personId: number,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('invitations')
    .set({ revoked_at: now })
    .where('company_id', '=', companyId)
    .where(kind === 'driver' ? 'driver_id' : 'owner_id', '=', personId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertInvitation(
  trx: Trx,
  invitation: {
    company_id: number;
    kind: InviteeKind;
    person_id: number;
    email: string;
    token_hash: string;
    invited_by: number;
    expires_at: Date;
    created_at: Date;
  },
): Promise<number> {
  const { kind, person_id: personId, ...values } = invitation;
  const row = await trx
    .insertInto('invitations')
    .values({
      ...values,
      driver_id: kind === 'driver' ? personId : null,
      owner_id: kind === 'owner' ? personId : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type InvitationRow = Pick<
  Row<'invitations'>,
  'id' | 'company_id' | 'driver_id' | 'owner_id' | 'email' | 'expires_at' | 'used_at' | 'revoked_at'
> & {
  company_name: string;
  first_name: string | null;
  last_name: string | null;
  person_user_id: number | null;
};

function invitationQuery(db: Db | Trx) {
  return db
    .selectFrom('invitations as i')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .leftJoin('drivers as d', 'd.id', 'i.driver_id')
    .leftJoin('owners as o', 'o.id', 'i.owner_id')
    .select((eb) => [
      'i.id',
      'i.company_id',
      'i.driver_id',
      'i.owner_id',
      'i.email',
      'i.expires_at',
      'i.used_at',
      'i.revoked_at',
      'c.name as company_name',
      eb.fn.coalesce('d.first_name', 'o.first_name').as('first_name'),
      eb.fn.coalesce('d.last_name', 'o.last_name').as('last_name'),
      eb.fn.coalesce('d.user_id', 'o.user_id').as('person_user_id'),
    ]);
}

export async function findInvitation(db: Db, tokenHash: string): Promise<InvitationRow | undefined> {
  return invitationQuery(db).where('i.token_hash', '=', tokenHash).executeTakeFirst();
}

/** The invitation locked for its one use. */
export async function lockInvitation(trx: Trx, tokenHash: string): Promise<InvitationRow | undefined> {
  return invitationQuery(trx).where('i.token_hash', '=', tokenHash).forUpdate('i').executeTakeFirst();
}

/** The user of an accepted invitation: a driver (role 10) of the company, active. */
export async function insertUser(
  trx: Trx,
  user: {
    company_id: number;
    email: string;
    password_hash: string;
    first_name: string;
    last_name: string;
    role: 10;
  },
): Promise<number> {
  const row = await trx
    .insertInto('users')
    .values({ ...user, status: 'Active' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function linkPerson(
  trx: Trx,
  companyId: number,
  kind: InviteeKind,
  personId: number,
  userId: number,
  now: Date,
): Promise<void> {
  await trx
    .updateTable(kind === 'driver' ? 'drivers' : 'owners')
    .set({ user_id: userId, updated_at: now })
    .where('company_id', '=', companyId)
    .where('id', '=', personId)
    .execute();
}

export async function markUsed(trx: Trx, id: number, userId: number, now: Date): Promise<void> {
  await trx.updateTable('invitations').set({ used_at: now, user_id: userId }).where('id', '=', id).execute();
}

/** The company's name and SMTP settings (the password too: it sends). */
export async function findCompanyMail(db: Db, companyId: number) {
  return db
    .selectFrom('companies')
    .select(['name', 'smtp_host', 'smtp_port', 'smtp_secure', 'smtp_user', 'smtp_password', 'smtp_from'])
    .where('id', '=', companyId)
    .executeTakeFirst();
}
