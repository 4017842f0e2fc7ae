import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { countingPlugin } from '../../../test/database-probes';
import { setUpTestApp } from '../../../test/test-suite';
import * as replacementMigration from '../../db/migrations/0025-notification-replacement';
import type { Db } from '../../db/types';
import { createChatWorld } from '../chats/chats.fixtures';
import { createNotificationsService } from './notifications.service';

// At most one unread notification per user and subject (an SMS chat here), however many are made at the
// same moment: the write is one INSERT ... ON CONFLICT DO UPDATE on a unique index of the unread keys
// (migration 0025), which also removed the doubles made before it; many at once over the pool's several
// connections, as when a chat is busy. (A group chat's notice is not stored: chats.notices.int.test.ts.)

const { database, testApp, world } = setUpTestApp(createChatWorld);

async function unreadOf(db: Db, userId: number, key: string) {
  return db
    .selectFrom('notifications')
    .select(['id', 'content', 'actor', 'created_at'])
    .where('user_id', '=', userId)
    .where('replacement_key', '=', key)
    .where('read_at', 'is', null)
    .execute();
}

describe('an SMS chat written to often', () => {
  it('lists a replaced notice first, as a fresh one, ahead of newer notices of other subjects', async () => {
    let clock = Date.parse('2026-11-20T15:00:00Z');
    const notifications = createNotificationsService({
      db: database.db,
      bus: testApp.bus,
      now: () => new Date((clock += 1000)),
    });
    const userId = world.users.dispatcher.id;
    const chatNotice = (chatId: number, content: string) =>
      notifications.notifyNow({
        companyId: world.companyId,
        userIds: [userId],
        type: 2,
        label: 'SMS',
        content,
        details: { sms_chat: { id: chatId, full_name: `Driver ${chatId}`, phone_number: null } },
      });
    await chatNotice(424201, 'First in chat A');
    await chatNotice(424202, 'Then chat B');
    await chatNotice(424201, 'Newest, in chat A');
    const caller = { userId, companyId: world.companyId, role: 3, isSuperuser: false, familyId: '' } as const;
    const page = await notifications.list(caller, { page: 1, limit: 100 });
    const contents = page.results
      .map((notice) => notice.content)
      .filter((content) => ['First in chat A', 'Then chat B', 'Newest, in chat A'].includes(content));
    expect(contents).toEqual(['Newest, in chat A', 'Then chat B']);
  });

  it('replaces the unread one in place, keeping its id, in one statement, when notified in parallel', async () => {
    const notifications = createNotificationsService({
      db: database.db,
      bus: testApp.bus,
      now: () => new Date(),
    });
    const key = '2:987654';
    const notify = (n: number) =>
      notifications.notifyNow({
        companyId: world.companyId,
        userIds: [world.users.dispatcher.id, world.users.colleague.id],
        type: 2,
        label: 'SMS',
        content: `Message ${n}`,
        details: { sms_chat: { id: 987654, full_name: 'Driver', phone_number: null } },
      });
    await notify(0);
    const members = [world.users.dispatcher.id, world.users.colleague.id];
    const firstIds = new Map<number, number>();
    for (const userId of members) firstIds.set(userId, (await unreadOf(database.db, userId, key))[0]!.id);
    // Many transactions at once, each on a connection of its own from the pool.
    await Promise.all(Array.from({ length: 25 }, (_, index) => notify(index + 1)));
    for (const userId of members) {
      const unread = await unreadOf(database.db, userId, key);
      expect(unread).toHaveLength(1);
      expect(unread[0]!.id).toBe(firstIds.get(userId));
      expect(unread[0]!.content).toMatch(/^Message ([1-9]|1\d|2[0-5])$/);
    }

    // A replacing notice is as many statements as a first one: the insert itself.
    const counter = countingPlugin();
    const counted = createNotificationsService({
      db: database.db.withPlugin(counter),
      bus: testApp.bus,
      now: () => new Date(),
    });
    const statementsOf = async (content: string) => {
      const before = counter.count;
      await counted.notifyNow({
        companyId: world.companyId,
        userIds: [world.users.dispatcher.id],
        type: 2,
        label: 'SMS',
        content,
        details: { sms_chat: { id: 555, full_name: 'Driver', phone_number: null } },
      });
      return counter.count - before;
    };
    expect(await statementsOf('First')).toBe(1);
    expect(await statementsOf('Replacing')).toBe(1);
    expect(
      (await unreadOf(database.db, world.users.dispatcher.id, '2:555')).map((row) => row.content),
    ).toEqual(['Replacing']);
  });
});

describe('migration 0025', () => {
  it("keeps each user's newest unread notification of a subject, then refuses a second one", async () => {
    const db = database.db;
    // Back to the index before it, with the doubles concurrent writers used to leave.
    await db.transaction().execute((trx) => replacementMigration.down(trx as unknown as Kysely<unknown>));
    const row = (
      userId: number,
      key: string | null,
      content: string,
      at: string,
      readAt: string | null = null,
    ) => ({
      company_id: world.companyId,
      user_id: userId,
      type_id: 1,
      label: 'Load chat',
      content,
      replacement_key: key,
      created_at: at,
      read_at: readAt,
    });
    const dispatcher = world.users.dispatcher.id;
    const colleague = world.users.colleague.id;
    await db
      .insertInto('notifications')
      .values([
        row(dispatcher, '1:700', 'older', '2026-03-01T10:00:00Z'),
        row(dispatcher, '1:700', 'newest', '2026-03-01T10:05:00Z'),
        row(dispatcher, '1:700', 'middle', '2026-03-01T10:02:00Z'),
        row(dispatcher, '1:700', 'read long ago', '2026-03-01T09:00:00Z', '2026-03-01T09:30:00Z'),
        row(dispatcher, '1:701', 'other chat', '2026-03-01T10:01:00Z'),
        row(colleague, '1:700', 'colleague one', '2026-03-01T10:00:00Z'),
        row(colleague, '1:700', 'colleague two, same time', '2026-03-01T10:00:00Z'),
        row(dispatcher, null, 'no key', '2026-03-01T10:00:00Z'),
        row(dispatcher, null, 'no key either', '2026-03-01T10:00:00Z'),
      ])
      .execute();
    await db.transaction().execute((trx) => replacementMigration.up(trx as unknown as Kysely<unknown>));

    const left = await db
      .selectFrom('notifications')
      .select(['user_id', 'content'])
      .where('content', 'in', [
        'older',
        'newest',
        'middle',
        'read long ago',
        'other chat',
        'colleague one',
        'colleague two, same time',
        'no key',
        'no key either',
      ])
      .orderBy('id')
      .execute();
    expect(left).toEqual([
      { user_id: dispatcher, content: 'newest' },
      { user_id: dispatcher, content: 'read long ago' },
      { user_id: dispatcher, content: 'other chat' },
      // The same time: the one inserted last.
      { user_id: colleague, content: 'colleague two, same time' },
      { user_id: dispatcher, content: 'no key' },
      { user_id: dispatcher, content: 'no key either' },
    ]);
    const double = db
      .insertInto('notifications')
      .values(row(dispatcher, '1:700', 'a double', '2026-03-02T00:00:00Z'));
    await expect(double.execute()).rejects.toMatchObject({ code: '23505' });
    const index = await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes
      WHERE tablename = 'notifications' AND indexname = 'notifications_replacement_key'`.execute(db);
    expect(index.rows[0]?.indexdef).toMatch(/^CREATE UNIQUE INDEX .* \(user_id, replacement_key\) WHERE/);
  });
});
