// The load board's list on the embedded database (PGlite, the default of `npm start`): the database time
// of the board service's list for 100-row pages of random filter sets, on the same book as
// loadboard.bench.ts (1,000,000 loads with 50,000 on the board), filled by the same statements.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CompiledQuery } from 'kysely';
import { createDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import type { QueryClient } from './bench-database';
import { fillBoard } from './fill-board';
import { fillLoads } from './fill-loads';
import { measureListTime, sample } from './loadboard-queries';
import type { Benchmark } from './run';

/** LOADBOARD_BENCH_SIZE makes a smaller book for a quick look (the board is a twentieth of it). */
const LOADS = Number(process.env.LOADBOARD_BENCH_SIZE ?? 1_000_000);
const BOARD = Math.round(LOADS / 20);
const DB_TARGET_MS = 25;
/** The time given to the service to read the board into memory after its first requests. */
const SETTLE_MS = 20_000;

const benchmark: Benchmark = {
  name: `load board on the embedded database (PGlite), random filters, ${BOARD.toLocaleString('en-US')} board loads among ${LOADS.toLocaleString('en-US')} loads`,
  target: `database time p95 at most ${DB_TARGET_MS} ms for 100-row pages`,
  async run() {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-board-pglite-'));
    const handle = await createDatabase({ databaseUrl: undefined, dataDir }, { progress: null });
    try {
      await migrateToLatest(handle.db);
      const client: QueryClient = {
        async query<Row extends object>(text: string, values: unknown[] = []) {
          const result = await handle.db.executeQuery<Row>(CompiledQuery.raw(text, values));
          return { rows: [...result.rows] };
        },
      };
      const filled = performance.now();
      const [company] = await fillLoads(client, {
        loads: LOADS,
        companies: 2,
        dispatchersPerCompany: 40,
        teamsPerCompany: 5,
        driversPerCompany: 300,
        brokersPerCompany: 1500,
        adminPasswordHash: 'not-signed-in',
      });
      const board = await fillBoard(client, company!.id, BOARD);
      console.log(
        `    filled in ${((performance.now() - filled) / 1000).toFixed(0)} s: ${board.boardLoads} board loads`,
      );
      const samples = await sample(client, company!.id);
      const p95 = await measureListTime(handle.db, company!.id, board.adminId, samples, SETTLE_MS);
      return { figure: `database p95 ${p95.toFixed(1)} ms`, met: p95 <= DB_TARGET_MS };
    } finally {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
