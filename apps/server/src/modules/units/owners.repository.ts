import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Database, OwnersTable } from '../../db/schema';
import type { Db, Row } from '../../db/types';
import { PHONE_DIGITS, startsWith, type TextSearch } from './drivers.repository';

// Every query of vehicle owners. Each is scoped to the caller's company. A text search matches as the
// drivers' does (drivers.repository), and the start of the owner's company name too.

type Trx = Transaction<Database>;
type OwnersEb = ExpressionBuilder<Database & { o: OwnersTable }, 'o'>;

/** An owner with the number of their drivers and vehicles. */
export type OwnerRow = Pick<
  Row<'owners'>,
  | 'id'
  | 'first_name'
  | 'last_name'
  | 'company_name'
  | 'phone_number'
  | 'email'
  | 'is_wage_visible'
  | 'is_active'
  | 'created_at'
> & {
  drivers_count: number;
  vehicles_count: number;
};

function ownerRowsQuery(db: Db) {
  return db.selectFrom('owners as o').select((eb) => [
    'o.id',
    'o.first_name',
    'o.last_name',
    'o.company_name',
    'o.phone_number',
    'o.email',
    'o.is_wage_visible',
    'o.is_active',
    'o.created_at',
    eb
      .selectFrom('drivers as od')
      .select((inner) => inner.fn.countAll<number>().as('count'))
      .whereRef('od.company_id', '=', 'o.company_id')
      .whereRef('od.owner_id', '=', 'o.id')
      .as('drivers_count'),
    eb
      .selectFrom('vehicles as ov')
      .select((inner) => inner.fn.countAll<number>().as('count'))
      .whereRef('ov.company_id', '=', 'o.company_id')
      .whereRef('ov.owner_id', '=', 'o.id')
      .as('vehicles_count'),
  ]);
}

type OwnerQueryRow = Omit<OwnerRow, 'drivers_count' | 'vehicles_count'> & {
  drivers_count: number | string | null;
  vehicles_count: number | string | null;
};

/** The counts arrive as int8 (numbers with this connection's parsers, strings with others). */
const toOwnerRow = (row: OwnerQueryRow): OwnerRow => ({
  ...row,
  drivers_count: Number(row.drivers_count ?? 0),
  vehicles_count: Number(row.vehicles_count ?? 0),
});

// ---------------------------------------------------------------- the list

export type OwnerFilters = {
  search?: TextSearch;
  /** The start of the owner's company name. */
  company_name?: string;
  is_active?: boolean;
};

function textMatches(eb: OwnersEb, search: TextSearch): Expression<SqlBool> {
  const prefix = startsWith(search.text);
  const arms: Expression<SqlBool>[] = [
    eb(sql<string>`lower(o.first_name || ' ' || o.last_name)`, 'like', prefix),
    eb(sql<string>`lower(o.last_name)`, 'like', prefix),
    eb(sql<string>`lower(o.company_name)`, 'like', prefix),
    eb(sql<string>`lower(o.email)`, 'like', prefix),
  ];
  if (search.phoneDigits !== null) arms.push(eb(PHONE_DIGITS('o'), 'like', `${search.phoneDigits}%`));
  return eb.or(arms);
}

function ownerConditions(companyId: number, filters: OwnerFilters) {
  return (eb: OwnersEb): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [eb('o.company_id', '=', companyId)];
    if (filters.is_active !== undefined) conditions.push(eb('o.is_active', '=', filters.is_active));
    if (filters.company_name !== undefined) {
      conditions.push(eb(sql<string>`lower(o.company_name)`, 'like', startsWith(filters.company_name)));
    }
    if (filters.search !== undefined) conditions.push(textMatches(eb, filters.search));
    return eb.and(conditions);
  };
}

