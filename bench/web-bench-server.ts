// The real server for the web benchmarks: a fresh database with the demo companies (the README's demo
// sign-ins), the built web app served on a free port.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoginResponse } from '@app/domain/auth/auth.schema';
import { buildApp, type App } from '../apps/server/src/app';
import { seedDemoData } from '../apps/server/src/db/seed/demo';
import { BENCH_JWT_SECRET, createBenchDatabase } from './bench-database';
import { WEB_DIST } from './web-initial-javascript';

const DEMO_EMAIL = 'admin@demo.test';
const DEMO_PASSWORD = 'demo1234';

/** Builds apps/web/dist when it is missing or older than its sources (scripts/build-web.mjs). */
export function buildWebIfStale(): Promise<void> {
  const script = fileURLToPath(new URL('../scripts/build-web.mjs', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`building the web app failed (${code})`)),
    );
  });
}

/**
 * The real server on a fresh database with the demo companies, serving the build on a free port.
 * `prepare` adds a benchmark's own data (given the database's URL) before the server starts.
 */
export async function startWebServer(
  webDist = WEB_DIST,
  prepare?: (databaseUrl: string) => Promise<void>,
): Promise<{ app: App; baseUrl: string; close(): Promise<void> }> {
  const database = await createBenchDatabase('bench_web');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  try {
    await seedDemoData(database.handle.db);
    await prepare?.(database.url);
    const app = await buildApp({
      config: {
        port: 0,
        host: '127.0.0.1',
        dataDir,
        databaseUrl: database.url,
        redisUrl: undefined,
        redisChannel: 'dispatch:realtime',
        jwtSecret: BENCH_JWT_SECRET,
        publicUrl: undefined,
        webDist,
        logLevel: 'silent',
      },
      db: database.handle.db,
      dbKind: 'postgres',
      logger: false,
      tracking: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return {
      app,
      baseUrl: `http://127.0.0.1:${port}`,
      async close() {
        await app.close();
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** The demo admin's session, as the login answers it and the web app keeps it in localStorage. */
export async function demoTokens(app: App): Promise<Record<string, string>> {
  const login = await app.inject({
    method: 'POST',
    url: '/backend/api/v2/rest-auth/login/',
    payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in of ${DEMO_EMAIL}: ${login.statusCode}`);
  const { access_token, refresh_token, access_token_expiration, refresh_token_expiration } =
    login.json<LoginResponse>();
  return { access_token, refresh_token, access_token_expiration, refresh_token_expiration };
}
