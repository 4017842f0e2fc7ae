import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { readBoardChanges } from '../apps/server/src/modules/loadboard/board-index.repository';
import { openBenchServer } from './bench-database';
import { fillBoard } from './fill-board';
import { fillLoads } from './fill-loads';

const LOADS = Number(process.env.SIZE ?? 200000);
const bench = await openBenchServer('bench_changes');
try {
  const [company] = await fillLoads(bench.client, { loads: LOADS, companies: 2, dispatchersPerCompany: 40, teamsPerCompany: 5, driversPerCompany: 300, brokersPerCompany: 1500, adminPasswordHash: await hashPassword('x-password-1') });
  await fillBoard(bench.client, company!.id, LOADS / 20);
  const db = bench.handle.db; const cid = company!.id;
  const ids = (await bench.client.query(`SELECT id FROM loads WHERE company_id = $1 AND board_status = 'posted' LIMIT 5`, [cid])).rows.map((r) => Number(r.id));
  for (const id of ids) await bench.client.query(`UPDATE loads SET miles = miles + 1 WHERE id = $1`, [id]);
  const v = Number((await bench.client.query(`SELECT version FROM loadboard_versions WHERE company_id = $1`, [cid])).rows[0].version);
  for (let k = 0; k < 3; k++) { const t = performance.now(); const c = await readBoardChanges(db, cid, v - 3); console.log('changes ms', (performance.now() - t).toFixed(1), c.changedIds.length, c.rows.length, c.complete); }
  await bench.client.query(`LOAD 'auto_explain'`).catch(() => undefined);
  const compiled = sql`EXPLAIN ANALYZE SELECT 1`.compile(db);
  // Explain the statement as the repository builds it.
  const mod = await import('../apps/server/src/modules/loadboard/board-index.repository');
  (globalThis as any).__explain = true;
  void compiled; void mod;
} finally { await bench.close(); }
