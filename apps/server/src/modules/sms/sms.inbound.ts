import {
  deliveryStatusMayMove,
  deliveryStatusOf,
  normalizePhoneNumber,
  SMS_MESSAGES,
} from '@app/domain/sms/sms.rules';
import type { SmsCounterpartThread } from '@app/domain/sms/sms.schema';
import { ROLES } from '@app/domain/common/lookups';
import { SMS_ROLES } from '@app/domain/sms/sms.schema';
import type { Db } from '../../db/types';
import { isValidTwilioSignature } from '../../integrations/sms/twilio-signature';
import { badRequest, notFound, refuse } from '../../http/errors';
import type { RealtimeEvent } from '../../realtime/event-bus';
import * as people from './sms-people.repository';
import * as store from './sms-store.repository';
import * as repository from './sms.repository';
import { AUTH_TOKEN_PURPOSE, type SmsCore } from './sms.core';
import { chatName, chatType, counterpartFilePath, toMessage } from './sms.shape';

// Messages that come in: from the provider's webhook (Twilio signs each request with the company's auth
// token; a request without a valid signature is refused and nothing is stored) and from the phone page of
// the local provider. An inbound message joins the chat of its number (the most recently active one when a
// driver and an owner share it), else a new chat with the driver or owner who has that number, else a new
// chat with the bare number. Its notice (type 2, or 11 for an owner) goes to the colleague the chat is
// assigned to; without one to the dispatchers of the person's units; without any to the company's admins
// and managers. Status callbacks move a sent message's delivery forward (never back).

const SIGNATURE_MESSAGE = 'The request signature is not valid';
const NOTICE_CONTENT_MAX = 200;

export type InboundSms = { from: string; body: string; providerMessageId: string | null };