export async function countOwners(db: Db, companyId: number, filters: OwnerFilters): Promise<number> {
  const row = await db
    .selectFrom('owners as o')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where(ownerConditions(companyId, filters))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of owners by last name, first name, id, with their drivers and vehicles counted: one query. */
export async function findOwnerPage(
  db: Db,
  companyId: number,
  filters: OwnerFilters,
  page: { limit: number; offset: number },
): Promise<OwnerRow[]> {
  const ids = db
    .selectFrom('owners as o')
    .select('o.id')
    .where(ownerConditions(companyId, filters))
    .orderBy('o.last_name')
    .orderBy('o.first_name')
    .orderBy('o.id')
    .limit(page.limit)
    .offset(page.offset);
  const rows = await ownerRowsQuery(db)
    .innerJoin(ids.as('page'), 'page.id', 'o.id')
    .orderBy('o.last_name')
    .orderBy('o.first_name')
    .orderBy('o.id')
    .execute();
  return rows.map(toOwnerRow);
}

export async function findOwnerRow(db: Db, companyId: number, id: number): Promise<OwnerRow | undefined> {
  const row = await ownerRowsQuery(db)
    .where('o.company_id', '=', companyId)
    .where('o.id', '=', id)
    .executeTakeFirst();
  return row && toOwnerRow(row);
}

// ---------------------------------------------------------------- changes

/** The fields a user sets on an owner: a phone number is required. */
export type OwnerValues = Pick<
  Row<'owners'>,
  'first_name' | 'last_name' | 'company_name' | 'email' | 'is_wage_visible' | 'is_active'
> & { phone_number: string };

export async function insertOwner(
  trx: Trx,
  companyId: number,
  values: OwnerValues,
  now: Date,
): Promise<number> {
  const row = await trx
    .insertInto('owners')
    .values({ ...values, company_id: companyId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes the fields given of an owner of the company; false when the company has no such owner. */
export async function updateOwner(
  trx: Trx,
  companyId: number,
  id: number,
  values: Partial<OwnerValues>,
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('owners')
    .set({ ...values, updated_at: now })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The ids of the owner's vehicles and drivers, whose lists show the owner's name and company. */
export async function findOwnedUnitIds(
  trx: Trx,
  companyId: number,
  ownerId: number,
): Promise<{ vehicleIds: number[]; driverIds: number[] }> {
  const [vehicles, drivers] = await Promise.all([
    trx
      .selectFrom('vehicles')
      .select('id')
      .where('company_id', '=', companyId)
      .where('owner_id', '=', ownerId)
      .execute(),
    trx
      .selectFrom('drivers')
      .select('id')
      .where('company_id', '=', companyId)
      .where('owner_id', '=', ownerId)
      .execute(),
  ]);
  return { vehicleIds: vehicles.map((row) => row.id), driverIds: drivers.map((row) => row.id) };
}

// ---------------------------------------------------------------- pickers and contacts

/** The owners' company names starting with the text, each with how many owners have it; by name. */
export async function findOwnerCompanies(
  db: Db,
  companyId: number,
  name: string | undefined,
  limit: number,
): Promise<{ company_name: string; owners_count: number }[]> {
  const rows = await db
    .selectFrom('owners as o')
    .select((eb) => [
      sql<string>`o.company_name`.as('company_name'),
      eb.fn.countAll<number>().as('owners_count'),
    ])
    .where('o.company_id', '=', companyId)
    .where('o.company_name', 'is not', null)
    .where('o.company_name', '<>', '')
    .$if(name !== undefined, (query) =>
      query.where(sql<string>`lower(o.company_name)`, 'like', startsWith(name!)),
    )
    .groupBy('o.company_name')
    .orderBy('o.company_name')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ company_name: row.company_name, owners_count: Number(row.owners_count) }));
}

/** An owner with the avatar of their user (left-joined: null without one) and their first vehicle. */
export type OwnerContactRow = Pick<
  Row<'owners'>,
  'id' | 'first_name' | 'last_name' | 'company_name' | 'phone_number'
> & {
  avatar: string | null;
  unit_id: string | null;
};

/**
 * Active owners to call, text or chat with, by name, company name, e-mail, phone or the unit ID of one of
 * their vehicles; each with the unit ID of their first vehicle (lowest id). By last name, first name, id.
 */
export async function findOwnerContacts(
  db: Db,
  companyId: number,
  search: TextSearch | undefined,
  limit: number,
): Promise<OwnerContactRow[]> {
  return db
    .selectFrom('owners as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select((eb) => [
      'o.id',
      'o.first_name',
      'o.last_name',
      'o.company_name',
      'o.phone_number',
      'u.avatar',
      eb
        .selectFrom('vehicles as ov')
        .select('ov.unit_id')
        .whereRef('ov.company_id', '=', 'o.company_id')
        .whereRef('ov.owner_id', '=', 'o.id')
        .orderBy('ov.id')
        .limit(1)
        .as('unit_id'),
    ])
    .where('o.company_id', '=', companyId)
    .where('o.is_active', '=', true)
    .$if(search !== undefined, (query) =>
      query.where((eb) =>
        eb.or([
          textMatches(eb, search!),
          eb(
            'o.id',
            'in',
            eb
              .selectFrom('vehicles as sv')
              .select('sv.owner_id')
              .where('sv.company_id', '=', companyId)
              .where(sql<string>`lower(sv.unit_id)`, 'like', startsWith(search!.text)),
          ),
        ]),
      ),
    )
    .orderBy('o.last_name')
    .orderBy('o.first_name')
    .orderBy('o.id')
    .limit(limit)
    .execute();
}
