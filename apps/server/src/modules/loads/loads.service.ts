import type { Readable } from 'node:stream';
import type { RoleId } from '@app/domain/common/lookups';
import { centsToAmount } from '@app/domain/common/money';
import { pageOffset, type ListResponse } from '@app/domain/common/pagination';
import {
  ACTIVE_POINT_REQUIRED_MESSAGE,
  activePointError,
  loadBodyToFormValues,
  REMOVE_ACTIVE_POINT_MESSAGE,
  validateLoadForm,
  type LoadFormKind,
  type LoadFormValues,
} from '@app/domain/loads/load-form.rules';
import {
  activePointAfterStatus,
  CANCELED_STATUS,
  DEFAULT_REQUIRED_DOCUMENTS,
  DELIVERED_STATUS,
  DOCUMENTS_REQUIRED_MESSAGE,
  loadActionRefusal,
  missingDocuments,
  nextStatus,
  prevStatus,
  RESTORED_STATUS,
  TONU_STATUS,
  withActivePoint,
  WAITING_TO_ACCEPT_STATUS,
  type LoadAction,
  type LoadActor,
  type LoadFileType,
  type RequiredDocumentsTable,
} from '@app/domain/loads/load-lifecycle.rules';
import { loadStatusClass, routeDistanceMiles, type LoadStatusClass } from '@app/domain/loads/loads.rules';
import type {
  CompletedLoadEdit,
  DriverLoadHistoryQuery,
  Load,
  LoadActiveUpdate,
  LoadCancel,
  LoadChangePrice,
  LoadCreate,
  LoadDetail,
  LoadEditDriverInfo,
  LoadEmailNotifications,
  LoadFastCreate,
  LoadFile,
  LoadHistoryAction,
  LoadListQuery,
  LoadTonu,
} from '@app/domain/loads/loads.schema';
import type { UpdateLoadsAction } from '@app/domain/realtime/realtime.schema';
import { MENU, type MenuName } from '@app/domain/shell/menu.rules';
import { carStatusChange, type NextPoint } from '@app/domain/units/units.schema';
import type { Insertable, Transaction, Updateable } from 'kysely';
import type { Database, EquipmentFlags, LoadListClass, LoadStatus, LoadsTable } from '../../db/schema';
import { isoWeekOf } from '../../db/seed/dates';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog } from '../../db/unit-of-work';
import { conflict, fieldError, forbidden, HttpError, notFound, validationError } from '../../http/errors';
import { runIdempotent } from '../../http/idempotency';
import type { FileStorage } from '../../integrations/storage/file-storage';
import type { EventBus, RealtimeEvent } from '../../realtime/event-bus';
import { companyEvent } from '../../realtime/events';
import { isAllowed, type CompanyCaller } from '../auth/caller';
import type { NotificationsService } from '../notifications/notifications.service';
import { changedFields, historyRows, pointSummary, type HistoryChange } from './load-history';
import { checkUpload, displayName, storagePathFor, type IncomingFile } from './load-files';
import { toHistoryEntry, toLoad, toLoadFile } from './load-response';
import * as repository from './loads.repository';

// Loads from creation to Completed or Canceled: the lists, the load page, the form's create and edit, the
// status moves and the actions on a load, its files and its history.
//
// Every change runs in one transaction that also writes the load's history; events go out after commit:
//   update_loads       { ids, action }                              any create, change or delete of loads
//                                                                   (action: the history action, or 'delete')
//   load_status_change { id, status, old_status, accounting_status } a status move (next, prev, TONU,
//                                                                   cancel, restore)
//   car_status_change  { id, status: { id, name } }                  a vehicle's status followed its load
// all addressed to the load's company, for the roles realtime/events.ts gives them (load_status_change:
// the roles of the load's lists before and after the move). With them, notifications (modules/
// notifications): a status move notifies the load's dispatcher and team (load status, transient); a
// change of the broker or driver price (change price, TONU, cancel, completed edit) sends a rate notice.
//
// A move between lists sets (the domain's status classes; moves within a list change only the status):
//   into active    (a step back from Delivered, a restore)  accounting_status null; delivered_at,
//                                                            completed_at and canceled_at cleared
//   into checkout  (8 Delivered, 9 TONU, a step back from 10/11)  accounting_status 1; delivered_at set
//                                                            when it comes from active to 8; completed_at
//                                                            cleared
//   into completed (10, 11)                                  accounting_status 8; completed_at set
//   into canceled  (12)                                      accounting_status 9; canceled_at set
// A vehicle is On load (3) while a load in the active list has it, and Available (1) again when its last
// active load leaves the list (repository.syncVehicleStatuses).

export type LoadsService = ReturnType<typeof createLoadsService>;

/** A load's pick-up as the vehicles module needs it: where, and when the truck is expected there. */
export type LoadPickUp = { address: string; lat: number | null; lon: number | null; date: Date | null };

/** The load a vehicle is on, with the point it is heading to (the delivery map's `load`). */
export type VehicleActiveLoad = { id: number; status: number; next_point: NextPoint | null };

const LIST_CLASS: Record<LoadStatusClass, LoadListClass> = {
  active: 1,
  checkout: 2,
  completed: 3,
  canceled: 4,
};

// Who sees each list: the roles of its entry in the side menu.
const LIST_MENU_ENTRY: Record<LoadStatusClass, MenuName> = {
  active: 'activeLoads',
  checkout: 'checkOut',
  completed: 'completedLoads',
  canceled: 'canceledLoads',
};

export function listRoles(list: LoadStatusClass): readonly RoleId[] {
  const entry = MENU.flatMap((item) => [item, ...item.children]).find(
    (item) => item.name === LIST_MENU_ENTRY[list],
  );
  return entry?.roles ?? [];
}

/** Everyone who sees at least one of the lists. */
export const LOAD_VIEWER_ROLES: readonly RoleId[] = [
  ...new Set((['active', 'checkout', 'completed', 'canceled'] as const).flatMap(listRoles)),
];

export const LOADS_MESSAGES = {
  unknownBroker: 'Choose one of your broker companies.',
  unknownDriver: 'Choose one of your drivers.',
  unknownVehicle: 'Choose one of your vehicles.',
  unknownDispatcher: 'Choose one of your dispatchers.',
  unknownPoint: 'This point is not on the load; reload the page.',
  noDriver: 'The load has no driver.',
  fileUnavailable: 'The file is not available.',
  deleted: 'The load has been deleted.',
  fileDeleted: 'The file has been deleted.',
} as const;

