import type {
  SmsBulkProgress,
  SmsChatResponse,
  SmsMessage,
  SmsProviderSettings,
} from '@app/domain/sms/sms.schema';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '../../integrations/sms/twilio-signature';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import { insertDriver, insertVehicle, createWorkingGroup } from '../../../test/factories';
import { createSmsWorld, eventually, openChat, SMS_API, startFakeTwilio } from './sms.fixtures';

let fake: Awaited<ReturnType<typeof startFakeTwilio>>;
beforeAll(async () => {
  fake = await startFakeTwilio();
});
afterAll(() => fake.close());

const { testApp, world, database } = setUpTestApp(createSmsWorld, { sms: { twilioBaseUrl: () => fake.url } });
const recorded = recordEventsOfEachTest(testApp);
const inject = (options: InjectOptions) => testApp.app.inject(options);

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'twilio-auth-token-of-the-test';
const PROVIDER = '/backend/api/v2/company/my/sms-provider';

/** A webhook request signed as Twilio signs it (the address the request reaches, the sorted parameters). */
function webhook(hash: string, params: Record<string, string>, token = TOKEN, path = '') {
  const url = `${SMS_API}/webhook/${hash}${path}`;
  return inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(token, `http://localhost:80${url}`, params),
      host: 'localhost:80',
    },
    payload: new URLSearchParams(params).toString(),
  });
}

