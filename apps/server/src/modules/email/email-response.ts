import type { EmailChat, EmailMessage } from '@app/domain/email/email.schema';
import type { Row } from '../../db/types';
import type { ChatRow, MessageRow } from './email.repository';

export type AttachmentRow = {
  id: number;
  message_id: number;
  name: string;
  size: number;
  content_type: string;
};

export function toChat(row: Row<'email_chats'> & { unread_count?: number }): EmailChat {
  return {
    id: row.id,
    type: row.type,
    bid: row.bid_id,
    load: row.load_id,
    subject: row.subject,
    broker_email: row.broker_email,
    user_id: row.user_id,
    unread_count: row.unread_count ?? 0,
    last_message_at: row.last_message_at?.toISOString() ?? null,
  };
}

export function toMessage(row: MessageRow, attachments: readonly AttachmentRow[]): EmailMessage {
  return {
    id: row.id,
    chat_id: row.chat_id,
    direction: row.direction,
    delivery: row.delivery,
    mail_id: row.message_id,
    in_reply_to: row.in_reply_to,
    references: row.references_header,
    from: row.from_address,
    broker_from: row.direction === 'in' ? row.from_address : null,
    to_emails: row.to_addresses,
    cc: row.cc_addresses,
    subject: row.subject,
    html: row.html,
    plain: row.plain,
    attachments: attachments
      .filter((file) => file.message_id === row.id)
      .map(({ id, name, size, content_type }) => ({ id, name, size, content_type })),
    sent_at: row.created_at.toISOString(),
    is_read: row.direction === 'out' || row.read_at !== null,
    user:
      row.user_id !== null && row.first_name !== null
        ? { id: row.user_id, first_name: row.first_name, last_name: row.last_name ?? '' }
        : null,
  };
}

export type { ChatRow };
