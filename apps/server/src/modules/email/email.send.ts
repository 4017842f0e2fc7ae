import { randomUUID } from 'node:crypto';
import {
  attachmentsRefusal,
  EMAIL_MESSAGES,
  replyReferences,
  replySubject,
  threadReplyAddress,
} from '@app/domain/email/email.rules';
import type {
  EmailChatCreate,
  EmailSendFields,
  EmailSent,
  EmailWidgetFields,
} from '@app/domain/email/email.schema';
import type { NewRow, Row } from '../../db/types';
import { createUnitOfWork } from '../../db/unit-of-work';
import { fieldError, notFound, refuse } from '../../http/errors';
import type { IdempotentOutcome } from '../../http/idempotency';
import type { UploadedFile } from '../../http/multipart';
import type { MailOutcome } from '../../integrations/mail/mailer';
import type { CompanyCaller } from '../auth/caller';
import type { EmailDeps } from './email.deps';
import * as attachments from './email-attachments.repository';
import * as repository from './email.repository';
import { chatMessageEvents } from './email-events';
import { createIdempotentSend, type Begin } from './email-idempotency';
import { visibilityOf } from './email.reads';

type Draft = {
  to: string[];
  subject: string;
  html: string;
  plain: string;
  inReplyTo: string | null;
  references: string | null;
  attachments: UploadedFile[];
};

type Target = { chat: Row<'email_chats'> } | { newChat: NewRow<'email_chats'> };

/** The request's Idempotency-Key (with its body's digest), or undefined. */
export type SendKey = string | undefined;
type Sent = Promise<IdempotentOutcome<EmailSent>>;

/** A stored file's key: the company, a fresh folder, and the name without path characters. */
function storageKey(companyId: number, name: string): string {
  const safe =
    name
      .replace(/[/\\\0]/g, '_')
      .replace(/^\.+/, '_')
      .slice(0, 200) || 'attachment';
  return `email/${companyId}/${randomUUID()}/${safe}`;
}

/** The compose widget's sends share one scope: a retry finds the thread its first attempt started. */
const WIDGET_SCOPE = 'email.widget';

