// A bulk SMS to 1,000 drivers: POST sms/chats/bulk-sending/ must be accepted (202, with the sending's id
// and count) in under 2 s, and the messages are then stored, one in each driver's chat (made on the way),
// handed to the local provider and counted in the background; the progress (GET
// sms/chats/bulk-sending/{id}) is read until it says done. The application runs on a fresh PostgreSQL
// database filled with 1,000 drivers with phone numbers; the request goes through app.inject.
import { performance } from 'node:perf_hooks';
import type { SmsBulkProgress } from '@app/domain/sms/sms.schema';
import type { Benchmark } from './run';
import { openBenchServer, signIn } from './bench-database';

const DRIVERS = 1_000;
const TARGET_ACCEPT_MS = 2_000;

const benchmark: Benchmark = {
  name: 'bulk SMS to 1,000 drivers',
  target: `accepted in under ${TARGET_ACCEPT_MS} ms, then sent in the background with progress`,
  async run() {
    const server = await openBenchServer('bench-sms-bulk');
    try {
      const company = await server.client.query<{ id: number }>(
        `INSERT INTO companies (name, company_hash) VALUES ('Bench Carrier', 'bench-sms') RETURNING id`,
      );
      const companyId = company.rows[0]!.id;
      // The password hash of 'bench1234' is not needed: the dispatcher signs in through a fresh hash below.
      const { hashPassword } = await import('../apps/server/src/modules/auth/passwords');
      await server.client.query(
        `INSERT INTO users (email, password_hash, first_name, last_name, company_id, role)
         VALUES ('dispatcher@bench.test', $1, 'Bench', 'Dispatcher', $2, 5)`,
        [await hashPassword('bench1234'), companyId],
      );
      const drivers = await server.client.query<{ id: number }>(
        `INSERT INTO drivers (company_id, first_name, last_name, phone_number)
         SELECT $1, 'Driver', 'No' || n, '555' || lpad(n::text, 7, '0') FROM generate_series(1, $2) AS n
         RETURNING id`,
        [companyId, DRIVERS],
      );
      const app = await server.startApp({ transformQuery: (args) => args.node, transformResult: (args) => Promise.resolve(args.result) });
      const headers = await signIn(app, 'dispatcher@bench.test', 'bench1234');

      const started = performance.now();
      const accepted = await app.inject({
        method: 'POST',
        url: '/backend/api/v2/sms/chats/bulk-sending/',
        headers,
        payload: { content: 'Fuel cards change on Monday', driver_ids: drivers.rows.map((row) => row.id) },
      });
      const acceptMs = performance.now() - started;
      if (accepted.statusCode !== 202) throw new Error(`bulk sending: ${accepted.statusCode} ${accepted.body}`);
      const { id } = accepted.json<SmsBulkProgress>();
      let progress: SmsBulkProgress;
      const readings: string[] = [];
      do {
        await new Promise((resolve) => setTimeout(resolve, 200));
        progress = (
          await app.inject({ method: 'GET', url: `/backend/api/v2/sms/chats/bulk-sending/${id}`, headers })
        ).json<SmsBulkProgress>();
        readings.push(`${progress.sent}`);
      } while (progress.state !== 'done');
      const doneMs = performance.now() - started;
      const figure =
        `accepted in ${acceptMs.toFixed(0)} ms; all ${progress.sent} sent (${progress.failed} failed) ` +
        `in ${(doneMs / 1000).toFixed(1)} s, progress read as ${readings.slice(0, 6).join(', ')}...`;
      return { figure, met: acceptMs < TARGET_ACCEPT_MS && progress.sent === DRIVERS };
    } finally {
      await server.close();
    }
  },
};

export default benchmark;
