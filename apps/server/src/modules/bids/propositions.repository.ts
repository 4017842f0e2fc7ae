import { PROPOSITION_STATUS } from '@app/domain/bids/bids.schema';
import { sql } from 'kysely';
import type { Db, NewRow, Row, RowUpdate } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';

// The propositions' queries: `bids` rows of kind 'dispatcher', always within the caller's company. The
// loads, vehicles, drivers, users and companies they name are read here for the answers and the e-mail
// (joins, never writes): a change of a load or a vehicle goes through the loads and units services.

// ---------------------------------------------------------------- what placing a bid reads

/** The caller's name, phone and broker mailbox (working_gmail, authorised when in_gmail). */
export function findBidder(db: Db, companyId: number, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'phone_number', 'working_gmail', 'in_gmail'])
    .where('company_id', '=', companyId)
    .where('id', '=', userId)
    .executeTakeFirst();
}
export type Bidder = NonNullable<Awaited<ReturnType<typeof findBidder>>>;

/** The company's name, phone, proposition template and SMTP settings (the password too: it sends). */
export function findCompanyMail(db: Db, companyId: number) {
  return db
    .selectFrom('companies')
    .select([
      'name',
      'phone',
      'proposition_template',
      'smtp_host',
      'smtp_port',
      'smtp_secure',
      'smtp_user',
      'smtp_password',
      'smtp_from',
    ])
    .where('id', '=', companyId)
    .executeTakeFirst();
}
export type CompanyMail = NonNullable<Awaited<ReturnType<typeof findCompanyMail>>>;

/**
 * The load bid on, held FOR SHARE until the bid is saved: a booking (which locks the row FOR UPDATE) waits
 * for the bid or the bid for the booking, so no bid lands on a load already booked.
 */
