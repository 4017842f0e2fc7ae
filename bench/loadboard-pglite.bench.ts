// The load board's list on the embedded database (PGlite, the default of `npm start`): the database time
// of the board service's list for 100-row pages of random filter sets, on the same book as
// loadboard.bench.ts (1,000,000 loads with 50,000 on the board), filled by the same statements.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery } from 'kysely';
import { createDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import type { QueryClient } from './bench-database';
import { BOOK_NAME, fillBoardBook, measureListTime } from './loadboard-queries';
import type { Benchmark } from './run';

const DB_TARGET_MS = 25;
/** The time given to the service to read the board into memory after its first requests. */
const SETTLE_MS = 20_000;

const benchmark: Benchmark = {
  name: `load board on the embedded database (PGlite), random filters, ${BOOK_NAME}`,
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
      const { company, adminId, samples } = await fillBoardBook(client, 'not-signed-in');
      const p95 = await measureListTime(handle.db, company.id, adminId, samples, SETTLE_MS);
      return { figure: `database p95 ${p95.toFixed(1)} ms`, met: p95 <= DB_TARGET_MS };
    } finally {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
