import {
  EMAIL_ACCOUNTING_ROLES,
  EMAIL_ALL_CHATS_ROLES,
  type EmailChat,
  type EmailChatDetail,
  type EmailChatSearchQuery,
} from '@app/domain/email/email.schema';
import type { ListResponse } from '@app/domain/common/pagination';
import type { Readable } from 'node:stream';
import { createUnitOfWork } from '../../db/unit-of-work';
import { notFound } from '../../http/errors';
import { isAllowed, type CompanyCaller } from '../auth/caller';
import * as attachments from './email-attachments.repository';
import type { EmailDeps } from './email.deps';
import * as repository from './email.repository';
import { toChat, toMessage } from './email-response';

/**
 * Who sees which threads: admins and managers every thread of the company; the others the threads they
 * are concerned by (theirs, or of a bid or load they dispatch), and accountants the accounting threads.
 */
export function visibilityOf(caller: CompanyCaller): repository.ChatVisibility {
  if (isAllowed(caller, EMAIL_ALL_CHATS_ROLES)) return { all: true };
  return { all: false, userId: caller.userId, accounting: isAllowed(caller, EMAIL_ACCOUNTING_ROLES) };
}

/** The key of a thread's e-mail notifications (the domain's replacementKey of type 10). */
export function emailNoticeKey(chatId: number): string {
  return `10:${chatId}`;
}

export function createEmailReads(deps: EmailDeps) {
  const { db, now, notifications, storage } = deps;
  const unit = createUnitOfWork(deps);

  return {
    /** GET email/chats/{id}: the thread and a page of its messages, oldest first. */
    async chat(
      caller: CompanyCaller,
      chatId: number,
      page: { page: number; limit: number },
    ): Promise<EmailChatDetail> {
      const chat = await repository.findChat(db, caller.companyId, chatId, visibilityOf(caller));
      if (!chat) throw notFound();
      const { count, rows } = await repository.listMessages(
        db,
        caller.companyId,
        chatId,
        (page.page - 1) * page.limit,
        page.limit,
      );
      const files = await attachments.attachmentsOf(
        db,
        caller.companyId,
        rows.map((row) => row.id),
      );
      return { ...toChat(chat), messages: { count, results: rows.map((row) => toMessage(row, files)) } };
    },

    /** GET email/find-email-chats: the caller's threads whose subject holds the text, newest first. */
    async search(caller: CompanyCaller, query: EmailChatSearchQuery): Promise<ListResponse<EmailChat>> {
      const { count, rows } = await repository.searchChats(
        db,
        caller.companyId,
        visibilityOf(caller),
        query.subject,
        (query.page - 1) * query.limit,
        query.limit,
      );
      return { count, results: rows.map(toChat) };
    },

    /**
     * GET email/attachments/{id}/download: a file of a message received or sent, to whoever sees its
     * thread; 404 for another company's or a thread the caller does not see.
     */
    async attachment(
      caller: CompanyCaller,
      id: number,
    ): Promise<{ name: string; contentType: string; size: number; stream: Readable }> {
      const file = await attachments.findAttachment(db, caller.companyId, id);
      if (!file) throw notFound();
      const chat = await repository.findChat(db, caller.companyId, file.chat_id, visibilityOf(caller));
      if (!chat) throw notFound();
      const stream = await storage.open(file.storage_key);
      if (!stream) throw notFound();
      return { name: file.name, contentType: file.content_type, size: file.size, stream };
    },

    /** PUT email/chats/{id}/mark-read: its incoming messages are read, and the caller's notices of it. */
    async markRead(caller: CompanyCaller, chatId: number): Promise<{ id: number; unread_count: 0 }> {
      const chat = await repository.findChat(db, caller.companyId, chatId, visibilityOf(caller));
      if (!chat) throw notFound();
      await unit.run(async (trx, outbox) => {
        await repository.markRead(trx, caller.companyId, chatId, now());
        outbox.push(
          ...(await notifications.readByKeys(trx, {
            companyId: caller.companyId,
            userIds: [caller.userId],
            keys: [emailNoticeKey(chatId)],
          })),
        );
      });
      return { id: chatId, unread_count: 0 };
    },
  };
}
