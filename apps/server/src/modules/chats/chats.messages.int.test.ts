import {
  CHAT_PAGE_SIZE,
  chatListResponseSchema,
  chatResponseSchema,
  DEFAULT_AVATAR_PATH,
} from '@app/domain/chats/chats.schema';
import type { NotificationListResponse } from '@app/domain/notifications/notifications.schema';
import { describe, expect, it } from 'vitest';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import { CHATS_API } from './chat-view';
import { callerOf, createChatWorld, listChats, openLoadChat, send, teamLoad, view } from './chats.fixtures';

// A load's group chat and notes: messages, pages of 25 newest last, unread counts and marking read, the
// socket events and the notifications of types 1 and 7.

const { database, testApp, world } = setUpTestApp(createChatWorld);
const recorder = recordEventsOfEachTest(testApp);
const call = callerOf(() => testApp.app);

describe('a load chat', () => {
  it("is made when opened, with the load's dispatcher and team lead as members, named by the load's number", async () => {
    const loadId = await teamLoad(database.db, world, 42);
    const chatId = await openLoadChat(call, world.sessions.colleague, loadId);
    expect(await openLoadChat(call, world.sessions.dispatcher, loadId)).toBe(chatId);

    const chat = chatResponseSchema.parse(await view(call, world.sessions.dispatcher, chatId));
    expect(chat).toMatchObject({
      id: chatId,
      type: 'Load',
      title: '#000042',
      messages: { results: [], count: 0 },
      unread_count: 0,
      is_member: true,
      load: { id: loadId, load_accounting_number: 42, status: 2 },
      user: {
        id: world.users.dispatcher.id,
        full_name: 'Dispatcher Stone',
        avatar: DEFAULT_AVATAR_PATH,
        role: 5,
      },
      driver: { id: world.driver.id },
      owner: { id: world.owner.id },
    });
    // The colleague who opened it reads it but is no member until they write.
    expect((await view(call, world.sessions.colleague, chatId)).is_member).toBe(false);
    expect((await view(call, world.sessions.lead, chatId)).is_member).toBe(true);
  });

  it('delivers a message to every member, notifies the others (type 1) and counts it unread for them', async () => {
    const loadId = await teamLoad(database.db, world, 43);
    const chatId = await openLoadChat(call, world.sessions.dispatcher, loadId);
    recorder.events.length = 0;

    const message = await send(call, world.sessions.dispatcher, chatId, 'Driver is 20 minutes out');
    expect(message).toMatchObject({
      content: 'Driver is 20 minutes out',
      files: [],
      sms_chat: null,
      user_from: {
        id: world.users.dispatcher.id,
        role: 5,
        full_name: 'Dispatcher Stone',
        avatar: DEFAULT_AVATAR_PATH,
      },
    });

    const members = [world.users.dispatcher.id, world.users.lead.id].sort();
    const delivered = recorder.events.filter((event) => event.event === 'group_chat_message');
    expect(delivered).toHaveLength(1);
    expect([...(delivered[0]!.userIds ?? [])].sort()).toEqual(members);
    expect(delivered[0]!.data).toEqual({
      message,
      chat: { id: chatId, type: 'Load', title: '#000043', load_id: loadId },
    });
    const notices = recorder.events.filter((event) => event.event === 'new_notice');
    expect(notices.map((event) => event.userIds)).toEqual([[world.users.lead.id]]);
    expect(notices[0]!.data).toMatchObject({
      type: { id: 1, name: 'group_chat' },
      label: 'Load #000043',
      content: 'Dispatcher Stone: Driver is 20 minutes out',
      group_chat: { id: chatId, name: '#000043', type: 'Load' },
    });

    // The lead has one unread; the sender none.
    expect((await view(call, world.sessions.lead, chatId)).unread_count).toBe(1);
    expect((await view(call, world.sessions.dispatcher, chatId)).unread_count).toBe(0);
    const item = (await listChats(call, world.sessions.lead)).chats.find((chat) => chat.id === chatId);
    expect(item).toMatchObject({ unread_count: 1, type: 'Load', last_message: { id: message.id } });

    // A second message's notice takes the place of the first in the lead's notifications.
    await send(call, world.sessions.dispatcher, chatId, 'Now 10 minutes');
    const unread = await call('GET', '/backend/api/v2/notifications', world.sessions.lead);
    expect(
      unread
        .json<NotificationListResponse>()
        .results.filter((notice) => notice.group_chat?.id === chatId)
        .map((notice) => [notice.id, notice.content]),
    ).toEqual([[`chat-${chatId}`, 'Dispatcher Stone: Now 10 minutes']]);

    // Marking read: 0 unread, the notification read, the reader's sockets told.
    recorder.events.length = 0;
    const read = await call('PUT', `${CHATS_API}/${chatId}/mark-read`, world.sessions.lead);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ chat_id: chatId, unread_count: 0 });
    expect(recorder.events.map((event) => [event.event, event.userIds])).toEqual([
      ['read_notice', [world.users.lead.id]],
      ['mark_as_read_group_chat', [world.users.lead.id]],
    ]);
    expect(recorder.events[0]!.data).toEqual({ id: `chat-${chatId}` });
    expect(recorder.events[1]!.data).toEqual({ chat_id: chatId, type: 'Load' });
    expect((await view(call, world.sessions.lead, chatId)).unread_count).toBe(0);
  });

  it('lets a colleague join by writing; they then get the messages too', async () => {
    const loadId = await teamLoad(database.db, world);
    const chatId = await openLoadChat(call, world.sessions.dispatcher, loadId);
    await send(call, world.sessions.colleague, chatId, 'I can cover this one');
    recorder.events.length = 0;
    await send(call, world.sessions.dispatcher, chatId, 'Thanks');
    const delivered = recorder.events.find((event) => event.event === 'group_chat_message');
    expect([...(delivered?.userIds ?? [])].sort()).toEqual(
      [world.users.dispatcher.id, world.users.lead.id, world.users.colleague.id].sort(),
    );
    expect((await view(call, world.sessions.colleague, chatId)).is_member).toBe(true);
  });

  it('answers 25 messages a page, newest last, and older pages after', async () => {
    const loadId = await teamLoad(database.db, world);
    const chatId = await openLoadChat(call, world.sessions.dispatcher, loadId);
    const total = CHAT_PAGE_SIZE + 5;
    await database.db
      .insertInto('group_chat_messages')
      .values(
        Array.from({ length: total }, (_, index) => ({
          company_id: world.companyId,
          chat_id: chatId,
          user_from: world.users.dispatcher.id,
          content: `m${index + 1}`,
        })),
      )
      .execute();
    const first = await view(call, world.sessions.dispatcher, chatId);
    expect(first.messages.count).toBe(30);
    expect(first.messages.results).toHaveLength(25);
    expect(first.messages.results[0]!.content).toBe('m6');
    expect(first.messages.results.at(-1)!.content).toBe('m30');
    const second = await view(call, world.sessions.dispatcher, chatId, '?page=2');
    expect(second.messages.results.map((message) => message.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });

  it('keeps notes apart: ?dir=notes, send-note-message, type 7, mark-read-note-chat', async () => {
    const loadId = await teamLoad(database.db, world, 44);
    const chatId = await openLoadChat(call, world.sessions.dispatcher, loadId);
    await send(call, world.sessions.dispatcher, chatId, 'Group hello');
    recorder.events.length = 0;
    const note = await send(call, world.sessions.dispatcher, chatId, 'Broker asked for POD photos', {
      notes: true,
    });

    // The note moves both the notes and the load's chat to it: the load's chat rises in the lists.
    const active = await database.db
      .selectFrom('group_chats')
      .select(['kind', 'last_message_id'])
      .where('load_id', '=', loadId)
      .orderBy('kind')
      .execute();
    expect(active).toEqual([
      { kind: 'load', last_message_id: note.id },
      { kind: 'notes', last_message_id: note.id },
    ]);

    const delivered = recorder.events.find((event) => event.event === 'group_chat_message');
    expect(delivered?.data).toEqual({
      message: note,
      chat: { id: chatId, type: 'Note', title: '#000044', load_id: loadId },
    });
    const notice = recorder.events.find((event) => event.event === 'new_notice');
    expect(notice?.userIds).toEqual([world.users.lead.id]);
    expect(notice?.data).toMatchObject({
      type: { id: 7, name: 'notes_chat' },
      group_chat: { id: chatId, type: 'Note' },
    });

    const notes = await view(call, world.sessions.lead, chatId, '?dir=notes');
    expect(notes).toMatchObject({ id: chatId, type: 'Note', unread_count: 1, notes_unread_count: 1 });
    expect(notes.messages.results.map((message) => message.content)).toEqual(['Broker asked for POD photos']);
    const group = await view(call, world.sessions.lead, chatId);
    expect(group).toMatchObject({ type: 'Load', unread_count: 1, notes_unread_count: 1 });
    expect(group.messages.results.map((message) => message.content)).toEqual(['Group hello']);
    const listed = chatListResponseSchema.parse(await listChats(call, world.sessions.lead));
    expect(listed.chats.find((chat) => chat.id === chatId)).toMatchObject({
      unread_count: 1,
      notes_unread_count: 1,
    });

    recorder.events.length = 0;
    const read = await call('PUT', `${CHATS_API}/${chatId}/mark-read-note-chat`, world.sessions.lead);
    expect(read.statusCode, read.body).toBe(200);
    // The reader's other tabs clear the notes badge, not the chat's: the event names the load chat as Note.
    const told = recorder.events.find((event) => event.event === 'mark_as_read_group_chat');
    expect(told?.userIds).toEqual([world.users.lead.id]);
    expect(told?.data).toEqual({ chat_id: chatId, type: 'Note' });
    expect(await view(call, world.sessions.lead, chatId)).toMatchObject({
      unread_count: 1,
      notes_unread_count: 0,
    });
  });

  it('stores messages sent at once by several members, each once, and moves the chat to its newest', async () => {
    const loadId = await teamLoad(database.db, world);
    const chatId = await openLoadChat(call, world.sessions.dispatcher, loadId);
    const senders = [
      world.sessions.dispatcher,
      world.sessions.lead,
      world.sessions.colleague,
      world.sessions.manager,
    ];
    const sent = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        send(call, senders[index % senders.length]!, chatId, `Update ${index}`),
      ),
    );
    const chat = await view(call, world.sessions.dispatcher, chatId);
    expect(chat.messages.count).toBe(12);
    expect(new Set(chat.messages.results.map((message) => message.content)).size).toBe(12);
    const newest = Math.max(...sent.map((message) => message.id));
    const listed = await listChats(call, world.sessions.dispatcher);
    expect(listed.chats[0]).toMatchObject({ id: chatId, last_message: { id: newest } });
  });

  it('names the field of bad input and stores nothing', async () => {
    const loadId = await teamLoad(database.db, world);
    const chatId = await openLoadChat(call, world.sessions.dispatcher, loadId);
    const empty = await call('POST', `${CHATS_API}/${chatId}/send-message`, world.sessions.dispatcher, {
      content: '   ',
      files_id: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: { content: ['Write a message or attach a file'] } });
    const badFiles = await call('POST', `${CHATS_API}/${chatId}/send-message`, world.sessions.dispatcher, {
      content: 'x',
      files_id: ['abc'],
    });
    expect(badFiles.statusCode).toBe(400);
    expect(Object.keys(badFiles.json<{ fields: object }>().fields)[0]).toMatch(/^files_id/);
    expect((await view(call, world.sessions.dispatcher, chatId)).messages.count).toBe(0);
  });

  it('answers a retried message with the same Idempotency-Key once', async () => {
    const loadId = await teamLoad(database.db, world);
    const chatId = await openLoadChat(call, world.sessions.dispatcher, loadId);
    const headers = { 'idempotency-key': `chat-${chatId}` };
    const url = `${CHATS_API}/${chatId}/send-message`;
    const first = await call('POST', url, world.sessions.dispatcher, { content: 'Once' }, headers);
    const again = await call('POST', url, world.sessions.dispatcher, { content: 'Once' }, headers);
    expect(again.json()).toEqual(first.json());
    expect((await view(call, world.sessions.dispatcher, chatId)).messages.count).toBe(1);
  });
});
