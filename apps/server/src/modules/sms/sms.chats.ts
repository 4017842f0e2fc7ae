import { randomBytes, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { loadFileRefusal, LOAD_FILE_CODES, LOAD_FILE_MESSAGES } from '@app/domain/loads/load-lifecycle.rules';
import { normalizePhoneNumber, SMS_MESSAGES } from '@app/domain/sms/sms.rules';
import type {
  SmsChatListItem,
  SmsChatListResponse,
  SmsChatResponse,
  SmsChatOpen,
  SmsChatUpdate,
  SmsMessage,
  SmsMessagesQuery,
  SmsSend,
} from '@app/domain/sms/sms.schema';
import type { ChatListQuery } from '@app/domain/chats/chats.schema';
import { SMS_ROLES } from '@app/domain/sms/sms.schema';
import type { Db } from '../../db/types';
import { notFound, refuse } from '../../http/errors';
import { userEvent } from '../../realtime/events';
import type { CompanyCaller } from '../auth/caller';
import * as people from './sms-people.repository';
import * as store from './sms-store.repository';
import * as repository from './sms.repository';
import { assignedUser, chatName, chatType, toMessage, toPerson } from './sms.shape';
import type { SmsCore } from './sms.core';

// The dispatcher's side of the SMS chats: the list, a chat's messages, sending, pictures, assigning,
// marking read and the phone page's link. Every SMS chat of the company is shared by everyone with SMS
// access (the sms menu's roles); each reader has their own unread count.

export type IncomingUpload = { data: Buffer; filename: string; mimetype: string };

const displayName = (filename: string) =>
  (filename.split(/[\\/]/).pop() ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(-255) || 'file';

export function createSmsChats(core: SmsCore) {
  const { db, unit, deps } = core;

  async function chatOf(reader: Db, caller: CompanyCaller, chatId: number) {
    const chat = await repository.findChat(reader, caller.companyId, chatId);
    if (!chat) throw notFound();
    return chat;
  }

  /** Hands the stored messages to the company's provider and records what it answered. */
  async function deliver(
    companyId: number,
    messages: readonly repository.MessageRow[],
    chatTokens: Map<number, string | null>,
  ) {
    const provider = await core.providerFor(companyId);
    const company = await store.companyName(db, companyId);
    const statusCallbackUrl = company ? core.webhookUrl(company.company_hash, 'status') : null;
    const files = await repository.filesOfMessages(
      db,
      companyId,
      messages.map((message) => message.id),
    );
    const chats = new Map(
      (await repository.chatDetails(db, companyId, [...new Set(messages.map((m) => m.chat_id))])).map((c) => [
        c.id,
        c,
      ]),
    );
    const updates = [];
    for (const message of messages) {
      const mediaUrls = files
        .filter((file) => file.message_id === message.id)
        .map((file) => core.publicFileUrl(chatTokens.get(message.chat_id) ?? null, file.id))
        .filter((url): url is string => url !== null);
      const result = await provider.send({
        to: chats.get(message.chat_id)!.phone_number,
        body: message.content,
        mediaUrls,
        statusCallbackUrl: provider.name === 'twilio' ? statusCallbackUrl : null,
      });
      updates.push(
        result.ok
          ? { id: message.id, status: result.status, providerId: result.providerMessageId, error: null }
          : { id: message.id, status: 'failed' as const, providerId: null, error: result.error },
      );
    }
    await repository.setDelivery(db, companyId, updates);
    return updates;
  }

  return {
    deliver,

    async list(caller: CompanyCaller, query: ChatListQuery): Promise<SmsChatListResponse> {
      const { ids, count } = await repository.listChatIds(
        db,
        caller.companyId,
        query.entity,
        query.limit,
        (query.page - 1) * query.limit,
      );
      const view = await core.hydrate(db, caller.companyId, ids, [caller.userId]);
      return {
        count,
        page: query.page,
        limit: query.limit,
        entity: query.entity?.trim() || null,
        chats: view.chats.map((chat) => view.item(chat.id, caller.userId)),
      };
    },

    async detail(caller: CompanyCaller, chatId: number, query: SmsMessagesQuery): Promise<SmsChatResponse> {
      await chatOf(db, caller, chatId);
      const view = await core.hydrate(db, caller.companyId, [chatId], [caller.userId]);
      const chat = view.chatById.get(chatId)!;
      const page = await repository.messagesPage(
        db,
        caller.companyId,
        chatId,
        query.limit,
        (query.page - 1) * query.limit,
      );
      const files = await repository.filesOfMessages(
        db,
        caller.companyId,
        page.rows.map((row) => row.id),
      );
      return {
        id: chat.id,
        type: chatType(chat),
        title: chat.title ?? chatName(chat),
        phone_number: chat.phone_number,
        chat: view.item(chatId, caller.userId),
        messages: {
          results: page.rows.reverse().map((row) => toMessage(row, chat, files)),
          count: page.count,
        },
        unread_count: view.unread(chatId, caller.userId),
        load: null,
        user: assignedUser(chat),
        driver: toPerson(chat, 'driver'),
        owner: toPerson(chat, 'owner'),
      };
    },

    /** Stores the message, hands it to the provider, and tells everyone with SMS access. */
    async send(caller: CompanyCaller, chatId: number, body: SmsSend): Promise<SmsMessage> {
      const { message, token } = await unit.run(async (trx) => {
        const chat = await repository.lockChat(trx, caller.companyId, chatId);
        if (!chat) throw notFound();
        const fileIds = [...new Set(body.files_id)];
        if (fileIds.length > 0) {
          const files = await store.unsentFilesOf(trx, caller.companyId, caller.userId, fileIds);
          if (files.length !== fileIds.length) {
            throw refuse('sms_files_unknown', 'These files were not uploaded by you or are already sent', {
              files_id: ['These files were not uploaded by you or are already sent'],
            });
          }
        }
        let token = chat.counterpart_token;
        if (fileIds.length > 0 && !token) {
          token = randomBytes(24).toString('base64url');
          await repository.updateChat(trx, caller.companyId, chatId, { counterpart_token: token });
        }
        const [message] = await repository.insertMessages(trx, [
          {
            company_id: caller.companyId,
            chat_id: chatId,
            direction: 'out',
            user_from: caller.userId,
            content: body.content.trim(),
            delivery_status: 'queued',
            created_at: deps.now(),
          },
        ]);
        await store.attachFiles(trx, caller.companyId, fileIds, message!.id);
        return { message: message!, token };
      });
      await deliver(caller.companyId, [message], new Map([[chatId, token]]));
      await unit.publish(await core.messageEvents(db, caller.companyId, [message]));
      return core.messageOf(db, caller.companyId, message.id);
    },

    async upload(caller: CompanyCaller, file: IncomingUpload) {
      const name = displayName(file.filename);
      const refusal = loadFileRefusal({ name, mime: file.mimetype, size: file.data.length });
      if (refusal) {
        const key = (Object.keys(LOAD_FILE_MESSAGES) as (keyof typeof LOAD_FILE_MESSAGES)[]).find(
          (candidate) => LOAD_FILE_MESSAGES[candidate] === refusal,
        )!;
        throw refuse(LOAD_FILE_CODES[key], refusal, { file: [refusal] });
      }
      const path = `sms/${caller.companyId}/${randomUUID()}`;
      await deps.storage.save(path, file.data);
      const row = await store.insertFile(db, {
        company_id: caller.companyId,
        uploaded_by: caller.userId,
        name,
        storage_path: path,
        size_bytes: file.data.length,
        mime: file.mimetype || null,
        created_at: deps.now(),
      });
      return { id: row.id, name: row.name, path: `/backend/api/v2/sms/files/${row.id}/download` };
    },

    async openFile(companyId: number, fileId: number) {
      const file = await store.findFile(db, companyId, fileId);
      const stream: Readable | null = file ? await deps.storage.open(file.storage_path) : null;
      if (!file || !stream) throw notFound();
      return { stream, name: file.name, size: file.size_bytes, mimeType: file.mime };
    },

    async update(caller: CompanyCaller, chatId: number, body: SmsChatUpdate): Promise<SmsChatListItem> {
      await unit.run(async (trx) => {
        const chat = await repository.lockChat(trx, caller.companyId, chatId);
        if (!chat) throw notFound();
        if (body.user_id !== undefined && body.user_id !== null) {
          const allowed = await people.staffWithRoles(trx, caller.companyId, SMS_ROLES);
          if (!allowed.includes(body.user_id)) {
            throw refuse('sms_user_not_allowed', SMS_MESSAGES.userNotInCompany, {
              user_id: [SMS_MESSAGES.userNotInCompany],
            });
          }
        }
        await repository.updateChat(trx, caller.companyId, chatId, {
          ...(body.title !== undefined ? { title: body.title === '' ? null : body.title } : {}),
          ...(body.user_id !== undefined ? { assigned_user_id: body.user_id } : {}),
        });
      });
      const view = await core.hydrate(db, caller.companyId, [chatId], [caller.userId]);
      return view.item(chatId, caller.userId);
    },

    /** Reads the chat up to its last message; the reader's other tabs and the chat's notices hear of it. */
    async markRead(caller: CompanyCaller, chatId: number) {
      await unit.run(async (trx, outbox) => {
        const chat = await repository.lockChat(trx, caller.companyId, chatId);
        if (!chat) throw notFound();
        await repository.markRead(trx, caller.companyId, chatId, caller.userId, chat.last_message_id ?? 0);
        outbox.push(userEvent('mark_as_read_sms', caller.companyId, [caller.userId], { chat_id: chatId }));
        outbox.push(
          ...(await deps.notifications.readByKeys(trx, {
            companyId: caller.companyId,
            userIds: [caller.userId],
            keys: [`2:${chatId}`, `11:${chatId}`],
          })),
        );
      });
      return { chat_id: chatId, unread_count: 0 as const };
    },

    /** The chat with a driver, an owner or a number, made when there is none; a person needs a number. */
    async open(caller: CompanyCaller, body: SmsChatOpen): Promise<{ id: number }> {
      let wanted: { driver_id: number | null; owner_id: number | null; phone_number: string };
      if (body.phone_number !== undefined) {
        const phone = normalizePhoneNumber(body.phone_number)!;
        const [existing] = await people.chatsOfPhone(db, caller.companyId, phone);
        if (existing) return { id: existing.id };
        wanted = { driver_id: null, owner_id: null, phone_number: phone };
      } else {
        const [person] =
          body.driver_id !== undefined
            ? await people.driversByIds(db, caller.companyId, [body.driver_id])
            : await people.ownersByIds(db, caller.companyId, [body.owner_id!]);
        if (!person) throw notFound();
        const phone = normalizePhoneNumber(person.phone_number);
        if (!phone) {
          const field = body.driver_id !== undefined ? 'driver_id' : 'owner_id';
          throw refuse('contact_has_no_phone', SMS_MESSAGES.noPhoneNumber, {
            [field]: [SMS_MESSAGES.noPhoneNumber],
          });
        }
        wanted = { driver_id: person.driver_id, owner_id: person.owner_id, phone_number: phone };
      }
      const [id] = await unit.run((trx) => people.ensureChats(trx, caller.companyId, [wanted]));
      return { id: id! };
    },

    /** The phone page of the chat (made on first ask): `/sms-phone/{token}`. */
    async counterpartLink(caller: CompanyCaller, chatId: number) {
      const token = await unit.run(async (trx) => {
        const chat = await repository.lockChat(trx, caller.companyId, chatId);
        if (!chat) throw notFound();
        if (chat.counterpart_token) return chat.counterpart_token;
        const fresh = randomBytes(24).toString('base64url');
        await repository.updateChat(trx, caller.companyId, chatId, { counterpart_token: fresh });
        return fresh;
      });
      return { url: `/sms-phone/${token}`, token };
    },
  };
}
