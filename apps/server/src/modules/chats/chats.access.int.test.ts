import type { ChatFile } from '@app/domain/chats/chats.schema';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../test/auth-helpers';
import { setUpTestApp } from '../../../test/test-suite';
import { multipart } from '../loads/loads.fixtures';
import { CHATS_API } from './chat-view';
import { callerOf, createChatWorld, listChats, openLoadChat, send, teamLoad, view } from './chats.fixtures';

// Who sees which chat, team chats, the list's paging and search, and the files of messages.

const { database, testApp, world } = setUpTestApp(createChatWorld);
const call = callerOf(() => testApp.app);

async function upload(session: Session, name: string, type: string, data: Buffer) {
  const form = multipart({}, [['file', name, type, data]]);
  return testApp.app.inject({
    method: 'PUT',
    url: `${CHATS_API}/upload-file/`,
    headers: { ...session.headers, ...form.headers },
    payload: form.payload,
  });
}

describe('who sees a chat', () => {
  it("lists only the caller's chats; managers and admins list every chat of the company", async () => {
    const loadId = await teamLoad(database.db, world, 501);
    const chatId = await openLoadChat(call, world.sessions.dispatcher, loadId);
    const ids = async (session: Session) => (await listChats(call, session)).chats.map((chat) => chat.id);
    expect(await ids(world.sessions.dispatcher)).toContain(chatId);
    expect(await ids(world.sessions.lead)).toContain(chatId);
    expect(await ids(world.sessions.colleague)).not.toContain(chatId);
    expect(await ids(world.sessions.manager)).toContain(chatId);
    expect(await ids(world.sessions.admin)).toContain(chatId);
    expect(await ids(world.other.sessions.manager)).not.toContain(chatId);
  });

  it('lists the chats of the dispatcher’s open loads without their being opened first', async () => {
    const loadId = await teamLoad(database.db, world, 502);
    const listed = await listChats(call, world.sessions.dispatcher, '?entity=000502');
    expect(listed).toMatchObject({ count: 1, page: 1, limit: 50, entity: '000502' });
    expect(listed.chats[0]).toMatchObject({
      type: 'Load',
      title: '#000502',
      entity: { id: loadId, name: '#000502', resp_driver: { id: world.driver.id } },
      user: { id: world.users.dispatcher.id },
    });
  });

  it("answers another company's chat 404, and a load chat 404 to a role that does not see loads", async () => {
    const loadId = await teamLoad(database.db, world);
    const chatId = await openLoadChat(call, world.sessions.dispatcher, loadId);
    for (const session of [world.other.sessions.manager, world.other.sessions.dispatcher]) {
      expect((await call('GET', `${CHATS_API}/${chatId}/`, session)).statusCode).toBe(404);
      const sent = await call('POST', `${CHATS_API}/${chatId}/send-message`, session, { content: 'hi' });
      expect(sent.statusCode).toBe(404);
      expect((await call('PUT', `${CHATS_API}/${chatId}/mark-read`, session)).statusCode).toBe(404);
      expect((await call('POST', `${CHATS_API}/load/${loadId}`, session)).statusCode).toBe(404);
    }
    expect((await call('GET', `${CHATS_API}/${chatId}/`, world.sessions.hr)).statusCode).toBe(404);
    expect((await call('POST', `${CHATS_API}/load/${loadId}`, world.sessions.hr)).statusCode).toBe(403);
    expect((await call('GET', CHATS_API, world.sessions.accountant)).statusCode).toBe(403);
    expect((await view(call, world.sessions.tracker, chatId)).is_member).toBe(false);
  });

  it('pages the list by at most 50 and refuses more', async () => {
    const response = await call('GET', `${CHATS_API}?limit=51`, world.sessions.dispatcher);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { limit: [expect.any(String)] } });
  });
});

