import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Database, DriversTable } from '../../db/schema';
import type { Db } from '../../db/types';

// Every query of drivers (and the company's phone setting the people calls answer by). Each is scoped to
// the caller's company.
//
// A text search matches, case-insensitively, the start of the full name ('First Last'), of the last name,
// of the e-mail, of the phone number's last 10 digits when the text looks like one and the viewer may see
// phone numbers (a hidden number must not be found by guessing it), and, for contacts, of the unit ID of
// the driver's vehicle. Each has an index of migration 0006-people.

type Trx = Transaction<Database>;

export type UserStatus = 'Active' | 'Pending' | 'Fired';

/** A driver let go: kept for the records, but never offered for new work. */
const FIRED: UserStatus = 'Fired';

/** `LIKE` pattern for "starts with", the text taken literally. */
export function startsWith(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The last 10 digits of a stored phone number: the expression of the phone indexes. */
export const PHONE_DIGITS = (table: 'd' | 'o') =>
  sql<string>`right(regexp_replace(${sql.ref(`${table}.phone_number`)}, '[^0-9]', '', 'g'), 10)`;

export type TextSearch = {
  text: string;
  /** The digits to match the phone numbers with, or null to leave phone numbers out. */
  phoneDigits: string | null;
};

/** Whether the company shows phone numbers to all its users (is_visible_phone_numbers). */
export async function findPhonesVisibleToAll(db: Db, companyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('companies')
    .select('is_visible_phone_numbers')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row?.is_visible_phone_numbers ?? false;
}

// ---------------------------------------------------------------- drivers as answered

export type DriverRow = {
  id: number;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  email: string | null;
  status: UserStatus;
  is_active: boolean;
  is_active_for_owner: boolean;
  license_number: string | null;
  license_state: string | null;
  license_expiry: string | null;
  created_at: Date;
  owner_id: number | null;
  owner_first_name: string | null;
  owner_last_name: string | null;
  owner_company_name: string | null;
  car_id: number | null;
  car_unit_id: string | null;
};

type DriversEb = ExpressionBuilder<Database & { d: DriversTable }, 'd'>;

/**
 * The vehicle a driver drives: the one whose active driver they are, else the first (lowest id) they are
 * listed on. `IS NOT DISTINCT FROM` keeps a vehicle with no active driver from sorting first.
 */
function vehicleOfDriver(eb: DriversEb) {
  return eb
    .selectFrom('vehicles as v')
    .select(['v.id', 'v.unit_id'])
    .whereRef('v.company_id', '=', 'd.company_id')
    .where((inner) =>
      inner.or([
        inner('v.active_driver_id', '=', inner.ref('d.id')),
        inner(
          'v.id',
          'in',
          inner
            .selectFrom('vehicle_drivers as vd')
            .select('vd.vehicle_id')
            .whereRef('vd.driver_id', '=', 'd.id'),
        ),
      ]),
    )
    .orderBy(sql`v.active_driver_id is not distinct from d.id`, 'desc')
    .orderBy('v.id')
    .limit(1)
    .as('car');
}

function driverRowsQuery(db: Db) {
  return db
    .selectFrom('drivers as d')
    .leftJoin('owners as o', 'o.id', 'd.owner_id')
    .leftJoinLateral(vehicleOfDriver, (join) => join.onTrue())
    .select([
      'd.id',
      'd.first_name',
      'd.last_name',
      'd.phone_number',
      'd.email',
      'd.status',
      'd.is_active',
      'd.is_active_for_owner',
      'd.license_number',
      'd.license_state',
      'd.license_expiry',
      'd.created_at',
      'd.owner_id',
      'o.first_name as owner_first_name',
      'o.last_name as owner_last_name',
      'o.company_name as owner_company_name',
      'car.id as car_id',
      'car.unit_id as car_unit_id',
    ]);
}

// ---------------------------------------------------------------- the list

export type DriverFilters = {
  search?: TextSearch;
  owner?: number;
  car?: number;
  status?: UserStatus;
  is_active?: boolean;
  /** Leaves fired drivers out (any other status stays). */
  exclude_fired?: boolean;
};

function textMatches(eb: DriversEb, search: TextSearch): Expression<SqlBool> {
  const prefix = startsWith(search.text);
  const arms: Expression<SqlBool>[] = [
    eb(sql<string>`lower(d.first_name || ' ' || d.last_name)`, 'like', prefix),
    eb(sql<string>`lower(d.last_name)`, 'like', prefix),
    eb(sql<string>`lower(d.email)`, 'like', prefix),
  ];
  if (search.phoneDigits !== null) arms.push(eb(PHONE_DIGITS('d'), 'like', `${search.phoneDigits}%`));
  return eb.or(arms);
}

/** The drivers of a vehicle: its active driver and those listed on it. */
function driversOfVehicle(eb: DriversEb, companyId: number, vehicleId: number): Expression<SqlBool> {
  return eb.or([
    eb(
      'd.id',
      'in',
      eb
        .selectFrom('vehicles as fv')
        .select('fv.active_driver_id')
        .where('fv.company_id', '=', companyId)
        .where('fv.id', '=', vehicleId),
    ),
    eb(
      'd.id',
      'in',
      eb.selectFrom('vehicle_drivers as fvd').select('fvd.driver_id').where('fvd.vehicle_id', '=', vehicleId),
    ),
  ]);
}

function driverConditions(companyId: number, filters: DriverFilters) {
  return (eb: DriversEb): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [eb('d.company_id', '=', companyId)];
    if (filters.owner !== undefined) conditions.push(eb('d.owner_id', '=', filters.owner));
    if (filters.status !== undefined) conditions.push(eb('d.status', '=', filters.status));
    if (filters.is_active !== undefined) conditions.push(eb('d.is_active', '=', filters.is_active));
    if (filters.exclude_fired === true) conditions.push(eb('d.status', '<>', FIRED));
    if (filters.car !== undefined) conditions.push(driversOfVehicle(eb, companyId, filters.car));
    if (filters.search !== undefined) conditions.push(textMatches(eb, filters.search));
    return eb.and(conditions);
  };
}

