import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiErrorSchema } from '@app/domain/common/errors';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequests, type BadRequest } from '../../test/routes/bad-requests';
import { routeCollector } from '../../test/routes/route-catalog';
import { recordParams } from '../../test/routes/route-requests';
import { createRouteWorld } from '../../test/routes/route-world';
import { setUpTestApp } from '../../test/test-suite';

// At least 100 generated bad requests on every route the application registers (ROUTE_FUZZ_RUNS sets how
// many, e.g. 2000 for a nightly run; ROUTE_FUZZ_SEED replays one run): none may answer 5xx, and every
// error answers the API's shape { detail, code, fields }.

const RUNS = Number(process.env.ROUTE_FUZZ_RUNS ?? 100);
const SEED = process.env.ROUTE_FUZZ_SEED === undefined ? undefined : Number(process.env.ROUTE_FUZZ_SEED);

// A web build, so that page paths answer its index.html (without one they answer 503 on purpose), and a
// file beside it and in the data directory that no path may reach.
const CANARY = 'canary-that-no-request-may-read';
const webRoot = mkdtempSync(join(tmpdir(), 'dispatch-fuzz-web-'));
const webDist = join(webRoot, 'web');
mkdirSync(webDist);
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Dispatch</title><div id="root"></div>');
writeFileSync(join(webRoot, 'canary.txt'), CANARY);
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

const catalog = routeCollector();
const { testApp, world } = setUpTestApp(createRouteWorld, {
  onRoute: catalog.onRoute,
  webDist,
  // The same few users send thousands of requests: remembering them keeps the run short.
  auth: { sessionUserMemoryMs: 600_000 },
});

beforeAll(() => {
  const { dataDir } = testApp.config;
  writeFileSync(join(dataDir, 'canary.txt'), CANARY);
  writeFileSync(join(dataDir, 'uploads', 'canary.txt'), CANARY);
});

/** Routes that answer no API errors of their own: the API docs' pages and the socket's upgrade. */
const SKIPPED = (name: string) =>
  name.startsWith('GET /backend/api/docs') || name === 'GET /ws/company/:company_hash';

async function check(request: BadRequest): Promise<void> {
  const response = await testApp.app.inject(request);
  const what = `${request.method} ${request.url} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
  if (response.body.includes(CANARY)) throw new Error(`served a file outside its folder: ${what}`);
  if (response.statusCode >= 500) throw new Error(`server error: ${what}`);
  if (response.statusCode < 400) return;
  if (!String(response.headers['content-type']).includes('application/json')) {
    // The web app's pages answer unknown page paths with HTML; API paths never do.
    if (request.url.startsWith('/backend/')) throw new Error(`not JSON: ${what}`);
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    throw new Error(`not JSON: ${what}`);
  }
  if (!apiErrorSchema.strict().safeParse(body).success) throw new Error(`not the error shape: ${what}`);
}

describe('generated bad requests', () => {
  it(`answer no 5xx and every error in the error shape, ${RUNS} a route`, async () => {
    const failures: string[] = [];
    let routes = 0;
    for (const route of catalog.routes) {
      if (SKIPPED(route.name)) continue;
      routes += 1;
      const auth = route.access === undefined ? {} : world.superuser.headers;
      const property = fc.asyncProperty(badRequests(route, recordParams(route, world), auth), check);
      const details = await fc.check(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
      if (details.failed) {
        failures.push(
          `${route.name} (ROUTE_FUZZ_SEED=${details.seed}): ${describeFailure(details.errorInstance, details.counterexample)}`,
        );
      }
    }
    expect(failures).toEqual([]);
    expect(routes).toBeGreaterThan(80);
  }, 600_000);
});

/** The error and the request that caused it, short enough to read in a test report. */
function describeFailure(error: unknown, counterexample: [BadRequest] | null): string {
  const message = error instanceof Error ? error.message : JSON.stringify(error);
  const request = counterexample?.[0];
  if (!request) return message;
  const payload = Buffer.isBuffer(request.payload)
    ? request.payload.toString('latin1')
    : typeof request.payload === 'string'
      ? request.payload
      : JSON.stringify(request.payload ?? '');
  const sent = { ...request, payload: payload.length > 500 ? `${payload.slice(0, 500)}...` : payload };
  return `${message}\n  request: ${JSON.stringify(sent)}`;
}
