import type { Db } from '../../db/types';
import type { ErrorLog } from '../../db/unit-of-work';
import type { Mailer } from '../../integrations/mail/mailer';
import type { FileStorage } from '../../integrations/storage/file-storage';
import type { EventBus } from '../../realtime/event-bus';
import type { NotificationsService } from '../notifications/notifications.service';
import type { MailboxService } from './mailbox.service';

/** A mail that came in, as the receiver (SMTP or IMAP) parsed it. */
export type InboundMail = {
  messageId: string | null;
  inReplyTo: string | null;
  references: string | null;
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; mimeType: string; content: Buffer }[];
  receivedAt: Date;
};

/**
 * The load board's intake of posting e-mails (modules/loadboard/email-posting.service.ts): a mail that
 * threads nowhere and looks like a load posting is handed to it.
 */
export type EmailPostingIntake = {
  receive(
    companyId: number,
    mail: {
      from: string;
      subject: string;
      text: string;
      html: string;
      messageId: string | null;
      receivedAt: Date;
    },
  ): Promise<unknown>;
};

export type EmailDeps = {
  db: Db;
  bus: EventBus;
  now: () => Date;
  mailer: Mailer;
  storage: FileStorage;
  notifications: Pick<NotificationsService, 'notify' | 'readByKeys'>;
  mailboxes: MailboxService;
  /** The domain of our Message-IDs and of the inbound addresses. */
  mailDomain: string;
  /** Whether the built-in receiver listens: replies sent through the company's server then come back to it. */
  receiverOn: boolean;
  postings?: EmailPostingIntake | null;
  log?: ErrorLog;
};
