// What the database benchmarks share: a fresh, migrated database of their own on the test PostgreSQL
// server, the whole application on it with a recorder of the statements it runs, a signed-in user, the
// plans PostgreSQL picks for those statements, and percentiles.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KyselyPlugin, QueryId, RootOperationNode } from 'kysely';
import pg from 'pg';
import { buildApp, type App } from '../apps/server/src/app';
import { createDatabase, type DatabaseHandle } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256';

/** What the fills and the samples need of a database client: pg's Client, or the embedded one's adapter. */
export type QueryClient = {
  query<Row extends object = Record<string, unknown>>(
    text: string,
    values?: unknown[],
  ): Promise<{ rows: Row[] }>;
};

export type BenchDatabase = { url: string; handle: DatabaseHandle; drop(): Promise<void> };

/** A new database named after the benchmark, migrated; `drop()` closes it and drops it. */
export async function createBenchDatabase(prefix: string, poolSize = 5): Promise<BenchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${name}"`));
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ databaseUrl: url.toString(), dataDir: '' }, { poolSize });
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    throw error;
  }
  return {
    url: url.toString(),
    handle,
    async drop() {
      await handle.close();
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

export type BenchServer = BenchDatabase & {
  /** A plain connection to the database, to fill it in bulk and to EXPLAIN the recorded statements. */
  client: pg.Client;
  /** The whole application on the database, its statements recorded by `recorder`; closed by `close()`. */
  startApp(recorder: KyselyPlugin): Promise<App>;
  /** Closes the app and the client, drops the database and removes the data directory. */
  close(): Promise<void>;
};

/** A database for a benchmark with a client on it, and the application to start on it once filled. */
export async function openBenchServer(prefix: string): Promise<BenchServer> {
  const database = await createBenchDatabase(prefix, 10);
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const client = new pg.Client({ connectionString: database.url });
  let app: App | undefined;
  try {
    await client.connect();
  } catch (error) {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    ...database,
    client,
    async startApp(recorder) {
      app = await buildApp({
        config: {
          port: 0,
          host: '127.0.0.1',
          dataDir,
          databaseUrl: database.url,
          redisUrl: undefined,
          redisChannel: 'dispatch:realtime',
          jwtSecret: BENCH_JWT_SECRET,
          publicUrl: undefined,
          webDist: join(dataDir, 'no-web-build'),
          logLevel: 'silent',
        },
        db: database.handle.db.withPlugin(recorder),
        dbKind: 'postgres',
        logger: false,
      });
      return app;
    },
    async close() {
      await app?.close();
      await client.end().catch(() => undefined);
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The Authorization header of the user, signed in through the API. */
export async function signIn(app: App, email: string, password: string): Promise<{ authorization: string }> {
  const login = await app.inject({
    method: 'POST',
    url: '/backend/api/v2/rest-auth/login/',
    payload: { email, password },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in of ${email}: ${login.statusCode} ${login.body}`);
  return { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
}

export type Statement = { sql: string; parameters: readonly unknown[] };

/** Records the statements the app executes (not the subqueries built along the way) while `log` is set. */
export function statementRecorder(handle: DatabaseHandle): KyselyPlugin & { log: Statement[] | null } {
  const compiled = new Map<QueryId, Statement>();
  const recorder = {
    log: null as Statement[] | null,
    transformQuery(args: { node: RootOperationNode; queryId: QueryId }) {
      if (recorder.log)
        compiled.set(args.queryId, handle.db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult(args: Parameters<KyselyPlugin['transformResult']>[0]) {
      const statement = compiled.get(args.queryId);
      if (recorder.log && statement) recorder.log.push(statement);
      compiled.delete(args.queryId);
      return Promise.resolve(args.result);
    },
  };
  return recorder;
}

export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
};

/** The plan PostgreSQL picks for the statement with its parameters. */
export async function explain(client: pg.Client, statement: Statement): Promise<PlanNode> {
  const result = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `EXPLAIN (FORMAT JSON) ${statement.sql}`,
    statement.parameters as unknown[],
  );
  return result.rows[0]!['QUERY PLAN'][0].Plan;
}

/** A plan's nodes, its own first. */
export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/** The value below which `fraction` of the values lie (the nearest-rank method). */
export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}
