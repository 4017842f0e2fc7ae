import { canSuperviseChats } from '@app/domain/chats/chats.schema';
import type { RoleId } from '@app/domain/common/lookups';
import { menuRoles } from '@app/domain/shell/menu.rules';
import type { Db } from '../../db/types';
import { notFound } from '../../http/errors';
import { isAllowed, type CompanyCaller } from '../auth/caller';
import * as chats from './chats.repository';
import { loadChatTitle } from './chat-view';

// Who may open which chat (the rule of the whole module):
// - a member of a chat reads it, writes to it and has an unread count;
// - admins and managers (and a superuser) read every chat of the company, and join one by writing to it;
// - a load's chat and notes are open to everyone who sees the load lists (roles 3, 4, 5, 6): they read
//   them and join by writing, so a colleague can be asked about a load from its card;
// - a team chat is for its members only (and the supervisors);
// - a chat of another company, or one the caller may not open, is 404.
// A load's chat and notes are made when first opened, listed (the caller's own open loads) or written to,
// with the load's dispatcher and its team lead as members.

/** Who may open any load's chat: the roles of the load lists. */
export const LOAD_CHAT_ROLES: readonly RoleId[] = menuRoles('activeLoads', 'checkOut', 'completedLoads');

export type OpenedChat = {
  /** The chat the path names (a load's chat for notes too). */
  chat: chats.ChatRow;
  /** Whose messages: the chat itself, or the load's notes chat. */
  target: chats.ChatRow;
  notes: boolean;
  load: chats.ChatLoad | null;
  title: string;
  member: chats.ChatMember | null;
};

export function isSupervisor(caller: CompanyCaller): boolean {
  return canSuperviseChats({ role: caller.role, is_superuser: caller.isSuperuser });
}

/**
 * The rule above for a chat read with the caller's membership of it and its load: the chat as the caller
 * may see it, or 404 (a load's chat whose load is gone is not there). `notes`, when a load chat's notes are
 * opened: the notes chat and the caller's membership of it, which decides instead.
 */
export function openedChat(
  caller: CompanyCaller,
  found: { chat: chats.ChatRow; load: chats.ChatLoad | null; member: chats.ChatMember | null },
  notes?: { target: chats.ChatRow; member: chats.ChatMember | null },
): OpenedChat {
  const { chat, load } = found;
  if (chat.load_id !== null && !load) throw notFound();
  const member = notes ? notes.member : found.member;
  const open =
    member !== null || isSupervisor(caller) || (load !== null && isAllowed(caller, LOAD_CHAT_ROLES));
  if (!open) throw notFound();
  const title = load ? loadChatTitle(load) : chat.title;
  return { chat, target: notes?.target ?? chat, notes: notes !== undefined, load, title, member };
}

/**
 * The chat `id` of the caller's company as the caller may see it, its notes when `notes`; 404 when it is
 * not there or not theirs to open. `ensure` makes the load's notes (and members) when missing: writes only.
 */
export async function openChat(
  db: Db,
  caller: CompanyCaller,
  id: number,
  options: { notes: boolean; ensure: boolean },
): Promise<OpenedChat> {
  const found = await chats.findChatWithMember(db, caller.companyId, id, caller.userId);
  if (!found) throw notFound();
  const { chat } = found;
  if (options.notes && chat.load_id === null) throw notFound();
  const load =
    chat.load_id === null ? null : ((await chats.findLoad(db, caller.companyId, chat.load_id)) ?? null);
  if (!options.notes || !load) return openedChat(caller, { ...found, load });
  let notes = await chats.findLoadChat(db, caller.companyId, load.id, 'notes');
  if (!notes && options.ensure) {
    await chats.ensureLoadChats(db, caller.companyId, [load.id]);
    notes = await chats.findLoadChat(db, caller.companyId, load.id, 'notes');
  }
  if (!notes) throw notFound();
  const member = (await chats.findMember(db, caller.companyId, notes.id, caller.userId)) ?? null;
  return openedChat(caller, { ...found, load }, { target: notes, member });
}

/** The chat of a load of the caller's company, made (with its notes) when it has none yet. */
export async function openLoadChat(db: Db, caller: CompanyCaller, loadId: number): Promise<chats.ChatRow> {
  const load = await chats.findLoad(db, caller.companyId, loadId);
  if (!load || !isAllowed(caller, LOAD_CHAT_ROLES)) throw notFound();
  let chat = await chats.findLoadChat(db, caller.companyId, loadId, 'load');
  if (!chat) {
    await chats.ensureLoadChats(db, caller.companyId, [loadId]);
    chat = await chats.findLoadChat(db, caller.companyId, loadId, 'load');
  }
  if (!chat) throw notFound();
  return chat;
}
