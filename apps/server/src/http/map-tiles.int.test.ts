import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CurrentUser } from '@app/domain/users/users.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/auth-helpers';
import { createCompany, createUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import type { App } from '../app';

// MAP_TILES_FILE served at GET /map/tiles.pmtiles with byte ranges, and the map tiles company_instance
// answers: the company's own, else MAP_TILES_URL, else /map/tiles.pmtiles when the server serves a file.

const TILES = '/map/tiles.pmtiles';
/** A small archive stand-in: byte i is i, so any range's bytes are known. */
const BYTES = Buffer.from(Array.from({ length: 100 }, (_, index) => index));

let database: TestDatabase;
let folder: string;
/** Serves the file; no MAP_TILES_URL. */
let served: TestApp;
/** Serves the file and says MAP_TILES_URL. */
let configured: TestApp;
/** MAP_TILES_FILE names no file: nothing served. */
let missing: TestApp;
let plainCompanyUser: { email: string; password: string };
let ownTilesUser: { email: string; password: string };

beforeAll(async () => {
  database = await createTestDatabase();
  folder = mkdtempSync(join(tmpdir(), 'dispatch-tiles-'));
  const file = join(folder, 'north-america.pmtiles');
  writeFileSync(file, BYTES);
  const webDist = join(folder, 'web');
  mkdirSync(webDist);
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Dispatch</title><div id="root"></div>');
  served = await buildTestApp(database.db, { webDist, mapTilesFile: file });
  configured = await buildTestApp(database.db, {
    webDist,
    mapTilesFile: file,
    mapTilesUrl: 'https://tiles.example.com/na.pmtiles',
  });
  missing = await buildTestApp(database.db, { webDist, mapTilesFile: join(folder, 'none.pmtiles') });

  const plain = await createCompany(database.db);
  const own = await createCompany(database.db, { map_tiles_url: 'https://own.example.com/carrier.pmtiles' });
  plainCompanyUser = await createUser(database.db, { companyId: plain.id, role: 5 });
  ownTilesUser = await createUser(database.db, { companyId: own.id, role: 5 });
});

afterAll(async () => {
  await served?.close();
  await configured?.close();
  await missing?.close();
  await database?.drop();
  rmSync(folder, { recursive: true, force: true });
});

const getTiles = (app: App, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: TILES, headers });

async function mapTilesUrlOf(app: App, user: { email: string; password: string }): Promise<string | null> {
  const session = await login(app, user.email, user.password);
  const response = await app.inject({
    method: 'GET',
    url: '/backend/api/users/my/',
    headers: session.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CurrentUser>().company_instance?.map_tiles_url ?? null;
}

describe('GET /map/tiles.pmtiles with MAP_TILES_FILE', () => {
  it('sends the whole file to anyone, with byte ranges offered and a long cache', async () => {
    const response = await getTiles(served.app);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(BYTES)).toBe(true);
    expect(response.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'content-length': '100',
      'content-type': 'application/vnd.pmtiles',
      'cache-control': 'public, max-age=604800',
    });
    expect(response.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const head = await served.app.inject({ method: 'HEAD', url: TILES });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('100');
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers a range with exactly its bytes and 206', async () => {
    // A browser accepts compressed answers: a range of the archive is still its bytes, as they are.
    const response = await getTiles(served.app, { range: 'bytes=10-19', 'accept-encoding': 'gzip, br' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-range']).toBe('bytes 10-19/100');
    expect(response.headers['content-length']).toBe('10');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect([...response.rawPayload]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);

    const open = await getTiles(served.app, { range: 'bytes=95-' });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe('bytes 95-99/100');
    expect([...open.rawPayload]).toEqual([95, 96, 97, 98, 99]);

    const suffix = await getTiles(served.app, { range: 'bytes=-3' });
    expect(suffix.headers['content-range']).toBe('bytes 97-99/100');
    expect([...suffix.rawPayload]).toEqual([97, 98, 99]);

    // A PMTiles reader asks for its first 16 KiB whatever the file's size: it gets what there is.
    const first = await getTiles(served.app, { range: 'bytes=0-16383' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe('bytes 0-99/100');
    expect(first.rawPayload.equals(BYTES)).toBe(true);
  });

  it('answers a range past the end with 416 and the size, and a range of another version with the whole file', async () => {
    for (const range of ['bytes=100-', 'bytes=100-199', 'bytes=-0']) {
      const response = await getTiles(served.app, { range });
      expect(response.statusCode, range).toBe(416);
      expect(response.headers['content-range'], range).toBe('bytes */100');
      expect(response.rawPayload.length, range).toBe(0);
      expect(response.headers['cache-control'], range).toBeUndefined();
    }
    const changed = await getTiles(served.app, { range: 'bytes=10-19', 'if-range': '"another-version"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(BYTES)).toBe(true);
  });

  it('is the file, not the web app, for a browser that asks for HTML', async () => {
    const response = await getTiles(served.app, { accept: 'text/html,*/*' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(BYTES)).toBe(true);
  });

  it('is the map tiles of every company without its own; a company keeps its own', async () => {
    expect(await mapTilesUrlOf(served.app, plainCompanyUser)).toBe(TILES);
    expect(await mapTilesUrlOf(served.app, ownTilesUser)).toBe('https://own.example.com/carrier.pmtiles');
  });
});

describe('MAP_TILES_URL', () => {
  it('is the map tiles of every company without its own, before the served file', async () => {
    expect(await mapTilesUrlOf(configured.app, plainCompanyUser)).toBe(
      'https://tiles.example.com/na.pmtiles',
    );
    expect(await mapTilesUrlOf(configured.app, ownTilesUser)).toBe('https://own.example.com/carrier.pmtiles');
    expect((await getTiles(configured.app, { range: 'bytes=10-19' })).statusCode).toBe(206);
  });
});

describe('MAP_TILES_FILE that names no file', () => {
  it('serves nothing, not even the web app, and leaves the built-in map', async () => {
    for (const accept of ['*/*', 'text/html,*/*']) {
      const response = await getTiles(missing.app, { accept });
      expect(response.statusCode, accept).toBe(404);
      expect(response.json(), accept).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
    expect(await mapTilesUrlOf(missing.app, plainCompanyUser)).toBeNull();
    expect(await mapTilesUrlOf(missing.app, ownTilesUser)).toBe('https://own.example.com/carrier.pmtiles');
  });
});