describe('a team chat', () => {
  it('is made by a manager for a team, for its lead, members and maker only', async () => {
    const refused = await call('POST', `${CHATS_API}/create`, world.sessions.dispatcher, {
      team_id: world.teamId,
      title: 'Night shift',
    });
    expect(refused.statusCode).toBe(403);
    const noTitle = await call('POST', `${CHATS_API}/create`, world.sessions.manager, {
      team_id: world.teamId,
    });
    expect(noTitle.json()).toMatchObject({ fields: { title: ['Title must be present'] } });
    const otherTeam = await call('POST', `${CHATS_API}/create`, world.other.sessions.manager, {
      team_id: world.teamId,
      title: 'Night shift',
    });
    expect(otherTeam.statusCode).toBe(400);
    expect(otherTeam.json()).toMatchObject({
      code: 'chat_team_not_found',
      fields: { team_id: ['Team not found'] },
    });

    const created = await call('POST', `${CHATS_API}/create`, world.sessions.manager, {
      team_id: world.teamId,
      title: 'Night shift',
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ id: number }>();
    await send(call, world.sessions.colleague, id, 'Who takes the Dallas load?');
    const listed = await listChats(call, world.sessions.dispatcher, '?entity=night');
    expect(listed.chats.map((chat) => [chat.id, chat.type, chat.title, chat.unread_count])).toEqual([
      [id, 'Team', 'Night shift', 1],
    ]);
    expect(
      (await listChats(call, world.sessions.dispatcher, '?entity=colleague')).chats.map((c) => c.id),
    ).toContain(id);
    expect((await call('GET', `${CHATS_API}/${id}/`, world.sessions.tracker)).statusCode).toBe(404);
    expect((await call('GET', `${CHATS_API}/${id}/?dir=notes`, world.sessions.manager)).statusCode).toBe(404);

    // Writing is refused as reading is, and a refused message leaves nothing: no message, no membership.
    const outsider = await call('POST', `${CHATS_API}/${id}/send-message`, world.sessions.tracker, {
      content: 'Let me in',
    });
    expect(outsider.statusCode).toBe(404);
    const stored = await database.db
      .selectFrom('group_chat_messages')
      .select('content')
      .where('chat_id', '=', id)
      .execute();
    expect(stored.map((message) => message.content)).toEqual(['Who takes the Dallas load?']);
    const members = await database.db
      .selectFrom('group_chat_members')
      .select('user_id')
      .where('chat_id', '=', id)
      .execute();
    expect(members.map((member) => member.user_id)).not.toContain(world.users.tracker.id);
    const chat = await database.db
      .selectFrom('group_chats')
      .select('last_message_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(chat.last_message_id).not.toBeNull();
    expect((await view(call, world.sessions.colleague, id)).messages.results).toHaveLength(1);
  });
});

describe('files of messages', () => {
  it('uploads a file, sends it with a message and lets the chat download it', async () => {
    const loadId = await teamLoad(database.db, world);
    const chatId = await openLoadChat(call, world.sessions.dispatcher, loadId);
    const uploaded = await upload(
      world.sessions.dispatcher,
      'BOL.pdf',
      'application/pdf',
      Buffer.from('%PDF-1.4 bol'),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const file = uploaded.json<ChatFile>();
    expect(file).toEqual({ id: file.id, name: 'BOL.pdf', path: `${CHATS_API}/files/${file.id}/download` });

    // Only its uploader may send it, once.
    const stolen = await call('POST', `${CHATS_API}/${chatId}/send-message`, world.sessions.lead, {
      files_id: [file.id],
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({
      code: 'chat_files_unknown',
      fields: { files_id: [expect.any(String)] },
    });
    const message = await send(call, world.sessions.dispatcher, chatId, '', { files_id: [file.id] });
    expect(message.files).toEqual([file]);
    const again = await call('POST', `${CHATS_API}/${chatId}/send-message`, world.sessions.dispatcher, {
      files_id: [file.id],
    });
    expect(again.statusCode).toBe(400);

    const download = await call('GET', file.path, world.sessions.lead);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('%PDF-1.4 bol');
    expect((await call('GET', file.path, world.other.sessions.manager)).statusCode).toBe(404);
    expect((await call('GET', file.path, world.sessions.hr)).statusCode).toBe(404);
  });

  it('refuses a file over 25,000,000 bytes, a program and an empty file', async () => {
    const tooLarge = await upload(
      world.sessions.dispatcher,
      'big.pdf',
      'application/pdf',
      Buffer.alloc(25_000_001),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'file_too_large', fields: { file: [expect.any(String)] } });
    const program = await upload(
      world.sessions.dispatcher,
      'setup.exe',
      'application/octet-stream',
      Buffer.from('MZ'),
    );
    expect(program.statusCode).toBe(400);
    expect(program.json()).toMatchObject({ code: 'file_executable' });
    const empty = await upload(world.sessions.dispatcher, 'empty.pdf', 'application/pdf', Buffer.alloc(0));
    expect(empty.json()).toMatchObject({ code: 'file_empty' });
    const none = await call('PUT', `${CHATS_API}/upload-file/`, world.sessions.dispatcher, {});
    expect(none.statusCode).toBe(400);
    const stored = await database.db.selectFrom('chat_files').select('name').execute();
    expect(stored.map((row) => row.name)).not.toContain('big.pdf');
  });
});
