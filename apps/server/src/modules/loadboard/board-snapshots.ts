import type { Db } from '../../db/types';
import type { ErrorLog } from '../../db/unit-of-work';
import type { BoardIndex } from './board-index';
import * as indexRepository from './board-index.repository';

// Each company's board held in memory at a version (migration 0026): `current` answers it only when the
// database's board version, read by the request, is still the one it was read at, so a list answered from
// it is the board as it is now, whoever changed it. When the version has moved (a posting arrived, a load
// was booked, edited or left), `current` answers null at once, the caller answers from SQL, and the board
// is read again in the background, once however many requests ask meanwhile.
// A board is read whole (about 0.2 s for 10,000 loads), so on a board that changes every few seconds the
// reads are spaced: the next starts no sooner than ten times as long as the last took after it ended, and
// meanwhile the list is answered from SQL, as it was before the board was held. Reading the loads changed
// since a version instead of the whole board would lift that limit. A board no one asked for in ten
// minutes is let go.

const IDLE_MS = 10 * 60_000;
/** The least time between two reads of a board, as a multiple of how long the last one took. */
const READ_SPACING = 10;

type Snapshot = { version: number; index: BoardIndex; usedAt: number };

export type BoardSnapshots = ReturnType<typeof createBoardSnapshots>;

export function createBoardSnapshots(deps: { db: Db; log?: ErrorLog | undefined; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const snapshots = new Map<number, Snapshot>();
  const reading = new Map<number, Promise<void>>();
  /** When each company's last read ended and how long it took. */
  const lastReads = new Map<number, { endedAt: number; tookMs: number }>();

  function forgetIdle(at: number) {
    for (const [companyId, snapshot] of snapshots) {
      if (at - snapshot.usedAt > IDLE_MS) {
        snapshots.delete(companyId);
        lastReads.delete(companyId);
      }
    }
  }

  /** Reads the company's board again, unless a read of it is under way; settles when it is held. */
  function refresh(companyId: number): Promise<void> {
    const underWay = reading.get(companyId);
    if (underWay) return underWay;
    const startedAt = now();
    const read = indexRepository
      .readBoardIndex(db, companyId)
      .then(({ version, index }) => {
        const at = now();
        lastReads.set(companyId, { endedAt: at, tookMs: at - startedAt });
        forgetIdle(at);
        snapshots.set(companyId, { version, index, usedAt: at });
      })
      .catch((error: unknown) => {
        // The list answered from SQL meanwhile; the next request tries again.
        deps.log?.error({ err: error, companyId }, 'load board: reading the board into memory failed');
      })
      .finally(() => reading.delete(companyId));
    reading.set(companyId, read);
    return read;
  }

  return {
    refresh,

    /**
     * The company's board (its loads newest first) when the board held is at `version`, the database's board
     * version read for this request; else null, and the board is read again in the background (spaced: above).
     */
    current(companyId: number, version: number): BoardIndex | null {
      const snapshot = snapshots.get(companyId);
      if (snapshot && snapshot.version === version) {
        snapshot.usedAt = now();
        return snapshot.index;
      }
      const last = lastReads.get(companyId);
      if (!last || now() - last.endedAt >= READ_SPACING * last.tookMs) void refresh(companyId);
      return null;
    },
  };
}