const messagesCount = async () =>
  Number(
    (
      await database.db
        .selectFrom('sms_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the Twilio provider', () => {
  it('admins and managers set it; the auth token is sealed and never answered', async () => {
    const missing = await inject({
      method: 'PUT',
      url: PROVIDER,
      headers: world.admin.session.headers,
      payload: { provider: 'twilio', account_sid: SID },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      fields: { sender_number: [expect.any(String) as string], auth_token: [expect.any(String) as string] },
    });
    expect(recorded.events).toEqual([]);
    const saved = await inject({
      method: 'PUT',
      url: PROVIDER,
      headers: world.admin.session.headers,
      payload: { provider: 'twilio', account_sid: SID, auth_token: TOKEN, sender_number: '(555) 400-0000' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<SmsProviderSettings>()).toEqual({
      provider: 'twilio',
      account_sid: SID,
      sender_number: '+15554000000',
      has_auth_token: true,
      webhook_url: null,
    });
    expect(saved.body).not.toContain(TOKEN);
    // Colleagues' open settings pages hear of it (every user of the company, this company only).
    expect(recorded.events).toEqual([
      { event: 'update_company', companyId: world.company.id, data: { id: world.company.id } },
    ]);
    const stored = await database.db
      .selectFrom('sms_provider_settings')
      .selectAll()
      .where('company_id', '=', world.company.id)
      .executeTakeFirstOrThrow();
    expect(stored.auth_token_sealed).not.toContain(TOKEN);
    // A change without a token keeps the stored one.
    const kept = await inject({
      method: 'PUT',
      url: PROVIDER,
      headers: world.manager.session.headers,
      payload: { provider: 'twilio' },
    });
    expect(kept.json<SmsProviderSettings>().has_auth_token).toBe(true);
    const dispatcher = await inject({
      method: 'GET',
      url: PROVIDER,
      headers: world.dispatcher.session.headers,
    });
    expect(dispatcher.statusCode).toBe(403);
    const other = await inject({ method: 'GET', url: PROVIDER, headers: world.otherAdmin.session.headers });
    expect(other.json<SmsProviderSettings>()).toMatchObject({ provider: 'local', has_auth_token: false });
  });

  it('sends over HTTP with basic auth to Messages.json, and a refusal is a failed message with its reason', async () => {
    const chatId = await openChat(testApp.app, world.dispatcher.session, { driver_id: world.driver.id });
    const response = await inject({
      method: 'POST',
      url: `${SMS_API}/chats/${chatId}/send-sms/`,
      headers: world.dispatcher.session.headers,
      payload: { content: 'Call broker' },
    });
    const message = response.json<SmsMessage>();
    expect(message).toMatchObject({ delivery_status: 'queued', error: null });
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(Object.fromEntries(request.form)).toMatchObject({
      To: '+15552010001',
      From: '+15554000000',
      Body: 'Call broker',
    });

    fake.refuse.add('+15552010001');
    const refused = await inject({
      method: 'POST',
      url: `${SMS_API}/chats/${chatId}/send-sms/`,
      headers: world.dispatcher.session.headers,
      payload: { content: 'Again' },
    });
    expect(refused.json<SmsMessage>()).toMatchObject({
      delivery_status: 'failed',
      error: expect.stringContaining('not a valid phone number') as string,
    });
    fake.refuse.clear();
  });

  it('status callbacks move a sent message forward, never back', async () => {
    const row = await database.db
      .selectFrom('sms_messages')
      .selectAll()
      .where('delivery_status', '=', 'queued')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const sid = row.provider_message_id!;
    expect(
      (
        await webhook(
          world.company.company_hash,
          { MessageSid: sid, MessageStatus: 'delivered' },
          TOKEN,
          '/status',
        )
      ).statusCode,
    ).toBe(200);
    expect(recorded.events.some((event) => event.event === 'sms_chat_message')).toBe(true);
    await webhook(world.company.company_hash, { MessageSid: sid, MessageStatus: 'sent' }, TOKEN, '/status');
    const after = await database.db
      .selectFrom('sms_messages')
      .select('delivery_status')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after.delivery_status).toBe('delivered');
  });

  it('a signed inbound message lands in the chat of its number; an unknown number starts a chat', async () => {
    const known = await webhook(world.company.company_hash, {
      From: '+15552010001',
      To: '+15554000000',
      Body: 'At the dock',
      MessageSid: 'SMin0001',
      SmsStatus: 'received',
    });
    expect(known.statusCode, known.body).toBe(200);
    expect(known.headers['content-type']).toContain('text/xml');
    expect(known.body).toBe('<Response/>');
    const unknown = await webhook(world.company.company_hash, {
      From: '+15557770000',
      To: '+15554000000',
      Body: 'Who is this?',
      MessageSid: 'SMin0002',
    });
    expect(unknown.statusCode).toBe(200);
    const chats = await database.db
      .selectFrom('sms_chats')
      .selectAll()
      .where('company_id', '=', world.company.id)
      .where('phone_number', '=', '+15557770000')
      .execute();
    expect(chats).toHaveLength(1);
    expect(chats[0]).toMatchObject({ driver_id: null, owner_id: null });
    const detail = await inject({
      method: 'GET',
      url: `${SMS_API}/chats/${chats[0]!.id}/`,
      headers: world.dispatcher.session.headers,
    });
    expect(detail.json<SmsChatResponse>()).toMatchObject({
      type: 'Phone',
      unread_count: 1,
      messages: { results: [{ content: 'Who is this?', direction: 'in' }] },
    });
    // The provider's retry of the same message is stored once.
    await webhook(world.company.company_hash, {
      From: '+15557770000',
      Body: 'Who is this?',
      MessageSid: 'SMin0002',
    });
    const again = await inject({
      method: 'GET',
      url: `${SMS_API}/chats/${chats[0]!.id}/`,
      headers: world.dispatcher.session.headers,
    });
    expect(again.json<SmsChatResponse>().messages.count).toBe(1);
  });

  it('a bad or missing signature is refused with 403 and nothing is stored', async () => {
    const before = await messagesCount();
    const forged = await webhook(
      world.company.company_hash,
      { From: '+15557770001', Body: 'forged' },
      'not-the-token',
    );
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'sms_signature_invalid' });
    const unsigned = await inject({
      method: 'POST',
      url: `${SMS_API}/webhook/${world.company.company_hash}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'From=%2B15557770001&Body=hi',
    });
    expect(unsigned.statusCode).toBe(403);
    // Signed with this company's token, sent to the other company's address.
    const elsewhere = await webhook(world.other.company_hash, { From: '+15557770001', Body: 'hi' });
    expect(elsewhere.statusCode).toBe(403);
    expect(await messagesCount()).toBe(before);
    expect(
      await database.db
        .selectFrom('sms_chats')
        .select('id')
        .where('phone_number', '=', '+15557770001')
        .execute(),
    ).toEqual([]);
  });

  it('the phone page is for the local provider only', async () => {
    const chatId = await openChat(testApp.app, world.dispatcher.session, { driver_id: world.driver.id });
    const { token } = (
      await inject({
        method: 'GET',
        url: `${SMS_API}/chats/${chatId}/counterpart-link`,
        headers: world.dispatcher.session.headers,
      })
    ).json<{ token: string }>();
    const reply = await inject({
      method: 'POST',
      url: `${SMS_API}/counterpart/${token}`,
      payload: { content: 'hi' },
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ code: 'sms_counterpart_local_only' });
  });
});

describe('bulk sending', () => {
  it('is accepted at once and sends in the background: counts, failures (no number, refused) and progress', async () => {
    const team = await createWorkingGroup(database.db, { companyId: world.company.id });
    const drivers = [
      await insertDriver(database.db, world.company.id, { phone_number: '555-210-0001' }),
      await insertDriver(database.db, world.company.id, { phone_number: '555-210-0002' }),
      await insertDriver(database.db, world.company.id, { phone_number: 'none' }),
    ];
    await insertVehicle(database.db, world.company.id, {
      active_driver_id: drivers[0]!.id,
      location_state: 'TX',
      working_group_id: team.id,
    });
    fake.refuse.add('+15552100002');
    const accepted = await inject({
      method: 'POST',
      url: `${SMS_API}/chats/bulk-sending/`,
      headers: world.dispatcher.session.headers,
      payload: { content: 'Fuel card update', driver_ids: drivers.map((d) => d.id) },
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    const started = accepted.json<SmsBulkProgress>();
    expect(started).toMatchObject({
      requested: 3,
      failed: 1,
      failures: [{ driver_id: drivers[2]!.id, reason: 'No phone number' }],
    });
    const url = `${SMS_API}/chats/bulk-sending/${started.id}`;
    let progress = started;
    await eventually(async () => {
      progress = (
        await inject({ method: 'GET', url, headers: world.colleague.session.headers })
      ).json<SmsBulkProgress>();
      return progress.state === 'done';
    });
    expect(progress).toMatchObject({ requested: 3, sent: 1, failed: 2 });
    expect(progress.failures.map((failure) => failure.driver_id).sort()).toEqual(
      [drivers[1]!.id, drivers[2]!.id].sort(),
    );
    // Announced live to the sender after each batch (published right after the counts are stored).
    await eventually(() =>
      Promise.resolve(
        recorded.events.some(
          (event) => event.event === 'sms_bulk_progress' && event.userIds?.[0] === world.dispatcher.user.id,
        ),
      ),
    );
    fake.refuse.clear();

    const byTeam = await inject({
      method: 'POST',
      url: `${SMS_API}/chats/bulk-sending/`,
      headers: world.dispatcher.session.headers,
      payload: { content: 'Team meeting', team_id: team.id },
    });
    expect(byTeam.json<SmsBulkProgress>().requested).toBe(1);
    const byState = await inject({
      method: 'POST',
      url: `${SMS_API}/chats/bulk-sending/`,
      headers: world.dispatcher.session.headers,
      payload: { content: 'Storm in TX', state: 'TX' },
    });
    expect(byState.json<SmsBulkProgress>().requested).toBeGreaterThanOrEqual(1);
    const nobody = await inject({
      method: 'POST',
      url: `${SMS_API}/chats/bulk-sending/`,
      headers: world.dispatcher.session.headers,
      payload: { content: 'x', state: 'AK' },
    });
    expect(nobody.json()).toMatchObject({ code: 'sms_no_recipients' });
    const twoTargets = await inject({
      method: 'POST',
      url: `${SMS_API}/chats/bulk-sending/`,
      headers: world.dispatcher.session.headers,
      payload: { content: 'x', state: 'TX', driver_ids: [1] },
    });
    expect(twoTargets.statusCode).toBe(400);
    const other = await inject({ method: 'GET', url, headers: world.otherDispatcher.session.headers });
    expect(other.statusCode).toBe(404);
    const foreignDrivers = await inject({
      method: 'POST',
      url: `${SMS_API}/chats/bulk-sending/`,
      headers: world.otherDispatcher.session.headers,
      payload: { content: 'x', driver_ids: [drivers[0]!.id] },
    });
    expect(foreignDrivers.json()).toMatchObject({ code: 'sms_no_recipients' });
  });
});
