import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { APPLICATION_NAME, createChangeNotices, type ChangeNotices } from './change-notices';

let database: TestDatabase;
const opened: ChangeNotices[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  for (const notices of opened) await notices.close();
  await database.drop();
});

function listen(retryMs = 20, connectionString = database.url) {
  const notices = createChangeNotices({
    connectionString,
    channels: ['loadboard'],
    log: { error: () => undefined },
    retryMs,
    answerTimeoutMs: 300,
  });
  opened.push(notices);
  const heard: string[] = [];
  let resets = 0;
  notices.on('loadboard', (payload) => heard.push(payload));
  notices.onReset(() => {
    resets += 1;
  });
  return { notices, heard, resets: () => resets };
}

async function until(check: () => Promise<boolean>) {
  for (let tries = 0; tries < 500; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('never');
}

const notify = (payload: string) => sql`SELECT pg_notify('loadboard', ${payload})`.execute(database.db);

describe('the notices of committed changes', () => {
  it('has heard, once caught up, the notice of every transaction committed before', async () => {
    const { notices, heard } = listen();
    await until(() => notices.caughtUp());
    for (let round = 0; round < 200; round++) {
      await notify(String(round));
      expect(await notices.caughtUp()).toBe(true);
      expect(heard.at(-1)).toBe(String(round));
    }
  });

  it('shares one query among callers, each waiting for a query sent after it asked', async () => {
    const { notices, heard } = listen();
    await until(() => notices.caughtUp());
    const waits: Promise<boolean>[] = [];
    for (let round = 0; round < 20; round++) {
      waits.push(notices.caughtUp());
      await notify(`shared ${round}`);
      const check = notices.caughtUp().then((caught) => caught && heard.includes(`shared ${round}`));
      waits.push(check);
    }
    expect(await Promise.all(waits)).toEqual(waits.map(() => true));
  });

  it('never hears the notice of a transaction rolled back', async () => {
    const { notices, heard } = listen();
    await until(() => notices.caughtUp());
    await database.db
      .transaction()
      .execute(async (trx) => {
        await sql`SELECT pg_notify('loadboard', 'undone')`.execute(trx);
        throw new Error('undo');
      })
      .catch(() => undefined);
    await notify('done');
    expect(await notices.caughtUp()).toBe(true);
    expect(heard).toEqual(['done']);
  });

  it('answers false while its connection is lost, and resets what was kept when it is back', async () => {
    const { notices, heard, resets } = listen();
    await until(() => notices.caughtUp());
    expect(resets()).toBe(1);
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE application_name = ${APPLICATION_NAME} AND datname = current_database()`.execute(database.db);
    expect(await notices.caughtUp()).toBe(false);
    await until(() => notices.caughtUp());
    expect(resets()).toBe(2);
    await notify('after');
    expect(await notices.caughtUp()).toBe(true);
    expect(heard).toEqual(['after']);
  });

  it('takes a connection that stops answering for lost, and listens again on a new one', async () => {
    const proxy = await freezableProxy(new URL(database.url));
    try {
      const { notices, heard, resets } = listen(20, proxy.url);
      await until(() => notices.caughtUp());
      proxy.freeze();
      const started = Date.now();
      expect(await notices.caughtUp()).toBe(false);
      expect(Date.now() - started).toBeLessThan(2_000);
      proxy.thaw();
      await until(() => notices.caughtUp());
      expect(resets()).toBe(2);
      await notify('after the freeze');
      expect(await notices.caughtUp()).toBe(true);
      expect(heard).toEqual(['after the freeze']);
    } finally {
      await proxy.close();
    }
  });

  it('answers false once closed', async () => {
    const { notices } = listen();
    await until(() => notices.caughtUp());
    await notices.close();
    expect(await notices.caughtUp()).toBe(false);
  });
});

/**
 * A TCP proxy to the database that can stop passing bytes without closing anything, as a network that
 * drops packets would; connections made while it is frozen stay frozen, those made after it thaws pass.
 */
async function freezableProxy(target: URL) {
  let frozen = false;
  const sockets: Socket[] = [];
  const server: Server = createServer((client) => {
    const upstream = createConnection(Number(target.port || 5432), target.hostname);
    sockets.push(client, upstream);
    const pass = (from: Socket, to: Socket) =>
      from.on('data', (chunk: Buffer) => {
        if (!frozen) to.write(chunk);
      });
    pass(client, upstream);
    pass(upstream, client);
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', closeBoth).on('close', closeBoth);
    upstream.on('error', closeBoth).on('close', closeBoth);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.toString(),
    freeze() {
      frozen = true;
    },
    /** Passes bytes again, for the connections made from now on (the frozen ones lost theirs). */
    thaw() {
      frozen = false;
      for (const socket of sockets.splice(0)) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
