// The accounting reports on a year of a carrier's books (1,000 owners, 200 dispatchers, 200,000 loads):
// the scheduled pay sheets of a week (every owner's PDF made and e-mailed to a local SMTP receiver, then the
// week closed), and the .xlsx export of 100,000 loads through POST reports/excel. Each is timed once, with
// the process's resident memory sampled while it runs.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { PayListQuery } from '@app/domain/accounting/payments.schema';
import type { Trx } from '../apps/server/src/db/unit-of-work';
import type { CompanyCaller } from '../apps/server/src/modules/auth/caller';
import { createSmtpMailer } from '../apps/server/src/integrations/mail/mailer';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { createAccountingService } from '../apps/server/src/modules/accounting/accounting.service';
import { excelPages, parseExcelQuery } from '../apps/server/src/modules/reports/excel-pages';
import { createPaymentsService } from '../apps/server/src/modules/payments/payments.service';
import type { ReportsDeps } from '../apps/server/src/modules/reports/reports.deps';
import { createReportsService } from '../apps/server/src/modules/reports/reports.service';
import { createInProcessEventBus } from '../apps/server/src/realtime/event-bus';
import { openBenchServer, signIn, statementRecorder } from './bench-database';
import { fillAccounting } from './fill-accounting';
import type { Benchmark } from './run';

