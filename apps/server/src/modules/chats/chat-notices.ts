import { GROUP_CHAT_ROLES } from '@app/domain/chats/chats.schema';
import type { Lang, RoleId } from '@app/domain/common/lookups';
import type { Notification } from '@app/domain/notifications/notifications.schema';
import type { Db } from '../../db/types';
import type { RealtimeEvent } from '../../realtime/event-bus';
import { userEvent } from '../../realtime/events';
import { isAllowed, type CompanyCaller } from '../auth/caller';
import type { NoticeSource } from '../notifications/notice-source';
import { loadLabel, toNotification } from '../notifications/notification-shape';
import type { ChatRecipient } from './chat-messages.repository';
import * as repository from './chat-notices.repository';
import type { ChatKind } from './chats.repository';
import { chatTypeOf, fullName, loadChatTitle } from './chat-view';

// A group chat's unread notice (type 1, or 7 for a load's notes): the chat's newest message, for each
// member who has neither read it nor dismissed its notice, and who holds a group chat role. Nothing is
// stored per member when a message is sent: the members' sockets get new_notice (one event per language),
// GET notifications reads the notices from the chats (chat-notices.repository.ts), and set-read of a
// notice's id ('chat-<chat id>', one per member and chat, so a newer message's notice takes the place of
// the older one in the panel) moves the member's dismissal mark to the chat's newest message.

/** The longest part of a message a notice quotes. */
const NOTICE_QUOTE_MAX = 200;
const CHAT_NOTICE_ID = /^chat-(\d{1,15})$/;

export function chatNoticeId(chatId: number): string {
  return `chat-${chatId}`;
}

/** read_notice of the caller's notice of the chat, to their sockets. */
export function readNoticeEvent(caller: CompanyCaller, chatId: number): RealtimeEvent {
  return userEvent('read_notice', caller.companyId, [caller.userId], { id: chatNoticeId(chatId) });
}

/** What a chat's notice is made of, as the message's statement or the notices' query read it. */
export type ChatNoticeFacts = {
  /** The chat the message is in (a load's notes chat for a note). */
  chat: { id: number; kind: ChatKind; title: string };
  /** The chat the notice opens: the load's chat for a note, the chat itself otherwise. */
  openedChatId: number;
  load: {
    id: number;
    status: number;
    accounting_status: number | null;
    load_accounting_number: number | null;
  } | null;
  author: { first_name: string | null; last_name: string | null; avatar: string | null };
  content: string;
  fileNames: readonly string[];
  createdAt: Date;
};

/** The notice of a chat's newest message, in `lang`. */
export function chatNotice(facts: ChatNoticeFacts, lang: Lang): Notification {
  const { chat, load, author } = facts;
  const title = load ? loadChatTitle(load) : chat.title;
  const quote = facts.content.trim() || facts.fileNames.join(', ');
  return toNotification(
    {
      type_id: chat.kind === 'notes' ? 7 : 1,
      label: load ? loadLabel(load, lang) : title,
      content: `${fullName(author)}: ${quote.slice(0, NOTICE_QUOTE_MAX)}`,
      details: { group_chat: { id: facts.openedChatId, name: title, type: chatTypeOf(chat.kind) } },
      actor: {
        first_name: author.first_name ?? '',
        last_name: author.last_name ?? '',
        avatar: author.avatar,
        responsible_dispatcher: null,
      },
      created_at: facts.createdAt,
    },
    load,
    chatNoticeId(chat.id),
  );
}

function readsChatNotices(person: { role: RoleId | null; isSuperuser: boolean }): boolean {
  return isAllowed({ userId: 0, companyId: 0, familyId: '', ...person }, GROUP_CHAT_ROLES);
}

/**
 * new_notice for the members of a chat who are told of its new message: all but the sender, of a group
 * chat role. The notice is the same for everyone of a language, so one event each.
 */
export function chatNoticeEvents(
  companyId: number,
  senderId: number,
  members: readonly ChatRecipient[],
  facts: ChatNoticeFacts,
): RealtimeEvent[] {
  const byLang = new Map<Lang, number[]>();
  for (const member of members) {
    if (member.id === senderId) continue;
    if (!readsChatNotices({ role: member.role, isSuperuser: member.is_superuser })) continue;
    const userIds = byLang.get(member.lang) ?? [];
    userIds.push(member.id);
    byLang.set(member.lang, userIds);
  }
  return [...byLang].map(([lang, userIds]) =>
    userEvent('new_notice', companyId, userIds, chatNotice(facts, lang)),
  );
}

function factsOf(row: repository.ChatNoticeRow): ChatNoticeFacts {
  return {
    chat: { id: row.chat_id, kind: row.kind, title: row.title },
    openedChatId: row.load_chat_id ?? row.chat_id,
    load:
      row.load_id === null || row.load_status === null
        ? null
        : {
            id: row.load_id,
            status: row.load_status,
            accounting_status: row.load_accounting_status,
            load_accounting_number: row.load_accounting_number,
          },
    author: row,
    content: row.content,
    fileNames: row.file_names,
    createdAt: row.created_at,
  };
}

/** The chats' notices as GET notifications and set-read see them (notifications/notice-source.ts). */
export function createChatNoticeSource(deps: { db: Db }): NoticeSource {
  const { db } = deps;
  const memberOf = (caller: CompanyCaller) => ({ companyId: caller.companyId, userId: caller.userId });
  return {
    owns: (id) => CHAT_NOTICE_ID.test(id),
    async unread(caller, limit) {
      if (!readsChatNotices(caller)) return { count: 0, newest: [] };
      const { count, rows } = await repository.findUnreadNotices(db, memberOf(caller), limit);
      return { count, newest: rows.map((row) => chatNotice(factsOf(row), row.lang)) };
    },
    async dismiss(caller, id) {
      const chatId = Number(CHAT_NOTICE_ID.exec(id)?.[1]);
      if (!readsChatNotices(caller) || !Number.isSafeInteger(chatId)) return 'missing';
      return repository.dismissNotice(db, memberOf(caller), chatId);
    },
  };
}
