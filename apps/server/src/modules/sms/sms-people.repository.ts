import { sql } from 'kysely';
import type { Db, Row } from '../../db/types';

// Who the SMS chats are with and who hears of them: drivers and owners found by phone number or chosen for
// a bulk sending, the chats made for them, the colleagues with SMS access and the dispatchers of their
// units. Reads of the people's tables; writes to the SMS tables only. Scoped to the company.

export type Recipient = {
  driver_id: number | null;
  owner_id: number | null;
  first_name: string;
  last_name: string;
  phone_number: string | null;
};

/** The last ten digits of a stored number, as typed: '(555) 123-4567' and '+1 555 123 4567' agree. */
const lastTenDigits = (column: string) =>
  sql<string>`right(regexp_replace(coalesce(${sql.ref(column)}, ''), '\\D', '', 'g'), 10)`;

/** The chats of this number (a driver's, an owner's or the number's own), the most recently active first. */
export function chatsOfPhone(db: Db, companyId: number, phone: string): Promise<Row<'sms_chats'>[]> {
  return db
    .selectFrom('sms_chats')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('phone_number', '=', phone)
    .orderBy('activity_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The SMS chats of these drivers and owners of the company that have one. */
export function chatsOfPeople(
  db: Db,
  companyId: number,
  driverIds: readonly number[],
  ownerIds: readonly number[],
): Promise<{ id: number; driver_id: number | null; owner_id: number | null }[]> {
  if (driverIds.length === 0 && ownerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sms_chats')
    .select(['id', 'driver_id', 'owner_id'])
    .where('company_id', '=', companyId)
    .where((eb) =>
      eb.or([
        ...(driverIds.length > 0 ? [eb('driver_id', 'in', [...driverIds])] : []),
        ...(ownerIds.length > 0 ? [eb('owner_id', 'in', [...ownerIds])] : []),
      ]),
    )
    .execute();
}

/** A driver, then an owner, whose number is this one (matched on its last ten digits). */
export async function personOfPhone(
  db: Db,
  companyId: number,
  phone: string,
): Promise<{ driver_id: number | null; owner_id: number | null } | null> {
  const digits = phone.replace(/\D/g, '').slice(-10);
  const driver = await db
    .selectFrom('drivers')
    .select('id')
    .where('company_id', '=', companyId)
    .where('status', '<>', 'Fired')
    .where(lastTenDigits('phone_number'), '=', digits)
    .orderBy('id')
    .executeTakeFirst();
  if (driver) return { driver_id: driver.id, owner_id: null };
  const owner = await db
    .selectFrom('owners')
    .select('id')
    .where('company_id', '=', companyId)
    .where(lastTenDigits('phone_number'), '=', digits)
    .orderBy('id')
    .executeTakeFirst();
  return owner ? { driver_id: null, owner_id: owner.id } : null;
}

/** The chat of a driver, of an owner, or of an unknown number: made when it has none; answers its id. */
export async function ensureChats(
  trx: Db,
  companyId: number,
  wanted: readonly { driver_id: number | null; owner_id: number | null; phone_number: string }[],
): Promise<number[]> {
  if (wanted.length === 0) return [];
  const driverIds = wanted.map((w) => w.driver_id);
  const ownerIds = wanted.map((w) => w.owner_id);
  const phones = wanted.map((w) => w.phone_number);
  await sql`
    INSERT INTO sms_chats (company_id, driver_id, owner_id, phone_number)
    SELECT ${companyId}, x.driver_id, x.owner_id, x.phone
    FROM unnest(${sql.val(driverIds)}::bigint[], ${sql.val(ownerIds)}::bigint[], ${sql.val(phones)}::text[])
      AS x (driver_id, owner_id, phone)
    ON CONFLICT DO NOTHING`.execute(trx);
  const rows = await sql<{ ord: number; id: number }>`
    SELECT x.ord, c.id FROM unnest(${sql.val(driverIds)}::bigint[], ${sql.val(ownerIds)}::bigint[], ${sql.val(phones)}::text[])
      WITH ORDINALITY AS x (driver_id, owner_id, phone, ord)
    JOIN sms_chats c ON c.company_id = ${companyId} AND (
      (x.driver_id IS NOT NULL AND c.driver_id = x.driver_id)
      OR (x.owner_id IS NOT NULL AND c.owner_id = x.owner_id)
      OR (x.driver_id IS NULL AND x.owner_id IS NULL AND c.driver_id IS NULL AND c.owner_id IS NULL AND c.phone_number = x.phone))`.execute(
    trx,
  );
  const byOrd = new Map(rows.rows.map((row) => [Number(row.ord), Number(row.id)]));
  return wanted.map((_, index) => byOrd.get(index + 1)!);
}

const driverRecipient = (db: Db, companyId: number) =>
  db
    .selectFrom('drivers as d')
    .select([
      'd.id as driver_id',
      sql<null>`null::bigint`.as('owner_id'),
      'd.first_name',
      'd.last_name',
      'd.phone_number',
    ])
    .where('d.company_id', '=', companyId)
    .where('d.status', '<>', 'Fired');

/** The drivers of these ids in the company (others are left out). */
export function driversByIds(db: Db, companyId: number, ids: readonly number[]): Promise<Recipient[]> {
  return driverRecipient(db, companyId).where('d.id', 'in', ids).orderBy('d.id').execute();
}

/** The owners of these ids in the company. */
export function ownersByIds(db: Db, companyId: number, ids: readonly number[]): Promise<Recipient[]> {
  return db
    .selectFrom('owners as o')
    .select([
      sql<null>`null::bigint`.as('driver_id'),
      'o.id as owner_id',
      'o.first_name',
      'o.last_name',
      'o.phone_number',
    ])
    .where('o.company_id', '=', companyId)
    .where('o.id', 'in', ids)
    .orderBy('o.id')
    .execute();
}

/** The drivers of the units of a team, or of the units whose current location is in a state. */
export function driversOfUnits(
  db: Db,
  companyId: number,
  where: { teamId: number } | { state: string },
): Promise<Recipient[]> {
  return driverRecipient(db, companyId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('vehicles as v')
          .select('v.id')
          .where('v.company_id', '=', companyId)
          .where((inner) =>
            inner.or([
              inner(inner.ref('v.active_driver_id'), '=', inner.ref('d.id')),
              inner.exists(
                inner
                  .selectFrom('vehicle_drivers as vd')
                  .select('vd.driver_id')
                  .whereRef('vd.vehicle_id', '=', 'v.id')
                  .whereRef('vd.driver_id', '=', 'd.id'),
              ),
            ]),
          )
          .where((inner) =>
            'teamId' in where
              ? inner('v.working_group_id', '=', where.teamId)
              : inner('v.location_state', '=', where.state),
          ),
      ),
    )
    .orderBy('d.id')
    .execute();
}

export function teamExists(db: Db, companyId: number, teamId: number) {
  return db
    .selectFrom('working_groups')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', teamId)
    .executeTakeFirst();
}

/** The company's colleagues (not dismissed) with one of these roles, or superusers. */
export async function staffWithRoles(db: Db, companyId: number, roles: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('status', '<>', 'Fired')
    .where((eb) =>
      eb.or([eb('role', 'in', roles as Row<'users'>['role'][] as never), eb('is_superuser', '=', true)]),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** The dispatchers of the units a driver drives or an owner owns. */
export async function unitDispatchers(
  db: Db,
  companyId: number,
  person: { driver_id: number | null; owner_id: number | null },
): Promise<number[]> {
  if (person.driver_id === null && person.owner_id === null) return [];
  const rows = await db
    .selectFrom('vehicles')
    .select('dispatcher_id')
    .distinct()
    .where('company_id', '=', companyId)
    .where('dispatcher_id', 'is not', null)
    .where((eb) =>
      person.driver_id !== null
        ? eb('active_driver_id', '=', person.driver_id)
        : eb('owner_id', '=', person.owner_id),
    )
    .execute();
  return rows.map((row) => row.dispatcher_id!);
}
