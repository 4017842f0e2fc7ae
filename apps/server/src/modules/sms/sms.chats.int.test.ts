import type { SmsChatListResponse, SmsChatResponse, SmsMessage } from '@app/domain/sms/sms.schema';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { multipart } from '../loads/loads.fixtures';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import { createSmsWorld, openChat, SMS_API } from './sms.fixtures';

const { testApp, world, database } = setUpTestApp(createSmsWorld);
const recorded = recordEventsOfEachTest(testApp);

const inject = (options: InjectOptions) => testApp.app.inject(options);
const as = (who: { session: { headers: { authorization: string } } }) => who.session.headers;

async function send(chatId: number, content: string, files_id: number[] = []) {
  const response = await inject({
    method: 'POST',
    url: `${SMS_API}/chats/${chatId}/send-sms/`,
    headers: as(world.dispatcher),
    payload: { content, files_id },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SmsMessage>();
}

describe('SMS chats with drivers and owners (local provider)', () => {
  it('opens the chat of a driver once, sends through the local provider (delivered at once) and tells everyone with SMS access', async () => {
    const chatId = await openChat(testApp.app, world.dispatcher.session, { driver_id: world.driver.id });
    expect(await openChat(testApp.app, world.manager.session, { driver_id: world.driver.id })).toBe(chatId);

    const message = await send(chatId, 'Pick-up at 8am, dock 4');
    expect(message).toMatchObject({
      content: 'Pick-up at 8am, dock 4',
      direction: 'out',
      delivery_status: 'delivered',
      sms_chat: chatId,
      user_from: { id: world.dispatcher.user.id, role: 5 },
      error: null,
    });
    const events = recorded.events.filter((event) => event.event === 'sms_chat_message');
    const receivers = events.flatMap((event) => ('userIds' in event ? event.userIds : []));
    // Dispatchers, the manager and the admin have the sms menu; the accountant does not.
    expect(receivers).toEqual(
      expect.arrayContaining([
        world.dispatcher.user.id,
        world.colleague.user.id,
        world.manager.user.id,
        world.admin.user.id,
      ]),
    );
    expect(receivers).not.toContain(world.accountant.user.id);
    expect(receivers).not.toContain(world.otherDispatcher.user.id);
  });

  it('lists chats newest first with the person, unit and last message, and searches names, numbers and units', async () => {
    const ownerChat = await openChat(testApp.app, world.dispatcher.session, { owner_id: world.owner.id });
    await send(ownerChat, 'Invoice paid');
    const list = await inject({
      method: 'GET',
      url: `${SMS_API}/chats?page=1&limit=50`,
      headers: as(world.colleague),
    });
    expect(list.statusCode).toBe(200);
    const body = list.json<SmsChatListResponse>();
    expect(body).toMatchObject({ page: 1, limit: 50, entity: null });
    expect(body.chats[0]).toMatchObject({
      id: ownerChat,
      type: 'Owner',
      phone_number: '+15553010001',
      owner_id: world.owner.id,
      unit_id: world.vehicle.unit_id,
      last_message: { content: 'Invoice paid' },
      entity: { id: world.owner.id, avatar: '/default-avatar.svg' },
    });
    for (const entity of [world.driver.last_name, '2010001', world.vehicle.unit_id]) {
      const found = await inject({
        method: 'GET',
        url: `${SMS_API}/chats?entity=${encodeURIComponent(entity)}`,
        headers: as(world.colleague),
      });
      const chats = found.json<SmsChatListResponse>().chats;
      expect(
        chats.some((chat) => chat.driver_id === world.driver.id),
        entity,
      ).toBe(true);
    }
    const none = await inject({
      method: 'GET',
      url: `${SMS_API}/chats?entity=zzzz`,
      headers: as(world.colleague),
    });
    expect(none.json<SmsChatListResponse>()).toMatchObject({ count: 0, chats: [], entity: 'zzzz' });
  });

  it('pages a chat 25 messages at a time, the newest last', async () => {
    const chatId = await openChat(testApp.app, world.dispatcher.session, {
      phone_number: '+1 (555) 999-0100',
    });
    const rows = Array.from({ length: 30 }, (_, index) => ({
      company_id: world.company.id,
      chat_id: chatId,
      direction: 'out' as const,
      user_from: world.dispatcher.user.id,
      content: `m${index + 1}`,
      delivery_status: 'delivered' as const,
    }));
    await database.db.insertInto('sms_messages').values(rows).execute();
    const first = await inject({
      method: 'GET',
      url: `${SMS_API}/chats/${chatId}/`,
      headers: as(world.dispatcher),
    });
    const page1 = first.json<SmsChatResponse>();
    expect(page1.messages.count).toBe(30);
    expect(page1.messages.results.map((m) => m.content)).toEqual(rows.slice(5).map((row) => row.content));
    expect(page1).toMatchObject({
      type: 'Phone',
      phone_number: '+15559990100',
      driver: null,
      owner: null,
      load: null,
    });
    const second = await inject({
      method: 'GET',
      url: `${SMS_API}/chats/${chatId}/?page=2`,
      headers: as(world.dispatcher),
    });
    expect(second.json<SmsChatResponse>().messages.results.map((m) => m.content)).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
    ]);
  });

  it("counts a reader's unread replies, marks them read for that reader only, and tells their other tabs", async () => {
    const chatId = await openChat(testApp.app, world.dispatcher.session, { driver_id: world.driver.id });
    const link = await inject({
      method: 'GET',
      url: `${SMS_API}/chats/${chatId}/counterpart-link`,
      headers: as(world.dispatcher),
    });
    const { url, token } = link.json<{ url: string; token: string }>();
    expect(url).toBe(`/sms-phone/${token}`);
    for (const content of ['Loaded', 'Rolling now']) {
      const reply = await inject({
        method: 'POST',
        url: `${SMS_API}/counterpart/${token}`,
        payload: { content },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json<SmsMessage>()).toMatchObject({
        direction: 'in',
        delivery_status: 'received',
        user_from: { role: 10 },
      });
    }
    const unread = async (who: typeof world.dispatcher) =>
      (
        await inject({ method: 'GET', url: `${SMS_API}/chats/${chatId}/`, headers: as(who) })
      ).json<SmsChatResponse>().unread_count;
    expect(await unread(world.dispatcher)).toBe(2);
    // The reply notified the dispatcher of the driver's unit (type 2, sms chat).
    const notice = recorded.events.find((event) => event.event === 'new_notice');
    expect(notice).toMatchObject({
      userIds: [world.dispatcher.user.id],
      data: { type: { id: 2 }, sms_chat: { id: chatId } },
    });

    const marked = await inject({
      method: 'PUT',
      url: `${SMS_API}/chats/${chatId}/mark-read/`,
      headers: as(world.dispatcher),
    });
    expect(marked.json()).toEqual({ chat_id: chatId, unread_count: 0 });
    expect(recorded.events).toContainEqual(
      expect.objectContaining({
        event: 'mark_as_read_sms',
        userIds: [world.dispatcher.user.id],
        data: { chat_id: chatId },
      }),
    );
    expect(recorded.events.some((event) => event.event === 'read_notice')).toBe(true);
    expect(await unread(world.dispatcher)).toBe(0);
    expect(await unread(world.colleague)).toBe(2);

    const thread = await inject({ method: 'GET', url: `${SMS_API}/counterpart/${token}` });
    expect(
      thread
        .json<{ messages: { results: SmsMessage[] } }>()
        .messages.results.slice(-2)
        .map((m) => m.content),
    ).toEqual(['Loaded', 'Rolling now']);
  });

  it("an owner's reply is an owner sms notice (type 11) from role 12", async () => {
    const chatId = await openChat(testApp.app, world.dispatcher.session, { owner_id: world.owner.id });
    const { token } = (
      await inject({
        method: 'GET',
        url: `${SMS_API}/chats/${chatId}/counterpart-link`,
        headers: as(world.dispatcher),
      })
    ).json<{ token: string }>();
    const reply = await inject({
      method: 'POST',
      url: `${SMS_API}/counterpart/${token}`,
      payload: { content: 'Call me' },
    });
    expect(reply.json<SmsMessage>().user_from.role).toBe(12);
    expect(recorded.events.find((event) => event.event === 'new_notice')).toMatchObject({
      data: { type: { id: 11 } },
    });
  });

  it('renames and assigns a chat; only a colleague with SMS access may be assigned', async () => {
    const chatId = await openChat(testApp.app, world.dispatcher.session, { driver_id: world.driver.id });
    const url = `${SMS_API}/chats/${chatId}/update/`;
    const updated = await inject({
      method: 'PUT',
      url,
      headers: as(world.dispatcher),
      payload: { title: 'Carl (team 2)', user_id: world.colleague.user.id },
    });
    expect(updated.json()).toMatchObject({ title: 'Carl (team 2)', user: { id: world.colleague.user.id } });
    const refused = await inject({
      method: 'PUT',
      url,
      headers: as(world.dispatcher),
      payload: { user_id: world.accountant.user.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'sms_user_not_allowed',
      fields: { user_id: [expect.any(String)] },
    });
    const unchanged = await inject({ method: 'PUT', url, headers: as(world.dispatcher), payload: {} });
    expect(unchanged.json()).toMatchObject({ title: 'Carl (team 2)' });
    const cleared = await inject({
      method: 'PUT',
      url,
      headers: as(world.dispatcher),
      payload: { title: null, user_id: null },
    });
    expect(cleared.json<{ user: unknown; title: string }>().user).toBeNull();
    expect(cleared.json<{ title: string }>().title).toContain('Carl');
  });

  it('sends an uploaded picture once; files of others, already sent or executables are refused', async () => {
    const chatId = await openChat(testApp.app, world.dispatcher.session, { driver_id: world.driver.id });
    const upload = async (who: typeof world.dispatcher, name: string, type: string) => {
      const form = multipart({}, [['file', name, type, Buffer.from('GIF89a-picture')]]);
      return inject({
        method: 'PUT',
        url: `${SMS_API}/chats/upload-file/`,
        headers: { ...as(who), ...form.headers },
        payload: form.payload,
      });
    };
    const uploaded = await upload(world.dispatcher, 'dock.gif', 'image/gif');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const file = uploaded.json<{ id: number; name: string }>();
    const colleagueFile = (await upload(world.colleague, 'x.gif', 'image/gif')).json<{ id: number }>();
    expect((await upload(world.dispatcher, 'setup.exe', 'application/octet-stream')).json()).toMatchObject({
      code: 'file_executable',
    });

    const foreign = await inject({
      method: 'POST',
      url: `${SMS_API}/chats/${chatId}/send-sms/`,
      headers: as(world.dispatcher),
      payload: { content: '', files_id: [colleagueFile.id] },
    });
    expect(foreign.json()).toMatchObject({ code: 'sms_files_unknown' });
    const sent = await send(chatId, '', [file.id]);
    expect(sent.files).toEqual([
      { id: file.id, name: 'dock.gif', path: `/backend/api/v2/sms/files/${file.id}/download` },
    ]);
    const again = await inject({
      method: 'POST',
      url: `${SMS_API}/chats/${chatId}/send-sms/`,
      headers: as(world.dispatcher),
      payload: { files_id: [file.id] },
    });
    expect(again.statusCode).toBe(400);
    const download = await inject({ method: 'GET', url: sent.files[0]!.path, headers: as(world.colleague) });
    expect(download.body).toBe('GIF89a-picture');
  });

  it("another company's chats, files and phone pages stay closed; bad input names the field and changes nothing", async () => {
    const chatId = await openChat(testApp.app, world.dispatcher.session, { driver_id: world.driver.id });
    for (const [method, url] of [
      ['GET', `${SMS_API}/chats/${chatId}/`],
      ['PUT', `${SMS_API}/chats/${chatId}/mark-read/`],
      ['GET', `${SMS_API}/chats/${chatId}/counterpart-link`],
    ] as const) {
      const response = await inject({ method, url, headers: as(world.otherDispatcher) });
      expect(response.statusCode, url).toBe(404);
    }
    const theirs = await inject({
      method: 'POST',
      url: `${SMS_API}/chats/open/`,
      headers: as(world.otherDispatcher),
      payload: { driver_id: world.driver.id },
    });
    expect(theirs.statusCode).toBe(404);
    const list = await inject({ method: 'GET', url: `${SMS_API}/chats`, headers: as(world.otherDispatcher) });
    expect(list.json<SmsChatListResponse>().count).toBe(0);
    const before = await database.db
      .selectFrom('sms_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const empty = await inject({
      method: 'POST',
      url: `${SMS_API}/chats/${chatId}/send-sms/`,
      headers: as(world.dispatcher),
      payload: { content: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: { content: ['Write a message or attach a file'] } });
    const long = await inject({
      method: 'POST',
      url: `${SMS_API}/chats/${chatId}/send-sms/`,
      headers: as(world.dispatcher),
      payload: { content: 'x'.repeat(1601) },
    });
    expect(long.json()).toMatchObject({ fields: { content: ['Must have at most 1600 characters'] } });
    const noPhone = await inject({
      method: 'POST',
      url: `${SMS_API}/chats/open/`,
      headers: as(world.dispatcher),
      payload: { driver_id: world.driverNoPhone.id },
    });
    expect(noPhone.json()).toMatchObject({
      code: 'contact_has_no_phone',
      fields: { driver_id: ['No phone number'] },
    });
    const after = await database.db
      .selectFrom('sms_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const accountant = await inject({
      method: 'GET',
      url: `${SMS_API}/chats`,
      headers: as(world.accountant),
    });
    expect(accountant.statusCode).toBe(403);
    const badToken = await inject({ method: 'GET', url: `${SMS_API}/counterpart/${'x'.repeat(32)}` });
    expect(badToken.statusCode).toBe(404);
  });
});
