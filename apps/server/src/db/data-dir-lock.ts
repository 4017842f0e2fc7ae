import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

export type DataDirLock = {
  release(): Promise<void>;
};

/** Thrown when another live process holds the data directory. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

const LOCK_NAME = 'server.lock';
const PID_FILE = 'server.pid';
// The embedded database may block the event loop for seconds while it initialises, so the lock is
// refreshed generously; a lock left by a crashed process is taken over at once when its pid is gone.
const STALE_MS = 60_000;
const UPDATE_MS = 10_000;

/**
 * Takes an exclusive lock on the data directory so that a second server process cannot open the same
 * embedded database (PGlite has no file lock of its own and two writers corrupt it).
 */
export async function lockDataDir(
  dataDir: string,
  onCompromised: (error: Error) => void = (error) => {
    throw error;
  },
): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const lockfilePath = join(dataDir, LOCK_NAME);
  const pidFile = join(dataDir, PID_FILE);
  const options = { lockfilePath, stale: STALE_MS, update: UPDATE_MS, realpath: false, onCompromised };

  let releaseLock: () => Promise<void>;
  try {
    releaseLock = await lockfile.lock(dataDir, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const holder = readPid(pidFile);
    if (holder === undefined || isRunning(holder)) {
      throw new DataDirInUseError(
        `The data directory ${dataDir} is in use by another process (pid ${holder ?? 'unknown'}). ` +
          'Stop that process first, or set DATA_DIR to another directory.',
      );
    }
    // The holder crashed without releasing: its lock is safe to take over.
    rmSync(lockfilePath, { recursive: true, force: true });
    releaseLock = await lockfile.lock(dataDir, options);
  }
  writeFileSync(pidFile, `${process.pid}\n`);

  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      rmSync(pidFile, { force: true });
      await releaseLock();
    },
  };
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
