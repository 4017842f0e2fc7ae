// The load board's benchmark queries: random combinations of GET loads/loadboard's filters drawn from a
// filled company's own teams, states and brokers, and the database time of the board service's list for
// 100-row pages (loadboard.bench.ts on PostgreSQL, loadboard-pglite.bench.ts on the embedded database).
import { performance } from 'node:perf_hooks';
import { VEHICLE_TYPE_IDS } from '@app/domain/common/lookups';
import type { LoadboardQuery } from '@app/domain/loadboard/loadboard.schema';
import type { Db } from '../apps/server/src/db/types';
import { createLoadboardService } from '../apps/server/src/modules/loadboard/loadboard.service';
import { percentile, type QueryClient } from './bench-database';
import { fillBoard } from './fill-board';
import { fillLoads } from './fill-loads';

const DB_RUNS = 300;

/** LOADBOARD_BENCH_SIZE makes a smaller book for a quick look (the board is a twentieth of it). */
const BOOK_LOADS = Number(process.env.LOADBOARD_BENCH_SIZE ?? 1_000_000);
const BOARD_LOADS = Math.round(BOOK_LOADS / 20);
export const BOOK_NAME = `${BOARD_LOADS.toLocaleString('en-US')} board loads among ${BOOK_LOADS.toLocaleString('en-US')} loads`;

/**
 * The benchmarks' book: two carriers sharing BOOK_LOADS loads, the first with BOARD_LOADS on its board,
 * printed with the time it took; with the first carrier's filter samples.
 */
export async function fillBoardBook(client: QueryClient, adminPasswordHash: string) {
  const filled = performance.now();
  const [company] = await fillLoads(client, {
    loads: BOOK_LOADS,
    companies: 2,
    dispatchersPerCompany: 40,
    teamsPerCompany: 5,
    driversPerCompany: 300,
    brokersPerCompany: 1500,
    adminPasswordHash,
  });
  const board = await fillBoard(client, company!.id, BOARD_LOADS);
  console.log(
    `    filled in ${((performance.now() - filled) / 1000).toFixed(0)} s: ${board.boardLoads} board loads`,
  );
  return { company: company!, adminId: board.adminId, samples: await sample(client, company!.id) };
}

export type Samples = { teams: number[]; subgroups: number[]; states: string[]; brokers: number[] };

const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;
const some = <T>(values: readonly T[], most: number): T[] => [
  ...new Set(Array.from({ length: 1 + Math.floor(Math.random() * most) }, () => pick(values))),
];

/** A random combination of the board's filters, each present about one time in three. */
export function randomQuery(samples: Samples): Omit<LoadboardQuery, 'page' | 'limit'> {
  const query: Omit<LoadboardQuery, 'page' | 'limit'> = {};
  const often = () => Math.random() < 0.3;
  const team = Math.random();
  if (team < 0.3) query.wg = [pick(samples.teams)];
  else if (team < 0.5) query.sub_wg = [pick(samples.subgroups)];
  if (often()) query.brokerage = [pick(['M', 'S'] as const)];
  if (often()) query.pickUpAt_state = some(samples.states, 4);
  if (often()) query.deliverTo_state = some(samples.states, 4);
  if (often()) query[Math.random() < 0.5 ? 'car' : 'not_car'] = some(VEHICLE_TYPE_IDS, 3);
  if (often()) query.max_miles = 300 + Math.floor(Math.random() * 2000);
  if (often()) query[Math.random() < 0.5 ? 'brokers' : 'not_brokers'] = some(samples.brokers, 3);
  if (often()) {
    query.match = true;
    query.max_miles_out = 50 + Math.floor(Math.random() * 250);
  }
  return query;
}

export function queryString(query: Omit<LoadboardQuery, 'page' | 'limit'>, limit: number): string {
  const parts = [`limit=${limit}`];
  for (const [key, value] of Object.entries(query)) {
    parts.push(`${key}=${encodeURIComponent(Array.isArray(value) ? value.join(',') : String(value))}`);
  }
  return parts.join('&');
}

async function sample(client: QueryClient, companyId: number): Promise<Samples> {
  const teams = await client.query<{ id: string }>(`SELECT id FROM working_groups WHERE company_id = $1`, [
    companyId,
  ]);
  const subgroups = await client.query<{ id: string }>(
    `SELECT s.id FROM subgroups s JOIN working_groups g ON g.id = s.working_group_id WHERE g.company_id = $1`,
    [companyId],
  );
  const states = await client.query<{ state: string }>(
    `SELECT DISTINCT state FROM load_points WHERE company_id = $1 AND list_class = 0`,
    [companyId],
  );
  const brokers = await client.query<{ id: string }>(
    `SELECT broker_company_id AS id FROM loads WHERE company_id = $1 AND board_status = 'posted'
     ORDER BY random() LIMIT 200`,
    [companyId],
  );
  return {
    teams: teams.rows.map((row) => Number(row.id)),
    subgroups: subgroups.rows.map((row) => Number(row.id)),
    states: states.rows.map((row) => row.state),
    brokers: brokers.rows.map((row) => Number(row.id)),
  };
}

/**
 * The database time of the board service's list for 100-row pages of random filter sets, after 30 to warm
 * up and `settleMs` to let the board be read into memory; printed with the slowest sets. Answers the p95.
 */
export async function measureListTime(
  db: Db,
  companyId: number,
  userId: number,
  samples: Samples,
  settleMs = 0,
): Promise<number> {
  const loadboard = createLoadboardService({ db, bus: { publish: () => Promise.resolve() } as never });
  const caller = { userId, companyId, role: 3 as const, isSuperuser: false, familyId: '' };
  for (let run = 0; run < 30; run++)
    await loadboard.list(caller, { page: 1, limit: 100, ...randomQuery(samples) });
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const times: number[] = [];
  const matchTimes: number[] = [];
  const otherTimes: number[] = [];
  const counts: number[] = [];
  const slowest: { ms: number; query: string }[] = [];
  for (let run = 0; run < DB_RUNS; run++) {
    const query = randomQuery(samples);
    const started = performance.now();
    const page = await loadboard.list(caller, { page: 1, limit: 100, ...query });
    const ms = performance.now() - started;
    times.push(ms);
    (query.match ? matchTimes : otherTimes).push(ms);
    counts.push(page.count);
    slowest.push({ ms, query: queryString(query, 100) });
  }
  const dbP50 = percentile(times, 0.5);
  const dbP95 = percentile(times, 0.95);
  slowest.sort((a, b) => b.ms - a.ms);
  console.log(
    `    database time (service list, 100 rows, ${DB_RUNS} random filter sets): p50 ${dbP50.toFixed(1)} ms, p95 ${dbP95.toFixed(1)} ms; median count ${percentile(counts, 0.5)}`,
  );
  const split = (values: number[]) =>
    `${values.length} sets, p50 ${percentile(values, 0.5).toFixed(1)} ms, p95 ${percentile(values, 0.95).toFixed(1)} ms`;
  console.log(`      with match: ${split(matchTimes)}; without: ${split(otherTimes)}`);
  for (const { ms, query } of slowest.slice(0, 3)) console.log(`      slow: ${ms.toFixed(1)} ms ${query}`);
  return dbP95;
}
