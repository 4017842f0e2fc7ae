import type { EmailSent } from '@app/domain/email/email.schema';
import type { Db, Row } from '../../db/types';
import { notFound } from '../../http/errors';
import type { RealtimeEvent } from '../../realtime/event-bus';
import { userEvent } from '../../realtime/events';
import * as attachments from './email-attachments.repository';
import * as repository from './email.repository';
import { toChat, toMessage } from './email-response';

/** The email_chat_message of a new message: to the users the thread concerns (the sender's other tabs too). */
export async function chatMessageEvents(
  db: Db,
  companyId: number,
  chat: Row<'email_chats'>,
  messageId: number,
  extraUserIds: readonly number[],
): Promise<{ events: RealtimeEvent[]; concerned: number[]; sent: EmailSent }> {
  const concerned = await repository.concernedUserIds(db, companyId, chat);
  const row = await repository.findMessage(db, companyId, messageId);
  if (!row) throw notFound();
  const files = await attachments.attachmentsOf(db, companyId, [messageId]);
  const sent: EmailSent = { message: toMessage(row, files), chat: toChat(chat) };
  const userIds = [...new Set([...concerned, ...extraUserIds])];
  return {
    events: userIds.length ? [userEvent('email_chat_message', companyId, userIds, sent)] : [],
    concerned,
    sent,
  };
}
