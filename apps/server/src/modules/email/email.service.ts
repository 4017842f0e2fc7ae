import { randomUUID } from 'node:crypto';
import { createUnitOfWork } from '../../db/unit-of-work';
import type { EmailDeps } from './email.deps';
import { createEmailReads } from './email.reads';
import { createEmailReceiving } from './email.receive';
import * as repository from './email.repository';
import { chatMessageEvents } from './email-events';
import { createEmailSending } from './email.send';

export type EmailService = ReturnType<typeof createEmailService>;

/** A proposition the load board sent to a broker, to be the first message of its bid's thread. */
export type PropositionMail = {
  companyId: number;
  userId: number;
  bidId: number;
  loadId: number;
  to: string;
  from: string | null;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID it was sent with (newMessageId), so that the broker's answer threads to it. */
  messageId: string | null;
  delivery: 'sent' | 'kept' | 'failed';
  at: Date;
};

/**
 * E-mail threads with brokers: the reads (email.reads.ts), the sends through the user's mailbox or the
 * company's SMTP server (email.send.ts), what comes in (email.receive.ts), and the propositions of the load
 * board as the first message of their bid's thread.
 */
export function createEmailService(deps: EmailDeps) {
  const unit = createUnitOfWork(deps);
  return {
    ...createEmailReads(deps),
    ...createEmailSending(deps),
    ...createEmailReceiving(deps),

    /** A Message-ID of ours, for a mail another module sends and this one threads. */
    newMessageId(): string {
      return `<${randomUUID()}@${deps.mailDomain}>`;
    },

    /** A proposition sent (or kept) by the load board starts the thread of its bid (type 1). */
    async recordProposition(mail: PropositionMail): Promise<number> {
      return unit.run(async (trx, outbox) => {
        const chat = await repository.insertChat(trx, {
          company_id: mail.companyId,
          type: 1,
          bid_id: mail.bidId,
          load_id: mail.loadId,
          user_id: mail.userId,
          subject: mail.subject,
          broker_email: mail.to,
          last_message_at: mail.at,
          created_at: mail.at,
        });
        const id = await repository.insertMessage(trx, {
          company_id: mail.companyId,
          chat_id: chat.id,
          direction: 'out',
          delivery: mail.delivery,
          message_id: mail.messageId,
          from_address: mail.from ?? `no-reply@${deps.mailDomain}`,
          to_addresses: JSON.stringify([mail.to]),
          subject: mail.subject,
          html: mail.html,
          plain: mail.text,
          user_id: mail.userId,
          read_at: mail.at,
          created_at: mail.at,
        });
        outbox.push(...(await chatMessageEvents(trx, mail.companyId, chat, id, [mail.userId])).events);
        return chat.id;
      });
    },
  };
}