type Trx = Transaction<Database>;

type ActionOutcome = { events: RealtimeEvent[]; loadId?: number };

const actorOf = (caller: CompanyCaller): LoadActor => ({
  role: caller.role,
  is_superuser: caller.isSuperuser,
});

function refuseWhen(load: { status: number }, action: LoadAction, caller: CompanyCaller): void {
  const refusal = loadActionRefusal(load, action, actorOf(caller));
  if (refusal) throw new HttpError(refusal.status, refusal.code, refusal.detail);
}

/** 400 naming each field the form's rules refuse (the same rules the form applies as the user types). */
function checkForm(values: LoadFormValues, kind: LoadFormKind, now: Date): void {
  const errors = validateLoadForm(values, { kind, now });
  const fields = Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]]));
  if (Object.keys(fields).length > 0) throw validationError(fields);
}

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const amountOrNull = (cents: number | null) => (cents === null ? null : centsToAmount(cents));

/** Only the flags that are set, in name order, so that equal sets compare equal. */
function normalizedEquipment(equipment: EquipmentFlags): EquipmentFlags {
  return Object.fromEntries(
    Object.entries(equipment)
      .filter(([, value]) => value === true)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** What a move into another list sets on the load (see the table at the top of this file). */
function listEntryValues(
  from: LoadStatusClass,
  to: LoadStatusClass,
  target: LoadStatus,
  at: Date,
): Updateable<LoadsTable> {
  switch (to) {
    case 'active':
      return { accounting_status: null, delivered_at: null, completed_at: null, canceled_at: null };
    case 'checkout':
      return {
        accounting_status: 1,
        completed_at: null,
        ...(from === 'active' && target === DELIVERED_STATUS ? { delivered_at: at } : {}),
      };
    case 'completed':
      return { accounting_status: 8, completed_at: at };
    case 'canceled':
      return { accounting_status: 9, canceled_at: at };
  }
}

/** The columns of a new load that its request gives (the service sets the status, number and stamps). */
type NewLoadColumns = Omit<
  Insertable<LoadsTable>,
  | 'company_id'
  | 'status'
  | 'load_accounting_number'
  | 'load_accounting_week'
  | 'load_accounting_year'
  | 'created_by'
  | 'created_at'
  | 'updated_at'
> & { pick_up_datetime: string };

/** Writes the changes into the load's history as the caller's, at `at`. */
function recordHistory(
  trx: Trx,
  caller: CompanyCaller,
  loadId: number,
  at: Date,
  changes: readonly HistoryChange[],
): Promise<void> {
  return repository.insertHistory(trx, historyRows(loadId, caller.userId, at, changes));
}

type PointInput = LoadCreate['points'][number];

function pointValues(points: readonly PointInput[], status: number) {
  const ordered = [...points].sort((a, b) => a.order - b.order);
  return withActivePoint(ordered, status).map((point) => ({
    ...(point.id === undefined ? {} : { id: point.id }),
    point_order: point.order,
    type: point.type,
    address: point.address,
    city: point.city,
    state: point.state,
    zip_code: point.zip_code,
    country: point.country,
    lat: point.lat,
    lon: point.lon,
    date: point.date,
    is_active: point.is_active,
  }));
}

/** Rows of several loads by load id, in their order. */
function groupByLoad<Row extends { load_id: number }>(rows: readonly Row[]): Map<number, Row[]> {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.load_id);
    if (group) group.push(row);
    else groups.set(row.load_id, [row]);
  }
  return groups;
}

/** The order of the point active at the status (the domain's rule), or null. */
function activeOrder(
  points: readonly { point_order: number; type: 'pick_up' | 'deliver_to' }[],
  status: number,
) {
  const active = activePointAfterStatus(
    points.map((point) => ({ order: point.point_order, type: point.type })),
    status,
  );
  return active?.order ?? null;
}

const milesOf = (points: readonly { lat: number | null; lon: number | null }[]) => {
  const located = points.flatMap((point) =>
    point.lat === null || point.lon === null ? [] : [{ lat: point.lat, lon: point.lon }],
  );
  return located.length >= 2 ? routeDistanceMiles(located) : null;
};

/** An active load's edit requires what a new load may leave empty (rateconf_ref), so the wider type. */
type LoadFormBody = Pick<
  LoadCreate,
  | 'broker_name'
  | 'broker_phone'
  | 'reply_email'
  | 'rateconf_ref'
  | 'pays'
  | 'weight'
  | 'pieces'
  | 'length'
  | 'width'
  | 'height'
  | 'car'
  | 'note'
  | 'dock_level'
  | 'isDanger'
  | 'isUrgent'
  | 'isCanPutOnTop'
  | 'equipment'
  | 'pick_up_datetime'
  | 'delivery_datetime'
>;

/** The load form's fields as the load's columns, equipment as flags (see formColumns). */
function formValues(body: LoadFormBody) {
  return {
    broker_name: body.broker_name,
    broker_phone: body.broker_phone,
    reply_email: body.reply_email,
    rateconf_ref: body.rateconf_ref,
    pays_cents: body.pays,
    weight: body.weight,
    pieces: body.pieces,
    length: body.length,
    width: body.width,
    height: body.height,
    vehicle_type: body.car,
    note: body.note,
    dock_level: body.dock_level,
    is_danger: body.isDanger,
    is_urgent: body.isUrgent,
    is_can_put_on_top: body.isCanPutOnTop,
    equipment: body.equipment,
    pick_up_datetime: body.pick_up_datetime,
    delivery_datetime: body.delivery_datetime,
  };
}

/** The load form's fields as columns to write: the same for a new load and for an edit of an active one. */
function formColumns(body: LoadFormBody, points: readonly { lat: number | null; lon: number | null }[]) {
  const values = formValues(body);
  return {
    ...values,
    equipment: JSON.stringify(normalizedEquipment(values.equipment)),
    miles: milesOf(points),
  };
}