export function createSmsInbound(core: SmsCore) {
  const { db, unit, deps } = core;

  /** Finds or starts the chat of the number. */
  async function chatForPhone(trx: Db, companyId: number, phone: string): Promise<number> {
    const [existing] = await people.chatsOfPhone(trx, companyId, phone);
    if (existing) return existing.id;
    const person = (await people.personOfPhone(trx, companyId, phone)) ?? { driver_id: null, owner_id: null };
    const [chatId] = await people.ensureChats(trx, companyId, [{ ...person, phone_number: phone }]);
    return chatId!;
  }

  async function noticeRecipients(trx: Db, companyId: number, chat: repository.ChatRow): Promise<number[]> {
    if (chat.assigned_user_id !== null) return [chat.assigned_user_id];
    const dispatchers = await people.unitDispatchers(trx, companyId, chat);
    if (dispatchers.length > 0) return dispatchers;
    return people.staffWithRoles(trx, companyId, [ROLES.admin, ROLES.manager]);
  }

  /** Stores an inbound message in its chat; the notices and sms_chat_message go out after the commit. */
  async function receive(
    companyId: number,
    sms: InboundSms,
    chatIdKnown?: number,
  ): Promise<repository.MessageRow> {
    const events: RealtimeEvent[] = [];
    const message = await unit.run(async (trx, outbox) => {
      const phone = normalizePhoneNumber(sms.from) ?? sms.from.trim();
      const chatId = chatIdKnown ?? (await chatForPhone(trx, companyId, phone));
      if (sms.providerMessageId) {
        const known = await repository.findByProviderId(trx, companyId, sms.providerMessageId);
        if (known) return known; // the provider retried a message already stored
      }
      const [stored] = await repository.insertMessages(trx, [
        {
          company_id: companyId,
          chat_id: chatId,
          direction: 'in',
          user_from: null,
          content: sms.body,
          provider_message_id: sms.providerMessageId,
          delivery_status: 'received',
          created_at: deps.now(),
        },
      ]);
      const chat = (await repository.findChat(trx, companyId, chatId))!;
      const [details] = await repository.chatDetails(trx, companyId, [chatId]);
      const name = chatName(details!);
      const type = chatType(chat) === 'Owner' ? 11 : 2;
      outbox.push(
        ...(await deps.notifications.notify(trx, {
          companyId,
          userIds: await noticeRecipients(trx, companyId, chat),
          type,
          label: name,
          content: sms.body.slice(0, NOTICE_CONTENT_MAX),
          actor: { first_name: name, last_name: '', avatar: null, responsible_dispatcher: null },
          details: { sms_chat: { id: chatId, full_name: name, phone_number: chat.phone_number } },
          roles: SMS_ROLES,
        })),
      );
      events.push(...(await core.messageEvents(trx, companyId, [stored!])));
      return stored!;
    });
    await unit.publish(events);
    return message;
  }

  async function statusCallback(
    companyId: number,
    providerId: string,
    providerStatus: string,
    error: string | null,
  ) {
    const status = deliveryStatusOf(providerStatus);
    if (!status || status === 'received') return;
    const events = await unit.run(async (trx) => {
      const message = await repository.findByProviderId(trx, companyId, providerId);
      if (!message || message.direction !== 'out' || !deliveryStatusMayMove(message.delivery_status, status))
        return [];
      const failed = status === 'failed' || status === 'undelivered';
      await repository.setDelivery(trx, companyId, [
        {
          id: message.id,
          status,
          providerId: null,
          error: failed ? (error ?? `The message was ${status}`) : null,
        },
      ]);
      return core.messageEvents(trx, companyId, [{ ...message, delivery_status: status }]);
    });
    await unit.publish(events);
  }

  return {
    receive,

    /**
     * POST sms/webhook/{company_hash} (and /status): checks the X-Twilio-Signature of the request as it
     * reached `url` with the company's auth token, then stores the inbound message or the status.
     */
    async webhook(
      companyHash: string,
      kind: 'inbound' | 'status',
      url: string,
      params: Record<string, string>,
      signature: string | undefined,
    ): Promise<void> {
      const company = await store.companyByHash(db, companyHash);
      if (!company) throw notFound();
      const settings = await store.providerSettings(db, company.id);
      const token =
        settings?.provider === 'twilio' && settings.auth_token_sealed
          ? deps.secretBox.open(settings.auth_token_sealed, AUTH_TOKEN_PURPOSE)
          : null;
      if (!token || !isValidTwilioSignature(token, url, params, signature)) {
        throw refuse('sms_signature_invalid', SIGNATURE_MESSAGE);
      }
      const sid = params.MessageSid ?? params.SmsSid;
      const status = params.MessageStatus ?? params.SmsStatus;
      if (kind === 'status' || (status && status !== 'received' && sid && !params.Body)) {
        if (!sid || !status) throw badRequest('MessageSid and MessageStatus must be present');
        await statusCallback(
          company.id,
          sid,
          status,
          params.ErrorMessage ?? (params.ErrorCode ? `Error ${params.ErrorCode}` : null),
        );
        return;
      }
      if (!params.From) throw badRequest('From must be present', { From: ['From must be present'] });
      await receive(company.id, {
        from: params.From,
        body: params.Body ?? '',
        providerMessageId: sid ?? null,
      });
    },

    async counterpartThread(token: string, page: number): Promise<SmsCounterpartThread> {
      const chat = await repository.findChatByToken(db, token);
      if (!chat) throw notFound();
      const [details] = await repository.chatDetails(db, chat.company_id, [chat.id]);
      const company = await store.companyName(db, chat.company_id);
      const limit = 25;
      const result = await repository.messagesPage(db, chat.company_id, chat.id, limit, (page - 1) * limit);
      const files = await repository.filesOfMessages(
        db,
        chat.company_id,
        result.rows.map((row) => row.id),
      );
      return {
        chat_id: chat.id,
        company_name: company?.name ?? '',
        full_name: chatName(details!),
        phone_number: chat.phone_number,
        messages: {
          results: result.rows
            .reverse()
            .map((row) => toMessage(row, details!, files, (id) => counterpartFilePath(token, id))),
          count: result.count,
        },
      };
    },

    /** A reply typed on the phone page: an inbound message, with the local provider only. */
    async counterpartReply(token: string, content: string) {
      const chat = await repository.findChatByToken(db, token);
      if (!chat) throw notFound();
      const settings = await store.providerSettings(db, chat.company_id);
      if (settings && settings.provider !== 'local') {
        throw refuse('sms_counterpart_local_only', SMS_MESSAGES.counterpartLocalOnly);
      }
      const message = await receive(
        chat.company_id,
        { from: chat.phone_number, body: content, providerMessageId: null },
        chat.id,
      );
      return core.messageOf(db, chat.company_id, message.id);
    },

    async counterpartFile(token: string, fileId: number) {
      const chat = await repository.findChatByToken(db, token);
      if (!chat) throw notFound();
      const files = await repository.filesOfChat(db, chat.company_id, chat.id, fileId);
      if (!files) throw notFound();
      return chat.company_id;
    },
  };
}
