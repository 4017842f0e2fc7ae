import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ROLES } from '@app/domain/common/lookups';
import { describe, expect, it } from 'vitest';
import { login, type Session } from '../../test/auth-helpers';
import { createCompany, createUser } from '../../test/factories';
import { setUpTestApp } from '../../test/test-suite';

// The API's JSON answers are compressed for a client that accepts it (brotli first, then gzip), and sent
// as they are to one that does not, or when they are small.

const EMPLOYEES = '/backend/api/v2/users/company-employees/?limit=100';
const HEALTH = '/backend/api/health';

const { testApp, world } = setUpTestApp(async (db, app) => {
  const company = await createCompany(db);
  const admin = await createUser(db, { companyId: company.id, role: ROLES.admin });
  // Enough colleagues for a list of several kilobytes.
  for (let index = 0; index < 30; index += 1)
    await createUser(db, { companyId: company.id, role: ROLES.dispatcher });
  return { admin: await login(app, admin.email, admin.password) };
});

const get = (url: string, session: Session, encoding?: string) =>
  testApp.app.inject({
    method: 'GET',
    url,
    headers: { ...session.headers, ...(encoding === undefined ? {} : { 'accept-encoding': encoding }) },
  });

describe('answers of the API', () => {
  it('are brotli-compressed for a browser that accepts it, and read back as the same JSON', async () => {
    const plain = await get(EMPLOYEES, world.admin);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(4000);

    const compressed = await get(EMPLOYEES, world.admin, 'gzip, deflate, br');
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('are gzipped for a client that accepts only gzip', async () => {
    const plain = await get(EMPLOYEES, world.admin);
    const compressed = await get(EMPLOYEES, world.admin, 'gzip');
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(compressed.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('go as they are when small', async () => {
    const small = await get(HEALTH, world.admin, 'br');
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
