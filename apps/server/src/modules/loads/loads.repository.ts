import { LOAD_LIST_CLASS } from '@app/domain/loads/loads.rules';
import type { Db, NewRow, Row, RowUpdate } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';

// The loads themselves: a load as answered (with the names it shows), its lock and writes. Its other tables
// have their own repositories: the list planner (load-list), points, files and history. The broker company
// and the users a load names are looked up through their services. Each query is scoped to the caller's
// company.

// ---------------------------------------------------------------- loads as answered

/**
 * A load as answered: every column but the ones only the server uses (where it came from, who created or
 * restored it, when it ended and its stored list), with the names it shows (left-joined: null without them).
 */
export type LoadRow = Omit<
  Row<'loads'>,
  | 'source'
  | 'restored_from_id'
  | 'created_by'
  | 'delivered_at'
  | 'completed_at'
  | 'canceled_at'
  | 'list_class'
  | 'pick_up_lat'
  | 'pick_up_lon'
  | 'pick_up_cell'
> & {
  broker_company_name: string | null;
  broker_company_mc_number: string | null;
  broker_company_rating: Row<'broker_companies'>['rating'] | null;
  broker_company_in_blacklist: boolean | null;
  accounting_broker_company_name: string | null;
  driver_first_name: string | null;
  driver_last_name: string | null;
  driver_phone_number: string | null;
  vehicle_unit_id: string | null;
  vehicle_transport_type: Row<'vehicles'>['transport_type'] | null;
  dispatcher_first_name: string | null;
  dispatcher_last_name: string | null;
};

export function loadRowsQuery(db: Db) {
  return db
    .selectFrom('loads as l')
    .leftJoin('broker_companies as b', 'b.id', 'l.broker_company_id')
    .leftJoin('broker_companies as ab', 'ab.id', 'l.accounting_broker_company_id')
    .leftJoin('drivers as d', 'd.id', 'l.driver_id')
    .leftJoin('vehicles as v', 'v.id', 'l.vehicle_id')
    .leftJoin('users as u', 'u.id', 'l.dispatcher_id')
    .select([
      'l.id',
      'l.company_id',
      'l.status',
      'l.accounting_status',
      'l.load_accounting_number',
      'l.load_accounting_week',
      'l.load_accounting_year',
      'l.broker_company_id',
      'l.accounting_broker_company_id',
      'l.broker_name',
      'l.broker_phone',
      'l.reply_email',
      'l.rateconf_ref',
      'l.pays_cents',
      'l.broker_price_cents',
      'l.driver_price_cents',
      'l.weight',
      'l.pieces',
      'l.length',
      'l.width',
      'l.height',
      'l.vehicle_type',
      'l.note',
      'l.dock_level',
      'l.is_danger',
      'l.is_urgent',
      'l.is_can_put_on_top',
      'l.equipment',
      'l.pick_up_datetime',
      'l.delivery_datetime',
      'l.miles',
      'l.dispatcher_id',
      'l.driver_id',
      'l.vehicle_id',
      'l.working_group_id',
      'l.subgroup_id',
      'l.email_notifications_status',
      'l.email_notifications_interval',
      'l.email_notifications_location_flag',
      'l.email_notifications_load_status_flag',
      'l.email_notifications_type',
      'l.location_update_emails',
      'l.board_status',
      'l.posted_at',
      'l.posting_reference',
      'l.created_at',
      'l.updated_at',
      'b.name as broker_company_name',
      'b.mc_number as broker_company_mc_number',
      'b.rating as broker_company_rating',
      'b.in_blacklist as broker_company_in_blacklist',
      'ab.name as accounting_broker_company_name',
      'd.first_name as driver_first_name',
      'd.last_name as driver_last_name',
      'd.phone_number as driver_phone_number',
      'v.unit_id as vehicle_unit_id',
      'v.transport_type as vehicle_transport_type',
      'u.first_name as dispatcher_first_name',
      'u.last_name as dispatcher_last_name',
    ]);
}

export async function findLoadRow(db: Db, companyId: number, id: number): Promise<LoadRow | undefined> {
  return loadRowsQuery(db).where('l.company_id', '=', companyId).where('l.id', '=', id).executeTakeFirst();
}

/** The company's loads with this accounting number or (when given) this id: a typed load number's candidates. */
export async function findLoadsByNumber(
  db: Db,
  companyId: number,
  accountingNumber: number,
  id: number | null,
): Promise<Pick<Row<'loads'>, 'id' | 'load_accounting_number'>[]> {
  return db
    .selectFrom('loads')
    .select(['id', 'load_accounting_number'])
    .where('company_id', '=', companyId)
    .where((eb) =>
      eb.or([
        eb('load_accounting_number', '=', accountingNumber),
        ...(id === null ? [] : [eb('id', '=', id)]),
      ]),
    )
    .execute();
}

/** The company's table of documents each status needs: status -> file types. */
export async function findRequiredDocuments(
  db: Db,
  companyId: number,
): Promise<Record<string, string[]> | undefined> {
  const row = await db
    .selectFrom('companies')
    .select('required_documents')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row?.required_documents;
}

// ---------------------------------------------------------------- writing loads

/** The load's row, locked until the transaction ends; undefined when the company has no such load. */
export async function lockLoad(trx: Trx, companyId: number, id: number) {
  return trx
    .selectFrom('loads')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}
export type LockedLoad = NonNullable<Awaited<ReturnType<typeof lockLoad>>>;

/**
 * The next load accounting number of the company (numbers count from 1 per company). The company row is
 * locked until the transaction ends, so two loads created at once get different numbers.
 */
export async function nextAccountingNumber(trx: Trx, companyId: number): Promise<number> {
  await trx.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().execute();
  const row = await trx
    .selectFrom('loads')
    .select((eb) => eb.fn.max('load_accounting_number').as('last'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/**
 * The company's load posted by this broker with this reference since `since` (the newest), locked: a
 * repeated posting updates it instead of adding a load.
 */
export async function lockRepeatedPosting(
  trx: Trx,
  companyId: number,
  brokerId: number,
  reference: string,
  since: Date,
) {
  return trx
    .selectFrom('loads')
    .select([
      'id',
      'board_status',
      'pays_cents',
      'broker_price_cents',
      'vehicle_type',
      'pick_up_datetime',
      'delivery_datetime',
      'weight',
      'pieces',
      'length',
      'width',
      'height',
      'note',
    ])
    .where('company_id', '=', companyId)
    .where('broker_company_id', '=', brokerId)
    .where('posting_reference', '=', reference)
    .where('posted_at', '>=', since)
    .orderBy('posted_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertLoad(trx: Trx, values: NewRow<'loads'>): Promise<number> {
  const row = await trx.insertInto('loads').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLoad(trx: Trx, id: number, values: RowUpdate<'loads'>): Promise<void> {
  await trx.updateTable('loads').set(values).where('id', '=', id).execute();
}

export async function deleteLoad(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('loads').where('id', '=', id).execute();
}

/** Of these vehicles, the ones that a load of the company's active list has (the On load rule). */
export async function findVehiclesOnActiveLoads(
  trx: Trx,
  companyId: number,
  vehicleIds: readonly number[],
): Promise<Set<number>> {
  if (vehicleIds.length === 0) return new Set();
  const rows = await trx
    .selectFrom('loads')
    .select('vehicle_id')
    .distinct()
    .where('company_id', '=', companyId)
    .where('list_class', '=', LOAD_LIST_CLASS.active)
    .where('vehicle_id', 'in', vehicleIds)
    .execute();
  return new Set(rows.flatMap((row) => (row.vehicle_id === null ? [] : [row.vehicle_id])));
}
