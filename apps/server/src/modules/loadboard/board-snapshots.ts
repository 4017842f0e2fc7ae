import type { Db } from '../../db/types';
import type { ErrorLog } from '../../db/unit-of-work';
import { buildBoardIndex, wholeBoard, type BoardIndexRow, type BoardView } from './board-index';
import * as indexRepository from './board-index.repository';

type BoardChanges = Awaited<ReturnType<typeof indexRepository.readBoardChanges>>;

// Each company's board held in memory at a version (migration 0026): `current` answers it only when it is
// at the database's board version read by the request or later, so a list answered from it is the board as
// it is now, whoever changed it. When the version has moved (a posting arrived, a load was booked, edited
// or left), the board is brought up to date, once however many requests ask meanwhile: the loads changed
// since its version are read (loadboard_changes) and kept beside the whole read, whose changed loads are
// marked removed, and the requests wait for that short read (a few milliseconds). When 2,000 loads changed
// or a quarter of the whole read, or the changes no longer reach back (they are kept an hour), the board is
// read whole in the background (about 0.2 s for 10,000 loads) and the list is answered from SQL meanwhile.
// Whole reads are spaced: the next starts no sooner than ten times as long as the last took after it ended
// (SQL answers until then). A board no one asked for in ten minutes is let go.

const IDLE_MS = 10 * 60_000;
/** The least time between two whole reads of a board, as a multiple of how long the last one took. */
const READ_SPACING = 10;

/** Loads changed since a whole read that make the next read a whole one again. */
const RECENT_MOST = 2_000;

type Snapshot = {
  version: number;
  view: BoardView;
  /** The rows of the loads changed since the whole read that are on the board (view.recent's rows). */
  recentRows: BoardIndexRow[];
  /** Where each load of the whole read is in it, made at the first change. */
  positions: Map<number, number> | null;
  removedCount: number;
  /** The changes since its version no longer reach back: only a whole read brings it up to date. */
  gap: boolean;
  usedAt: number;
};

/** Brings the board held up to `changes`: the loads changed leave the whole read; those on the board now are the recent ones. */
function applyChanges(snapshot: Snapshot, changes: BoardChanges) {
  const { base } = snapshot.view;
  const changed = new Set(changes.changedIds);
  const positions = (snapshot.positions ??= new Map(Array.from(base.id, (id, position) => [id, position])));
  const removed = snapshot.view.removed ?? new Uint8Array(base.size);
  for (const id of changed) {
    const position = positions.get(id);
    if (position !== undefined && removed[position] === 0) {
      removed[position] = 1;
      snapshot.removedCount += 1;
    }
  }
  snapshot.recentRows = [...snapshot.recentRows.filter((row) => !changed.has(row.id)), ...changes.rows].sort(
    (first, second) => second.id - first.id,
  );
  snapshot.view = {
    base,
    removed,
    recent: snapshot.recentRows.length > 0 ? buildBoardIndex(snapshot.recentRows) : null,
  };
  snapshot.version = changes.version;
}

/** Whether so much changed since the whole read that the board is best read whole again. */
const worthWholeRead = (snapshot: Snapshot) =>
  snapshot.gap ||
  snapshot.recentRows.length > RECENT_MOST ||
  snapshot.removedCount > snapshot.view.base.size / 4;

export function createBoardSnapshots(deps: { db: Db; log?: ErrorLog | undefined; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const snapshots = new Map<number, Snapshot>();
  const reading = new Map<number, Promise<void>>();
  /** When each company's last whole read ended and how long it took. */
  const lastReads = new Map<number, { endedAt: number; tookMs: number }>();

  function forgetIdle(at: number) {
    for (const [companyId, snapshot] of snapshots) {
      if (at - snapshot.usedAt > IDLE_MS) {
        snapshots.delete(companyId);
        lastReads.delete(companyId);
      }
    }
  }

  /**
   * The loads changed since the board held (finding a gap, it marks the board for a whole read), or the
   * whole board when none is held or one is worth it.
   */
  async function read(companyId: number) {
    const held = snapshots.get(companyId);
    if (held && !worthWholeRead(held)) {
      const changes = await indexRepository.readBoardChanges(db, companyId, held.version);
      if (changes.complete) applyChanges(held, changes);
      else held.gap = true;
      return;
    }
    const startedAt = now();
    const { version, index } = await indexRepository.readBoardIndex(db, companyId);
    const at = now();
    lastReads.set(companyId, { endedAt: at, tookMs: at - startedAt });
    snapshots.set(companyId, {
      version,
      view: wholeBoard(index),
      recentRows: [],
      positions: null,
      removedCount: 0,
      gap: false,
      usedAt: at,
    });
  }

  /**
   * Brings the company's board held up to date (the loads changed since, or the whole board when none is
   * held or the changes no longer reach back), unless a read of it is under way; settles when it is done.
   */
  function refresh(companyId: number): Promise<void> {
    const underWay = reading.get(companyId);
    if (underWay) return underWay;
    const done = read(companyId)
      .then(() => forgetIdle(now()))
      .catch((error: unknown) => {
        // The list answered from SQL meanwhile; the next request tries again.
        deps.log?.error({ err: error, companyId }, 'load board: reading the board into memory failed');
      })
      .finally(() => reading.delete(companyId));
    reading.set(companyId, done);
    return done;
  }

  return {
    refresh,

    /**
     * The company's board when the board held is at `version` (the database's board version read for this
     * request) or later. When it is behind and only the loads changed since are to be read, the request
     * waits for that read (a few milliseconds, one read however many wait); when the board is to be read
     * whole, or a read is not due yet (spaced: above), null at once, and the caller answers from SQL.
     */
    async current(companyId: number, version: number): Promise<BoardView | null> {
      const held = () => {
        const snapshot = snapshots.get(companyId);
        if (!snapshot || snapshot.version < version) return null;
        snapshot.usedAt = now();
        return snapshot.view;
      };
      const view = held();
      if (view) return view;
      const snapshot = snapshots.get(companyId);
      if (snapshot && !worthWholeRead(snapshot)) {
        await refresh(companyId);
        const updated = held();
        if (updated) return updated;
      }
      const last = lastReads.get(companyId);
      if (!reading.has(companyId) && (!last || now() - last.endedAt >= READ_SPACING * last.tookMs)) {
        void refresh(companyId);
      }
      return null;
    },
  };
}