/** The form's columns of a saved load, or of a body (formValues), to compare the two. */
type FormFieldColumns = Pick<
  repository.LoadRow,
  | 'accounting_broker_company_id'
  | 'broker_name'
  | 'broker_phone'
  | 'reply_email'
  | 'rateconf_ref'
  | 'pays_cents'
  | 'weight'
  | 'pieces'
  | 'length'
  | 'width'
  | 'height'
  | 'vehicle_type'
  | 'note'
  | 'dock_level'
  | 'is_danger'
  | 'is_urgent'
  | 'is_can_put_on_top'
  | 'equipment'
> & { pick_up_datetime: Date | string | null; delivery_datetime: Date | string | null };

/** The form's fields of a load, saved or as sent, as the API shows them (for the history of an edit). */
function formFieldsOf(columns: FormFieldColumns) {
  return {
    accounting_broker_company: columns.accounting_broker_company_id,
    broker_name: columns.broker_name,
    broker_phone: columns.broker_phone,
    reply_email: columns.reply_email,
    rateconf_ref: columns.rateconf_ref,
    pays: amountOrNull(columns.pays_cents),
    weight: columns.weight,
    pieces: columns.pieces,
    length: columns.length,
    width: columns.width,
    height: columns.height,
    vehicle_type: columns.vehicle_type,
    note: columns.note,
    dock_level: columns.dock_level,
    isDanger: columns.is_danger,
    isUrgent: columns.is_urgent,
    isCanPutOnTop: columns.is_can_put_on_top,
    equipment: normalizedEquipment(columns.equipment),
    pick_up_datetime: isoOrNull(columns.pick_up_datetime),
    delivery_datetime: isoOrNull(columns.delivery_datetime),
  };
}

