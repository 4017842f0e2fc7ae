// The owners' pay list of one week on a year of a carrier's books (1,000 owners, 200 dispatchers, 200,000
// loads): GET payments/owners/all for the week, 50 rows with the totals of all, through the HTTP endpoint
// (sign-in check, the week's pay summed in SQL, JSON) on PostgreSQL.
import { performance } from 'node:perf_hooks';
import { accountingWeekOf } from '@app/domain/accounting/accounting.rules';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { openBenchServer, percentile, signIn, statementRecorder } from './bench-database';
import { fillAccounting } from './fill-accounting';
import type { Benchmark } from './run';

/** PAYMENTS_BENCH_LOADS and PAYMENTS_BENCH_OWNERS make a smaller book for a quick look. */
const LOADS = Number(process.env.PAYMENTS_BENCH_LOADS ?? 200_000);
const OWNERS = Number(process.env.PAYMENTS_BENCH_OWNERS ?? 1_000);
const DISPATCHERS = Math.max(1, Math.round(OWNERS / 5));
const RUNS = 100;
const WARM_UP = 10;
const TARGET_MS = 50;
const PASSWORD = 'bench-password-1';

const benchmark: Benchmark = {
  name: `owners' pay of one week (GET payments/owners/all) on ${LOADS.toLocaleString('en-US')} loads of ${OWNERS.toLocaleString('en-US')} owners`,
  target: `p95 at most ${TARGET_MS} ms over ${RUNS} runs (HTTP endpoint, PostgreSQL)`,
  async run() {
    const bench = await openBenchServer('bench_payments');
    try {
      const { adminEmail } = await fillAccounting(bench.client, {
        loads: LOADS,
        owners: OWNERS,
        dispatchers: DISPATCHERS,
        brokers: 300,
        adminPasswordHash: await hashPassword(PASSWORD),
      });
      await bench.client.query('ANALYZE');
      const app = await bench.startApp(statementRecorder(bench.handle));
      const headers = await signIn(app, adminEmail, PASSWORD);
      // The fill spreads the loads over the 52 weeks before the current one: the week just ended is full.
      const lastWeek = accountingWeekOf(new Date(Date.now() - 7 * 86_400_000));
      const url = `/backend/api/v2/payments/owners/all?week=${lastWeek.week}&year=${lastWeek.year}&page=1&limit=50`;
      const times: number[] = [];
      let count = 0;
      for (let run = 0; run < WARM_UP + RUNS; run += 1) {
        const start = performance.now();
        const response = await app.inject({ method: 'GET', url, headers });
        const elapsed = performance.now() - start;
        if (response.statusCode !== 200) throw new Error(`owners ${response.statusCode}: ${response.body}`);
        count = (JSON.parse(response.body) as { count: number }).count;
        if (run >= WARM_UP) times.push(elapsed);
      }
      const p95 = percentile(times, 0.95);
      return {
        figure: `p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${count} owners paid that week)`,
        met: p95 <= TARGET_MS && count > 0,
      };
    } finally {
      await bench.close();
    }
  },
};

export default benchmark;
