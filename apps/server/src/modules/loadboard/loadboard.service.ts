import { centsToAmount } from '@app/domain/common/money';
import { pageOffset, type ListResponse } from '@app/domain/common/pagination';
import {
  DEFAULT_MAX_MILES_OUT,
  type BoardDispatcherBid,
  type BoardDriverBid,
  type BoardLoad,
  type LoadboardQuery,
  type LoadboardSeen,
} from '@app/domain/loadboard/loadboard.schema';
import type { GeoPoint } from '@app/domain/geo/geo.rules';
import { nearestTruckMiles, type BoardTruck } from '@app/domain/loadboard/nearest-truck.rules';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog, type Trx } from '../../db/unit-of-work';
import { notFound } from '../../http/errors';
import type { EventBus, RealtimeEvent } from '../../realtime/event-bus';
import { companyEvent } from '../../realtime/events';
import type { CompanyCaller } from '../auth/caller';
import * as list from './loadboard-list.repository';
import { selectBoardPage } from './board-index';
import * as indexRepository from './board-index.repository';
import { createBoardSnapshots } from './board-snapshots';
import * as trucksRepository from './loadboard-trucks.repository';
import type { BoardPointJson, DispatcherBidJson, DriverBidJson } from './loadboard-details.repository';
import * as repository from './loadboard.repository';

// The load board: the company's board loads (offered, not yet booked) filtered, paged and shown with their
// bids and the caller's seen marks; the one shape of a board load every board event carries (boardLoad,
// boardLoadEvent, used by the intake and the bids too); and the expiry of loads whose pick-up has passed.

export type LoadboardService = ReturnType<typeof createLoadboardService>;

export type LoadboardDeps = {
  db: Db;
  bus: EventBus;
  now?: () => Date;
  log?: ErrorLog;
  /**
   * The bids an expired load leaves behind, settled in the expiry's transaction (the bids module: its
   * driver and owner bids and its active propositions lost); answers the events to publish after commit.
   */
  settleExpiredBids?: (trx: Trx, companyId: number, loadId: number, at: Date) => Promise<RealtimeEvent[]>;
};

/** Board loads taken off per transaction by the expiry; a run goes on until a batch is not full. */
export const BOARD_EXPIRY_BATCH = 500;

