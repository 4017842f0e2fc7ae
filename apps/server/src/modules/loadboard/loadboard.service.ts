import { pageOffset, type ListResponse } from '@app/domain/common/pagination';
import { LRUCache } from 'lru-cache';
import {
  DEFAULT_MAX_MILES_OUT,
  type BoardLoad,
  type LoadboardQuery,
  type LoadboardSeen,
} from '@app/domain/loadboard/loadboard.schema';
import type { ChangeNotices } from '../../db/change-notices';
import type { AnswerEncoding } from '../../http/compression';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog, type Trx } from '../../db/unit-of-work';
import { notFound } from '../../http/errors';
import type { EventBus, RealtimeEvent } from '../../realtime/event-bus';
import { companyEvent } from '../../realtime/events';
import type { CompanyCaller } from '../auth/caller';
import * as list from './loadboard-list.repository';
import { selectBoardPage } from './board-index';
import * as indexRepository from './board-index.repository';
import { createBoardAnswers, encodeAnswer, keepAnswer, writeAnswer } from './board-answers';
import { createBoardSnapshots } from './board-snapshots';
import * as trucksRepository from './loadboard-trucks.repository';
import { groupBy, toBoardLoads } from './board-load-view';
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
  /** The database's notices of board changes (PostgreSQL): with them, the list's answers are kept. */
  notices?: ChangeNotices | null;
};

/** Board loads taken off per transaction by the expiry; a run goes on until a batch is not full. */
export const BOARD_EXPIRY_BATCH = 500;
/** Companies whose trucks the list remembers at most (least recently asked go first). */
const REMEMBERED_COMPANIES = 1_000;
/** How long the board's changes are kept (a board held in memory longer ago is read whole). */
const BOARD_CHANGES_KEPT_MS = 60 * 60_000;

export function createLoadboardService(deps: LoadboardDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const unit = createUnitOfWork(deps);
  const snapshots = createBoardSnapshots({ db, log: deps.log });
  /** Each company's trucks as the list last read them (readBoardRequest reuses them while unchanged). */
  const lastTrucks = new LRUCache<number, indexRepository.ReadTrucks>({ max: REMEMBERED_COMPANIES });
  const answers = createBoardAnswers(deps.notices ?? null);

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

  /**
   * GET loads/loadboard: the count and one page, newest first. From the board held in memory when it is
   * at the database's board version (board-snapshots.ts): the version, the trucks and the members of the
   * teams or brokerages named are read in one statement, the loads chosen in memory, and the page's rows
   * read by their ids: two statements. Otherwise from SQL, while the board is read again.
   */
  async function listPage(caller: CompanyCaller, query: LoadboardQuery): Promise<ListResponse<BoardLoad>> {
    const { page, limit, ...filters } = query;
    const { companyId, userId } = caller;
    const paging = { limit, offset: pageOffset({ page, limit }) };
    const maxMilesOut = filters.max_miles_out ?? DEFAULT_MAX_MILES_OUT;
    const read = await indexRepository.readBoardRequest(db, companyId, filters, lastTrucks.get(companyId));
    const { version, sets } = read;
    const { trucks } = read.trucks;
    lastTrucks.set(companyId, read.trucks);
    const board = await snapshots.current(companyId, version);
    if (board) {
      const chosen = selectBoardPage(
        board,
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
  }

  return {
    boardLoad,
    boardLoads,
    boardLoadEvent,
    boardLoadEvents,

    list: listPage,

    /**
     * GET loads/loadboard as its JSON, compressed with `encoding` for as long as the answer holds (or as it
     * is): the answer kept for the same caller and query while the company's board has not changed since
     * (board-answers.ts), else `list`'s, kept for the next time.
     */
    async listAnswer(
      caller: CompanyCaller,
      query: LoadboardQuery,
      encodingFor: (bytes: number) => AnswerEncoding | null,
    ): Promise<{ body: Buffer; encoding: AnswerEncoding | null }> {
      const key = `${caller.companyId}:${caller.userId}:${JSON.stringify(query)}`;
      const epoch = await answers.epochOf(caller.companyId, caller.userId);
      let answer = epoch === null ? undefined : answers.get(key, epoch);
      if (!answer) {
        answer = keepAnswer(await listPage(caller, query));
        if (epoch !== null) answers.set(key, epoch, answer);
      }
      const at = now();
      const body = writeAnswer(answer, at);
      const encoding = encodingFor(body.length);
      return encoding ? { body: encodeAnswer(answer, at, encoding), encoding } : { body, encoding };
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
     * each company's board with update_loadboard after each commit; then drops the board changes older
     * than an hour. Answers how many left the board.
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
        if (expired < BOARD_EXPIRY_BATCH) break;
      }
      // The board's changes are kept an hour for the boards held in memory (board-snapshots.ts).
      await indexRepository.dropBoardChangesBefore(db, new Date(now().getTime() - BOARD_CHANGES_KEPT_MS));
      return total;
    },
  };
}
