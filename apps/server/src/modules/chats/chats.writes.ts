import { randomUUID } from 'node:crypto';
import {
  CHATS_MESSAGES,
  type ChatCreate,
  type ChatFile,
  type ChatMessage,
  type ChatSendMessage,
} from '@app/domain/chats/chats.schema';
import { LOAD_FILE_CODES, LOAD_FILE_MESSAGES, loadFileRefusal } from '@app/domain/loads/load-lifecycle.rules';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog } from '../../db/unit-of-work';
import { notFound, refuse } from '../../http/errors';
import { runIdempotent, type IdempotentOutcome } from '../../http/idempotency';
import type { UploadedFile } from '../../http/multipart';
import type { FileStorage } from '../../integrations/storage/file-storage';
import type { EventBus } from '../../realtime/event-bus';
import { userEvent } from '../../realtime/events';
import type { CompanyCaller } from '../auth/caller';
import { openChat, openedChat, openLoadChat } from './chat-access';
import { chatNoticeEvents, readNoticeEvent } from './chat-notices';
import * as messages from './chat-messages.repository';
import * as chats from './chats.repository';
import { chatFilePath, chatRef, toChatMessage } from './chat-view';

// The changes of group chats: a message or a note (the sender joins the chat; every member's sockets get
// group_chat_message, the other members new_notice of type 1, or 7 for a note: chat-notices.ts), marking a chat or its notes read (mark_as_read_group_chat to the reader's
// sockets, their notifications of it read), a file uploaded to send, a team's chat made, a load's chat opened.

export const CHAT_FILE_FIELD = 'file';

export type ChatsDeps = {
  db: Db;
  bus: EventBus;
  now: () => Date;
  storage: FileStorage;
  log?: ErrorLog;
};

/** Refuses an upload as a load's documents are refused: over 25,000,000 bytes, a program, empty. */
function checkUpload(file: UploadedFile): void {
  const refusal = loadFileRefusal({ name: file.filename, mime: file.mimetype, size: file.data.length });
  if (refusal === null) return;
  const key = (Object.keys(LOAD_FILE_MESSAGES) as (keyof typeof LOAD_FILE_MESSAGES)[]).find(
    (candidate) => LOAD_FILE_MESSAGES[candidate] === refusal,
  );
  throw refuse(key ? LOAD_FILE_CODES[key] : 'bad_request', refusal, { [CHAT_FILE_FIELD]: [refusal] });
}

