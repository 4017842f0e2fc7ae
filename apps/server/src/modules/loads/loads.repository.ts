import {
  expressionBuilder,
  sql,
  type Expression,
  type Insertable,
  type SqlBool,
  type Transaction,
  type Updateable,
} from 'kysely';
import type {
  Database,
  EquipmentFlags,
  LoadFileType,
  LoadListClass,
  LoadStatus,
  LoadsTable,
  VehicleType,
} from '../../db/schema';
import type { Db } from '../../db/types';

// Every query of the loads module. Each is scoped to the caller's company.

type Trx = Transaction<Database>;

// ---------------------------------------------------------------- loads as answered

export type LoadRow = {
  id: number;
  company_id: number;
  status: LoadStatus;
  accounting_status: number | null;
  load_accounting_number: number | null;
  load_accounting_week: number | null;
  load_accounting_year: number | null;
  broker_company_id: number | null;
  accounting_broker_company_id: number | null;
  broker_name: string | null;
  broker_phone: string | null;
  reply_email: string | null;
  rateconf_ref: string | null;
  pays_cents: number | null;
  broker_price_cents: number;
  driver_price_cents: number;
  weight: number | null;
  pieces: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  vehicle_type: string | null;
  note: string | null;
  dock_level: boolean;
  is_danger: boolean;
  is_urgent: boolean;
  is_can_put_on_top: boolean;
  equipment: EquipmentFlags;
  pick_up_datetime: Date | null;
  delivery_datetime: Date | null;
  miles: number | null;
  dispatcher_id: number | null;
  driver_id: number | null;
  vehicle_id: number | null;
  working_group_id: number | null;
  subgroup_id: number | null;
  email_notifications_status: 'Active' | 'Inactive' | 'Halted';
  email_notifications_interval: number | null;
  email_notifications_location_flag: boolean;
  email_notifications_load_status_flag: boolean;
  email_notifications_type: string | null;
  location_update_emails: string[];
  created_at: Date;
  updated_at: Date;
  broker_company_name: string | null;
  broker_company_mc_number: string | null;
  broker_company_rating: 1 | 2 | 3 | 4 | 5 | null;
  broker_company_in_blacklist: boolean | null;
  accounting_broker_company_name: string | null;
  driver_first_name: string | null;
  driver_last_name: string | null;
  driver_phone_number: string | null;
  vehicle_unit_id: string | null;
  vehicle_transport_type: VehicleType | null;
  dispatcher_first_name: string | null;
  dispatcher_last_name: string | null;
};