export function shareLoad(trx: Trx, companyId: number, loadId: number) {
  return trx
    .selectFrom('loads')
    .select(['id', 'status', 'board_status', 'load_accounting_number', 'reply_email', 'dispatcher_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', loadId)
    .forShare()
    .executeTakeFirst();
}

/** The load's points in order, with their coordinates (the subject, the route link, the deadhead). */
export function findPointsOf(db: Db, loadIds: readonly number[]) {
  if (loadIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('load_points')
    .select([
      'id',
      'load_id',
      'point_order',
      'type',
      'address',
      'city',
      'state',
      'zip_code',
      'country',
      'lat',
      'lon',
      'date',
      'is_active',
    ])
    .where('load_id', 'in', loadIds)
    .orderBy('load_id')
    .orderBy('point_order')
    .execute();
}
export type PropositionPointRow = Awaited<ReturnType<typeof findPointsOf>>[number];

const VEHICLE_COLUMNS = [
  'id',
  'unit_id',
  'transport_type',
  'status',
  'can_bid_while_on_load',
  'length_in',
  'width_in',
  'height_in',
  'payload_lbs',
  'equipment',
  'active_driver_id',
  'location_city',
  'location_state',
  'location_zip_code',
  'location_lat',
  'location_lon',
] as const;
export type BidVehicle = Pick<Row<'vehicles'>, (typeof VEHICLE_COLUMNS)[number]>;

/** The vehicle offered, locked: its status may change to In bid in this transaction. */
export function lockVehicle(trx: Trx, companyId: number, vehicleId: number): Promise<BidVehicle | undefined> {
  return trx
    .selectFrom('vehicles')
    .select(VEHICLE_COLUMNS)
    .where('company_id', '=', companyId)
    .where('id', '=', vehicleId)
    .forUpdate()
    .executeTakeFirst();
}

/** A driver of the company (the one offered with the vehicle). */
export function findDriver(db: Db, companyId: number, driverId: number) {
  return db
    .selectFrom('drivers')
    .select(['id', 'first_name', 'last_name'])
    .where('company_id', '=', companyId)
    .where('id', '=', driverId)
    .executeTakeFirst();
}

/** The company's vehicles with their active driver's name and location, for GET propositions/{id}/cars. */
export function findCompanyVehicles(db: Db, companyId: number) {
  return db
    .selectFrom('vehicles as v')
    .leftJoin('drivers as d', 'd.id', 'v.active_driver_id')
    .select([
      ...VEHICLE_COLUMNS.map((column) => `v.${column}` as const),
      'v.loads_allowed_for_driver',
      'v.loads_allowed_for_owner',
      'v.owner_id',
      'd.first_name as driver_first_name',
      'd.last_name as driver_last_name',
    ])
    .where('v.company_id', '=', companyId)
    .orderBy('v.id')
    .execute();
}
export type CompanyVehicleRow = Awaited<ReturnType<typeof findCompanyVehicles>>[number];

/** The load's figures a vehicle must fit (type, dimensions, weight, equipment, pick-up time). */
export function findLoadFigures(db: Db, companyId: number, loadId: number) {
  return db
    .selectFrom('loads')
    .select(['id', 'vehicle_type', 'length', 'width', 'height', 'weight', 'equipment', 'pick_up_datetime'])
    .where('company_id', '=', companyId)
    .where('id', '=', loadId)
    .executeTakeFirst();
}

// ---------------------------------------------------------------- writes

export async function insertProposition(trx: Trx, values: NewRow<'bids'>): Promise<number> {
  const row = await trx.insertInto('bids').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProposition(trx: Db, id: number, values: RowUpdate<'bids'>): Promise<void> {
  await trx.updateTable('bids').set(values).where('id', '=', id).where('kind', '=', 'dispatcher').execute();
}

/** A proposition of the company, locked for a decision (price, won, lost). */
export function lockProposition(trx: Trx, companyId: number, id: number) {
  return trx
    .selectFrom('bids')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('kind', '=', 'dispatcher')
    .forUpdate()
    .executeTakeFirst();
}
export type LockedProposition = NonNullable<Awaited<ReturnType<typeof lockProposition>>>;

/** Marks the load's other active propositions lost; answers them (id and vehicle). */
export function loseOtherPropositions(trx: Trx, loadId: number, winnerId: number, at: Date) {
  return trx
    .updateTable('bids')
    .set({ status: PROPOSITION_STATUS.lost, updated_at: at })
    .where('load_id', '=', loadId)
    .where('kind', '=', 'dispatcher')
    .where('status', '=', PROPOSITION_STATUS.active)
    .where('id', '<>', winnerId)
    .returning(['id', 'vehicle_id'])
    .execute();
}

/** Of these vehicles, the ones still offered in an active proposition (they stay In bid). */
export async function findVehiclesInActiveBids(
  trx: Trx,
  vehicleIds: readonly number[],
): Promise<Set<number>> {
  if (vehicleIds.length === 0) return new Set();
  const rows = await trx
    .selectFrom('bids')
    .select('vehicle_id')
    .distinct()
    .where('vehicle_id', 'in', vehicleIds)
    .where('status', '=', PROPOSITION_STATUS.active)
    .where('kind', '=', 'dispatcher')
    .execute();
  return new Set(rows.flatMap((row) => (row.vehicle_id === null ? [] : [row.vehicle_id])));
}

/**
 * The load's dispatcher bids as the board shows them: the first (lowest id) of those not lost, and how many
 * are not lost (dispatcher_bid and reject_bid events).
 */
export async function findBoardBids(trx: Db, loadId: number) {
  const rows = await trx
    .selectFrom('bids as b')
    .leftJoin('users as u', 'u.id', 'b.dispatcher_id')
    .leftJoin('vehicles as v', 'v.id', 'b.vehicle_id')
    .select([
      'b.id',
      'b.status',
      'b.price_cents',
      'b.vehicle_id',
      'v.unit_id',
      'u.id as dispatcher_id',
      'u.first_name',
      'u.last_name',
      sql<string>`count(*) over ()`.as('total'),
    ])
    .where('b.load_id', '=', loadId)
    .where('b.kind', '=', 'dispatcher')
    .where('b.status', 'in', [PROPOSITION_STATUS.active, PROPOSITION_STATUS.won])
    .orderBy('b.id')
    .limit(1)
    .execute();
  return { first: rows[0] ?? null, count: Number(rows[0]?.total ?? 0) };
}
