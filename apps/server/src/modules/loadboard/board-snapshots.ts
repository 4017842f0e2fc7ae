import type { Db } from '../../db/types';
import type { ErrorLog } from '../../db/unit-of-work';
import type { BoardIndex } from './board-index';
import * as indexRepository from './board-index.repository';

// Each company's board held in memory at a version (migration 0026): `current` answers it only when the
// database's board version, read by the request, is still the one it was read at, so a list answered from it is the board as
// it is now, whoever changed it. When the version has moved (a posting arrived, a load was booked, edited
// or left), `current` answers null at once, the caller answers from SQL, and the board is read again in
// the background, once however many requests ask meanwhile. A board no one asked for in ten minutes is
// let go.

const IDLE_MS = 10 * 60_000;

type Snapshot = { version: number; index: BoardIndex; usedAt: number };

export type BoardSnapshots = ReturnType<typeof createBoardSnapshots>;

export function createBoardSnapshots(deps: { db: Db; log?: ErrorLog | undefined; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const snapshots = new Map<number, Snapshot>();
  const reading = new Map<number, Promise<void>>();

  function forgetIdle(at: number) {
    for (const [companyId, snapshot] of snapshots) {
      if (at - snapshot.usedAt > IDLE_MS) snapshots.delete(companyId);
    }
  }

  /** Reads the company's board again, unless a read of it is under way; settles when it is held. */
  function refresh(companyId: number): Promise<void> {
    const underWay = reading.get(companyId);
    if (underWay) return underWay;
    const read = indexRepository
      .readBoardIndex(db, companyId)
      .then(({ version, index }) => {
        const at = now();
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
     * version read for this request; else null, and the board is read again in the background.
     */
    current(companyId: number, version: number): BoardIndex | null {
      const snapshot = snapshots.get(companyId);
      if (snapshot && snapshot.version === version) {
        snapshot.usedAt = now();
        return snapshot.index;
      }
      void refresh(companyId);
      return null;
    },
  };
}
