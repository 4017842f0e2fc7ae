import {
  DEFAULT_REQUIRED_DOCUMENTS,
  loadActionRefusal,
  type LoadAction,
  type RequiredDocumentsTable,
} from '@app/domain/loads/load-lifecycle.rules';
import type { PayWeek } from '@app/domain/accounting/pay-weeks.rules';
import { loadStatusClass, type LoadStatusClass } from '@app/domain/loads/loads.rules';
import type { Load } from '@app/domain/loads/loads.schema';
import type { UpdateLoadsAction } from '@app/domain/realtime/realtime.schema';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog, type Trx, type UnitOfWork } from '../../db/unit-of-work';
import { fieldError, notFound, refuse } from '../../http/errors';
import type { FileStorage } from '../../integrations/storage/file-storage';
import type { EventBus, RealtimeEvent } from '../../realtime/event-bus';
import { companyEvent } from '../../realtime/events';
import { isAllowed, type CompanyCaller } from '../auth/caller';
import type { BrokersService } from '../brokers/brokers.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { AccountingHook } from '../payments/broker-payments';
import type { PayAdjustmentsHook } from '../payments/pay-adjustments';
import type { DriversService } from '../units/drivers.service';
import type { VehiclesService } from '../units/vehicles.service';
import type { UsersService } from '../users/users.service';
import { groupByLoad } from './load-columns';
import * as filesRepo from './load-files.repository';
import { historyRows, type HistoryChange } from './load-history';
import * as historyRepo from './load-history.repository';
import { listRoles, LOADS_MESSAGES } from './load-lists';
import * as pointsRepo from './load-points.repository';
import { toLoad } from './load-response';
import * as loadsRepo from './loads.repository';

// What every use case of loads shares: the services it reaches (notifications, and the units services for the
// vehicles and drivers a load names: loads never write their tables), and the one way a load changes
// (`change`): lock the load of the caller's company, let the domain refuse what the role (403) or the state
// (409) does not allow, write it and its history, and publish the events after the commit (the unit of
// work). Events (realtime/events.ts):
//   update_loads       { ids, action }        any create, change or delete of loads
//   load_status_change { id, status, ... }    a status move (loads.status.ts)
//   car_status_change  { id, status }         a vehicle's status followed its load (vehicleStatusEvents)

export type LoadsDeps = {
  db: Db;
  storage: FileStorage;
  bus: EventBus;
  now: () => Date;
  notifications: NotificationsService;
  vehicles: Pick<VehiclesService, 'followLoads' | 'vehicleOfDriver' | 'exists' | 'unitIds'>;
  drivers: Pick<DriversService, 'takingLoads' | 'nameAndPhone' | 'setNameAndPhone'>;
  brokers: Pick<BrokersService, 'brokerOfCompany' | 'brokerForPosting'>;
  users: Pick<UsersService, 'dispatcherWithTeam' | 'teamOf' | 'namesOf'>;
  /**
   * The update_loadboard event of a load that reached the board or changed on it, with the board's shape
   * of the load (the load board service); by default it names the load's id only.
   */
  boardLoadEvent?: BoardLoadEvent;
  /** What a load leaving the board settles of its bids (the bids module); by default nothing. */
  boardExit?: Partial<BoardExit>;
  /**
   * The payment rows of a load reaching checkout from active (the payments module's broker-payments.ts),
   * made in the status move's transaction, and the open week a load's pay is booked into; by default no
   * rows and every week open.
   */
  accounting?: AccountingHook;
  /**
   * The pay of a load's owner and dispatcher around a change of its money or accounting week (the payments
   * module's pay-adjustments.ts: a closed week's difference becomes an adjustment); by default nothing.
   */
  payAdjustments?: PayAdjustmentsHook;
  log?: ErrorLog;
};

export type BoardLoadEvent = (trx: Trx, companyId: number, loadId: number) => Promise<RealtimeEvent>;

