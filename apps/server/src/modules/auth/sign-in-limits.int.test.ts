import { describe, expect, it } from 'vitest';
import { createCompany, createUser, unique } from '../../../test/factories';
import { buildTestApp } from '../../../test/test-app';
import { setUpTestApp } from '../../../test/test-suite';

// Failed sign-ins are limited per address and e-mail (10 within 15 minutes) and per address over every
// e-mail (20 within 15 minutes): someone else's guesses lock no one out, one address cannot try many
// accounts. Each test signs in from addresses of its own.

const LOGIN = '/backend/api/v2/rest-auth/login/';

const { database, testApp, world } = setUpTestApp(async (db) => ({ company: await createCompany(db) }));

describe('sign-in limits', () => {
  it('answers 429 to the 11th attempt of an address after 10 failures within 15 minutes, even with the right password', async () => {
    const user = await createUser(database.db, { companyId: world.company.id, role: 5 });
    const other = await createUser(database.db, { companyId: world.company.id, role: 5 });
    const address = '10.1.0.1';
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await signIn(user.email, `wrong-${attempt}`, address)).statusCode).toBe(400);
    }
    const blocked = await signIn(user.email.toUpperCase(), user.password, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      detail: 'Too many failed sign-in attempts for this e-mail. Try again in 15 minutes.',
      code: 'too_many_requests',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another e-mail from the same address is not affected.
    expect((await signIn(other.email, other.password, address)).statusCode).toBe(200);
  });

  it('lets the right password through from another address: guesses elsewhere lock no one out', async () => {
    const user = await createUser(database.db, { companyId: world.company.id, role: 5 });
    for (let attempt = 1; attempt <= 12; attempt += 1)
      await signIn(user.email, `guess-${attempt}`, '10.2.0.66');
    expect((await signIn(user.email, user.password, '10.2.0.66')).statusCode).toBe(429);
    const owner = await signIn(user.email, user.password, '10.2.0.7');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('answers 429 to one address trying many e-mails, whatever the e-mail, after 20 failures', async () => {
    const address = '10.3.0.66';
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      statuses.push(
        (await signIn(`someone-${attempt}-${unique()}@example.test`, 'wrong-pass', address)).statusCode,
      );
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
    const user = await createUser(database.db, { companyId: world.company.id, role: 5 });
    const blocked = await signIn(user.email, user.password, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      detail: 'Too many failed sign-in attempts from this address. Try again in 15 minutes.',
      code: 'too_many_requests',
    });
    // Other addresses are not affected.
    expect((await signIn(user.email, user.password, '10.3.0.7')).statusCode).toBe(200);
  });

  it('counts failures only: a success in between does not reset the window', async () => {
    const user = await createUser(database.db, { companyId: world.company.id, role: 5 });
    const address = '10.4.0.1';
    const fail = () => signIn(user.email, 'wrong-pass', address);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await fail()).statusCode).toBe(400);
    expect((await signIn(user.email, user.password, address)).statusCode).toBe(200);
    expect((await signIn(user.email, user.password, address)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await fail()).statusCode).toBe(400);
    expect((await signIn(user.email, user.password, address)).statusCode).toBe(429);
  });

  it('forgets failures older than 15 minutes', async () => {
    const user = await createUser(database.db, { companyId: world.company.id, role: 5 });
    const address = '10.5.0.1';
    const longAgo = new Date(Date.now() - 16 * 60_000);
    await database.db
      .insertInto('login_attempts')
      .values(
        Array.from({ length: 25 }, () => ({
          email: user.email,
          succeeded: false,
          ip: address,
          created_at: longAgo,
        })),
      )
      .execute();
    expect((await signIn(user.email, user.password, address)).statusCode).toBe(200);
  });

  it('holds the limit for concurrent guesses', async () => {
    const user = await createUser(database.db, { companyId: world.company.id, role: 5 });
    const responses = await Promise.all(
      Array.from({ length: 14 }, (_, index) => signIn(user.email, `guess-${index}`, '10.6.0.1')),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  });
});

describe('sign-in limits behind a proxy (TRUST_PROXY)', () => {
  it("count each client's own address from X-Forwarded-For, not the proxy's", async () => {
    const proxied = await buildTestApp(database.db, { trustProxy: ['127.0.0.1'] });
    try {
      const user = await createUser(database.db, { companyId: world.company.id, role: 5 });
      const from = (client: string, password: string) =>
        proxied.app.inject({
          method: 'POST',
          url: LOGIN,
          payload: { email: user.email, password },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      for (let attempt = 1; attempt <= 10; attempt += 1) await from('203.0.113.66', `guess-${attempt}`);
      expect((await from('203.0.113.66', user.password)).statusCode).toBe(429);
      expect((await from('203.0.113.7', user.password)).statusCode).toBe(200);
      const stored = await database.db
        .selectFrom('login_attempts')
        .select('ip')
        .distinct()
        .where('email', '=', user.email.toLowerCase())
        .execute();
      expect(stored.map((row) => row.ip).sort()).toEqual(['203.0.113.66', '203.0.113.7']);
    } finally {
      await proxied.close();
    }
  });
});

/** A sign-in from a client at `remoteAddress`. */
function signIn(email: string, password: string, remoteAddress: string) {
  return testApp.app.inject({ method: 'POST', url: LOGIN, payload: { email, password }, remoteAddress });
}
