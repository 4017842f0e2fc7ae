import type {
  DriverBid,
  DriverBidCreate,
  DriverBidHistoryQuery,
  DriverBidReject,
} from '@app/domain/bids/driver-bids.schema';
import { bidWait, DRIVER_BID_MESSAGES as M, formatWait } from '@app/domain/bids/driver-bids.rules';
import { centsToAmount } from '@app/domain/common/money';
import { pageOffset, type ListResponse, type PaginationQuery } from '@app/domain/common/pagination';
import { wallTimeToInstant } from '@app/domain/common/time';
import type { RealtimeEventData } from '@app/domain/realtime/realtime.schema';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog, type Trx } from '../../db/unit-of-work';
import { notFound, refuse } from '../../http/errors';
import { runIdempotent, type IdempotentOutcome } from '../../http/idempotency';
import type { EventBus, RealtimeEvent } from '../../realtime/event-bus';
import { companyEvent, userEvent } from '../../realtime/events';
import type { Caller, CompanyCaller } from '../auth/caller';
import { toDriverBid } from './driver-bid-response';
import * as placing from './driver-bids.placing.repository';
import * as repository from './driver-bids.repository';
import * as forwards from './forwards.repository';

// Driver and owner bids: placed from the driver page on a load forwarded to the bidder's vehicle, under the
// spec's limits (bids.rules.ts, driver-bids.rules.ts: bidWait); rejected by a dispatcher with a reason;
// listed in the history; settled (won or lost) when the load leaves the board. Each change publishes after
// commit: the board load with its pending driver bids to the board roles (driver_bid on a bid,
// update_loadboard and reject_bid on a rejection), and driver_portal_update to the bidder.

export type BoardLoadData = RealtimeEventData<'driver_bid'>['load'];

/**
 * The board load as the board's events carry it. The load board module gives its own (the whole row of
 * the board); without it the event carries the load's id and pending driver bids.
 */
export type BoardLoadReader = (db: Db | Trx, companyId: number, loadId: number) => Promise<BoardLoadData>;

export type DriverBidsService = ReturnType<typeof createDriverBidsService>;

export type DriverBidsDeps = {
  db: Db;
  bus: EventBus;
  now?: () => Date;
  log?: ErrorLog;
  boardLoad?: BoardLoadReader;
};

const DAY_MS = 24 * 3600_000;

/** The first instant of an Eastern calendar date ('YYYY-MM-DD'), plus whole days. */
function easternDayStart(date: string, plusDays = 0): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const start = wallTimeToInstant({ year, month, day, hour: 0, minute: 0 });
  // Adding days on the calendar (not 24-hour steps) keeps midnight across a clock change.
  if (plusDays === 0) return start;
  const next = new Date(Date.UTC(year, month - 1, day) + plusDays * DAY_MS);
  return wallTimeToInstant({
    year: next.getUTCFullYear(),
    month: next.getUTCMonth() + 1,
    day: next.getUTCDate(),
    hour: 0,
    minute: 0,
  });
}

