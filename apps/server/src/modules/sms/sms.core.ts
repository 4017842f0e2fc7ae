import { SMS_ROLES } from '@app/domain/sms/sms.schema';
import type { SmsMessage } from '@app/domain/sms/sms.schema';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog, type UnitOfWork } from '../../db/unit-of-work';
import type { SecretBox } from '../../integrations/secret-box';
import { createLocalSmsProvider, type SmsProvider } from '../../integrations/sms/sms-provider';
import { createTwilioSmsProvider, TWILIO_DEFAULT_BASE_URL } from '../../integrations/sms/twilio-provider';
import type { FileStorage } from '../../integrations/storage/file-storage';
import type { EventBus, RealtimeEvent } from '../../realtime/event-bus';
import { userEvent } from '../../realtime/events';
import type { NotificationsService } from '../notifications/notifications.service';
import * as people from './sms-people.repository';
import * as store from './sms-store.repository';
import * as repository from './sms.repository';
import { counterpartFilePath, SMS_API, toListItem, toMessage, type FileRef } from './sms.shape';

// What the SMS use cases share: the dependencies, the company's provider, the hydration of chats into
// list items for each reader, and the sms_chat_message events of new messages.

export type SmsDeps = {
  db: Db;
  bus: EventBus;
  now: () => Date;
  log?: ErrorLog;
  storage: FileStorage;
  notifications: NotificationsService;
  secretBox: SecretBox;
  /** The server's public address (PUBLIC_URL): webhook and status callback addresses, MMS pictures. */
  publicUrl: string | undefined;
  /** The Twilio-compatible API's base address (tests point it at a local server). */
  twilioBaseUrl?: string | (() => string) | undefined;
};

export const AUTH_TOKEN_PURPOSE = 'sms_provider_settings.auth_token';

export type SmsCore = ReturnType<typeof createSmsCore>;

export function createSmsCore(deps: SmsDeps) {
  const { db } = deps;
  const unit: UnitOfWork = createUnitOfWork(deps);

  /** The company's provider: Twilio with its account when chosen and complete, the local one otherwise. */
  async function providerFor(companyId: number, reader: Db = db): Promise<SmsProvider> {
    const settings = await store.providerSettings(reader, companyId);
    if (settings?.provider !== 'twilio') return createLocalSmsProvider();
    const authToken = settings.auth_token_sealed
      ? deps.secretBox.open(settings.auth_token_sealed, AUTH_TOKEN_PURPOSE)
      : null;
    if (!settings.account_sid || !settings.sender_number || !authToken) {
      return {
        name: 'twilio',
        send: () => Promise.resolve({ ok: false, error: 'The Twilio account is not complete' }),
      };
    }
    return createTwilioSmsProvider(
      { accountSid: settings.account_sid, authToken, senderNumber: settings.sender_number },
      (typeof deps.twilioBaseUrl === 'function' ? deps.twilioBaseUrl() : deps.twilioBaseUrl) ??
        TWILIO_DEFAULT_BASE_URL,
    );
  }

  /** The webhook address of the company's inbound messages (null without a public address). */
  function webhookUrl(companyHash: string, kind: 'inbound' | 'status'): string | null {
    if (!deps.publicUrl) return null;
    const base = `${deps.publicUrl.replace(/\/+$/, '')}${SMS_API}/sms/webhook/${companyHash}`;
    return kind === 'status' ? `${base}/status` : base;
  }

  function publicFileUrl(token: string | null, fileId: number): string | null {
    if (!deps.publicUrl || !token) return null;
    return `${deps.publicUrl.replace(/\/+$/, '')}${counterpartFilePath(token, fileId)}`;
  }

  /** The chats and their messages as `userIds` each see them (unread counts differ by reader). */
  async function hydrate(
    reader: Db,
    companyId: number,
    chatIds: readonly number[],
    userIds: readonly number[],
  ) {
    const chats = await repository.chatDetails(reader, companyId, chatIds);
    const lastIds = chats.map((chat) => chat.last_message_id).filter((id): id is number => id !== null);
    const [lastMessages, files, unread] = await Promise.all([
      repository.messagesByIds(reader, companyId, lastIds),
      repository.filesOfMessages(reader, companyId, lastIds),
      repository.unreadCounts(reader, chatIds, userIds),
    ]);
    const chatById = new Map(chats.map((chat) => [chat.id, chat]));
    const lastByChat = new Map(
      lastMessages.map((message) => [
        message.chat_id,
        toMessage(message, chatById.get(message.chat_id)!, files),
      ]),
    );
    const unreadOf = new Map(unread.map((row) => [`${row.chat_id}:${row.user_id}`, row.unread]));
    return {
      chats,
      chatById,
      unread: (chatId: number, userId: number) => unreadOf.get(`${chatId}:${userId}`) ?? 0,
      item: (chatId: number, userId: number) =>
        toListItem(
          chatById.get(chatId)!,
          unreadOf.get(`${chatId}:${userId}`) ?? 0,
          lastByChat.get(chatId) ?? null,
        ),
    };
  }

  /** Everyone in the company who works with SMS: the sms menu's roles. */
  const smsUsers = (reader: Db, companyId: number) => people.staffWithRoles(reader, companyId, SMS_ROLES);

  /**
   * sms_chat_message for new messages: to everyone with SMS access (the company's SMS chats are shared),
   * each with the chat as they list it; readers with the same unread count share one event.
   */
  async function messageEvents(
    reader: Db,
    companyId: number,
    messages: readonly repository.MessageRow[],
  ): Promise<RealtimeEvent[]> {
    if (messages.length === 0) return [];
    const userIds = await smsUsers(reader, companyId);
    if (userIds.length === 0) return [];
    const chatIds = [...new Set(messages.map((message) => message.chat_id))];
    const view = await hydrate(reader, companyId, chatIds, userIds);
    const withUsers = await repository.messagesByIds(
      reader,
      companyId,
      messages.map((message) => message.id),
    );
    const files = await repository.filesOfMessages(
      reader,
      companyId,
      messages.map((message) => message.id),
    );
    const events: RealtimeEvent[] = [];
    for (const row of withUsers) {
      const chat = view.chatById.get(row.chat_id);
      if (!chat) continue;
      const message = toMessage(row, chat, files);
      const byUnread = new Map<number, number[]>();
      for (const userId of userIds) {
        const count = view.unread(row.chat_id, userId);
        byUnread.set(count, [...(byUnread.get(count) ?? []), userId]);
      }
      for (const [, readers] of byUnread) {
        events.push(
          userEvent('sms_chat_message', companyId, readers, {
            message,
            chat: view.item(row.chat_id, readers[0]!),
          }),
        );
      }
    }
    return events;
  }

  /** A message as the API answers it (after a send). */
  async function messageOf(reader: Db, companyId: number, messageId: number): Promise<SmsMessage> {
    const [row] = await repository.messagesByIds(reader, companyId, [messageId]);
    const [chat] = await repository.chatDetails(reader, companyId, [row!.chat_id]);
    const files: FileRef[] = await repository.filesOfMessages(reader, companyId, [messageId]);
    return toMessage(row!, chat!, files);
  }

  return {
    deps,
    db,
    unit,
    providerFor,
    webhookUrl,
    publicFileUrl,
    hydrate,
    smsUsers,
    messageEvents,
    messageOf,
  };
}