export function createEmailSending(deps: EmailDeps) {
  const { db, now, mailer, storage, mailboxes } = deps;
  const unit = createUnitOfWork(deps);
  const idempotent = createIdempotentSend(db);

  /** Sends once per Idempotency-Key of the operation (`scope`): a retry answers the first send. */
  function deliver(caller: CompanyCaller, target: Target, draft: Draft, scope: string, key: SendKey): Sent {
    const claim = { companyId: caller.companyId, userId: caller.userId, scope, key, now: now() };
    return idempotent<EmailSent>(claim, (begin) => sendAndStore(caller, target, draft, begin));
  }

  async function sendAndStore(
    caller: CompanyCaller,
    target: Target,
    draft: Draft,
    begin: Begin<EmailSent>,
  ): Sent {
    const refusal = attachmentsRefusal(
      draft.attachments.map((file) => ({ name: file.filename, size: file.data.length, mime: file.mimetype })),
    );
    if (refusal === 'attachmentExecutable') {
      throw refuse('email_attachment_executable', EMAIL_MESSAGES.attachmentExecutable, {
        attachments: [EMAIL_MESSAGES.attachmentExecutable],
      });
    }
    if (refusal === 'attachmentTooLarge') {
      throw refuse('email_attachment_too_large', EMAIL_MESSAGES.attachmentTooLarge, {
        attachments: [EMAIL_MESSAGES.attachmentTooLarge],
      });
    }
    let { inReplyTo, references } = draft;
    if ('chat' in target && !inReplyTo) {
      const last = await repository.lastMessage(db, caller.companyId, target.chat.id);
      inReplyTo = last?.message_id ?? null;
      references = references ?? replyReferences(last?.references_header, last?.message_id);
    }
    const sender = await mailboxes.sender(caller);
    const inbound = await mailboxes.inboundAddress(caller.companyId);
    // Through the company's server the broker's answer comes back to the built-in receiver (Reply-To);
    // through the user's own mailbox it goes to that mailbox, and IMAP brings it.
    const replyTo =
      deps.receiverOn && inbound && !sender.mailbox
        ? 'chat' in target
          ? threadReplyAddress(inbound.split('@')[0]!, target.chat.id, deps.mailDomain)
          : inbound
        : null;
    const messageId = `<${randomUUID()}@${deps.mailDomain}>`;
    const from = sender.settings?.from ?? inbound ?? `no-reply@${deps.mailDomain}`;
    // A mailbox whose provider did not renew its sign-in just now keeps the message as failed.
    const outcome: MailOutcome = sender.failure
      ? { delivery: 'failed', error: sender.failure }
      : await mailer.send(sender.settings, {
          to: draft.to,
          replyTo,
          subject: draft.subject,
          text: draft.plain,
          html: draft.html,
          messageId,
          inReplyTo,
          references,
          attachments: draft.attachments.map((file) => ({
            filename: file.filename,
            content: file.data,
            contentType: file.mimetype,
          })),
        });
    if (outcome.delivery === 'failed' && sender.mailbox && /^EAUTH\b/.test(outcome.error)) {
      await mailboxes.invalidCredentials(caller);
    }
    if (outcome.delivery === 'failed') {
      deps.log?.error({ companyId: caller.companyId, reason: outcome.error }, 'e-mail not delivered');
    }
    const stored = await Promise.all(
      draft.attachments.map(async (file) => {
        const key = storageKey(caller.companyId, file.filename);
        await storage.save(key, file.data);
        return { file, key };
      }),
    );
    const at = now();
    return unit.runWithin(begin, async (trx, outbox) => {
      const chat = 'chat' in target ? target.chat : await repository.insertChat(trx, target.newChat);
      const id = await repository.insertMessage(trx, {
        company_id: caller.companyId,
        chat_id: chat.id,
        direction: 'out',
        delivery: outcome.delivery,
        delivery_error: outcome.delivery === 'failed' ? outcome.error : null,
        message_id: messageId,
        in_reply_to: inReplyTo,
        references_header: references,
        from_address: from,
        to_addresses: JSON.stringify(draft.to),
        cc_addresses: JSON.stringify([]),
        subject: draft.subject,
        html: draft.html,
        plain: draft.plain,
        user_id: caller.userId,
        read_at: at,
        created_at: at,
      });
      await attachments.insertAttachments(
        trx,
        stored.map(({ file, key }) => ({
          company_id: caller.companyId,
          message_id: id,
          name: file.filename,
          content_type: file.mimetype,
          size: file.data.length,
          storage_key: key,
        })),
      );
      await repository.touchChat(trx, caller.companyId, chat.id, at, draft.to[0] ?? null);
      const fresh = (await repository.lockChat(trx, caller.companyId, chat.id))!;
      const { events, sent } = await chatMessageEvents(trx, caller.companyId, fresh, id, [caller.userId]);
      outbox.push(...events);
      return sent;
    });
  }

  /** A thread the caller may see, or 404. */
  async function visibleChat(caller: CompanyCaller, chatId: number): Promise<Row<'email_chats'>> {
    const chat = await repository.findChat(db, caller.companyId, chatId, visibilityOf(caller));
    if (!chat) throw notFound();
    return chat;
  }

  /** What a new thread is about: its bid (and the bid's load) or its load, in the caller's company. */
  async function about(caller: CompanyCaller, type: 1 | 2 | 3, bidId: number | null, loadId: number | null) {
    if (type === 1) {
      const bid = bidId === null ? undefined : await repository.findBid(db, caller.companyId, bidId);
      if (!bid) throw fieldError('bid', EMAIL_MESSAGES.bidRequired);
      return { bid_id: bid.id, load_id: bid.load_id };
    }
    if (type === 2) {
      const load = loadId === null ? undefined : await repository.findLoad(db, caller.companyId, loadId);
      if (!load) throw fieldError('load', EMAIL_MESSAGES.loadRequired);
      return { bid_id: null, load_id: load.id };
    }
    const load = loadId === null ? null : await repository.findLoad(db, caller.companyId, loadId);
    if (loadId !== null && !load) throw fieldError('load', EMAIL_MESSAGES.loadRequired);
    return { bid_id: null, load_id: load?.id ?? null };
  }

  function newChat(
    caller: CompanyCaller,
    type: 1 | 2 | 3,
    ids: { bid_id: number | null; load_id: number | null },
    subject: string,
    to: string[],
  ) {
    const at = now();
    return {
      company_id: caller.companyId,
      type,
      ...ids,
      user_id: caller.userId,
      subject,
      broker_email: to[0] ?? null,
      last_message_at: at,
      created_at: at,
    };
  }

  return {
    /** POST email/chats/{id}/send-message: a reply in the thread, answering its newest message by default. */
    async send(
      caller: CompanyCaller,
      chatId: number,
      fields: EmailSendFields,
      files: UploadedFile[],
      key?: SendKey,
    ): Sent {
      const chat = await visibleChat(caller, chatId);
      return deliver(
        caller,
        { chat },
        {
          to: fields.to_emails,
          subject: replySubject(chat.subject),
          html: fields.msg_html,
          plain: fields.msg_plain,
          inReplyTo: fields.in_reply_to,
          references: fields.references,
          attachments: files,
        },
        `email.reply:${chatId}`,
        key,
      );
    },

    /** POST email/chats/create: a new thread about a bid, a load or accounting, with its first message. */
    async create(caller: CompanyCaller, body: EmailChatCreate, key?: SendKey): Sent {
      const ids = await about(caller, body.type, body.bid ?? null, body.load ?? null);
      return deliver(
        caller,
        { newChat: newChat(caller, body.type, ids, body.subject, body.to_emails) },
        {
          to: body.to_emails,
          subject: body.subject,
          html: body.msg_html,
          plain: body.msg_plain,
          inReplyTo: null,
          references: null,
          attachments: [],
        },
        'email.create',
        key,
      );
    },

    /**
     * POST email/widget/send-message: the compose widget. A reply names its thread; a new message goes to
     * the thread of the same bid or load with the same broker when there is one, or starts one.
     */
    async widgetSend(
      caller: CompanyCaller,
      fields: EmailWidgetFields,
      files: UploadedFile[],
      key?: SendKey,
    ): Sent {
      const draft = {
        to: fields.to_emails,
        html: fields.msg_html,
        plain: fields.msg_plain,
        inReplyTo: fields.in_reply_to,
        references: fields.references,
        attachments: files,
      };
      if (fields.chat !== undefined) {
        const chat = await visibleChat(caller, fields.chat);
        const subject = fields.subject || replySubject(chat.subject);
        return deliver(caller, { chat }, { ...draft, subject }, WIDGET_SCOPE, key);
      }
      const type = fields.type ?? (fields.bid !== undefined ? 1 : fields.load !== undefined ? 2 : 3);
      const ids = await about(caller, type, fields.bid ?? null, fields.load ?? null);
      const existing = await repository.findChatAbout(db, caller.companyId, {
        type,
        bidId: ids.bid_id,
        loadId: ids.load_id,
        brokerEmail: fields.to_emails[0]!,
      });
      if (existing && type !== 3) {
        return deliver(
          caller,
          { chat: existing },
          { ...draft, subject: fields.subject || replySubject(existing.subject) },
          WIDGET_SCOPE,
          key,
        );
      }
      if (!fields.subject) throw fieldError('subject', EMAIL_MESSAGES.subjectRequired);
      return deliver(
        caller,
        { newChat: newChat(caller, type, ids, fields.subject, fields.to_emails) },
        { ...draft, subject: fields.subject },
        WIDGET_SCOPE,
        key,
      );
    },
  };
}
