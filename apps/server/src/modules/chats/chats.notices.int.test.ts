import type { Notification, NotificationListResponse } from '@app/domain/notifications/notifications.schema';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { login, type Session } from '../../../test/auth-helpers';
import { countingPlugin } from '../../../test/database-probes';
import { buildTestApp } from '../../../test/test-app';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import * as chatNoticesMigration from '../../db/migrations/0029-chat-notices';
import { createNotificationsService } from '../notifications/notifications.service';
import { CHATS_API } from './chat-view';
import { callerOf, createChatWorld, openLoadChat, send, teamLoad } from './chats.fixtures';

// A group chat's unread notice (types 1 and 7) is the chat's newest message, for each member who has not
// read it nor dismissed its notice, and who holds a group chat role; nothing is written per member when a
// message is sent. What GET notifications lists, what new_notice carries, set-read of 'chat-<id>', and the
// migration that moved the stored notices to this.

const { database, testApp, world } = setUpTestApp(createChatWorld);
const recorder = recordEventsOfEachTest(testApp);
const call = callerOf(() => testApp.app);
const NOTIFICATIONS = '/backend/api/v2/notifications';

async function listed(session: Session, query = '?limit=100'): Promise<NotificationListResponse> {
  const response = await call('GET', `${NOTIFICATIONS}${query}`, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationListResponse>();
}

/** The caller's chat notices of the chat: its own, and its notes' (which name the load chat too). */
async function noticesOf(session: Session, chatId: number): Promise<Notification[]> {
  return (await listed(session)).results.filter((notice) => notice.group_chat?.id === chatId);
}

function setRead(session: Session, id: string) {
  return call('PUT', `${NOTIFICATIONS}/${id}/set-read`, session);
}

describe("a group chat's notice", () => {
  it("is the chat's newest message of another member, in the reader's language, as new_notice told it", async () => {
    await database.db
      .updateTable('users')
      .set({ lang: 'ru' })
      .where('id', '=', world.users.lead.id)
      .execute();
    try {
      const loadId = await teamLoad(database.db, world, 45);
      const chatId = await openLoadChat(call, world.sessions.dispatcher, loadId);
      await send(call, world.sessions.dispatcher, chatId, 'Driver is 20 minutes out');
      recorder.events.length = 0;
      const message = await send(call, world.sessions.dispatcher, chatId, 'Now 10 minutes');

      const [notice, ...more] = await noticesOf(world.sessions.lead, chatId);
      expect(more).toEqual([]);
      expect(notice).toEqual({
        id: `chat-${chatId}`,
        type: { id: 1, name: 'group_chat' },
        label: 'Груз #000045',
        content: 'Dispatcher Stone: Now 10 minutes',
        created_date: message.created_date,
        load: { id: loadId, status: 2, accounting_status: null },
        group_chat: { id: chatId, name: '#000045', type: 'Load' },
        actor: { first_name: 'Dispatcher', last_name: 'Stone', avatar: null, responsible_dispatcher: null },
      });
      // The socket told the lead the same notice, one event for the members of a language.
      const told = recorder.events.filter((event) => event.event === 'new_notice');
      expect(told.map((event) => [event.userIds, event.data])).toEqual([[[world.users.lead.id], notice]]);
      // The sender has none: sending read the chat.
      expect(await noticesOf(world.sessions.dispatcher, chatId)).toEqual([]);
    } finally {
      await database.db
        .updateTable('users')
        .set({ lang: 'en' })
        .where('id', '=', world.users.lead.id)
        .execute();
    }
  });

  it("of a load's notes is type 7, opens the load's chat, and stands beside the chat's own", async () => {
    const loadId = await teamLoad(database.db, world, 46);
    const chatId = await openLoadChat(call, world.sessions.dispatcher, loadId);
    await send(call, world.sessions.dispatcher, chatId, 'Group hello');
    await send(call, world.sessions.dispatcher, chatId, 'Broker asked for POD photos', { notes: true });
    const notices = await noticesOf(world.sessions.lead, chatId);
    expect(notices.map((notice) => [notice.type, notice.content, notice.group_chat])).toEqual([
      [
        { id: 7, name: 'notes_chat' },
        'Dispatcher Stone: Broker asked for POD photos',
        { id: chatId, name: '#000046', type: 'Note' },
      ],
      [
        { id: 1, name: 'group_chat' },
        'Dispatcher Stone: Group hello',
        { id: chatId, name: '#000046', type: 'Load' },
      ],
    ]);
    expect(notices[0]!.id).not.toBe(notices[1]!.id);
    // Reading the notes leaves the chat's notice.
    await call('PUT', `${CHATS_API}/${chatId}/mark-read-note-chat`, world.sessions.lead);
    expect((await noticesOf(world.sessions.lead, chatId)).map((notice) => notice.type.id)).toEqual([1]);
  });

  it("quotes a message's files when it has no text", async () => {
    const loadId = await teamLoad(database.db, world);
    const chatId = await openLoadChat(call, world.sessions.dispatcher, loadId);
    const files = await database.db
      .insertInto('chat_files')
      .values(
        ['rate-con.pdf', 'bol.jpg'].map((name) => ({
          company_id: world.companyId,
          uploaded_by: world.users.dispatcher.id,
          name,
          storage_path: `chats/${name}`,
          size_bytes: 10,
          mime: null,
        })),
      )
      .returning('id')
      .execute();
    await send(call, world.sessions.dispatcher, chatId, '', { files_id: files.map((file) => file.id) });
    expect((await noticesOf(world.sessions.lead, chatId)).map((notice) => notice.content)).toEqual([
      'Dispatcher Stone: rate-con.pdf, bol.jpg',
    ]);
  });

  it('is one a member and chat however many write at once, and none for whoever wrote last', async () => {
    const loadId = await teamLoad(database.db, world);
    const chatId = await openLoadChat(call, world.sessions.dispatcher, loadId);
    const writers = [
      { name: 'Dispatcher', session: world.sessions.dispatcher },
      { name: 'Lead', session: world.sessions.lead },
      { name: 'Colleague', session: world.sessions.colleague },
      { name: 'Manager', session: world.sessions.manager },
    ];
    for (const writer of writers) await send(call, writer.session, chatId, `${writer.name} joins`);
    const sent = await Promise.all(
      Array.from({ length: 60 }, (_, index) => {
        const writer = writers[index % writers.length]!;
        return send(call, writer.session, chatId, `${writer.name} update ${index}`);
      }),
    );
    const newest = sent.reduce((latest, message) => (message.id > latest.id ? message : latest));
    for (const writer of writers) {
      const notices = await noticesOf(writer.session, chatId);
      if (newest.user_from.full_name === `${writer.name} Stone`) expect(notices, writer.name).toEqual([]);
      else {
        expect(
          notices.map((notice) => notice.content),
          writer.name,
        ).toEqual([`${newest.user_from.full_name}: ${newest.content}`]);
      }
    }
  });

  it('goes when dismissed (the other tabs told), comes back with the next message, and is 404 to others', async () => {
    const loadId = await teamLoad(database.db, world);
    const chatId = await openLoadChat(call, world.sessions.dispatcher, loadId);
    await send(call, world.sessions.dispatcher, chatId, 'Pickup at 8');
    const id = `chat-${chatId}`;

    recorder.events.length = 0;
    const read = await setRead(world.sessions.lead, id);
    expect(read.statusCode, read.body).toBe(200);
    expect(recorder.events.map((event) => [event.event, event.userIds, event.data])).toEqual([
      ['read_notice', [world.users.lead.id], { id }],
    ]);
    expect(await noticesOf(world.sessions.lead, chatId)).toEqual([]);
    // Dismissing the notice leaves the chat unread; dismissing it again changes nothing and tells nobody.
    const chat = await call('GET', `${CHATS_API}/${chatId}/`, world.sessions.lead);
    expect(chat.json<{ unread_count: number }>().unread_count).toBe(1);
    recorder.events.length = 0;
    expect((await setRead(world.sessions.lead, id)).statusCode).toBe(200);
    expect(recorder.events).toEqual([]);

    await send(call, world.sessions.dispatcher, chatId, 'Pickup moved to 9');
    expect((await noticesOf(world.sessions.lead, chatId)).map((notice) => notice.content)).toEqual([
      'Dispatcher Stone: Pickup moved to 9',
    ]);

    // Not a member (the colleague has not written), another company, a malformed id: not there.
    for (const [session, noticeId] of [
      [world.sessions.colleague, id],
      [world.other.sessions.manager, id],
      [world.sessions.lead, 'chat-x1'],
    ] as const) {
      expect((await setRead(session, noticeId)).statusCode, noticeId).toBe(404);
    }
    expect(await noticesOf(world.other.sessions.dispatcher, chatId)).toEqual([]);
  });

  it('goes when the chat is read, or when its member writes to it, their other tabs told', async () => {
    const loadId = await teamLoad(database.db, world);
    const chatId = await openLoadChat(call, world.sessions.dispatcher, loadId);
    await send(call, world.sessions.dispatcher, chatId, 'Are you there?');
    recorder.events.length = 0;
    await send(call, world.sessions.lead, chatId, 'Yes');
    expect(recorder.events.filter((event) => event.event === 'read_notice')).toMatchObject([
      { userIds: [world.users.lead.id], data: { id: `chat-${chatId}` } },
    ]);
    expect(await noticesOf(world.sessions.lead, chatId)).toEqual([]);
    expect(await noticesOf(world.sessions.dispatcher, chatId)).toHaveLength(1);
    await call('PUT', `${CHATS_API}/${chatId}/mark-read`, world.sessions.dispatcher);
    expect(await noticesOf(world.sessions.dispatcher, chatId)).toEqual([]);
  });

  it('reaches only members of a group chat role', async () => {
    const loadId = await teamLoad(database.db, world);
    const chatId = await openLoadChat(call, world.sessions.dispatcher, loadId);
    // An accountant (role 7, no group chats) made a member.
    await database.db
      .insertInto('group_chat_members')
      .values({ chat_id: chatId, user_id: world.users.accountant.id, company_id: world.companyId })
      .execute();
    recorder.events.length = 0;
    await send(call, world.sessions.dispatcher, chatId, 'Invoice is out');
    const told = recorder.events
      .filter((event) => event.event === 'new_notice')
      .flatMap((event) => event.userIds);
    expect(told).toEqual([world.users.lead.id]);
    expect(await noticesOf(world.sessions.accountant, chatId)).toEqual([]);
    expect((await setRead(world.sessions.accountant, `chat-${chatId}`)).statusCode).toBe(404);
  });

  it('is listed among the stored notifications by time, counted and paged with them', async () => {
    // The colleague starts with none: those of the tests before are dismissed.
    for (const notice of (await listed(world.sessions.colleague)).results) {
      expect((await setRead(world.sessions.colleague, String(notice.id))).statusCode).toBe(200);
    }
    const loadId = await teamLoad(database.db, world);
    const chatId = await openLoadChat(call, world.sessions.dispatcher, loadId);
    await send(call, world.sessions.colleague, chatId, 'Joining');
    const message = await send(call, world.sessions.dispatcher, chatId, 'In between');
    const stored = (offset: number, content: string) =>
      createNotificationsService({
        db: database.db,
        bus: testApp.bus,
        now: () => new Date(Date.parse(message.created_date) + offset),
      }).notifyNow({
        companyId: world.companyId,
        userIds: [world.users.colleague.id],
        type: 4,
        label: 'Load',
        content,
      });
    await stored(-60_000, 'Older');
    await stored(60_000, 'Newer');

    const all = await listed(world.sessions.colleague);
    expect(all.results.map((notice) => notice.content)).toEqual([
      'Newer',
      'Dispatcher Stone: In between',
      'Older',
    ]);
    expect(all.count).toBe(3);
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await listed(world.sessions.colleague, `?limit=1&page=${page}`));
    expect(pages.map((page) => page.results.map((notice) => notice.content))).toEqual([
      ['Newer'],
      ['Dispatcher Stone: In between'],
      ['Older'],
    ]);
    expect(pages.map((page) => page.count)).toEqual([3, 3, 3]);
  });

  it('costs a message no statement beyond its own', async () => {
    const counter = countingPlugin();
    const counted = await buildTestApp(database.db.withPlugin(counter));
    try {
      const countedCall = callerOf(() => counted.app);
      const lead = await login(counted.app, world.users.lead.email, world.users.lead.password);
      const loadId = await teamLoad(database.db, world);
      const chatId = await openLoadChat(countedCall, lead, loadId);
      await send(countedCall, lead, chatId, 'Warm');
      const before = counter.count;
      await send(countedCall, lead, chatId, 'Counted');
      // The sign-in check, then the message's one statement (the chat, the caller's membership and the load
      // read before it, the read mark, the chat's activity, its members and the author).
      expect(counter.count - before).toBe(2);
    } finally {
      await counted.close();
    }
  });
});

