import {
  avatarOrDefault,
  type ChatMessage,
  type ChatUser,
  type GroupChatRef,
  type GroupChatType,
} from '@app/domain/chats/chats.schema';
import { padAccountingNumber } from '@app/domain/loads/loads.rules';
import type { FileRow, MessageAuthor, MessageRow } from './chat-messages.repository';
import type { ChatKind } from './chats.repository';

// How chats, messages and people look in the API: the spec's field names, a default avatar for a missing
// one, a load chat named by its load's number.

export const CHATS_API = '/backend/api/v2/users/current/chats';

/** Where a file of a message is downloaded. */
export function chatFilePath(fileId: number): string {
  return `${CHATS_API}/files/${fileId}/download`;
}

/** The API's type of a chat: 'Load' for a load's chat, 'Note' for its notes, 'Team' for the others. */
export function chatTypeOf(kind: ChatKind): GroupChatType {
  if (kind === 'load') return 'Load';
  if (kind === 'notes') return 'Note';
  return 'Team';
}

/** A load chat is named by its load's number ('#000042', or '#<id>' while it has none). */
export function loadChatTitle(load: { id: number; load_accounting_number: number | null }): string {
  return `#${load.load_accounting_number === null ? load.id : padAccountingNumber(load.load_accounting_number)}`;
}

export function fullName(person: { first_name: string | null; last_name: string | null }): string {
  return [person.first_name, person.last_name].filter(Boolean).join(' ').trim();
}

export function chatUser(author: MessageAuthor): ChatUser {
  return {
    id: author.user_id,
    avatar: avatarOrDefault(author.avatar),
    role: author.role,
    full_name: fullName(author),
  };
}

/** A message as the API answers it, with its files. */
export function toChatMessage(row: MessageRow, files: readonly FileRow[]): ChatMessage {
  return {
    id: row.id,
    content: row.content,
    files: files
      .filter((file) => file.message_id === row.id)
      .map((file) => ({ id: file.id, name: file.name, path: chatFilePath(file.id) })),
    created_date: row.created_at.toISOString(),
    user_from: chatUser(row),
    sms_chat: null,
  };
}

/** The chat a group_chat_message names: the load chat's id (a note names its load chat, type 'Note'). */
export function chatRef(
  chat: { id: number; kind: ChatKind; title: string; load_id: number | null },
  title: string,
  notes: boolean,
): GroupChatRef {
  return { id: chat.id, type: notes ? 'Note' : chatTypeOf(chat.kind), title, load_id: chat.load_id };
}