/** The name shown for a file: the last path part the browser sent, without control characters. */
function displayName(filename: string): string {
  // eslint-disable-next-line no-control-regex
  const name = (filename.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return name.slice(-255) || 'file';
}

function storagePathFor(companyId: number, name: string): string {
  const dot = name.lastIndexOf('.');
  const extension =
    dot > 0
      ? name
          .slice(dot + 1)
          .replace(/[^A-Za-z0-9]/g, '')
          .slice(0, 10)
      : '';
  return `chats/${companyId}/${randomUUID()}${extension ? `.${extension.toLowerCase()}` : ''}`;
}

export function createChatWrites(deps: ChatsDeps) {
  const { db, now, storage } = deps;
  const unit = createUnitOfWork(deps);

  return {
    /**
     * POST users/current/chats/{id}/send-message (or send-note-message with `notes`): the caller's message
     * with the files they uploaded; answers it. The sender joins the chat and has read it.
     */
    async send(
      caller: CompanyCaller,
      id: number,
      body: ChatSendMessage,
      options: { notes: boolean; idempotencyKey?: string | undefined },
    ): Promise<IdempotentOutcome<ChatMessage>> {
      const at = now();
      const claim = {
        companyId: caller.companyId,
        userId: caller.userId,
        scope: `chats.${options.notes ? 'note' : 'message'}:${id}`,
        key: options.idempotencyKey,
        now: at,
      };
      return unit.runWithin<ChatMessage, IdempotentOutcome<ChatMessage>>(
        (work) => runIdempotent(db, claim, work),
        async (trx, outbox) => {
          // A message is one statement (chat-messages.repository storeMessage) that also reads the chat,
          // the sender's membership and the load; the module's rule (openedChat) then lets it stand or
          // refuses it with a 404, which undoes it. A note first finds its load's notes chat (making it when
          // missing), so its chat is read before. Messages to one chat wait for each other on the chat's
          // row.
          const notesOf = options.notes
            ? await openChat(trx, caller, id, { notes: true, ensure: true })
            : null;
          const chatId = notesOf ? notesOf.target.id : id;
          const stored = await messages.storeMessage(
            trx,
            {
              company_id: caller.companyId,
              chat_id: chatId,
              user_from: caller.userId,
              content: body.content,
              notes: options.notes,
            },
            notesOf ? [chatId, notesOf.chat.id] : [chatId],
          );
          if (!stored) throw notFound();
          const opened = notesOf ?? openedChat(caller, stored);
          const { chat, target } = opened;
          const { members, author } = stored;
          const memberIds = members.map((member) => member.id);
          const fileIds = [...new Set(body.files_id)];
          const attached = await messages.attachFiles(
            trx,
            caller.companyId,
            caller.userId,
            fileIds,
            stored.id,
          );
          if (attached !== fileIds.length) {
            throw refuse('chat_files_unknown', CHATS_MESSAGES.filesUnknown, {
              files_id: [CHATS_MESSAGES.filesUnknown],
            });
          }
          const files = fileIds.length
            ? await messages.findFilesOfMessages(trx, caller.companyId, [stored.id])
            : [];
          const message = toChatMessage(
            {
              id: stored.id,
              created_at: stored.created_at,
              ...author,
              chat_id: target.id,
              content: body.content,
            },
            files,
          );
          const ref = chatRef(chat, opened.title, options.notes);
          outbox.push(
            userEvent('group_chat_message', caller.companyId, memberIds, { message, chat: ref }),
            ...chatNoticeEvents(caller.companyId, caller.userId, members, {
              chat: target,
              openedChatId: chat.id,
              load: opened.load,
              author,
              content: body.content,
              fileNames: files.map((file) => file.name),
              createdAt: stored.created_at,
            }),
          );
          // The sender has read the chat: a notice of it they had goes from their other tabs.
          if (stored.member && (stored.chat.last_message_id ?? 0) > stored.member.last_read_message_id) {
            outbox.push(readNoticeEvent(caller, target.id));
          }
          return message;
        },
      );
    },

    /**
     * PUT users/current/chats/{id}/mark-read (or mark-read-note-chat with `notes`): the caller has read the
     * chat up to its newest message; their notifications of it are read and their sockets told.
     */
    async markRead(
      caller: CompanyCaller,
      id: number,
      notes: boolean,
    ): Promise<{ chat_id: number; unread_count: 0 }> {
      return unit.run(async (trx, outbox) => {
        const opened = await openChat(trx, caller, id, { notes, ensure: false });
        if (opened.member) {
          const latest = await messages.latestMessageId(trx, caller.companyId, opened.target.id);
          await chats.markRead(trx, caller.companyId, opened.target.id, caller.userId, latest);
          // Its notice, if they had one, goes from their tabs.
          if (latest > opened.member.last_read_message_id)
            outbox.push(readNoticeEvent(caller, opened.target.id));
        }
        outbox.push(
          userEvent('mark_as_read_group_chat', caller.companyId, [caller.userId], {
            chat_id: opened.chat.id,
            type: chatRef(opened.chat, opened.title, notes).type,
          }),
        );
        return { chat_id: opened.chat.id, unread_count: 0 as const };
      });
    },

    /** PUT users/current/chats/upload-file/: a file kept to be sent with the caller's next message. */
    async upload(caller: CompanyCaller, file: UploadedFile): Promise<ChatFile> {
      checkUpload(file);
      const name = displayName(file.filename);
      const path = storagePathFor(caller.companyId, name);
      await storage.save(path, file.data);
      try {
        const row = await messages.insertFile(db, {
          company_id: caller.companyId,
          uploaded_by: caller.userId,
          name,
          storage_path: path,
          size_bytes: file.data.length,
          mime: file.mimetype || null,
        });
        return { id: row.id, name: row.name, path: chatFilePath(row.id) };
      } catch (error) {
        await storage.remove(path).catch(() => undefined);
        throw error;
      }
    },

    /** POST users/current/chats/create: a chat for a team, with its lead, its members and its maker. */
    async createTeamChat(caller: CompanyCaller, body: ChatCreate): Promise<{ id: number }> {
      return unit.run(async (trx) => {
        const team = await chats.findTeam(trx, caller.companyId, body.team_id);
        if (!team) {
          throw refuse('chat_team_not_found', CHATS_MESSAGES.teamNotFound, {
            team_id: [CHATS_MESSAGES.teamNotFound],
          });
        }
        const chat = await chats.insertChat(trx, {
          company_id: caller.companyId,
          kind: 'team',
          team_id: team.id,
          title: body.title,
          created_by: caller.userId,
        });
        const members = [caller.userId, ...team.member_ids];
        if (team.group_lead_id !== null) members.push(team.group_lead_id);
        await chats.addMembers(trx, caller.companyId, chat.id, members);
        return { id: chat.id };
      });
    },

    /** POST users/current/chats/load/{id}: the load's chat (made with its notes when it has none). */
    async openLoadChat(caller: CompanyCaller, loadId: number): Promise<{ id: number }> {
      const chat = await db.transaction().execute((trx) => openLoadChat(trx, caller, loadId));
      return { id: chat.id };
    },
  };
}
