import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

const rootPackage = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

let database: TestDatabase;
let testApp: TestApp;
let bareApp: TestApp;
let webDist: string;

beforeAll(async () => {
  database = await createTestDatabase();
  webDist = mkdtempSync(join(tmpdir(), 'dispatch-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Dispatch</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'app-1234.js'), 'console.log("app")');
  writeFileSync(join(webDist, 'assets', 'app-1234.js.gz'), gzipSync('console.log("app")'));
  testApp = await buildTestApp(database.db, { webDist });
  bareApp = await buildTestApp(database.db);
});

afterAll(async () => {
  await testApp?.close();
  await bareApp?.close();
  await database?.drop();
  rmSync(webDist, { recursive: true, force: true });
});

describe('health', () => {
  it('answers status, database kind and the version of the root package', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/backend/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'postgres', version: rootPackage.version });
    expect((await testApp.app.inject({ method: 'GET', url: '/backend/api/health/' })).statusCode).toBe(200);
  });
});

describe('errors', () => {
  it('answers an unknown API path with the 404 body, whatever the method or Accept header', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/backend/api/v2/nothing-here' },
      { method: 'GET' as const, url: '/backend/api/v2/nothing-here', headers: { accept: 'text/html' } },
      { method: 'POST' as const, url: '/backend/api/v2/nothing-here' },
      { method: 'DELETE' as const, url: '/somewhere' },
    ]) {
      const response = await testApp.app.inject(request);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });

  it('answers malformed JSON and a wrong content type with 4xx in the error shape, never 500', async () => {
    const malformed = await testApp.app.inject({
      method: 'POST',
      url: '/backend/api/v2/rest-auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'bad_request' });
    expect(malformed.json<{ detail: string }>().detail).not.toBe('');

    const noBody = await testApp.app.inject({ method: 'POST', url: '/backend/api/v2/rest-auth/login/' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toMatchObject({ code: 'validation_error' });

    const wrongType = await testApp.app.inject({
      method: 'POST',
      url: '/backend/api/v2/rest-auth/login/',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ code: 'bad_request' });

    const wrongTypes = await testApp.app.inject({
      method: 'POST',
      url: '/backend/api/v2/rest-auth/login/',
      payload: { email: ['a@b.test'], password: { nested: true } },
    });
    expect(wrongTypes.statusCode).toBe(400);
    expect(Object.keys(wrongTypes.json<{ fields: object }>().fields).sort()).toEqual(['email', 'password']);
  });

  it('answers an out-of-range id in a path with 400 or 404, not 500', async () => {
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/backend/api/v2/users/requests/99999999999999999999999/reject',
    });
    expect([400, 401, 404]).toContain(response.statusCode);
  });
});

describe('web app', () => {
  it('serves index.html for page paths that accept HTML (the browser router takes over)', async () => {
    for (const url of ['/', '/loadboard/', '/my-loads/active', '/settings/users/?tab=1']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves built assets and answers 404 for a missing one', async () => {
    const asset = await testApp.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await testApp.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('sends the compressed copy the build made to a browser that accepts it', async () => {
    const compressed = await testApp.app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers['content-type']).toContain('javascript');
    expect(compressed.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(compressed.rawPayload).toString()).toBe('console.log("app")');
    const plain = await testApp.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('says how to build the web app when it is not built', async () => {
    const response = await bareApp.app.inject({
      method: 'GET',
      url: '/loadboard/',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm start');
  });
});

describe('OpenAPI', () => {
  it('documents the API at /backend/api/docs', async () => {
    const ui = await testApp.app.inject({ method: 'GET', url: '/backend/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const spec = await testApp.app.inject({ method: 'GET', url: '/backend/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/backend/api/v2/rest-auth/login/',
        '/backend/api/v2/rest-auth/token/refresh/',
        '/backend/api/rest-auth/registration/',
        '/backend/api/users/my/',
        '/backend/api/v2/profile/me/update',
        '/backend/api/v2/working-groups/all',
        '/backend/api/health',
      ]),
    );
  });
});
