import {
  avatarOrDefault,
  CHAT_PAGE_SIZE,
  type ChatListItem,
  type ChatListQuery,
  type ChatListResponse,
  type ChatResponse,
} from '@app/domain/chats/chats.schema';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/types';
import type { FileStorage } from '../../integrations/storage/file-storage';
import { notFound } from '../../http/errors';
import type { CompanyCaller } from '../auth/caller';
import { isSupervisor, LOAD_CHAT_ROLES, openChat } from './chat-access';
import * as list from './chat-list.repository';
import * as messages from './chat-messages.repository';
import * as chats from './chats.repository';
import { chatTypeOf, chatUser, fullName, loadChatTitle, toChatMessage } from './chat-view';
import { isAllowed } from '../auth/caller';

// The reads of group chats: the chat list, a chat's page of messages, a file of a message.

function person(row: list.LoadPersonRow | undefined) {
  if (!row) return null;
  return {
    id: row.id,
    full_name: fullName(row),
    avatar: avatarOrDefault(null),
    phone_number: row.phone_number,
  };
}

export function createChatReads(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;

  return {
    /**
     * GET users/current/chats: the caller's chats (every chat of the company for admins and managers),
     * most recently active first. The chats of the caller's own open loads are made first if missing.
     */
    async list(caller: CompanyCaller, query: ChatListQuery): Promise<ChatListResponse> {
      if (isAllowed(caller, LOAD_CHAT_ROLES)) {
        const own = await chats.findOwnOpenLoadIds(db, caller.companyId, caller.userId);
        if (own.length > 0) {
          await db.transaction().execute((trx) => chats.ensureLoadChats(trx, caller.companyId, own));
        }
      }
      const search = query.entity?.trim() || null;
      const scope = {
        companyId: caller.companyId,
        userId: caller.userId,
        everyChat: isSupervisor(caller),
        search,
      };
      const offset = (query.page - 1) * query.limit;
      const [count, rows] = await Promise.all([
        list.countChats(db, scope),
        list.findChatsPage(db, scope, { limit: query.limit, offset }),
      ]);
      const lastIds = rows.flatMap((row) => (row.last_message_id === null ? [] : [row.last_message_id]));
      const loadIds = rows.flatMap((row) => (row.load_id === null ? [] : [row.load_id]));
      const responsible = rows.map((row) => row.dispatcher_id ?? row.created_by);
      const [unread, lastMessages, files, users] = await Promise.all([
        list.findUnreadCounts(
          db,
          caller.companyId,
          caller.userId,
          rows.map((row) => row.id),
          loadIds,
        ),
        messages.findMessagesByIds(db, caller.companyId, lastIds),
        messages.findFilesOfMessages(db, caller.companyId, lastIds),
        list.findUsers(
          db,
          caller.companyId,
          responsible.filter((id): id is number => id !== null),
        ),
      ]);
      const chatUnread = new Map(unread.filter((u) => u.kind !== 'notes').map((u) => [u.chat_id, u.unread]));
      const notesUnread = new Map(unread.filter((u) => u.kind === 'notes').map((u) => [u.load_id, u.unread]));
      const lastById = new Map(lastMessages.map((row) => [row.id, row]));
      const userById = new Map(users.map((row) => [row.id, row]));

      const chatsOut = rows.map((row): ChatListItem => {
        const last = row.last_message_id === null ? undefined : lastById.get(row.last_message_id);
        const owner = userById.get(row.dispatcher_id ?? row.created_by ?? 0);
        const driver =
          row.driver_id === null
            ? null
            : {
                id: row.driver_id,
                full_name: fullName({ first_name: row.driver_first_name, last_name: row.driver_last_name }),
                avatar: avatarOrDefault(null),
              };
        const title =
          row.load_id === null
            ? row.title
            : loadChatTitle({ id: row.load_id, load_accounting_number: row.load_accounting_number });
        return {
          id: row.id,
          type: chatTypeOf(row.kind),
          title,
          unread_count: chatUnread.get(row.id) ?? 0,
          notes_unread_count: row.load_id === null ? 0 : (notesUnread.get(row.load_id) ?? 0),
          entity:
            row.load_id !== null
              ? { id: row.load_id, name: title, avatar: avatarOrDefault(null), resp_driver: driver }
              : row.team_id !== null
                ? {
                    id: row.team_id,
                    name: row.team_name ?? title,
                    avatar: avatarOrDefault(null),
                    resp_driver: null,
                  }
                : null,
          user: owner ? chatUser({ ...owner, user_id: owner.id }) : null,
          last_message: last ? toChatMessage(last, files) : null,
          updated_date: row.activity_at.toISOString(),
        };
      });
      return { count, page: query.page, limit: query.limit, entity: search, chats: chatsOut };
    },

    /**
     * GET users/current/chats/{id}/: a page of 25 messages counted from the newest (page 1 the newest),
     * oldest first within the page; the notes of a load chat with `notes`.
     */
    async view(
      caller: CompanyCaller,
      id: number,
      query: { page: number; notes: boolean },
    ): Promise<ChatResponse> {
      const opened = await openChat(db, caller, id, { notes: query.notes, ensure: false });
      const { chat, target, load, member } = opened;
      const offset = (query.page - 1) * CHAT_PAGE_SIZE;
      const notesChat =
        load && !query.notes ? await chats.findLoadChat(db, caller.companyId, load.id, 'notes') : undefined;
      const [count, page, unread, notesMember] = await Promise.all([
        messages.countMessages(db, caller.companyId, target.id),
        messages.findMessagesPage(db, caller.companyId, target.id, { limit: CHAT_PAGE_SIZE, offset }),
        member
          ? messages.countUnread(db, caller.companyId, target.id, caller.userId, member.last_read_message_id)
          : Promise.resolve(0),
        notesChat
          ? chats.findMember(db, caller.companyId, notesChat.id, caller.userId)
          : Promise.resolve(undefined),
      ]);
      const files = await messages.findFilesOfMessages(
        db,
        caller.companyId,
        page.map((row) => row.id),
      );
      let notesUnread = query.notes ? unread : 0;
      if (notesChat && notesMember) {
        notesUnread = await messages.countUnread(
          db,
          caller.companyId,
          notesChat.id,
          caller.userId,
          notesMember.last_read_message_id,
        );
      }
      const [responsible, driver, owner] = await Promise.all([
        list.findUsers(db, caller.companyId, [load?.dispatcher_id ?? chat.created_by ?? 0]),
        load?.driver_id ? list.findDriver(db, caller.companyId, load.driver_id) : Promise.resolve(undefined),
        load?.vehicle_id
          ? list.findVehicleOwner(db, caller.companyId, load.vehicle_id)
          : Promise.resolve(undefined),
      ]);
      const user = responsible[0];
      return {
        id: chat.id,
        type: query.notes ? 'Note' : chatTypeOf(chat.kind),
        title: opened.title,
        messages: { results: page.reverse().map((row) => toChatMessage(row, files)), count },
        unread_count: unread,
        notes_unread_count: notesUnread,
        is_member: member !== null,
        load: load
          ? {
              id: load.id,
              load_accounting_number: load.load_accounting_number,
              status: load.status,
              accounting_status: load.accounting_status,
            }
          : null,
        user: user ? chatUser({ ...user, user_id: user.id }) : null,
        driver: person(driver),
        owner: person(owner),
      };
    },

    /**
     * The group chats of these loads of the company that have one yet (load id -> chat id), for a contact's
     * Chat button; a load without one is left out (its chat is made when first opened).
     */
    async loadChatIds(companyId: number, loadIds: readonly number[]): Promise<Map<number, number>> {
      const rows = await chats.findLoadChatIds(db, companyId, [...new Set(loadIds)]);
      return new Map(rows.map((row) => [row.load_id, row.id]));
    },

    /** A file of a message of a chat the caller may open, or the caller's own file not sent yet. */
    async file(
      caller: CompanyCaller,
      id: number,
    ): Promise<{ name: string; mime: string | null; stream: Readable }> {
      const file = await messages.findFile(db, caller.companyId, id);
      if (!file) throw notFound();
      if (file.chat_id === null) {
        if (file.uploaded_by !== caller.userId) throw notFound();
      } else {
        const chat = await chats.findAnyChat(db, caller.companyId, file.chat_id);
        const parent =
          chat?.kind === 'notes' && chat.load_id !== null
            ? await chats.findLoadChat(db, caller.companyId, chat.load_id, 'load')
            : chat;
        if (!parent) throw notFound();
        await openChat(db, caller, parent.id, { notes: chat?.kind === 'notes', ensure: false });
      }
      const stream = await storage.open(file.storage_path);
      if (!stream) throw notFound();
      return { name: file.name, mime: file.mime, stream };
    },
  };
}