export function createDriverBidsService(deps: DriverBidsDeps) {
  const { db, now = () => new Date() } = deps;
  const unit = createUnitOfWork(deps);

  async function pendingDriverBids(
    reader: Db | Trx,
    companyId: number,
    loadIds: readonly number[],
  ): Promise<Map<number, DriverBid[]>> {
    const rows = await repository.findPendingBidsOfLoads(reader, companyId, loadIds);
    const byLoad = new Map<number, DriverBid[]>(loadIds.map((id) => [id, []]));
    for (const row of rows) byLoad.get(row.load_id)?.push(toDriverBid(row));
    return byLoad;
  }

  const boardLoad: BoardLoadReader =
    deps.boardLoad ??
    (async (reader, companyId, loadId) => ({
      id: loadId,
      pending_driver_bids: (await pendingDriverBids(reader, companyId, [loadId])).get(loadId) ?? [],
    }));

  async function bidOf(reader: Db | Trx, companyId: number, id: number): Promise<DriverBid> {
    const row = await repository.findBid(reader, companyId, id);
    if (!row) throw notFound();
    return toDriverBid(row);
  }

  return {
    pendingDriverBids: (companyId: number, loadIds: readonly number[], reader: Db | Trx = db) =>
      pendingDriverBids(reader, companyId, loadIds),

    /**
     * POST driver-portal/bids: the driver or owner bids on a load forwarded to their vehicle. The load row
     * is locked first, so two bids of one bidder on one load are counted one after the other.
     */
    async place(
      caller: CompanyCaller,
      body: DriverBidCreate,
      idempotencyKey?: string,
    ): Promise<IdempotentOutcome<DriverBid>> {
      const at = now();
      const claim = {
        companyId: caller.companyId,
        userId: caller.userId,
        scope: 'driver-bids.place',
        key: idempotencyKey,
        now: at,
      };
      return unit.runWithin<DriverBid, IdempotentOutcome<DriverBid>>(
        (work) => runIdempotent(db, claim, work),
        async (trx, outbox) => {
          const load = await forwards.lockLoad(trx, caller.companyId, body.load_id);
          if (!load) throw notFound();
          const vehicle = (await forwards.findMyVehicles(trx, caller.companyId, caller.userId)).find(
            (mine) => mine.id === body.vehicle_id,
          );
          if (!vehicle) throw notFound();
          const kind =
            vehicle.is_driver && vehicle.loads_allowed_for_driver
              ? 'driver'
              : vehicle.is_owner && vehicle.loads_allowed_for_owner
                ? 'owner'
                : null;
          if (load.board_status !== 'posted') throw refuse('bid_load_off_board', M.offBoard);
          const forward = await forwards.findForward(trx, caller.companyId, load.id, vehicle.id);
          if (kind === null || !forward) throw refuse('bid_not_forwarded', M.notForwarded);

          const last = await placing.lockLastBidOfBidder(trx, caller.companyId, load.id, caller.userId);
          const wait = bidWait(forward.forwarded_at, last ? (last.placed_at ?? last.created_at) : null, at);
          if (wait) {
            throw refuse('bid_limit', M.bidLimit, {
              seconds_left: [String(wait.seconds_left)],
              wait: [formatWait(wait.seconds_left)],
              limit: [wait.limit],
              available_at: [wait.available_at.toISOString()],
            });
          }
          const bid: placing.NewDriverBid = {
            load_id: load.id,
            kind,
            vehicle_id: vehicle.id,
            driver_id: vehicle.active_driver_id,
            bidder_user_id: caller.userId,
            price_cents: body.price,
            eta_at: new Date(at.getTime() + body.eta_minutes * 60_000),
            placed_at: at,
          };
          let id: number;
          if (last?.status === 1) {
            await placing.updatePendingBid(trx, caller.companyId, last.id, bid);
            id = last.id;
          } else {
            id = await placing.insertBid(trx, caller.companyId, bid);
          }
          outbox.push(
            companyEvent('driver_bid', caller.companyId, {
              load: await boardLoad(trx, caller.companyId, load.id),
            }),
            userEvent('driver_portal_update', caller.companyId, [caller.userId], {
              load_ids: [load.id],
              bid_ids: [id],
            }),
          );
          return bidOf(trx, caller.companyId, id);
        },
      );
    },

    /** PUT bids/driver-bid/{id}/reject: a pending bid is rejected with the reason; the bidder sees it live. */
    async reject(caller: CompanyCaller, id: number, body: DriverBidReject): Promise<DriverBid> {
      const at = now();
      return unit.run(async (trx, outbox) => {
        const locked = await repository.lockBid(trx, caller.companyId, id);
        if (!locked) throw notFound();
        const current = await bidOf(trx, caller.companyId, id);
        if (current.status !== 1) throw refuse('driver_bid_not_pending', M.notPending);
        await repository.rejectBid(trx, caller.companyId, id, { reason: body.reason, by: caller.userId, at });
        const dispatcherBids = await repository.findDispatcherBidsOfLoad(
          trx,
          caller.companyId,
          locked.load_id,
        );
        outbox.push(
          companyEvent('reject_bid', caller.companyId, {
            load_id: locked.load_id,
            bid_id: id,
            dispatcher_bids: dispatcherBids.map((bid) => ({
              id: bid.id,
              status: bid.status,
              price: centsToAmount(bid.price_cents),
              vehicle_id: bid.vehicle_id,
            })),
            dispatcher_bids_count: dispatcherBids.length,
          }),
          companyEvent('update_loadboard', caller.companyId, {
            load: await boardLoad(trx, caller.companyId, locked.load_id),
          }),
        );
        if (locked.bidder_user_id !== null) {
          outbox.push(
            userEvent('driver_portal_update', caller.companyId, [locked.bidder_user_id], {
              load_ids: [locked.load_id],
              bid_ids: [id],
            }),
          );
        }
        return bidOf(trx, caller.companyId, id);
      });
    },

    /** GET bids/driver-bid/history: count and page in two queries, whatever the page size. */
    async history(caller: CompanyCaller, query: DriverBidHistoryQuery): Promise<ListResponse<DriverBid>> {
      const filters: repository.DriverBidFilters = {
        status: query.status,
        kind: query.kind,
        vehicle_id: query.vehicle_id,
        driver_id: query.driver_id,
        load_id: query.load_id,
        placed_from: query.date_from ? easternDayStart(query.date_from) : undefined,
        placed_before: query.date_to ? easternDayStart(query.date_to, 1) : undefined,
      };
      return list(caller.companyId, filters, query);
    },

    /** GET driver-portal/bids: my own bids, newest first. */
    async mine(
      caller: Caller & { companyId: number },
      query: PaginationQuery,
    ): Promise<ListResponse<DriverBid>> {
      return list(caller.companyId, { bidder_user_id: caller.userId }, query);
    },

    /**
     * Settles the pending driver and owner bids of a load that leaves the board, in the caller's
     * transaction (a booking, a withdrawal, an expiry): won for the booked vehicle's bids, lost for the
     * others. Answers the events to publish after that transaction commits.
     */
    async settle(
      trx: Trx,
      companyId: number,
      loadId: number,
      bookedVehicleId: number | null,
    ): Promise<RealtimeEvent[]> {
      const settled = await repository.settlePendingBids(trx, companyId, loadId, bookedVehicleId, now());
      const bidders = [...new Set(settled.map((bid) => bid.bidder_user_id).filter((id) => id !== null))];
      return bidders.length === 0
        ? []
        : [
            userEvent('driver_portal_update', companyId, bidders, {
              load_ids: [loadId],
              bid_ids: settled.map((bid) => bid.id),
            }),
          ];
    },
  };

  async function list(
    companyId: number,
    filters: repository.DriverBidFilters,
    query: PaginationQuery,
  ): Promise<ListResponse<DriverBid>> {
    const [count, rows] = await Promise.all([
      repository.countBids(db, companyId, filters),
      repository.findBidPage(db, companyId, filters, { limit: query.limit, offset: pageOffset(query) }),
    ]);
    return { count, results: rows.map(toDriverBid) };
  }
}
