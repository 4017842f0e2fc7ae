import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { PGliteDialect } from './pglite-dialect';
import { PreparingClient } from './prepared';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Closes the connections and, for the embedded database, releases the data-directory lock. */
  close(): Promise<void>;
};

export type ProgressOutput = { write(text: string): unknown };

export type CreateDatabaseOptions = {
  /** Where start-up progress of the embedded database is printed; null keeps quiet. */
  progress?: ProgressOutput | null;
  /** Called when the data-directory lock is lost (another process took it over). */
  onLockCompromised?: (error: Error) => void;
  /** pg pool size for PostgreSQL. */
  poolSize?: number;
};

const INT8_OID = 20;
const DATE_OID = 1082;

/**
 * bigint ids and counts come back as numbers (every id and count here fits in 2^53); `date` columns stay
 * 'YYYY-MM-DD' strings because a Date would shift them by the server's time zone. numeric stays a string.
 */
function parseInt8(text: string): number | string {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : text;
}

function parseDate(text: string): string {
  return text;
}

export async function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: CreateDatabaseOptions = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return createPostgres(config.databaseUrl, options.poolSize ?? 10);
  return createPglite(config.dataDir, options);
}

function createPostgres(connectionString: string, poolSize: number): DatabaseHandle {
  const types: pg.CustomTypesConfig = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      if (oid === INT8_OID) return parseInt8;
      if (oid === DATE_OID) return parseDate;
      return pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown;
    }) as pg.CustomTypesConfig['getTypeParser'],
  };
  // No JIT: the planner compiles a query it expects to be costly (a load board match over a truck's cells
  // was guessed at millions of rows), and compiling took seconds where running took milliseconds; the
  // product's queries are short ones on indexes, which JIT never makes faster.
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    types,
    options: '-c jit=off',
    Client: PreparingClient,
  });
  // An idle client that loses its server (restart, network) emits here; without a listener it would crash.
  pool.on('error', (error) => {
    console.error(`PostgreSQL connection error: ${error.message}`);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    close: () => db.destroy(),
  };
}

async function createPglite(dataDir: string, options: CreateDatabaseOptions): Promise<DatabaseHandle> {
  const lock: DataDirLock = await lockDataDir(dataDir, options.onLockCompromised);
  const progress = options.progress === undefined ? process.stdout : options.progress;
  const pgliteDir = join(dataDir, 'pglite');
  const firstStart = !existsSync(join(pgliteDir, 'PG_VERSION'));
  const shown = relative(process.cwd(), dataDir) || '.';
  const shownDir = shown.startsWith('..') ? dataDir : `./${shown}`;
  progress?.write(
    `Opening the embedded database in ${shownDir}${firstStart ? ' (first start takes about 15 seconds)' : ''}...`,
  );
  const stopDots = progress ? startDots(progress) : () => Promise.resolve();
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      dataDir: pgliteDir,
      // The capacity search's location indexes lead with the company (migration 0009).
      extensions: { btree_gist },
      parsers: { [INT8_OID]: parseInt8, [DATE_OID]: parseDate },
    });
  } catch (error) {
    await stopDots();
    progress?.write(' failed.\n');
    await lock.release();
    throw error;
  }
  await stopDots();
  progress?.write(' ready.\n');

  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    async close() {
      if (closed) return;
      closed = true;
      try {
        await db.destroy();
        // Kysely only destroys a driver it has used: an instance that never ran a query is closed here.
        if (!pglite.closed) await pglite.close();
      } finally {
        await lock.release();
      }
    },
  };
}

// Written from a worker thread straight to the file descriptor: PGlite's start-up keeps the main thread
// busy for seconds at a time, so a timer there would not fire until it is over.
const DOTS_WORKER = `
const { writeSync } = require('node:fs');
const { workerData } = require('node:worker_threads');
setInterval(() => { try { writeSync(workerData.fd, '.'); } catch {} }, 1000);
`;

/** Prints a dot every second until the returned function is called. */
function startDots(progress: ProgressOutput): () => Promise<void> {
  if (progress === process.stdout || progress === process.stderr) {
    const fd = progress === process.stdout ? 1 : 2;
    const worker = new Worker(DOTS_WORKER, { eval: true, workerData: { fd } });
    worker.unref();
    return async () => {
      await worker.terminate();
    };
  }
  const timer = setInterval(() => progress.write('.'), 1000);
  return () => {
    clearInterval(timer);
    return Promise.resolve();
  };
}
