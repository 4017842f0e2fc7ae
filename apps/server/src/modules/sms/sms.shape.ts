import { avatarOrDefault } from '@app/domain/chats/chats.schema';
import { counterpartRole, type SmsChatType } from '@app/domain/sms/sms.rules';
import type { SmsChatListItem, SmsMessage, SmsPerson } from '@app/domain/sms/sms.schema';
import type { ChatDetailsRow, MessageWithUser } from './sms.repository';

// The SMS records as the API answers them, from the repository's rows.

export const SMS_API = '/backend/api/v2';

/** Where a colleague downloads a message's picture. */
export const fileDownloadPath = (fileId: number) => `${SMS_API}/sms/files/${fileId}/download`;
/** Where the phone page (and the provider, for an MMS) fetches it: the chat's token opens it. */
export const counterpartFilePath = (token: string, fileId: number) =>
  `${SMS_API}/sms/counterpart/${token}/files/${fileId}`;

export type FileRef = { id: number; name: string; message_id: number | null };

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

export function chatType(chat: { driver_id: number | null; owner_id: number | null }): SmsChatType {
  return chat.driver_id !== null ? 'Driver' : chat.owner_id !== null ? 'Owner' : 'Phone';
}

/** The person's name, or the number for an unknown phone. */
export function chatName(chat: ChatDetailsRow): string {
  const type = chatType(chat);
  const name =
    type === 'Driver'
      ? fullName(chat.driver_first_name, chat.driver_last_name)
      : type === 'Owner'
        ? fullName(chat.owner_first_name, chat.owner_last_name)
        : '';
  return name || chat.phone_number;
}

function personAvatar(chat: ChatDetailsRow): string {
  return avatarOrDefault(chatType(chat) === 'Owner' ? chat.owner_avatar : chat.driver_avatar);
}

export function toMessage(
  row: MessageWithUser,
  chat: ChatDetailsRow,
  files: readonly FileRef[],
  filePath: (fileId: number) => string = fileDownloadPath,
): SmsMessage {
  const inbound = row.direction === 'in';
  return {
    id: row.id,
    content: row.content,
    files: files
      .filter((file) => file.message_id === row.id)
      .map((file) => ({ id: file.id, name: file.name, path: filePath(file.id) })),
    created_date: row.created_at.toISOString(),
    user_from: inbound
      ? {
          id: null,
          avatar: personAvatar(chat),
          role: counterpartRole(chatType(chat)),
          full_name: chatName(chat),
        }
      : {
          id: row.user_from,
          avatar: avatarOrDefault(row.user_avatar),
          role: row.user_role,
          full_name: fullName(row.user_first_name, row.user_last_name) || 'Dispatch',
        },
    sms_chat: row.chat_id,
    direction: row.direction,
    delivery_status: row.delivery_status,
    error: row.error,
  };
}

export function toPerson(chat: ChatDetailsRow, kind: 'driver' | 'owner'): SmsPerson | null {
  const id = kind === 'driver' ? chat.driver_id : chat.owner_id;
  if (id === null) return null;
  return {
    id,
    full_name: chatName(chat),
    avatar: personAvatar(chat),
    phone_number: (kind === 'driver' ? chat.driver_phone : chat.owner_phone) ?? chat.phone_number,
    unit_id: chat.unit_id,
  };
}

export function assignedUser(chat: ChatDetailsRow) {
  return chat.assigned_user_id === null
    ? null
    : {
        id: chat.assigned_user_id,
        avatar: avatarOrDefault(chat.assigned_avatar),
        role: chat.assigned_role,
        full_name: fullName(chat.assigned_first_name, chat.assigned_last_name),
      };
}

export function toListItem(
  chat: ChatDetailsRow,
  unread: number,
  lastMessage: SmsMessage | null,
): SmsChatListItem {
  const type = chatType(chat);
  return {
    id: chat.id,
    type,
    title: chat.title ?? chatName(chat),
    unread_count: unread,
    notes_unread_count: 0,
    entity: {
      id: chat.driver_id ?? chat.owner_id ?? chat.id,
      name: chatName(chat),
      avatar: personAvatar(chat),
      resp_driver: null,
    },
    user: assignedUser(chat),
    last_message: lastMessage,
    updated_date: chat.activity_at.toISOString(),
    phone_number: chat.phone_number,
    driver_id: chat.driver_id,
    owner_id: chat.owner_id,
    unit_id: chat.unit_id,
  };
}