/**
 * The bids a board load leaves behind, settled in the transaction that takes it off the board; each answers
 * the events to publish after commit.
 */
export type BoardExit = {
  /** Pending driver and owner bids: won for the booked vehicle's, lost otherwise (null: none booked). */
  settleDriverBids: (
    trx: Trx,
    companyId: number,
    loadId: number,
    bookedVehicleId: number | null,
  ) => Promise<RealtimeEvent[]>;
  /** Active propositions lost, when no proposition won (a direct assignment, a withdrawal). */
  loseActivePropositions: (trx: Trx, companyId: number, loadId: number, at: Date) => Promise<RealtimeEvent[]>;
};

/** What an action on a load causes: the events to publish after commit, and another load to answer. */
export type ActionOutcome = { events: RealtimeEvent[]; loadId?: number };

/** Refuses (403 or 409, the domain's) the action the caller's role or the load's state does not allow. */
export function refuseWhen(load: { status: number }, action: LoadAction, caller: CompanyCaller): void {
  const refusal = loadActionRefusal(load, action, { role: caller.role, is_superuser: caller.isSuperuser });
  if (refusal) throw refuse(refusal.code, refusal.detail);
}

export const personName = (person: { first_name: string; last_name: string } | undefined) =>
  person ? `${person.first_name} ${person.last_name}`.trim() : null;

export type LoadChange = ReturnType<typeof createLoadChange>;

