import { randomUUID } from 'node:crypto';
import type { Lang } from '@app/domain/common/lookups';
import { chatIdOfTag, looksLikeLoadPosting, threadCandidates } from '@app/domain/email/email.rules';
import { EMAIL_CHAT_ROLES } from '@app/domain/email/email.schema';
import type { Row } from '../../db/types';
import { createUnitOfWork } from '../../db/unit-of-work';
import type { EmailDeps, InboundMail } from './email.deps';
import * as attachments from './email-attachments.repository';
import * as repository from './email.repository';
import { chatMessageEvents } from './email-events';

// A mail that came in (the built-in SMTP receiver, or IMAP polling of a user's mailbox) goes to its thread:
// the thread of the nearest Message-ID it answers (In-Reply-To, then References from the newest back),
// else the thread its address names (plus-addressing `+c<id>`). A mail that threads nowhere goes to the
// load board's intake when it looks like a load posting, or else starts an accounting thread, so that
// nothing sent to the company is dropped. IMAP brings a user's whole mailbox: there only what threads is
// taken. The same mail received twice (by both ways) is kept once.

export type ReceiveSource = 'smtp' | 'imap';

export type ReceiveOutcome =
  | { kind: 'threaded' | 'new_thread'; chatId: number; messageId: number }
  | { kind: 'duplicate' | 'posting' | 'ignored' };

const LABEL: Record<Lang, string> = { en: 'New e-mail', ru: 'Новое письмо' };

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown }).code === '23505';
}

export function createEmailReceiving(deps: EmailDeps) {
  const { db, now, storage, notifications } = deps;
  const unit = createUnitOfWork(deps);

  async function threadOf(
    companyId: number,
    mail: InboundMail,
    tag: string | null,
  ): Promise<Row<'email_chats'> | null> {
    const byHeaders = await repository.findChatIdByMessageIds(
      db,
      companyId,
      threadCandidates(mail.inReplyTo, mail.references),
    );
    const chatId = byHeaders ?? chatIdOfTag(tag);
    if (chatId === null) return null;
    return (await repository.lockChat(db, companyId, chatId)) ?? null;
  }

  return {
    async receive(
      companyId: number,
      mail: InboundMail,
      hint: { tag: string | null; source: ReceiveSource },
    ): Promise<ReceiveOutcome> {
      if (mail.messageId && (await repository.hasMessageId(db, companyId, mail.messageId))) {
        return { kind: 'duplicate' };
      }
      const thread = await threadOf(companyId, mail, hint.tag);
      if (!thread) {
        if (hint.source === 'imap') return { kind: 'ignored' };
        if (deps.postings && looksLikeLoadPosting({ subject: mail.subject, text: mail.text })) {
          await deps.postings.receive(companyId, {
            from: mail.from,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            messageId: mail.messageId,
            receivedAt: mail.receivedAt,
          });
          return { kind: 'posting' };
        }
      }
      const stored = await Promise.all(
        mail.attachments.map(async (file) => {
          const safe =
            file.filename
              .replace(/[/\\\0]/g, '_')
              .replace(/^\.+/, '_')
              .slice(0, 200) || 'attachment';
          const key = `email/${companyId}/${randomUUID()}/${safe}`;
          await storage.save(key, file.content);
          return { file, key, name: safe };
        }),
      );
      const at = now();
      try {
        return await unit.run(async (trx, outbox) => {
          const chat =
            thread ??
            (await repository.insertChat(trx, {
              company_id: companyId,
              type: 3,
              user_id: null,
              bid_id: null,
              load_id: null,
              subject: mail.subject || '(no subject)',
              broker_email: mail.from,
              last_message_at: at,
              created_at: at,
            }));
          const id = await repository.insertMessage(trx, {
            company_id: companyId,
            chat_id: chat.id,
            direction: 'in',
            delivery: 'received',
            message_id: mail.messageId,
            in_reply_to: mail.inReplyTo,
            references_header: mail.references,
            from_address: mail.from,
            to_addresses: JSON.stringify(mail.to),
            cc_addresses: JSON.stringify(mail.cc),
            subject: mail.subject,
            html: mail.html,
            plain: mail.text,
            user_id: null,
            read_at: null,
            created_at: mail.receivedAt,
          });
          await attachments.insertAttachments(
            trx,
            stored.map(({ file, key, name }) => ({
              company_id: companyId,
              message_id: id,
              name,
              content_type: file.mimeType,
              size: file.content.length,
              storage_key: key,
            })),
          );
          await repository.touchChat(trx, companyId, chat.id, at, mail.from);
          const fresh = (await repository.lockChat(trx, companyId, chat.id))!;
          const { events, concerned } = await chatMessageEvents(trx, companyId, fresh, id, []);
          outbox.push(...events);
          outbox.push(
            ...(await notifications.notify(trx, {
              companyId,
              userIds: concerned,
              type: 10,
              label: (lang) => LABEL[lang],
              content: `${mail.from}: ${mail.subject}`.slice(0, 300),
              loadId: fresh.load_id,
              actor: { first_name: mail.from, last_name: '', avatar: null, responsible_dispatcher: null },
              details: {
                email_chat_info: {
                  id: fresh.id,
                  type: fresh.type,
                  bid: fresh.bid_id,
                  load: fresh.load_id,
                  subject: fresh.subject,
                },
              },
              roles: EMAIL_CHAT_ROLES,
            })),
          );
          return {
            kind: thread ? ('threaded' as const) : ('new_thread' as const),
            chatId: chat.id,
            messageId: id,
          };
        });
      } catch (error) {
        // The same mail arriving twice at once: the second one meets the unique Message-ID.
        if (isUniqueViolation(error)) return { kind: 'duplicate' };
        throw error;
      }
    },
  };
}