export function createLoadsService(deps: {
  db: Db;
  storage: FileStorage;
  bus: EventBus;
  now: () => Date;
  notifications: NotificationsService;
  log?: ErrorLog;
}) {
  const { db, storage, now, notifications } = deps;
  const { publish } = createUnitOfWork(deps);

  const updateLoadsEvent = (companyId: number, ids: number[], action: UpdateLoadsAction): RealtimeEvent =>
    companyEvent('update_loads', companyId, { ids, action });

  /** A rate notice when the broker or driver price of the load changes (none otherwise). */
  const priceNotice = (
    trx: Trx,
    caller: CompanyCaller,
    load: repository.LockedLoad,
    after: { broker_price_cents: number; driver_price_cents: number },
    status: number = load.status,
  ) =>
    notifications.loadPricesChanged(trx, {
      companyId: caller.companyId,
      actorUserId: caller.userId,
      load,
      before: { broker_price_cents: load.broker_price_cents, driver_price_cents: load.driver_price_cents },
      after,
      roles: listRoles(loadStatusClass(status)),
    });

  function canSeeList(caller: CompanyCaller, list: LoadStatusClass): boolean {
    return isAllowed(caller, listRoles(list));
  }

  /** Loads with their points and files, in the order of the rows: two queries whatever their number. */
  async function withPointsAndFiles(rows: readonly repository.LoadRow[]): Promise<Load[]> {
    const ids = rows.map((row) => row.id);
    const [points, files] = await Promise.all([
      repository.findPoints(db, ids),
      repository.findFiles(db, ids),
    ]);
    const pointsOf = groupByLoad(points);
    const filesOf = groupByLoad(files);
    return rows.map((row) => toLoad(row, pointsOf.get(row.id) ?? [], filesOf.get(row.id) ?? []));
  }

  /** One page of loads: four queries whatever the page size (count, page, its points, its files). */
  async function listPage(
    scope: repository.ListScope,
    filters: repository.ListFilters,
    paging: { page: number; limit: number },
  ): Promise<ListResponse<Load>> {
    const page = { limit: paging.limit, offset: pageOffset(paging) };
    const [count, rows] = await Promise.all([
      repository.countList(db, scope, filters),
      repository.findListPage(db, scope, filters, page),
    ]);
    return { count, results: await withPointsAndFiles(rows) };
  }

  async function loadById(companyId: number, id: number): Promise<Load> {
    const row = await repository.findLoadRow(db, companyId, id);
    if (!row) throw notFound();
    const [load] = await withPointsAndFiles([row]);
    return load!;
  }

  async function requiredDocumentsTable(trx: Db, companyId: number): Promise<RequiredDocumentsTable> {
    const table = await repository.findRequiredDocuments(trx, companyId);
    return (table as RequiredDocumentsTable | undefined) ?? DEFAULT_REQUIRED_DOCUMENTS;
  }

  async function team(trx: Trx, companyId: number, userId: number) {
    const found = await repository.findUserTeam(trx, companyId, userId);
    return { working_group_id: found?.working_group_id ?? null, subgroup_id: found?.subgroup_id ?? null };
  }

  async function vehicleStatusEvents(
    trx: Trx,
    companyId: number,
    vehicleIds: readonly (number | null)[],
    at: Date,
  ): Promise<RealtimeEvent[]> {
    const changed = await repository.syncVehicleStatuses(trx, companyId, vehicleIds, at);
    return changed.map((vehicle) =>
      companyEvent('car_status_change', companyId, carStatusChange(vehicle.id, vehicle.status)),
    );
  }

  /**
   * Runs an action on one load of the caller's company in a transaction: the load is locked, the domain
   * refuses what the role (403) or the state (409) does not allow, then `work` changes it. Events are
   * published after commit; the answer is the load as it is now (or the load `work` names).
   */
  async function act(
    caller: CompanyCaller,
    id: number,
    action: LoadAction,
    work: (trx: Trx, load: repository.LockedLoad, at: Date) => Promise<ActionOutcome>,
  ): Promise<Load> {
    const at = now();
    const outcome = await db.transaction().execute(async (trx) => {
      const load = await repository.lockLoad(trx, caller.companyId, id);
      if (!load) throw notFound();
      refuseWhen(load, action, caller);
      return work(trx, load, at);
    });
    await publish(outcome.events);
    return loadById(caller.companyId, outcome.loadId ?? id);
  }

  /** Moves the load to `target` with what the move into its list sets; answers the events to publish. */
  async function moveStatus(
    trx: Trx,
    caller: CompanyCaller,
    load: repository.LockedLoad,
    target: LoadStatus,
    at: Date,
    action: LoadHistoryAction,
    extra: { values?: Updateable<LoadsTable>; changes?: HistoryChange[] } = {},
  ): Promise<RealtimeEvent[]> {
    const from = loadStatusClass(load.status);
    const to = loadStatusClass(target);
    const values: Updateable<LoadsTable> = {
      ...(from === to ? {} : listEntryValues(from, to, target, at)),
      ...extra.values,
      status: target,
      updated_at: at,
    };
    await repository.updateLoad(trx, load.id, values);
    const points = await repository.findPointsForUpdate(trx, load.id);
    await repository.setActivePoint(trx, load.id, activeOrder(points, target));
    const vehicleEvents = await vehicleStatusEvents(trx, caller.companyId, [load.vehicle_id], at);
    await recordHistory(trx, caller, load.id, at, [
      { action, field: 'status', before: load.status, after: target },
      ...(extra.changes ?? []),
    ]);
    const accountingStatus =
      values.accounting_status === undefined ? load.accounting_status : values.accounting_status;
    const notices = await notifications.loadStatusChanged(trx, {
      companyId: caller.companyId,
      actorUserId: caller.userId,
      load,
      from: load.status,
      to: target,
      roles: listRoles(to),
    });
    return [
      companyEvent(
        'load_status_change',
        caller.companyId,
        { id: load.id, status: target, old_status: load.status, accounting_status: accountingStatus },
        [...new Set([...listRoles(from), ...listRoles(to)])].sort((a, b) => a - b),
      ),
      updateLoadsEvent(caller.companyId, [load.id], action),
      ...vehicleEvents,
      ...notices,
    ];
  }

  /**
   * A new load, Waiting to accept, made once per idempotency key: `build` checks the request and answers the
   * load's columns and points; the load gets the company's next accounting number, the accounting week of
   * its pick-up, its active point and its history. Events go out after commit.
   */
  async function createWaitingLoad(
    caller: CompanyCaller,
    scope: string,
    idempotencyKey: string | undefined,
    build: (trx: Trx, at: Date) => Promise<{ values: NewLoadColumns; points: repository.PointValues[] }>,
  ): Promise<{ id: number; replayed: boolean }> {
    const at = now();
    const events: RealtimeEvent[] = [];
    const { result, replayed } = await runIdempotent(
      db,
      { companyId: caller.companyId, userId: caller.userId, scope, key: idempotencyKey, now: at },
      async (trx) => {
        const { values, points } = await build(trx, at);
        const number = await repository.nextAccountingNumber(trx, caller.companyId);
        const week = isoWeekOf(new Date(values.pick_up_datetime));
        const id = await repository.insertLoad(trx, {
          ...values,
          company_id: caller.companyId,
          status: WAITING_TO_ACCEPT_STATUS,
          load_accounting_number: number,
          load_accounting_week: week.week,
          load_accounting_year: week.year,
          created_by: caller.userId,
          created_at: at,
          updated_at: at,
        });
        await repository.insertPoints(trx, id, points);
        await recordHistory(trx, caller, id, at, [
          { action: 'create', field: null, before: null, after: { status: WAITING_TO_ACCEPT_STATUS } },
        ]);
        events.push(
          updateLoadsEvent(caller.companyId, [id], 'create'),
          ...(await vehicleStatusEvents(trx, caller.companyId, [values.vehicle_id ?? null], at)),
        );
        return { id };
      },
    );
    await publish(events);
    return { id: result.id, replayed };
  }

  /** A status move that also sets the broker and driver prices (TONU, cancel), with the rate notice. */
  async function moveWithPrices(
    trx: Trx,
    caller: CompanyCaller,
    load: repository.LockedLoad,
    target: LoadStatus,
    at: Date,
    action: 'tonu' | 'cancel',
    prices: { broker_price: number; driver_price: number },
  ): Promise<ActionOutcome> {
    const after = { broker_price_cents: prices.broker_price, driver_price_cents: prices.driver_price };
    return {
      events: [
        ...(await moveStatus(trx, caller, load, target, at, action, {
          values: after,
          changes: priceChanges(action, load, prices),
        })),
        ...(await priceNotice(trx, caller, load, after, target)),
      ],
    };
  }

  async function brokerOf(trx: Trx, companyId: number, id: number | null, field: string) {
    if (id === null) return null;
    const broker = await repository.findBrokerCompany(trx, companyId, id);
    if (!broker) throw fieldError(field, LOADS_MESSAGES.unknownBroker);
    return broker;
  }

  async function driverOf(trx: Trx, companyId: number, id: number, field: string) {
    const driver = await repository.findDriver(trx, companyId, id);
    if (!driver) throw fieldError(field, LOADS_MESSAGES.unknownDriver);
    return driver;
  }

  async function dispatcherOf(trx: Trx, companyId: number, id: number, field: string) {
    const dispatcher = await repository.findDispatcher(trx, companyId, id);
    if (!dispatcher) throw fieldError(field, LOADS_MESSAGES.unknownDispatcher);
    return dispatcher;
  }

  const personName = (person: { first_name: string; last_name: string } | undefined) =>
    person ? `${person.first_name} ${person.last_name}`.trim() : null;

  return {
    listRoles,

    /** One list page: four queries whatever the page size (count, page, its points, its files). */
    list(caller: CompanyCaller, list: LoadStatusClass, query: LoadListQuery): Promise<ListResponse<Load>> {
      return listPage({ companyId: caller.companyId, listClass: LIST_CLASS[list] }, query, query);
    },

    /**
     * The load page. Each list's path answers the load whatever list it is in now, so that a link from
     * before a status move still finds it (`status` tells which list it is in); a role that does not see
     * that list gets 403.
     */
    async detail(caller: CompanyCaller, id: number): Promise<LoadDetail> {
      const row = await repository.findLoadRow(db, caller.companyId, id);
      if (!row) throw notFound();
      if (!canSeeList(caller, loadStatusClass(row.status))) throw forbidden();
      const [[load], history, table] = await Promise.all([
        withPointsAndFiles([row]),
        repository.findHistory(db, id),
        requiredDocumentsTable(db, caller.companyId),
      ]);
      const target = nextStatus(row.status);
      return {
        ...load!,
        history: history.map(toHistoryEntry),
        missing_documents:
          target === null
            ? []
            : missingDocuments(
                target,
                load!.files.map((file) => file.file_type),
                table,
              ),
      };
    },

    /** A driver's loads in every list, newest first (fired drivers too). Another company's driver answers 404. */
    async driverHistory(caller: CompanyCaller, query: DriverLoadHistoryQuery): Promise<ListResponse<Load>> {
      const driver = await repository.findDriverName(db, caller.companyId, query.driver_id);
      if (!driver) throw notFound();
      return listPage(
        { companyId: caller.companyId, listClass: undefined },
        { driver: query.driver_id },
        query,
      );
    },

    /**
     * Where a vehicle goes for the load (the vehicles module's closest cars): the active point when it is a
     * pick-up, else the first pick-up. 404 when the company has no such load.
     */
    async pickUpOf(caller: CompanyCaller, id: number): Promise<LoadPickUp> {
      const points = await repository.findCompanyLoadPoints(db, caller.companyId, id);
      if (points.length === 0) throw notFound();
      const pickUps = points.filter((point) => point.type === 'pick_up');
      const pickUp = pickUps.find((point) => point.is_active) ?? pickUps[0] ?? points[0]!;
      return { address: pickUp.address, lat: pickUp.lat, lon: pickUp.lon, date: pickUp.date };
    },

    /**
     * The load each vehicle is on (the vehicles module's delivery map): of the company's active loads with a
     * vehicle, the one with the earliest pick-up, with its active point as the next point. Two queries at most
     * whatever the fleet: one for the loads, none per vehicle.
     */
    async activeLoadsByVehicle(caller: CompanyCaller): Promise<Map<number, VehicleActiveLoad>> {
      const rows = await repository.findActiveLoadsWithVehicles(db, caller.companyId);
      const byVehicle = new Map<number, VehicleActiveLoad>();
      for (const row of rows) {
        if (row.vehicle_id === null || byVehicle.has(row.vehicle_id)) continue;
        byVehicle.set(row.vehicle_id, {
          id: row.id,
          status: row.status,
          next_point:
            row.point_type === null || row.point_address === null
              ? null
              : {
                  type: row.point_type,
                  address: row.point_address,
                  city: row.point_city ?? '',
                  state: row.point_state ?? '',
                  zip_code: row.point_zip_code,
                  country: row.point_country ?? 'US',
                  lat: row.point_lat,
                  lon: row.point_lon,
                  date: row.point_date?.toISOString() ?? null,
                },
        });
      }
      return byVehicle;
    },

    /**
     * POST loads/create: the load form's rules are checked again, the first point becomes active, the load
     * gets the company's next accounting number and the accounting week of its pick-up.
     */
    create(
      caller: CompanyCaller,
      body: LoadCreate,
      idempotencyKey: string | undefined,
    ): Promise<{ id: number; replayed: boolean }> {
      return createWaitingLoad(caller, 'loads.create', idempotencyKey, async (trx, at) => {
        const accountingBroker = await brokerOf(
          trx,
          caller.companyId,
          body.accounting_broker_company,
          'accounting_broker_company',
        );
        checkForm(loadBodyToFormValues(body, accountingBroker), 'new', at);
        const broker = await brokerOf(trx, caller.companyId, body.broker_company, 'broker_company');
        if (body.driver !== null) await driverOf(trx, caller.companyId, body.driver, 'driver');
        if (body.car_id !== null && !(await repository.findVehicle(trx, caller.companyId, body.car_id))) {
          throw fieldError('car_id', LOADS_MESSAGES.unknownVehicle);
        }
        const dispatcher =
          body.dispatcher === null
            ? { id: caller.userId, ...(await team(trx, caller.companyId, caller.userId)) }
            : await dispatcherOf(trx, caller.companyId, body.dispatcher, 'dispatcher');
        const points = pointValues(body.points, WAITING_TO_ACCEPT_STATUS);
        return {
          points,
          values: {
            broker_company_id: broker?.id ?? null,
            accounting_broker_company_id: accountingBroker?.id ?? null,
            ...formColumns(body, points),
            broker_price_cents: body.broker_price ?? 0,
            driver_price_cents: body.driver_price ?? 0,
            source: 'manual',
            dispatcher_id: dispatcher.id,
            working_group_id: dispatcher.working_group_id,
            subgroup_id: dispatcher.subgroup_id,
            driver_id: body.driver,
            vehicle_id: body.car_id,
          },
        };
      });
    },

    /** POST loads/fast-create: a board posting from two places, a vehicle type, a broker and a price. */
    fastCreate(
      caller: CompanyCaller,
      body: LoadFastCreate,
      idempotencyKey: string | undefined,
    ): Promise<{ id: number; replayed: boolean }> {
      return createWaitingLoad(caller, 'loads.fast-create', idempotencyKey, async (trx) => {
        const broker = await brokerOf(trx, caller.companyId, body.broker_company, 'broker_company');
        const points = pointValues(
          [
            { ...body.pick_up, order: 1, type: 'pick_up', is_active: false },
            { ...body.deliver_to, order: 2, type: 'deliver_to', is_active: false },
          ],
          WAITING_TO_ACCEPT_STATUS,
        );
        return {
          points,
          values: {
            broker_company_id: broker?.id ?? null,
            broker_name: body.broker_name,
            pays_cents: body.pays,
            vehicle_type: body.car,
            pick_up_datetime: body.pick_up.date,
            delivery_datetime: body.deliver_to.date,
            miles: milesOf(points),
            source: 'loadboard',
            dispatcher_id: caller.userId,
            ...(await team(trx, caller.companyId, caller.userId)),
          },
        };
      });
    },

    /**
     * PUT loads/active/{id}/edit. Points are replaced (saved ones keep their id); the active point may not
     * be removed, and the form must still show one (409 with the spec's texts). The active point is then
     * set by the status, as everywhere.
     */
    editActive(caller: CompanyCaller, id: number, body: LoadActiveUpdate): Promise<Load> {
      return act(caller, id, 'edit', async (trx, load, at) => {
        const accountingBroker = await brokerOf(
          trx,
          caller.companyId,
          body.accounting_broker_company,
          'accounting_broker_company',
        );
        checkForm(loadBodyToFormValues(body, accountingBroker), 'active', at);
        const saved = await repository.findPointsForUpdate(trx, id);
        body.points.forEach((point, index) => {
          if (point.id !== undefined && !saved.some((candidate) => candidate.id === point.id)) {
            throw fieldError(`points.${index}.id`, LOADS_MESSAGES.unknownPoint);
          }
        });
        const savedActive = saved.find((point) => point.is_active);
        if (savedActive && !body.points.some((point) => point.id === savedActive.id)) {
          throw conflict(REMOVE_ACTIVE_POINT_MESSAGE);
        }
        if (activePointError('active', body.points)) throw conflict(ACTIVE_POINT_REQUIRED_MESSAGE);

        const points = pointValues(body.points, load.status);
        const changes = changedFields(
          'edit',
          formFieldsOf(load),
          formFieldsOf({ accounting_broker_company_id: body.accounting_broker_company, ...formValues(body) }),
        );
        const pointsBefore = saved.map(pointSummary);
        const pointsAfter = points.map(pointSummary);
        if (JSON.stringify(pointsBefore) !== JSON.stringify(pointsAfter)) {
          changes.push({ action: 'edit', field: 'points', before: pointsBefore, after: pointsAfter });
        }
        await repository.updateLoad(trx, id, {
          accounting_broker_company_id: body.accounting_broker_company,
          ...formColumns(body, points),
          updated_at: at,
        });
        await repository.replacePoints(trx, id, points);
        await recordHistory(trx, caller, id, at, changes);
        return { events: [updateLoadsEvent(caller.companyId, [id], 'edit')] };
      });
    },

    /**
     * One step forward. The documents the next status needs (the company's table) must be uploaded first:
     * 409 'Next documents needs to be uploaded before status changing', naming them in `fields`.
     */
    setNextStatus(caller: CompanyCaller, id: number): Promise<Load> {
      return act(caller, id, 'next', async (trx, load, at) => {
        const target = nextStatus(load.status)!;
        const table = await requiredDocumentsTable(trx, caller.companyId);
        const missing = missingDocuments(target, await repository.findFileTypes(trx, id), table);
        if (missing.length > 0) {
          throw new HttpError(409, 'conflict', DOCUMENTS_REQUIRED_MESSAGE, {
            fields: { missing_documents: missing },
          });
        }
        return { events: await moveStatus(trx, caller, load, target, at, 'status') };
      });
    },

    /** One step back. */
    setPrevStatus(caller: CompanyCaller, id: number): Promise<Load> {
      return act(caller, id, 'prev', async (trx, load, at) => ({
        events: await moveStatus(trx, caller, load, prevStatus(load.status)!, at, 'status'),
      }));
    },

    /** TONU (truck ordered, not used): status 9 with the prices the broker and the driver get. */
    tonu(caller: CompanyCaller, id: number, body: LoadTonu): Promise<Load> {
      return act(caller, id, 'tonu', (trx, load, at) =>
        moveWithPrices(trx, caller, load, TONU_STATUS, at, 'tonu', body),
      );
    },

    /** Cancel: status 12 and payments nullified (broker price 0, the driver's price as given). */
    cancel(caller: CompanyCaller, id: number, body: LoadCancel): Promise<Load> {
      return act(caller, id, 'cancel', (trx, load, at) =>
        moveWithPrices(trx, caller, load, CANCELED_STATUS, at, 'cancel', {
          broker_price: 0,
          driver_price: body.driver_price,
        }),
      );
    },

    changePrice(caller: CompanyCaller, id: number, body: LoadChangePrice): Promise<Load> {
      return act(caller, id, 'change_price', async (trx, load, at) => {
        await repository.updateLoad(trx, id, {
          broker_price_cents: body.broker_price,
          driver_price_cents: body.driver_price,
          updated_at: at,
        });
        await recordHistory(trx, caller, id, at, priceChanges('change_price', load, body));
        return {
          events: [
            updateLoadsEvent(caller.companyId, [id], 'change_price'),
            ...(await priceNotice(trx, caller, load, {
              broker_price_cents: body.broker_price,
              driver_price_cents: body.driver_price,
            })),
          ],
        };
      });
    },

    /** A canceled load back to Waiting to accept, as it was. */
    restore(caller: CompanyCaller, id: number): Promise<Load> {
      return act(caller, id, 'restore', async (trx, load, at) => ({
        events: await moveStatus(trx, caller, load, RESTORED_STATUS, at, 'restore'),
      }));
    },

    /**
     * A new load made from a canceled one, for another driver: the same form, broker, points and
     * dispatcher, status Waiting to accept, the driver's vehicle, source 'copy' and restored_from_id. Its
     * prices start over: the broker price is the posted rate (pays), the driver price 0. Answers the copy.
     */
    restoreAsCopy(caller: CompanyCaller, id: number, driverId: number): Promise<Load> {
      return act(caller, id, 'restore_as_copy', async (trx, load, at) => {
        const driver = await driverOf(trx, caller.companyId, driverId, 'driver');
        const vehicle = await repository.findVehicleOfDriver(trx, caller.companyId, driver.id);
        const saved = await repository.findPointsForUpdate(trx, id);
        const number = await repository.nextAccountingNumber(trx, caller.companyId);
        const {
          id: _id,
          list_class: _listClass,
          accounting_status: _accountingStatus,
          delivered_at: _deliveredAt,
          completed_at: _completedAt,
          canceled_at: _canceledAt,
          ...copied
        } = load;
        const copyId = await repository.insertLoad(trx, {
          ...copied,
          equipment: JSON.stringify(load.equipment),
          location_update_emails: JSON.stringify(load.location_update_emails),
          status: RESTORED_STATUS,
          load_accounting_number: number,
          broker_price_cents: load.pays_cents ?? 0,
          driver_price_cents: 0,
          driver_id: driver.id,
          vehicle_id: vehicle?.id ?? null,
          source: 'copy',
          restored_from_id: id,
          created_by: caller.userId,
          created_at: at,
          updated_at: at,
        });
        const copiedPoints = saved.map(({ id: _pointId, load_id: _loadId, ...point }) => point);
        const active = activeOrder(copiedPoints, RESTORED_STATUS);
        await repository.insertPoints(
          trx,
          copyId,
          copiedPoints.map((point) => ({ ...point, is_active: point.point_order === active })),
        );
        await repository.insertHistory(trx, [
          ...historyRows(copyId, caller.userId, at, [
            {
              action: 'create',
              field: null,
              before: null,
              after: { status: RESTORED_STATUS, restored_from_id: id },
            },
          ]),
          ...historyRows(id, caller.userId, at, [
            { action: 'restore_as_copy', field: null, before: null, after: { copy_id: copyId } },
          ]),
        ]);
        return {
          loadId: copyId,
          events: [
            updateLoadsEvent(caller.companyId, [copyId], 'create'),
            ...(await vehicleStatusEvents(trx, caller.companyId, [vehicle?.id ?? null], at)),
          ],
        };
      });
    },

    /** Deletes the load with its points, files and history; its files leave the storage after commit. */
    async delete(caller: CompanyCaller, id: number): Promise<void> {
      const at = now();
      const { paths, events } = await db.transaction().execute(async (trx) => {
        const load = await repository.lockLoad(trx, caller.companyId, id);
        if (!load) throw notFound();
        refuseWhen(load, 'delete', caller);
        const storagePaths = await repository.findStoragePaths(trx, id);
        await repository.deleteLoad(trx, id);
        return {
          paths: storagePaths,
          events: [
            updateLoadsEvent(caller.companyId, [id], 'delete'),
            ...(await vehicleStatusEvents(trx, caller.companyId, [load.vehicle_id], at)),
          ],
        };
      });
      await Promise.all(paths.map((path) => storage.remove(path).catch(() => undefined)));
      await publish(events);
    },

    /**
     * Another driver for an active load. The load follows the driver's vehicle when the driver has one
     * (the vehicle whose active driver they are, else the first they are listed on).
     */
    changeDriver(caller: CompanyCaller, id: number, driverId: number): Promise<Load> {
      return act(caller, id, 'change_driver', async (trx, load, at) => {
        const driver = await driverOf(trx, caller.companyId, driverId, 'new_driver');
        const vehicle = await repository.findVehicleOfDriver(trx, caller.companyId, driver.id);
        const vehicleId = vehicle?.id ?? load.vehicle_id;
        const changes: HistoryChange[] = [];
        if (driver.id !== load.driver_id) {
          const previous =
            load.driver_id === null
              ? undefined
              : await repository.findDriverName(trx, caller.companyId, load.driver_id);
          changes.push({
            action: 'change_driver',
            field: 'driver',
            before: load.driver_id === null ? null : { id: load.driver_id, name: personName(previous) },
            after: { id: driver.id, name: personName(driver) },
          });
        }
        if (vehicleId !== load.vehicle_id) {
          const names = await repository.findVehicleUnitIds(trx, caller.companyId, [
            load.vehicle_id,
            vehicleId,
          ]);
          const unit = (vehicle: number | null) =>
            vehicle === null ? null : { id: vehicle, unit_id: names.get(vehicle) ?? null };
          changes.push({
            action: 'change_vehicle',
            field: 'car',
            before: unit(load.vehicle_id),
            after: unit(vehicleId),
          });
        }
        if (changes.length === 0) return { events: [] };
        await repository.updateLoad(trx, id, { driver_id: driver.id, vehicle_id: vehicleId, updated_at: at });
        await recordHistory(trx, caller, id, at, changes);
        return {
          events: [
            updateLoadsEvent(caller.companyId, [id], 'change_driver'),
            ...(await vehicleStatusEvents(trx, caller.companyId, [load.vehicle_id, vehicleId], at)),
          ],
        };
      });
    },

    /** Another responsible dispatcher; the load moves to the dispatcher's team. */
    changeResponsible(caller: CompanyCaller, id: number, dispatcherId: number): Promise<Load> {
      return act(caller, id, 'change_responsible', async (trx, load, at) => {
        const dispatcher = await dispatcherOf(trx, caller.companyId, dispatcherId, 'new_dispatcher');
        if (dispatcher.id === load.dispatcher_id) return { events: [] };
        const names = await repository.findUserNames(trx, caller.companyId, [
          load.dispatcher_id,
          dispatcher.id,
        ]);
        const named = (userId: number | null) =>
          userId === null ? null : { id: userId, name: names.get(userId) ?? null };
        await repository.updateLoad(trx, id, {
          dispatcher_id: dispatcher.id,
          working_group_id: dispatcher.working_group_id,
          subgroup_id: dispatcher.subgroup_id,
          updated_at: at,
        });
        await recordHistory(trx, caller, id, at, [
          {
            action: 'change_responsible',
            field: 'dispatcher',
            before: named(load.dispatcher_id),
            after: named(dispatcher.id),
          },
        ]);
        return { events: [updateLoadsEvent(caller.companyId, [id], 'change_responsible')] };
      });
    },

    /** Stores a document of an active or checkout load; the file is removed again if the save fails. */
    async uploadFile(
      caller: CompanyCaller,
      id: number,
      file: IncomingFile,
      fileType: LoadFileType,
    ): Promise<LoadFile> {
      const at = now();
      const name = displayName(file.filename);
      const path = storagePathFor(id, name);
      let stored = false;
      let fileId: number;
      try {
        fileId = await db.transaction().execute(async (trx) => {
          const load = await repository.lockLoad(trx, caller.companyId, id);
          if (!load) throw notFound();
          refuseWhen(load, 'upload_file', caller);
          checkUpload(file);
          await storage.save(path, file.data);
          stored = true;
          const newId = await repository.insertFile(trx, {
            load_id: id,
            file_type: fileType,
            name,
            storage_path: path,
            size_bytes: file.data.length,
            mime_type: file.mimetype || null,
            uploaded_by: caller.userId,
            created_at: at,
          });
          await recordHistory(trx, caller, id, at, [
            {
              action: 'upload_file',
              field: 'files',
              before: null,
              after: { id: newId, name, file_type: fileType },
            },
          ]);
          return newId;
        });
      } catch (error) {
        if (stored) await storage.remove(path).catch(() => undefined);
        throw error;
      }
      await publish([updateLoadsEvent(caller.companyId, [id], 'upload_file')]);
      const row = await repository.findCompanyFile(db, caller.companyId, fileId);
      return toLoadFile(row!);
    },

    async deleteFile(caller: CompanyCaller, fileId: number): Promise<void> {
      const at = now();
      const file = await db.transaction().execute(async (trx) => {
        const found = await repository.findCompanyFile(trx, caller.companyId, fileId);
        if (!found) throw notFound();
        const load = await repository.lockLoad(trx, caller.companyId, found.load_id);
        if (!load) throw notFound();
        refuseWhen(load, 'upload_file', caller);
        await repository.deleteFile(trx, fileId);
        await recordHistory(trx, caller, load.id, at, [
          {
            action: 'delete_file',
            field: 'files',
            before: { id: found.id, name: found.name, file_type: found.file_type },
            after: null,
          },
        ]);
        return found;
      });
      await storage.remove(file.storage_path).catch(() => undefined);
      await publish([updateLoadsEvent(caller.companyId, [file.load_id], 'delete_file')]);
    },

    /** A document to download: for the roles that see the load's list. */
    async openFile(
      caller: CompanyCaller,
      fileId: number,
    ): Promise<{ stream: Readable; name: string; mimeType: string | null; size: number }> {
      const file = await repository.findCompanyFile(db, caller.companyId, fileId);
      if (!file) throw notFound();
      if (!canSeeList(caller, loadStatusClass(file.load_status))) throw forbidden();
      const stream = await storage.open(file.storage_path);
      if (!stream) throw notFound(LOADS_MESSAGES.fileUnavailable);
      return { stream, name: file.name, mimeType: file.mime_type, size: file.size_bytes };
    },

    emailNotifications(caller: CompanyCaller, id: number, body: LoadEmailNotifications): Promise<Load> {
      return act(caller, id, 'edit', async (trx, load, at) => {
        const after = {
          email_notifications_status: body.email_notifications_status,
          email_notifications_interval: body.email_notifications_interval,
          email_notifications_location_flag: body.email_notifications_location_flag,
          email_notifications_load_status_flag: body.email_notifications_load_status_flag,
          email_notifications_type: body.email_notifications_type,
          location_update_emails: body.location_update_emails,
        };
        const changes = changedFields('email_notifications', load, after);
        if (changes.length === 0) return { events: [] };
        await repository.updateLoad(trx, id, {
          ...after,
          location_update_emails: JSON.stringify(body.location_update_emails),
          updated_at: at,
        });
        await recordHistory(trx, caller, id, at, changes);
        return { events: [updateLoadsEvent(caller.companyId, [id], 'email_notifications')] };
      });
    },

    /** The name and phone of the load's driver, as the broker gets them: the driver's record changes. */
    editDriverInfo(caller: CompanyCaller, id: number, body: LoadEditDriverInfo): Promise<Load> {
      return act(caller, id, 'change_driver', async (trx, load, at) => {
        if (load.driver_id === null) throw conflict(LOADS_MESSAGES.noDriver);
        const driver = await repository.findDriverName(trx, caller.companyId, load.driver_id);
        const before = {
          first_name: driver?.first_name ?? null,
          last_name: driver?.last_name ?? null,
          phone_number: driver?.phone_number ?? null,
        };
        const changes = changedFields('edit_driver_info', before, body);
        if (changes.length === 0) return { events: [] };
        await repository.updateDriverInfo(trx, caller.companyId, load.driver_id, body, at);
        await recordHistory(trx, caller, id, at, changes);
        return { events: [updateLoadsEvent(caller.companyId, [id], 'edit_driver_info')] };
      });
    },

    /** Accounting corrections of a completed load: only the fields sent change. */
    editCompleted(caller: CompanyCaller, id: number, body: CompletedLoadEdit): Promise<Load> {
      return act(caller, id, 'edit_completed', async (trx, load, at) => {
        const before = {
          broker_price: centsToAmount(load.broker_price_cents),
          driver_price: centsToAmount(load.driver_price_cents),
          load_accounting_week: load.load_accounting_week,
          load_accounting_year: load.load_accounting_year,
          rateconf_ref: load.rateconf_ref,
          note: load.note,
        };
        const sent = Object.fromEntries(
          Object.entries({
            broker_price: amountOrNull(body.broker_price ?? null) ?? undefined,
            driver_price: amountOrNull(body.driver_price ?? null) ?? undefined,
            load_accounting_week: body.load_accounting_week,
            load_accounting_year: body.load_accounting_year,
            rateconf_ref: body.rateconf_ref === undefined ? undefined : body.rateconf_ref || null,
            note: body.note === undefined ? undefined : body.note || null,
          }).filter(([, value]) => value !== undefined),
        );
        const changes = changedFields('edit_completed', before, sent);
        if (changes.length === 0) return { events: [] };
        await repository.updateLoad(trx, id, {
          ...(body.broker_price === undefined ? {} : { broker_price_cents: body.broker_price }),
          ...(body.driver_price === undefined ? {} : { driver_price_cents: body.driver_price }),
          ...(body.load_accounting_week === undefined
            ? {}
            : { load_accounting_week: body.load_accounting_week }),
          ...(body.load_accounting_year === undefined
            ? {}
            : { load_accounting_year: body.load_accounting_year }),
          ...(body.rateconf_ref === undefined ? {} : { rateconf_ref: body.rateconf_ref || null }),
          ...(body.note === undefined ? {} : { note: body.note || null }),
          updated_at: at,
        });
        await recordHistory(trx, caller, id, at, changes);
        return {
          events: [
            updateLoadsEvent(caller.companyId, [id], 'edit_completed'),
            ...(await priceNotice(trx, caller, load, {
              broker_price_cents: body.broker_price ?? load.broker_price_cents,
              driver_price_cents: body.driver_price ?? load.driver_price_cents,
            })),
          ],
        };
      });
    },
  };
}

/** The price changes of an action, in dollars. */
function priceChanges(
  action: LoadHistoryAction,
  load: { broker_price_cents: number; driver_price_cents: number },
  prices: { broker_price: number; driver_price: number },
): HistoryChange[] {
  return changedFields(
    action,
    {
      broker_price: centsToAmount(load.broker_price_cents),
      driver_price: centsToAmount(load.driver_price_cents),
    },
    { broker_price: centsToAmount(prices.broker_price), driver_price: centsToAmount(prices.driver_price) },
  );
}
