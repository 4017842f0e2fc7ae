import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import type { Database, DriversTable } from '../../db/schema';
import type { Db, NewRow, Row, RowUpdate } from '../../db/types';

// The queries of one driver (and the company's phone setting the people calls answer by); the list and the
// contacts search are in driver-list.repository.ts. Each is scoped to the caller's company.
//
// A text search matches, case-insensitively, the start of the full name ('First Last'), of the last name,
// of the e-mail, of the phone number's last 10 digits when the text looks like one and the viewer may see
// phone numbers (a hidden number must not be found by guessing it), and, for contacts, of the unit ID of
// the driver's vehicle. Each has an index of migration 0006-people.

type Trx = Transaction<Database>;

export type UserStatus = Row<'drivers'>['status'];

/** A driver let go: kept for the records, but never offered for new work. */
export const FIRED: UserStatus = 'Fired';

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

/** A driver with the owner's name and the vehicle (left-joined: null without them). */
export type DriverRow = Pick<
  Row<'drivers'>,
  | 'id'
  | 'first_name'
  | 'last_name'
  | 'phone_number'
  | 'email'
  | 'status'
  | 'is_active'
  | 'is_active_for_owner'
  | 'license_number'
  | 'license_state'
  | 'license_expiry'
  | 'created_at'
  | 'owner_id'
> & {
  owner_first_name: string | null;
  owner_last_name: string | null;
  owner_company_name: string | null;
  car_id: number | null;
  car_unit_id: string | null;
};

export type DriversEb = ExpressionBuilder<Database & { d: DriversTable }, 'd'>;

/**
 * The vehicle a driver drives: the one whose active driver they are, else the first (lowest id) they are
 * listed on. `IS NOT DISTINCT FROM` keeps a vehicle with no active driver from sorting first.
 */
export function vehicleOfDriver(eb: DriversEb) {
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

export function driverRowsQuery(db: Db) {
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

// ---------------------------------------------------------------- one driver

/** A driver of the company with the owner and the vehicle, fired or not. */
export async function findDriverRow(db: Db, companyId: number, id: number): Promise<DriverRow | undefined> {
  return driverRowsQuery(db).where('d.company_id', '=', companyId).where('d.id', '=', id).executeTakeFirst();
}

// ---------------------------------------------------------------- changes

/** A driver added by a user: a phone number is required, the status and the flags take their defaults. */
export type NewDriver = Required<
  Pick<
    NewRow<'drivers'>,
    | 'company_id'
    | 'owner_id'
    | 'first_name'
    | 'last_name'
    | 'email'
    | 'license_number'
    | 'license_state'
    | 'license_expiry'
    | 'created_at'
    | 'updated_at'
  >
> & { phone_number: string };

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
  values: Pick<RowUpdate<'drivers'>, 'is_active' | 'is_active_for_owner' | 'first_name' | 'last_name'> & {
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
