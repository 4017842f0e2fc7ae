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

function listen(retryMs = 20) {
  const notices = createChangeNotices({
    connectionString: database.url,
    channels: ['loadboard'],
    log: { error: () => undefined },
    retryMs,
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

  it('answers false once closed', async () => {
    const { notices } = listen();
    await until(() => notices.caughtUp());
    await notices.close();
    expect(await notices.caughtUp()).toBe(false);
  });
});
