import { sql, type RawBuilder } from 'kysely';
import { STAFF_ROLE_IDS } from '@app/domain/common/lookups';
import type { ContactKind } from '@app/domain/telephony/telephony.schema';
import type { Db } from '../../db/types';

// The panel's directory: the company's drivers, owners, broker companies and colleagues as people to
// call, text or chat with. Telephony has no tables of its own; these are read-only queries over the people
// tables (the units, brokers and users modules own and change them), kept together so that the search is
// a fixed four queries whatever it finds; the people's chats are asked of the chats and SMS services. Every
// query is scoped to the caller's company.
//
// A search matches, case-insensitively, the start of the full name, of the last name, of the company's
// name (owners, brokers), of the unit ID (drivers, owners), and of the phone number's last 10 digits
// when the caller may see numbers (a hidden number must not be found by guessing it).

export type PersonRow = {
  kind: ContactKind;
  id: number;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  unit_id: string | null;
  vehicle_id: number | null;
  company_name: string | null;
  avatar: string | null;
  /** The active load of the unit (status below 8); its group chat is the chats module's to name. */
  load_id: number | null;
};

export type PeopleFilter =
  | { search: { prefix: string; phoneDigits: string | null } | null; limit: number; exceptUserId: number }
  | { ids: readonly number[] };