describe('migration 0029', () => {
  it('keeps the notices that were unread, and no stored one of a group chat', async () => {
    const loadId = await teamLoad(database.db, world);
    const chatId = await openLoadChat(call, world.sessions.dispatcher, loadId);
    await send(call, world.sessions.colleague, chatId, 'Joining');
    await send(call, world.sessions.dispatcher, chatId, 'Before the migration');
    const db = database.db;
    await db.transaction().execute((trx) => chatNoticesMigration.down(trx as unknown as Kysely<unknown>));
    // As the stored notices were: the lead's unread, the colleague's read.
    const row = (userId: number, readAt: Date | null) => ({
      company_id: world.companyId,
      user_id: userId,
      type_id: 1,
      label: 'Load',
      content: 'Dispatcher Stone: Before the migration',
      replacement_key: `1:${chatId}`,
      read_at: readAt,
    });
    await db
      .insertInto('notifications')
      .values([row(world.users.lead.id, null), row(world.users.colleague.id, new Date())])
      .execute();
    await db.transaction().execute((trx) => chatNoticesMigration.up(trx as unknown as Kysely<unknown>));

    expect((await noticesOf(world.sessions.lead, chatId)).map((notice) => notice.content)).toEqual([
      'Dispatcher Stone: Before the migration',
    ]);
    expect(await noticesOf(world.sessions.colleague, chatId)).toEqual([]);
    const left = await db.selectFrom('notifications').select('id').where('type_id', 'in', [1, 7]).execute();
    expect(left).toEqual([]);
  });
});