function loadRowsQuery(db: Db) {
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

export type PointRow = {
  id: number;
  load_id: number;
  point_order: number;
  type: 'pick_up' | 'deliver_to';
  address: string;
  city: string;
  state: string;
  zip_code: string | null;
  country: 'US' | 'CA';
  lat: number | null;
  lon: number | null;
  date: Date | null;
  is_active: boolean;
};

const POINT_COLUMNS = [
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
] as const;

/** The points of these loads, each load's in order. */
export async function findPoints(db: Db, loadIds: readonly number[]): Promise<PointRow[]> {
  if (loadIds.length === 0) return [];
  return db
    .selectFrom('load_points')
    .select(POINT_COLUMNS)
    .where('load_id', 'in', loadIds)
    .orderBy('load_id')
    .orderBy('point_order')
    .execute();
}

export type FileRow = {
  id: number;
  load_id: number;
  file_type: LoadFileType;
  name: string;
  storage_path: string;
  size_bytes: number;
  mime_type: string | null;
  created_at: Date;
  uploaded_by: number | null;
  uploader_first_name: string | null;
  uploader_last_name: string | null;
};

function fileRowsQuery(db: Db) {
  return db
    .selectFrom('load_files as f')
    .leftJoin('users as u', 'u.id', 'f.uploaded_by')
    .select([
      'f.id',
      'f.load_id',
      'f.file_type',
      'f.name',
      'f.storage_path',
      'f.size_bytes',
      'f.mime_type',
      'f.created_at',
      'f.uploaded_by',
      'u.first_name as uploader_first_name',
      'u.last_name as uploader_last_name',
    ]);
}

/** The files of these loads, oldest first. */
export async function findFiles(db: Db, loadIds: readonly number[]): Promise<FileRow[]> {
  if (loadIds.length === 0) return [];
  return fileRowsQuery(db).where('f.load_id', 'in', loadIds).orderBy('f.load_id').orderBy('f.id').execute();
}

/** A file of one of the company's loads, with its load's status. */
export async function findCompanyFile(
  db: Db,
  companyId: number,
  fileId: number,
): Promise<(FileRow & { load_status: LoadStatus }) | undefined> {
  return fileRowsQuery(db)
    .innerJoin('loads as l', 'l.id', 'f.load_id')
    .select('l.status as load_status')
    .where('l.company_id', '=', companyId)
    .where('f.id', '=', fileId)
    .executeTakeFirst();
}

export type HistoryRow = {
  id: number;
  action: string;
  field: string | null;
  before: unknown;
  after: unknown;
  created_at: Date;
  user_id: number | null;
  user_first_name: string | null;
  user_last_name: string | null;
};

/** The load's history, oldest first. */
export async function findHistory(db: Db, loadId: number): Promise<HistoryRow[]> {
  return db
    .selectFrom('load_history as h')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .select([
      'h.id',
      'h.action',
      'h.field',
      'h.before',
      'h.after',
      'h.created_at',
      'h.user_id',
      'u.first_name as user_first_name',
      'u.last_name as user_last_name',
    ])
    .where('h.load_id', '=', loadId)
    .orderBy('h.created_at')
    .orderBy('h.id')
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

// ---------------------------------------------------------------- lists

export type ListScope = {
  companyId: number;
  /** The list; undefined for every list at once (a driver's history). */
  listClass: LoadListClass | undefined;
};

export type ListFilters = {
  search?: string | undefined;
  dispatcher?: number | undefined;
  driver?: number | undefined;
  car?: number | undefined;
  broker?: number | undefined;
  wg?: number | undefined;
  sub_wg?: number | undefined;
  pick_up_from?: string | undefined;
  pick_up_to?: string | undefined;
  delivery_from?: string | undefined;
  delivery_to?: string | undefined;
  state?: string | undefined;
};

export type Page = { limit: number; offset: number };

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

// A load number typed in the search box: the id or the accounting number ('000042' is 42).
const LOAD_NUMBER = /^\d{1,9}$/;

/**
 * The ids of the loads the search text matches, as a union of index ranges: the load id or accounting
 * number (digits), the start of rateconf_ref, the start of the broker contact's name, a part of the broker
 * company's name, or the start of the city of any point. Case-insensitive.
 */
function searchMatches(db: Db, scope: ListScope, text: string) {
  const lowered = text.toLowerCase();
  const prefix = `${escapeLike(lowered)}%`;
  const contains = `%${escapeLike(lowered)}%`;
  const loadsInScope = () => {
    let query = db.selectFrom('loads as s').select('s.id').where('s.company_id', '=', scope.companyId);
    if (scope.listClass !== undefined) query = query.where('s.list_class', '=', scope.listClass);
    return query;
  };
  let pointsInScope = db
    .selectFrom('load_points as sp')
    .select('sp.load_id as id')
    .where('sp.company_id', '=', scope.companyId);
  if (scope.listClass !== undefined)
    pointsInScope = pointsInScope.where('sp.list_class', '=', scope.listClass);

  let matches = loadsInScope()
    .where(sql<string>`lower(s.rateconf_ref)`, 'like', prefix)
    .union(loadsInScope().where(sql<string>`lower(s.broker_name)`, 'like', prefix))
    .union(
      loadsInScope().where(
        's.broker_company_id',
        'in',
        db
          .selectFrom('broker_companies as sb')
          .select('sb.id')
          .where('sb.company_id', '=', scope.companyId)
          .where(sql<string>`lower(sb.name)`, 'like', contains),
      ),
    )
    .union(pointsInScope.where(sql<string>`lower(sp.city)`, 'like', prefix));
  if (LOAD_NUMBER.test(text)) {
    const number = Number(text);
    matches = matches.union(
      loadsInScope().where((eb) =>
        eb.or([eb('s.id', '=', number), eb('s.load_accounting_number', '=', number)]),
      ),
    );
  }
  return matches;
}

/** The ids of the loads with a point in the state. */
function stateMatches(db: Db, scope: ListScope, state: string) {
  let query = db
    .selectFrom('load_points as sp')
    .select('sp.load_id as id')
    .where('sp.company_id', '=', scope.companyId)
    .where('sp.state', '=', state);
  if (scope.listClass !== undefined) query = query.where('sp.list_class', '=', scope.listClass);
  return query;
}

/** The conditions on the load row itself, for the loads aliased `l`. */
function loadConditions(filters: ListFilters): Expression<SqlBool> {
  const eb = expressionBuilder<Database & { l: LoadsTable }, 'l'>();
  const conditions: Expression<SqlBool>[] = [];
  if (filters.dispatcher !== undefined) conditions.push(eb('l.dispatcher_id', '=', filters.dispatcher));
  if (filters.driver !== undefined) conditions.push(eb('l.driver_id', '=', filters.driver));
  if (filters.car !== undefined) conditions.push(eb('l.vehicle_id', '=', filters.car));
  if (filters.broker !== undefined) conditions.push(eb('l.broker_company_id', '=', filters.broker));
  if (filters.wg !== undefined) conditions.push(eb('l.working_group_id', '=', filters.wg));
  if (filters.sub_wg !== undefined) conditions.push(eb('l.subgroup_id', '=', filters.sub_wg));
  if (filters.pick_up_from) conditions.push(eb('l.pick_up_datetime', '>=', new Date(filters.pick_up_from)));
  if (filters.pick_up_to) conditions.push(eb('l.pick_up_datetime', '<=', new Date(filters.pick_up_to)));
  if (filters.delivery_from)
    conditions.push(eb('l.delivery_datetime', '>=', new Date(filters.delivery_from)));
  if (filters.delivery_to) conditions.push(eb('l.delivery_datetime', '<=', new Date(filters.delivery_to)));
  return eb.and(conditions);
}

function hasLoadConditions(filters: ListFilters): boolean {
  return [
    filters.dispatcher,
    filters.driver,
    filters.car,
    filters.broker,
    filters.wg,
    filters.sub_wg,
    filters.pick_up_from,
    filters.pick_up_to,
    filters.delivery_from,
    filters.delivery_to,
  ].some((value) => value !== undefined);
}

function isUnfiltered(filters: ListFilters): boolean {
  return !hasLoadConditions(filters) && !filters.search && !filters.state;
}

/** The ids of the list's loads that pass every filter, chosen from the indexes alone. */
function matchingLoadIds(db: Db, scope: ListScope, filters: ListFilters) {
  let ids = db
    .selectFrom('loads as l')
    .select('l.id')
    .where('l.company_id', '=', scope.companyId)
    .where(loadConditions(filters));
  if (scope.listClass !== undefined) ids = ids.where('l.list_class', '=', scope.listClass);
  if (filters.state) ids = ids.where('l.id', 'in', stateMatches(db, scope, filters.state));
  if (filters.search) ids = ids.where('l.id', 'in', searchMatches(db, scope, filters.search));
  return ids;
}

/**
 * The ids of the list's loads that pass every filter, from the narrowest source: the load row's indexes when
 * a load filter is set (or none is), else the state or search ranges of the points and loads, which are
 * already the company's and the list's.
 */
function narrowestMatches(db: Db, scope: ListScope, filters: ListFilters) {
  if (hasLoadConditions(filters) || (!filters.state && !filters.search)) {
    return matchingLoadIds(db, scope, filters);
  }
  if (filters.state) {
    let query = stateMatches(db, scope, filters.state).distinct();
    if (filters.search) query = query.where('sp.load_id', 'in', searchMatches(db, scope, filters.search));
    return query;
  }
  return searchMatches(db, scope, filters.search!);
}

/**
 * The ids a page is chosen from: the narrowest source, except with a state. A search alone pages from its own
 * ranges: checked against the loads again, a search for a broker with 40,000 completed loads re-read each of
 * them by id (190 ms). A state matches a large share of a list, so walking the list's loads newest first
 * (matchingLoadIds) finds a page of 100 after a few thousand, sooner than sorting every match.
 */
function pageIds(db: Db, scope: ListScope, filters: ListFilters) {
  return filters.state ? matchingLoadIds(db, scope, filters) : narrowestMatches(db, scope, filters);
}

/**
 * How many loads the list holds with these filters: one query. The unfiltered list reads the count the
 * triggers keep; otherwise the matching ids are counted from the narrowest source (narrowestMatches).
 */
export async function countList(db: Db, scope: ListScope, filters: ListFilters): Promise<number> {
  if (scope.listClass !== undefined && isUnfiltered(filters)) {
    const row = await db
      .selectFrom('load_list_counts')
      .select('load_count')
      .where('company_id', '=', scope.companyId)
      .where('list_class', '=', scope.listClass)
      .executeTakeFirst();
    return row?.load_count ?? 0;
  }
  const row = await db
    .selectFrom(narrowestMatches(db, scope, filters).as('m'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * One page of the list, newest first, with the broker, driver, vehicle and dispatcher: one query. The page's
 * ids are chosen first, from the indexes alone (pageIds), and only those rows are joined: the planner cannot
 * know that the newest loads are seldom in the completed list, and left to itself walks the whole table by
 * id.
 */
export async function findListPage(
  db: Db,
  scope: ListScope,
  filters: ListFilters,
  page: Page,
): Promise<LoadRow[]> {
  return loadRowsQuery(db)
    .innerJoin(
      db
        .selectFrom(pageIds(db, scope, filters).as('m'))
        .select('m.id')
        .orderBy('m.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .as('page'),
      'page.id',
      'l.id',
    )
    .orderBy('l.id', 'desc')
    .execute();
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

export async function insertLoad(trx: Trx, values: Insertable<LoadsTable>): Promise<number> {
  const row = await trx.insertInto('loads').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLoad(trx: Trx, id: number, values: Updateable<LoadsTable>): Promise<void> {
  await trx.updateTable('loads').set(values).where('id', '=', id).execute();
}

export async function deleteLoad(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('loads').where('id', '=', id).execute();
}

export type PointValues = {
  point_order: number;
  type: 'pick_up' | 'deliver_to';
  address: string;
  city: string;
  state: string;
  zip_code: string | null;
  country: 'US' | 'CA';
  lat: number | null;
  lon: number | null;
  date: Date | string | null;
  is_active: boolean;
};

export async function insertPoints(trx: Trx, loadId: number, points: readonly PointValues[]): Promise<void> {
  if (points.length === 0) return;
  await trx
    .insertInto('load_points')
    .values(points.map((point) => ({ ...point, load_id: loadId })))
    .execute();
}

/**
 * Replaces the load's points: points with an id are updated, the others inserted, and saved points not in
 * the list deleted. Orders are moved out of the way first so that reordering never collides.
 */
export async function replacePoints(
  trx: Trx,
  loadId: number,
  points: readonly (PointValues & { id?: number | undefined })[],
): Promise<void> {
  const keptIds = points.flatMap((point) => (point.id === undefined ? [] : [point.id]));
  let removal = trx.deleteFrom('load_points').where('load_id', '=', loadId);
  if (keptIds.length > 0) removal = removal.where('id', 'not in', keptIds);
  await removal.execute();
  if (keptIds.length > 0) {
    await trx
      .updateTable('load_points')
      .set((eb) => ({ point_order: eb('point_order', '+', 1000) }))
      .where('load_id', '=', loadId)
      .execute();
  }
  for (const { id, ...values } of points) {
    if (id === undefined) continue;
    await trx
      .updateTable('load_points')
      .set(values)
      .where('id', '=', id)
      .where('load_id', '=', loadId)
      .execute();
  }
  await insertPoints(
    trx,
    loadId,
    points.filter((point) => point.id === undefined),
  );
}

/** The saved points of a load, in order (inside the transaction that changes them). */
export async function findPointsForUpdate(trx: Trx, loadId: number): Promise<PointRow[]> {
  return trx
    .selectFrom('load_points')
    .select(POINT_COLUMNS)
    .where('load_id', '=', loadId)
    .orderBy('point_order')
    .forUpdate()
    .execute();
}

/** Sets is_active on exactly the point with this order (none when null). */
export async function setActivePoint(trx: Trx, loadId: number, activeOrder: number | null): Promise<void> {
  await trx
    .updateTable('load_points')
    .set({ is_active: activeOrder === null ? false : sql<boolean>`point_order = ${activeOrder}` })
    .where('load_id', '=', loadId)
    .execute();
}

export type HistoryValues = {
  load_id: number;
  user_id: number | null;
  action: string;
  field: string | null;
  before: unknown;
  after: unknown;
  created_at: Date;
};

export async function insertHistory(trx: Trx, entries: readonly HistoryValues[]): Promise<void> {
  if (entries.length === 0) return;
  await trx
    .insertInto('load_history')
    .values(
      entries.map((entry) => ({
        ...entry,
        before: entry.before === undefined ? null : JSON.stringify(entry.before),
        after: entry.after === undefined ? null : JSON.stringify(entry.after),
      })),
    )
    .execute();
}

/** The file types uploaded to the load. */
export async function findFileTypes(trx: Trx, loadId: number): Promise<string[]> {
  const rows = await trx.selectFrom('load_files').select('file_type').where('load_id', '=', loadId).execute();
  return rows.map((row) => row.file_type);
}

export async function findStoragePaths(trx: Trx, loadId: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('load_files')
    .select('storage_path')
    .where('load_id', '=', loadId)
    .execute();
  return rows.map((row) => row.storage_path);
}

export async function insertFile(
  trx: Trx,
  values: {
    load_id: number;
    file_type: LoadFileType;
    name: string;
    storage_path: string;
    size_bytes: number;
    mime_type: string | null;
    uploaded_by: number;
    created_at: Date;
  },
): Promise<number> {
  const row = await trx.insertInto('load_files').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteFile(trx: Trx, fileId: number): Promise<void> {
  await trx.deleteFrom('load_files').where('id', '=', fileId).execute();
}

// ---------------------------------------------------------------- the people and things a load names

export async function findBrokerCompany(db: Db, companyId: number, id: number) {
  return db
    .selectFrom('broker_companies')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

function driverById(db: Db, companyId: number, id: number) {
  return db
    .selectFrom('drivers')
    .select(['id', 'first_name', 'last_name', 'phone_number'])
    .where('company_id', '=', companyId)
    .where('id', '=', id);
}

/** A driver of the company who may take a load: not fired. */
export async function findDriver(db: Db, companyId: number, id: number) {
  return driverById(db, companyId, id).where('status', '<>', 'Fired').executeTakeFirst();
}

/** Any driver of the company, fired or not (for the names in the history). */
export async function findDriverName(db: Db, companyId: number, id: number) {
  return driverById(db, companyId, id).executeTakeFirst();
}

/** The ids named, without the empty ones and repeats. */
const namedIds = (ids: readonly (number | null)[]) => [
  ...new Set(ids.filter((id): id is number => id !== null)),
];

/** Unit ids of the company's vehicles by id. */
export async function findVehicleUnitIds(
  db: Db,
  companyId: number,
  ids: readonly (number | null)[],
): Promise<Map<number, string>> {
  const wanted = namedIds(ids);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('vehicles')
    .select(['id', 'unit_id'])
    .where('company_id', '=', companyId)
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, row.unit_id]));
}

/** 'First Last' of the company's users by id. */
export async function findUserNames(
  db: Db,
  companyId: number,
  ids: readonly (number | null)[],
): Promise<Map<number, string>> {
  const wanted = namedIds(ids);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('company_id', '=', companyId)
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, `${row.first_name} ${row.last_name}`.trim()]));
}

/** A vehicle of the company. */
export async function findVehicle(db: Db, companyId: number, id: number) {
  return db
    .selectFrom('vehicles')
    .select(['id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The vehicle a driver drives: the one whose active driver they are, else the first they are listed on. */
export async function findVehicleOfDriver(db: Db, companyId: number, driverId: number) {
  return (
    db
      .selectFrom('vehicles as v')
      .select('v.id')
      .where('v.company_id', '=', companyId)
      .where((eb) =>
        eb.or([
          eb('v.active_driver_id', '=', driverId),
          eb(
            'v.id',
            'in',
            eb.selectFrom('vehicle_drivers').select('vehicle_id').where('driver_id', '=', driverId),
          ),
        ]),
      )
      // IS NOT DISTINCT FROM: a vehicle with no active driver must not sort first (NULL sorts first in DESC).
      .orderBy(sql`v.active_driver_id is not distinct from ${driverId}`, 'desc')
      .orderBy('v.id')
      .limit(1)
      .executeTakeFirst()
  );
}

/** A user of the company with their team: the working group and their first subgroup. */
function userWithTeam(db: Db, companyId: number, id: number) {
  return db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      'u.working_group_id',
      eb
        .selectFrom('subgroup_members as sm')
        .select('sm.subgroup_id')
        .whereRef('sm.user_id', '=', 'u.id')
        .orderBy('sm.subgroup_id')
        .limit(1)
        .as('subgroup_id'),
    ])
    .where('u.company_id', '=', companyId)
    .where('u.id', '=', id);
}

/** A dispatcher (or manager) of the company who is not fired, with the team the loads they run belong to. */
export async function findDispatcher(db: Db, companyId: number, id: number) {
  return userWithTeam(db, companyId, id)
    .where('u.role', 'in', [4, 5])
    .where('u.status', '<>', 'Fired')
    .executeTakeFirst();
}

/** The team of any user of the company (the creator of a load is its dispatcher unless one is named). */
export async function findUserTeam(db: Db, companyId: number, id: number) {
  return userWithTeam(db, companyId, id).executeTakeFirst();
}

export async function updateDriverInfo(
  trx: Trx,
  companyId: number,
  driverId: number,
  values: { first_name: string; last_name: string; phone_number: string },
  now: Date,
): Promise<void> {
  await trx
    .updateTable('drivers')
    .set({ ...values, updated_at: now })
    .where('company_id', '=', companyId)
    .where('id', '=', driverId)
    .execute();
}

/**
 * Vehicle status follows the loads: a vehicle with a load in the active list is On load (3); one that was
 * On load and has no active load left is Available (1). Other statuses of a vehicle without an active load
 * (Not available, In bid, Locked) are left alone. Answers the vehicles whose status changed.
 */
export async function syncVehicleStatuses(
  trx: Trx,
  companyId: number,
  vehicleIds: readonly (number | null)[],
  now: Date,
): Promise<{ id: number; status: 1 | 2 | 3 | 4 | 5 | 7 }[]> {
  const ids = namedIds(vehicleIds);
  if (ids.length === 0) return [];
  const onLoad = sql<boolean>`exists (
    select 1 from loads l
    where l.company_id = ${companyId} and l.list_class = 1 and l.vehicle_id = v.id
  )`;
  return trx
    .updateTable('vehicles as v')
    .set({
      status: sql<1 | 3>`case when ${onLoad} then 3 else 1 end`,
      status_updated_at: now,
      updated_at: now,
    })
    .where('v.company_id', '=', companyId)
    .where('v.id', 'in', ids)
    .where((eb) =>
      eb.or([eb.and([onLoad, eb('v.status', '<>', 3)]), eb.and([eb.not(onLoad), eb('v.status', '=', 3)])]),
    )
    .returning(['v.id', 'v.status'])
    .execute();
}

// ---------------------------------------------------------------- what the vehicles module reads

export type LoadPlaceRow = {
  point_order: number;
  type: 'pick_up' | 'deliver_to';
  address: string;
  lat: number | null;
  lon: number | null;
  date: Date | null;
  is_active: boolean;
};

/** The points of a load of the company, in order; none when the company has no such load. */
export async function findCompanyLoadPoints(
  db: Db,
  companyId: number,
  loadId: number,
): Promise<LoadPlaceRow[]> {
  return db
    .selectFrom('load_points as p')
    .innerJoin('loads as l', 'l.id', 'p.load_id')
    .select(['p.point_order', 'p.type', 'p.address', 'p.lat', 'p.lon', 'p.date', 'p.is_active'])
    .where('l.company_id', '=', companyId)
    .where('p.load_id', '=', loadId)
    .orderBy('p.point_order')
    .execute();
}

/**
 * The company's loads in the active list that have a vehicle, each with its active point (null when none
 * is active), earliest pick-up first: one index range of the active list by vehicle.
 */
export async function findActiveLoadsWithVehicles(db: Db, companyId: number) {
  return db
    .selectFrom('loads as l')
    .leftJoin('load_points as p', (join) => join.onRef('p.load_id', '=', 'l.id').on('p.is_active', '=', true))
    .select([
      'l.id',
      'l.status',
      'l.vehicle_id',
      'p.type as point_type',
      'p.address as point_address',
      'p.city as point_city',
      'p.state as point_state',
      'p.zip_code as point_zip_code',
      'p.country as point_country',
      'p.lat as point_lat',
      'p.lon as point_lon',
      'p.date as point_date',
    ])
    .where('l.company_id', '=', companyId)
    .where('l.list_class', '=', 1)
    .where('l.vehicle_id', 'is not', null)
    .orderBy('l.pick_up_datetime')
    .orderBy('l.id')
    .execute();
}