/** `LIKE` pattern for "starts with", the text taken literally. */
export function startsWith(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const digits = (column: RawBuilder<unknown>) => sql`right(regexp_replace(${column}, '[^0-9]', '', 'g'), 10)`;

/** The filter's condition: the ids asked for, or the search's arms over the given texts and phone. */
function condition(
  filter: PeopleFilter,
  id: RawBuilder<unknown>,
  texts: RawBuilder<unknown>[],
  phone: RawBuilder<unknown>,
): RawBuilder<unknown> {
  if ('ids' in filter) return sql`${id} = ANY(${sql.val([...filter.ids])}::bigint[])`;
  if (filter.search === null) return sql`true`;
  const { prefix, phoneDigits } = filter.search;
  const arms = texts.map((text) => sql`lower(${text}) LIKE ${prefix}`);
  if (phoneDigits !== null) arms.push(sql`${digits(phone)} LIKE ${`${phoneDigits}%`}`);
  return sql`(${sql.join(arms, sql` OR `)})`;
}

/** The unit's active load (the newest below status 8), joined after `car`. */
const ACTIVE_LOAD = sql`
    LEFT JOIN LATERAL (
      SELECT l.id FROM loads l
      WHERE l.company_id = car.company_id AND l.vehicle_id = car.id AND l.status < 8
      ORDER BY l.id DESC LIMIT 1
    ) active_load ON true`;

const limitOf = (filter: PeopleFilter) => ('ids' in filter ? filter.ids.length : filter.limit);

export async function findDrivers(db: Db, companyId: number, filter: PeopleFilter): Promise<PersonRow[]> {
  const where = condition(
    filter,
    sql`d.id`,
    [sql`d.first_name || ' ' || d.last_name`, sql`d.last_name`, sql`car.unit_id`],
    sql`d.phone_number`,
  );
  const { rows } = await sql<PersonRow>`
    SELECT 'driver' AS kind, d.id, d.first_name, d.last_name, d.phone_number, car.unit_id,
      car.id AS vehicle_id, o.company_name, u.avatar, active_load.id AS load_id
    FROM drivers d
    LEFT JOIN users u ON u.id = d.user_id
    LEFT JOIN LATERAL (
      SELECT v.id, v.unit_id, v.owner_id, v.company_id FROM vehicles v
      WHERE v.company_id = d.company_id
        AND (v.active_driver_id = d.id
          OR v.id IN (SELECT vd.vehicle_id FROM vehicle_drivers vd WHERE vd.driver_id = d.id))
      ORDER BY v.active_driver_id IS NOT DISTINCT FROM d.id DESC, v.id LIMIT 1
    ) car ON true
    LEFT JOIN owners o ON o.id = coalesce(d.owner_id, car.owner_id)
    ${ACTIVE_LOAD}
    WHERE d.company_id = ${companyId} AND d.status <> 'Fired' AND ${where}
    ORDER BY d.last_name, d.first_name, d.id
    LIMIT ${limitOf(filter)}`.execute(db);
  return rows;
}

export async function findOwners(db: Db, companyId: number, filter: PeopleFilter): Promise<PersonRow[]> {
  const where = condition(
    filter,
    sql`o.id`,
    [sql`o.first_name || ' ' || o.last_name`, sql`o.last_name`, sql`o.company_name`, sql`car.unit_id`],
    sql`o.phone_number`,
  );
  const { rows } = await sql<PersonRow>`
    SELECT 'owner' AS kind, o.id, o.first_name, o.last_name, o.phone_number, car.unit_id,
      car.id AS vehicle_id, o.company_name, u.avatar, active_load.id AS load_id
    FROM owners o
    LEFT JOIN users u ON u.id = o.user_id
    LEFT JOIN LATERAL (
      SELECT v.id, v.unit_id, v.company_id FROM vehicles v
      WHERE v.company_id = o.company_id AND v.owner_id = o.id
      ORDER BY v.active_driver_id IS NULL, v.id LIMIT 1
    ) car ON true
    ${ACTIVE_LOAD}
    WHERE o.company_id = ${companyId} AND ${where}
    ORDER BY o.last_name, o.first_name, o.id
    LIMIT ${limitOf(filter)}`.execute(db);
  return rows;
}

export async function findBrokers(db: Db, companyId: number, filter: PeopleFilter): Promise<PersonRow[]> {
  const where = condition(filter, sql`b.id`, [sql`b.name`, sql`b.mc_number`], sql`b.phone`);
  const { rows } = await sql<PersonRow>`
    SELECT 'broker' AS kind, b.id, b.name AS first_name, '' AS last_name, b.phone AS phone_number,
      NULL AS unit_id, NULL::bigint AS vehicle_id, b.name AS company_name, NULL AS avatar,
      NULL::bigint AS load_id
    FROM broker_companies b
    WHERE b.company_id = ${companyId} AND ${where}
    ORDER BY lower(b.name), b.id
    LIMIT ${limitOf(filter)}`.execute(db);
  return rows;
}

/** Colleagues: the company's active staff (the caller left out of a search). */
export async function findColleagues(db: Db, companyId: number, filter: PeopleFilter): Promise<PersonRow[]> {
  const where = condition(
    filter,
    sql`u.id`,
    [sql`u.first_name || ' ' || u.last_name`, sql`u.last_name`],
    sql`u.phone_number`,
  );
  const except = 'ids' in filter ? sql`true` : sql`u.id <> ${filter.exceptUserId}`;
  const { rows } = await sql<PersonRow>`
    SELECT 'user' AS kind, u.id, u.first_name, u.last_name, u.phone_number, NULL AS unit_id,
      NULL::bigint AS vehicle_id, NULL AS company_name, u.avatar,
      NULL::bigint AS load_id
    FROM users u
    WHERE u.company_id = ${companyId} AND u.status = 'Active'
      AND u.role = ANY(${sql.val([...STAFF_ROLE_IDS])}::int[]) AND ${except} AND ${where}
    ORDER BY u.last_name, u.first_name, u.id
    LIMIT ${limitOf(filter)}`.execute(db);
  return rows;
}

export const FINDERS: Record<ContactKind, typeof findDrivers> = {
  driver: findDrivers,
  owner: findOwners,
  broker: findBrokers,
  user: findColleagues,
};

/** The driver and owner the panel shows together for a driver, an owner or a vehicle of the company. */
export async function findPair(
  db: Db,
  companyId: number,
  kind: 'driver' | 'owner' | 'vehicle',
  id: number,
): Promise<{ driver_id: number | null; owner_id: number | null } | undefined> {
  const query =
    kind === 'driver'
      ? sql<{ driver_id: number | null; owner_id: number | null }>`
        SELECT d.id AS driver_id, coalesce(d.owner_id, (
          SELECT v.owner_id FROM vehicles v WHERE v.company_id = d.company_id AND v.active_driver_id = d.id
          ORDER BY v.id LIMIT 1)) AS owner_id
        FROM drivers d WHERE d.company_id = ${companyId} AND d.id = ${id}`
      : kind === 'owner'
        ? sql<{ driver_id: number | null; owner_id: number | null }>`
        SELECT (SELECT v.active_driver_id FROM vehicles v
            WHERE v.company_id = o.company_id AND v.owner_id = o.id AND v.active_driver_id IS NOT NULL
            ORDER BY v.id LIMIT 1) AS driver_id, o.id AS owner_id
        FROM owners o WHERE o.company_id = ${companyId} AND o.id = ${id}`
        : sql<{ driver_id: number | null; owner_id: number | null }>`
        SELECT v.active_driver_id AS driver_id, v.owner_id
        FROM vehicles v WHERE v.company_id = ${companyId} AND v.id = ${id}`;
  const { rows } = await query.execute(db);
  return rows[0];
}

/** Whether the company shows phone numbers to all its users. */
export async function findPhonesVisibleToAll(db: Db, companyId: number): Promise<boolean> {
  const { rows } = await sql<{ visible: boolean }>`
    SELECT is_visible_phone_numbers AS visible FROM companies WHERE id = ${companyId}`.execute(db);
  return rows[0]?.visible ?? false;
}