/** The items of a list by a key (Map.groupBy is Node 21's; Node 20 runs the server too). */
function groupBy<Item, Key>(items: readonly Item[], keyOf: (item: Item) => Key): Map<Key, Item[]> {
  const groups = new Map<Key, Item[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

function fullName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter(Boolean).join(' ').trim();
  return name || null;
}

function toDriverBid(row: DriverBidJson): BoardDriverBid {
  return {
    id: row.id,
    kind: row.kind === 'owner' ? 'owner' : 'driver',
    vehicle_id: row.vehicle_id,
    unit_id: row.unit_id,
    driver_id: row.driver_id,
    driver_name: fullName(row.driver_first_name, row.driver_last_name),
    price: centsToAmount(row.price_cents),
    miles_out: row.miles_out,
    eta_at: row.eta_at,
    created_at: row.created_at,
  };
}

function toDispatcherBid(row: DispatcherBidJson): BoardDispatcherBid {
  return {
    id: row.id,
    dispatcher_id: row.dispatcher_id,
    dispatcher_name: fullName(row.dispatcher_first_name, row.dispatcher_last_name),
    vehicle_id: row.vehicle_id,
    unit_id: row.unit_id,
    price: centsToAmount(row.price_cents),
    status: row.status,
    created_at: row.created_at,
  };
}

/** The posted rate in cents: what the broker pays, else the broker price when one was set. */
function postedRateCents(row: repository.BoardRow): number | null {
  if (row.pays_cents !== null) return row.pays_cents;
  return row.broker_price_cents > 0 ? row.broker_price_cents : null;
}

/** Where the load's first pick-up is, when it is placed on the map. */
function firstPickUpPlace(points: BoardPointJson[]): GeoPoint | null {
  const pickUp = points
    .filter((point) => point.type === 'pick_up')
    .sort((a, b) => a.point_order - b.point_order)[0];
  return pickUp && pickUp.lat !== null && pickUp.lon !== null ? { lat: pickUp.lat, lon: pickUp.lon } : null;
}

/**
 * The board's shape of loads (their points and bids come with their rows), with the trucks that could
 * take them for the nearest one's deadhead: one query, none when the caller has read them.
 */
async function toBoardLoads(
  db: Db,
  companyId: number,
  rows: repository.BoardRow[],
  at: Date,
  knownTrucks?: readonly BoardTruck[],
): Promise<BoardLoad[]> {
  if (rows.length === 0) return [];
  const trucks = knownTrucks ?? (await trucksRepository.findBoardTrucks(db, companyId));
  // Each load is measured against the trucks of its own type only (nearestTruckMiles skips the others).
  const trucksOf = groupBy(trucks, (truck) => truck.transport_type);
  return rows.map((row) => {
    const rate = postedRateCents(row);
    const dispatcherBid = row.first_dispatcher_bid;
    const loadPoints = row.points;
    return {
      id: row.id,
      status: row.status,
      board_status: row.board_status,
      load_accounting_number: row.load_accounting_number,
      points: loadPoints.map((point) => ({
        order: point.point_order,
        type: point.type,
        address: point.address,
        city: point.city,
        state: point.state,
        zip_code: point.zip_code,
        country: point.country,
        lat: point.lat,
        lon: point.lon,
        date: point.date,
      })),
      pick_up_datetime: row.pick_up_datetime?.toISOString() ?? null,
      delivery_datetime: row.delivery_datetime?.toISOString() ?? null,
      pending_driver_bids: row.pending_driver_bids.map(toDriverBid),
      dispatcher_bids: dispatcherBid ? [toDispatcherBid(dispatcherBid)] : [],
      dispatcher_bids_count: dispatcherBid?.bids_count ?? 0,
      already_saw: row.already_saw,
      broker_company_instance:
        row.broker_company_id !== null && row.broker_company_name !== null
          ? {
              id: row.broker_company_id,
              name: row.broker_company_name,
              mc_number: row.broker_company_mc_number,
              rating: row.broker_company_rating ?? 1,
              in_blacklist: row.broker_company_in_blacklist ?? false,
            }
          : null,
      is_blacklisted: row.broker_company_in_blacklist ?? false,
      broker_name: row.broker_name,
      broker_phone: row.broker_phone,
      reply_email: row.reply_email,
      posting_reference: row.posting_reference,
      miles: row.miles,
      deadhead_miles: nearestTruckMiles(
        firstPickUpPlace(loadPoints),
        row.vehicle_type,
        row.vehicle_type === null ? [] : (trucksOf.get(row.vehicle_type) ?? []),
      ),
      vehicle_type: row.vehicle_type as BoardLoad['vehicle_type'],
      length: row.length,
      width: row.width,
      height: row.height,
      weight: row.weight,
      pieces: row.pieces,
      equipment: row.equipment,
      dock_level: row.dock_level,
      is_danger: row.is_danger,
      note: row.note,
      pays: rate === null ? null : centsToAmount(rate),
      rate_per_mile: rate !== null && row.miles ? Math.round(rate / row.miles) / 100 : null,
      posted_at: row.posted_at?.toISOString() ?? null,
      age_minutes: row.posted_at
        ? Math.max(0, Math.floor((at.getTime() - row.posted_at.getTime()) / 60_000))
        : null,
      working_group: row.working_group_id,
      subgroup: row.subgroup_id,
      dispatcher_id: row.dispatcher_id,
    };
  });
}

export function createLoadboardService(deps: LoadboardDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const unit = createUnitOfWork(deps);
  const snapshots = createBoardSnapshots({ db, log: deps.log });

  /**
   * Loads of the company that are or were on the board, in the board's shape (already_saw for `userId`;
   * false without one), read in the transaction given; the ids that are none are left out.
   */
  async function boardLoads(
    companyId: number,
    userId: number | null,
    loadIds: readonly number[],
    trx: Db = db,
  ): Promise<BoardLoad[]> {
    const rows = await repository.findBoardRows(trx, companyId, userId, loadIds);
    return toBoardLoads(trx, companyId, rows, now());
  }

  /** One load in the board's shape (see boardLoads); undefined when it is not and never was on the board. */
  async function boardLoad(
    companyId: number,
    userId: number | null,
    loadId: number,
    trx: Db = db,
  ): Promise<BoardLoad | undefined> {
    return (await boardLoads(companyId, userId, [loadId], trx))[0];
  }

  /**
   * update_loadboard events for loads that arrived on the board, changed on it or left it (board_status
   * says which), to the board's roles: built inside the transaction that changed them, published after its
   * commit by the caller's unit of work. A load that is gone (deleted) is told as withdrawn by its id.
   */
  async function boardLoadEvents(
    trx: Trx | Db,
    companyId: number,
    loadIds: readonly number[],
  ): Promise<RealtimeEvent[]> {
    const loads = new Map((await boardLoads(companyId, null, loadIds, trx)).map((load) => [load.id, load]));
    return loadIds.map((id) =>
      companyEvent('update_loadboard', companyId, {
        load: loads.get(id) ?? { id, board_status: 'withdrawn' },
      }),
    );
  }

  /** update_loadboard for one load (see boardLoadEvents): the loads module's hook for the board. */
  async function boardLoadEvent(trx: Trx | Db, companyId: number, loadId: number): Promise<RealtimeEvent> {
    const [event] = await boardLoadEvents(trx, companyId, [loadId]);
    return event!;
  }

  return {
    boardLoad,
    boardLoads,
    boardLoadEvent,
    boardLoadEvents,

    /**
     * GET loads/loadboard: the count and one page, newest first. From the board held in memory when it is
     * at the database's board version (board-snapshots.ts): the version, the trucks and the members of the
     * teams or brokerages named are read in one statement, the loads chosen in memory, and the page's rows
     * read by their ids: two statements. Otherwise from SQL, while the board is read again.
     */
    async list(caller: CompanyCaller, query: LoadboardQuery): Promise<ListResponse<BoardLoad>> {
      const { page, limit, ...filters } = query;
      const { companyId, userId } = caller;
      const paging = { limit, offset: pageOffset({ page, limit }) };
      const maxMilesOut = filters.max_miles_out ?? DEFAULT_MAX_MILES_OUT;
      const { version, trucks, sets } = await indexRepository.readBoardRequest(db, companyId, filters);
      const index = snapshots.current(companyId, version);
      if (index) {
        const chosen = selectBoardPage(
          index,
          filters,
          sets,
          paging,
          filters.match ? { trucks, maxMilesOut } : undefined,
        );
        // A load that left the board since the version was read is left out of the page.
        const rows = (await repository.findBoardRows(db, companyId, userId, chosen.ids)).filter(
          (row) => row.board_status === 'posted',
        );
        return { count: chosen.count, results: await toBoardLoads(db, companyId, rows, now(), trucks) };
      }
      if (!filters.match) {
        const [count, rows] = await Promise.all([
          list.countBoard(db, companyId, filters),
          repository.findBoardPage(db, companyId, userId, filters, paging),
        ]);
        return { count, results: await toBoardLoads(db, companyId, rows, now(), trucks) };
      }
      // The loads that pass the other filters, counted by place; the places a truck reaches give the
      // count, and the page is read among the loads at those places.
      const matched = trucksRepository.reachedPlaces(
        trucks,
        maxMilesOut,
        await list.countBoardPlaces(db, companyId, filters),
      );
      const count = matched.reduce((sum, place) => sum + place.loads, 0);
      const rows =
        count > paging.offset
          ? await repository.findBoardPage(db, companyId, userId, filters, paging, matched)
          : [];
      return { count, results: await toBoardLoads(db, companyId, rows, now(), trucks) };
    },

    /** GET loads/loadboard/{id}: a load that is or was on the board (board_status says which); else 404. */
    async one(caller: CompanyCaller, loadId: number): Promise<BoardLoad> {
      const load = await boardLoad(caller.companyId, caller.userId, loadId);
      if (!load) throw notFound();
      return load;
    },

    /**
     * POST loads/loadboard/seen: marks the board loads seen for the caller (the first time is kept). Every
     * id must be a load of the company that is or was on the board, else 404 and nothing is marked.
     */
    async markSeen(caller: CompanyCaller, body: LoadboardSeen): Promise<{ ids: number[] }> {
      const ids = [...new Set(body.ids)];
      return unit.run(async (trx) => {
        const known = await repository.findBoardIds(trx, caller.companyId, ids);
        if (known.length !== ids.length) throw notFound();
        await repository.insertSeen(trx, caller.userId, ids, now());
        return { ids };
      });
    },

    /**
     * Takes off the board the loads whose pick-up passed more than their company's board_expiry_hours ago,
     * in batches, each in its own transaction (safe with several processes: see expireDueLoads), and tells
     * each company's board with update_loadboard after each commit. Answers how many left the board.
     */
    async expireDueLoads(): Promise<number> {
      let total = 0;
      for (;;) {
        const expired = await unit.run(async (trx, outbox) => {
          const at = now();
          const rows = await repository.expireDueLoads(trx, at, BOARD_EXPIRY_BATCH);
          if (deps.settleExpiredBids) {
            for (const row of rows)
              outbox.push(...(await deps.settleExpiredBids(trx, row.company_id, row.id, at)));
          }
          const byCompany = groupBy(rows, (row) => row.company_id);
          for (const [companyId, expired] of byCompany) {
            outbox.push(
              ...(await boardLoadEvents(
                trx,
                companyId,
                expired.map((row) => row.id),
              )),
            );
          }
          return rows.length;
        });
        total += expired;
        if (expired < BOARD_EXPIRY_BATCH) return total;
      }
    },
  };
}
