import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db, Row } from '../../db/types';
import {
  driverRowsQuery,
  FIRED,
  PHONE_DIGITS,
  startsWith,
  vehicleOfDriver,
  type DriverRow,
  type DriversEb,
  type TextSearch,
  type UserStatus,
} from './drivers.repository';

// Finding drivers: the drivers list (a page and its count) and the contacts search. Each is scoped to the
// caller's company; the text search is described in drivers.repository.ts.

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

// ---------------------------------------------------------------- contacts

/** A driver with the avatar of their user, their owner's company and vehicle (left-joined: null without). */
export type DriverContactRow = Pick<Row<'drivers'>, 'id' | 'first_name' | 'last_name' | 'phone_number'> & {
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