export async function countDrivers(db: Db, companyId: number, filters: DriverFilters): Promise<number> {
  const row = await db
    .selectFrom('drivers as d')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where(driverConditions(companyId, filters))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * One page of drivers by last name, first name, id, with the owner and the vehicle: one query. The page's
 * ids are chosen first so that the vehicle is looked up for those rows only.
 */
export async function findDriverPage(
  db: Db,
  companyId: number,
  filters: DriverFilters,
  page: { limit: number; offset: number },
): Promise<DriverRow[]> {
  const ids = db
    .selectFrom('drivers as d')
    .select('d.id')
    .where(driverConditions(companyId, filters))
    .orderBy('d.last_name')
    .orderBy('d.first_name')
    .orderBy('d.id')
    .limit(page.limit)
    .offset(page.offset);
  return driverRowsQuery(db)
    .innerJoin(ids.as('page'), 'page.id', 'd.id')
    .orderBy('d.last_name')
    .orderBy('d.first_name')
    .orderBy('d.id')
    .execute();
}

/** A driver of the company with the owner and the vehicle, fired or not. */
export async function findDriverRow(db: Db, companyId: number, id: number): Promise<DriverRow | undefined> {
  return driverRowsQuery(db).where('d.company_id', '=', companyId).where('d.id', '=', id).executeTakeFirst();
}

// ---------------------------------------------------------------- changes

export type NewDriver = {
  company_id: number;
  owner_id: number | null;
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string | null;
  license_number: string | null;
  license_state: string | null;
  license_expiry: string | null;
  created_at: Date;
  updated_at: Date;
};

export async function insertDriver(trx: Trx, values: NewDriver): Promise<number> {
  const row = await trx.insertInto('drivers').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A driver of the company, locked until the transaction ends. */
export async function lockDriver(trx: Trx, companyId: number, id: number) {
  return trx
    .selectFrom('drivers')
    .select(['id', 'status', 'is_active', 'is_active_for_owner'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** A driver of the company with name and phone; `takingLoads`: only if not fired. */
export async function findDriverNameAndPhone(
  db: Db,
  companyId: number,
  id: number,
  { takingLoads }: { takingLoads: boolean },
) {
  let query = db
    .selectFrom('drivers')
    .select(['id', 'first_name', 'last_name', 'phone_number'])
    .where('company_id', '=', companyId)
    .where('id', '=', id);
  if (takingLoads) query = query.where('status', '<>', FIRED);
  return query.executeTakeFirst();
}

export async function updateDriver(
  trx: Trx,
  companyId: number,
  id: number,
  values: {
    is_active?: boolean;
    is_active_for_owner?: boolean;
    first_name?: string;
    last_name?: string;
    phone_number?: string;
    updated_at: Date;
  },
): Promise<void> {
  await trx
    .updateTable('drivers')
    .set(values)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/** An owner of the company. */
export async function findOwnerId(db: Db, companyId: number, id: number) {
  return db
    .selectFrom('owners')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A vehicle of the company with its owner and drivers, locked until the transaction ends. */
export async function lockVehicle(trx: Trx, companyId: number, id: number) {
  const vehicle = await trx
    .selectFrom('vehicles')
    .select(['id', 'owner_id', 'active_driver_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!vehicle) return undefined;
  const listed = await trx
    .selectFrom('vehicle_drivers')
    .select('driver_id')
    .where('vehicle_id', '=', id)
    .execute();
  return { ...vehicle, driver_ids: listed.map((row) => row.driver_id) };
}

/** Lists the driver on the vehicle; with `makeActive` the driver also becomes its active driver. */
export async function addDriverToVehicle(
  trx: Trx,
  companyId: number,
  vehicleId: number,
  driverId: number,
  makeActive: boolean,
  now: Date,
): Promise<void> {
  await trx.insertInto('vehicle_drivers').values({ vehicle_id: vehicleId, driver_id: driverId }).execute();
  if (makeActive) {
    await trx
      .updateTable('vehicles')
      .set({ active_driver_id: driverId, updated_at: now })
      .where('company_id', '=', companyId)
      .where('id', '=', vehicleId)
      .execute();
  }
}

// ---------------------------------------------------------------- contacts

export type DriverContactRow = {
  id: number;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  avatar: string | null;
  owner_company_name: string | null;
  car_unit_id: string | null;
};

/**
 * Drivers to call, text or chat with, not fired, by name, e-mail, phone or the unit ID of a vehicle they
 * drive or are listed on; by last name, first name, id.
 */
export async function findDriverContacts(
  db: Db,
  companyId: number,
  search: TextSearch | undefined,
  limit: number,
): Promise<DriverContactRow[]> {
  return db
    .selectFrom('drivers as d')
    .leftJoin('owners as o', 'o.id', 'd.owner_id')
    .leftJoin('users as u', 'u.id', 'd.user_id')
    .leftJoinLateral(vehicleOfDriver, (join) => join.onTrue())
    .select([
      'd.id',
      'd.first_name',
      'd.last_name',
      'd.phone_number',
      'u.avatar',
      'o.company_name as owner_company_name',
      'car.unit_id as car_unit_id',
    ])
    .where('d.company_id', '=', companyId)
    .where('d.status', '<>', FIRED)
    .$if(search !== undefined, (query) =>
      query.where((eb) =>
        eb.or([
          textMatches(eb, search!),
          eb(
            'd.id',
            'in',
            eb
              .selectFrom('vehicles as sv')
              .select('sv.active_driver_id')
              .where('sv.company_id', '=', companyId)
              .where(sql<string>`lower(sv.unit_id)`, 'like', startsWith(search!.text)),
          ),
          eb(
            'd.id',
            'in',
            eb
              .selectFrom('vehicle_drivers as svd')
              .innerJoin('vehicles as sv', 'sv.id', 'svd.vehicle_id')
              .select('svd.driver_id')
              .where('sv.company_id', '=', companyId)
              .where(sql<string>`lower(sv.unit_id)`, 'like', startsWith(search!.text)),
          ),
        ]),
      ),
    )
    .orderBy('d.last_name')
    .orderBy('d.first_name')
    .orderBy('d.id')
    .limit(limit)
    .execute();
}