export function createLoadChange(deps: LoadsDeps) {
  const { db, now, notifications, vehicles, drivers, brokers, users } = deps;
  const unit: UnitOfWork = createUnitOfWork(deps);

  const updateLoadsEvent = (companyId: number, ids: number[], action: UpdateLoadsAction): RealtimeEvent =>
    companyEvent('update_loads', companyId, { ids, action });

  /** Writes the changes into the load's history as the caller's, at `at`. */
  const recordHistory = (
    trx: Trx,
    caller: CompanyCaller,
    loadId: number,
    at: Date,
    changes: readonly HistoryChange[],
  ) => historyRepo.insertHistory(trx, historyRows(loadId, caller.userId, at, changes));

  /** Loads with their points and files, in the order of the rows: two queries whatever their number. */
  async function withPointsAndFiles(rows: readonly loadsRepo.LoadRow[]): Promise<Load[]> {
    const ids = rows.map((row) => row.id);
    const [pointRows, fileRows] = await Promise.all([
      pointsRepo.findPoints(db, ids),
      filesRepo.findFiles(db, ids),
    ]);
    const pointsOf = groupByLoad(pointRows);
    const filesOf = groupByLoad(fileRows);
    return rows.map((row) => toLoad(row, pointsOf.get(row.id) ?? [], filesOf.get(row.id) ?? []));
  }

  async function loadById(companyId: number, id: number): Promise<Load> {
    const row = await loadsRepo.findLoadRow(db, companyId, id);
    if (!row) throw notFound();
    const [load] = await withPointsAndFiles([row]);
    return load!;
  }

  /**
   * The vehicles' status follows their loads (the units' rule, vehicles.service followLoads): each vehicle
   * named is On load while a load of the active list has it, Available again when none has. Answers the
   * car_status_change events of the vehicles that changed.
   */
  async function vehicleStatusEvents(
    trx: Trx,
    companyId: number,
    vehicleIds: readonly (number | null)[],
    at: Date,
  ): Promise<RealtimeEvent[]> {
    const ids = [...new Set(vehicleIds.filter((id): id is number => id !== null))];
    if (ids.length === 0) return [];
    const onLoad = await loadsRepo.findVehiclesOnActiveLoads(trx, companyId, ids);
    return vehicles.followLoads(
      trx,
      companyId,
      { onLoad: ids.filter((id) => onLoad.has(id)), free: ids.filter((id) => !onLoad.has(id)) },
      at,
    );
  }

  /**
   * Runs an action on one load of the caller's company in one unit of work: the load is locked, the domain
   * refuses what the role (403) or the state (409) does not allow, then `work` changes it and answers the
   * events its change causes. They are published after commit; the answer is the load as it is now (or the
   * load `work` names).
   */
  async function change(
    caller: CompanyCaller,
    id: number,
    action: LoadAction,
    work: (trx: Trx, load: loadsRepo.LockedLoad, at: Date) => Promise<ActionOutcome>,
  ): Promise<Load> {
    const at = now();
    const answerId = await unit.run(async (trx, outbox) => {
      const load = await loadsRepo.lockLoad(trx, caller.companyId, id);
      if (!load) throw notFound();
      refuseWhen(load, action, caller);
      const outcome = await work(trx, load, at);
      outbox.push(...outcome.events);
      return outcome.loadId ?? id;
    });
    return loadById(caller.companyId, answerId);
  }

  return {
    db,
    now,
    storage: deps.storage,
    notifications,
    vehicles,
    drivers,
    users,
    brokers,
    unit,
    change,
    recordHistory,
    updateLoadsEvent,
    boardLoadEvent:
      deps.boardLoadEvent ??
      ((_trx: Trx, companyId: number, loadId: number) =>
        Promise.resolve(companyEvent('update_loadboard', companyId, { load: { id: loadId } }))),
    boardExit: {
      settleDriverBids: deps.boardExit?.settleDriverBids ?? (() => Promise.resolve([])),
      loseActivePropositions: deps.boardExit?.loseActivePropositions ?? (() => Promise.resolve([])),
    } satisfies BoardExit,
    accounting: deps.accounting ?? {
      loadEnteredCheckout: () => Promise.resolve([]),
      openPayWeekFor: (_trx: Trx, _companyId: number, week: PayWeek) => Promise.resolve(week),
    },
    payAdjustments: deps.payAdjustments ?? {
      loadPayChanging: () => Promise.resolve(() => Promise.resolve([])),
    },
    vehicleStatusEvents,
    withPointsAndFiles,
    loadById,

    canSeeList: (caller: CompanyCaller, list: LoadStatusClass) => isAllowed(caller, listRoles(list)),

    /** The company's table of the documents each status needs, or the spec's default. */
    requiredDocumentsTable: async (trx: Db, companyId: number): Promise<RequiredDocumentsTable> => {
      const table = await loadsRepo.findRequiredDocuments(trx, companyId);
      return (table as RequiredDocumentsTable | undefined) ?? DEFAULT_REQUIRED_DOCUMENTS;
    },

    /** A rate notice when the broker or driver price of the load changes (none otherwise). */
    priceNotice: (
      trx: Trx,
      caller: CompanyCaller,
      load: loadsRepo.LockedLoad,
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
      }),

    /** The team a user's loads belong to: the working group and their first subgroup. */
    team: (trx: Trx, companyId: number, userId: number) => users.teamOf(trx, companyId, userId),

    brokerOf: async (trx: Trx, companyId: number, id: number | null, field: string) => {
      if (id === null) return null;
      const broker = await brokers.brokerOfCompany(trx, companyId, id);
      if (!broker) throw fieldError(field, LOADS_MESSAGES.unknownBroker);
      return broker;
    },

    /** A driver of the company who may take a load; 400 on `field` otherwise. */
    driverOf: async (trx: Trx, companyId: number, id: number, field: string) => {
      const driver = await drivers.takingLoads(trx, companyId, id);
      if (!driver) throw fieldError(field, LOADS_MESSAGES.unknownDriver);
      return driver;
    },

    dispatcherOf: async (trx: Trx, companyId: number, id: number, field: string) => {
      const dispatcher = await users.dispatcherWithTeam(trx, companyId, id);
      if (!dispatcher) throw fieldError(field, LOADS_MESSAGES.unknownDispatcher);
      return dispatcher;
    },
  };
}