/** REPORTS_BENCH_LOADS and REPORTS_BENCH_OWNERS make a smaller book for a quick look; the figures use the defaults. */
const LOADS = Number(process.env.REPORTS_BENCH_LOADS ?? 200_000);
const OWNERS = Number(process.env.REPORTS_BENCH_OWNERS ?? 1_000);
const DISPATCHERS = Math.max(1, Math.round(OWNERS / 5));
const PASSWORD = 'bench-password-1';
const PAYSHEETS_TARGET_S = 60;
const EXCEL_TARGET_S = 20;
const MEMORY_TARGET_MB = 300;

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Runs `work` while sampling the resident memory; answers its seconds and the peak. */
async function measured<T>(work: () => Promise<T>) {
  let peak = process.memoryUsage().rss;
  const before = peak;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 25);
  const start = performance.now();
  const cpu = process.cpuUsage();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    const used = process.cpuUsage(cpu);
    return {
      result,
      seconds: (performance.now() - start) / 1000,
      /** CPU time of this process (the server's share of the work; PostgreSQL's is apart). */
      cpuSeconds: (used.user + used.system) / 1e6,
      peakMb: mb(peak),
      growthMb: mb(peak - before),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** The mail server of smtp-sink.ts in a child process: its port, how many it received, and its stop. */
async function smtpSink() {
  const child = fork(fileURLToPath(new URL('./smtp-sink.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
  });
  const next = <T>() =>
    new Promise<T>((resolve) => child.once('message', (message) => resolve(message as T)));
  const { port } = await next<{ port: number }>();
  return {
    port,
    async received() {
      const answer = next<{ received: number }>();
      child.send('count');
      return (await answer).received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('stop');
      }),
  };
}

function unused(): never {
  throw new Error('not used by the scheduled pay sheets');
}

const benchmark: Benchmark = {
  name: `accounting reports: a week's pay sheets of ${OWNERS.toLocaleString('en-US')} owners, an .xlsx of half of ${LOADS.toLocaleString('en-US')} loads`,
  target: `pay sheets within ${PAYSHEETS_TARGET_S} s and the export within ${EXCEL_TARGET_S} s, each growing the process by less than ${MEMORY_TARGET_MB} MB`,
  async run() {
    const bench = await openBenchServer('bench_reports');
    const smtp = await smtpSink();
    try {
      const fillStart = performance.now();
      const { companyId, adminEmail } = await fillAccounting(bench.client, {
        loads: LOADS,
        owners: OWNERS,
        dispatchers: DISPATCHERS,
        brokers: 300,
        adminPasswordHash: await hashPassword(PASSWORD),
      });
      console.log(`  filled in ${((performance.now() - fillStart) / 1000).toFixed(1)} s`);
      await bench.client.query(
        `UPDATE companies SET smtp_host = '127.0.0.1', smtp_port = $2, smtp_from = 'pay@bench.test',
           paysheet_weekday = 0, paysheet_time = '00:00' WHERE id = $1`,
        [companyId, smtp.port],
      );

      // The scheduled pay sheets, as a server process runs them.
      const db = bench.handle.db;
      const bus = createInProcessEventBus();
      const payments = createPaymentsService({ db, bus, loads: { changeAccountingWeek: unused } });
      const accounting = createAccountingService({
        db,
        bus,
        now: () => new Date(),
        loads: { detail: unused, lockForAccounting: unused, setAccountingStatus: unused },
      });
      // Where the pay sheets' time goes: the payments service's reads (summed over the concurrent sheets).
      const spent = { list: 0, sheet: 0, close: 0 };
      const timed =
        <A extends unknown[], R>(part: keyof typeof spent, call: (...args: A) => Promise<R>) =>
        async (...args: A): Promise<R> => {
          const start = performance.now();
          try {
            return await call(...args);
          } finally {
            spent[part] += performance.now() - start;
          }
        };
      const deps: ReportsDeps = {
        db,
        bus,
        now: () => new Date(),
        mailer: createSmtpMailer(),
        batchMailer: () => createSmtpMailer({ pool: true }),
        log: { error: (details, message) => console.error(message, details) },
        accounting,
        payments: {
          ownerPaySheet: timed('sheet', (caller: CompanyCaller, id: number) =>
            payments.ownerPaySheet(caller, id),
          ),
          owners: timed('list', (caller: CompanyCaller, query: PayListQuery) =>
            payments.ownersList(caller, query),
          ),
          dispatchers: (caller, query) => payments.dispatchersList(caller, query),
          closeWeek: timed(
            'close',
            async (trx: Trx, company: number, year: number, week: number, userId: number | null) =>
              (await payments.closeWeek(trx, company, year, week, userId)).events,
          ),
          invoiceSent: (trx, companyId, loadId, at) => payments.invoiceSent(trx, companyId, loadId, at),
        },
        loads: { openFile: unused },
        brokers: { billingOf: unused },
      };
      const reports = createReportsService(deps, { processId: 'bench' });
      const sheets = await measured(() => reports.runScheduledPaySheets());
      const run = sheets.result[0];
      const received = await smtp.received();
      console.log(
        `  pay sheets, payments service: owners list ${(spent.list / 1000).toFixed(1)} s, each owner's week ` +
          `${(spent.sheet / 1000 / Math.max(1, received)).toFixed(3)} s (4 at a time), closing ${(spent.close / 1000).toFixed(1)} s`,
      );
      console.log(
        `  pay sheets: ${run?.sent ?? 0} sent, ${run?.failed ?? 0} failed, ${received} received in ` +
          `${sheets.seconds.toFixed(1)} s (CPU ${sheets.cpuSeconds.toFixed(1)} s); peak RSS ${sheets.peakMb} MB (+${sheets.growthMb} MB)`,
      );

      // The .xlsx of the later half of the year's loads, through the route.
      const app = await bench.startApp(statementRecorder(bench.handle));
      const headers = await signIn(app, adminEmail, PASSWORD);
      const range = await bench.client.query<{ from: Date; to: Date; count: string }>(
        `SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY pick_up_datetime) AS from, max(pick_up_datetime) AS to,
           count(*) / 2 AS count FROM loads WHERE company_id = $1`,
        [companyId],
      );
      const { from, to } = range.rows[0]!;
      const excel = await measured(async () => {
        const response = await app.inject({
          method: 'POST',
          url: '/backend/api/v2/reports/excel',
          headers,
          payload: {
            list: 'lol',
            filters: { pick_up_from: from.toISOString(), pick_up_to: to.toISOString() },
          },
        });
        if (response.statusCode !== 200) throw new Error(`excel ${response.statusCode}: ${response.body}`);
        return response.rawPayload.length;
      });
      // The same rows read alone through the accounting service, page by page as the export reads them: the
      // share of the export's time that is the list's.
      const caller = { userId: 0, companyId, role: 7 as const, isSuperuser: false, familyId: 'bench' };
      const query = parseExcelQuery({
        list: 'lol',
        filters: { pick_up_from: from.toISOString(), pick_up_to: to.toISOString() },
        lang: 'en',
      });
      const readStart = performance.now();
      for await (const page of excelPages(deps, caller, query)) void page;
      const readSeconds = (performance.now() - readStart) / 1000;
      const rows = await bench.client.query<{ count: string }>(
        `SELECT count(*) FROM loads WHERE company_id = $1 AND pick_up_datetime BETWEEN $2 AND $3`,
        [companyId, from, to],
      );
      console.log(
        `  excel: ${Number(rows.rows[0]!.count).toLocaleString('en-US')} loads, ${mb(excel.result)} MB in ` +
          `${excel.seconds.toFixed(1)} s (its list read alone: ${readSeconds.toFixed(1)} s) (CPU ${excel.cpuSeconds.toFixed(1)} s); peak RSS ${excel.peakMb} MB (+${excel.growthMb} MB)`,
      );

      const met =
        run !== undefined &&
        run.sent === received &&
        sheets.seconds <= PAYSHEETS_TARGET_S &&
        sheets.growthMb < MEMORY_TARGET_MB &&
        excel.seconds <= EXCEL_TARGET_S &&
        excel.growthMb < MEMORY_TARGET_MB;
      return {
        figure:
          `pay sheets ${run?.sent ?? 0} in ${sheets.seconds.toFixed(1)} s (peak RSS ${sheets.peakMb} MB, ` +
          `+${sheets.growthMb} MB); xlsx of ${Number(rows.rows[0]!.count).toLocaleString('en-US')} loads in ` +
          `${excel.seconds.toFixed(1)} s (peak RSS ${excel.peakMb} MB, +${excel.growthMb} MB)`,
        met,
      };
    } finally {
      await smtp.close();
      await bench.close();
    }
  },
};

export default benchmark;
