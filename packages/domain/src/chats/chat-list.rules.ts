import { ROLES } from '../common/lookups';
import { CHAT_LIST_PAGE_SIZE, NOTES_BADGE_CAP } from './chats.schema';

// The chat lists (group, notes and SMS) and the chat view as the dispatcher's screen holds them (shell
// spec, "Chat lists", validation rules and constants): a pure reducer over the list's state (count, page,
// limit, entity, chats), the composer's keys and file previews, and the view's paging constants. The pages
// and their tests apply the same rules to the same socket events. Relative times ('Now', '5 min ago') are
// the common `relativeTime` of `common/time.ts`, refreshed every second on chat items
// (CHAT_TIME_REFRESH_MS of the notifications rules). The page sizes (CHAT_LIST_PAGE_SIZE, CHAT_PAGE_SIZE) and
// the notes badge's cap (NOTES_BADGE_CAP) are the contract's, in chats.schema.ts.

/** Older messages load when the view is scrolled within this many pixels of its top. */
export const CHAT_LOAD_OLDER_THRESHOLD_PX = 50;
/** The composer grows up to this height, then scrolls. */
export const COMPOSER_MAX_HEIGHT_PX = 100;
/** The attached file types the composer shows a preview of. */
export const PREVIEW_FILE_EXTENSIONS = [
  'jpg',
  'jpeg',
  'jpe',
  'png',
  'gif',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
] as const;
export type PreviewFileExtension = (typeof PREVIEW_FILE_EXTENSIONS)[number];
const IMAGE_EXTENSIONS: readonly PreviewFileExtension[] = ['jpg', 'jpeg', 'jpe', 'png', 'gif'];

/** Incoming messages from these roles (driver and owner counterpart) are marked read while the chat is open. */
export const COUNTERPART_ROLE_IDS: readonly number[] = [ROLES.driver, ROLES.temporaryDriver];

/** What the list needs of a chat; the page keeps the rest of the server's item as it came. */
export type ChatListChat = { id: number; unread_count: number };

export type ChatListState<Chat extends ChatListChat> = {
  /** How many chats match the search on the server (every page). */
  count: number;
  /** The last page loaded, from 1. */
  page: number;
  limit: number;
  /** The search text ('' for none). */
  entity: string;
  chats: Chat[];
};

export type ChatListAction<Chat extends ChatListChat> =
  /** The first page of a search (or of no search): page 1, the list replaced. */
  | { type: 'searched'; entity: string; count: number; results: readonly Chat[] }
  /** The next page arrived: the page advances and its chats are appended. */
  | { type: 'loaded_more'; page: number; count: number; results: readonly Chat[] }
  /** A message was received in this chat (the chat as the event carries it). */
  | { type: 'received'; chat: Chat }
  /** The chat was marked read (here, or by the same user elsewhere). */
  | { type: 'marked_read'; chatId: number }
  /** A listed chat changed without a new message (its notes read, renamed): changed where it stands. */
  | { type: 'updated'; chat: Chat };

export function emptyChatList<Chat extends ChatListChat>(
  limit: number = CHAT_LIST_PAGE_SIZE,
): ChatListState<Chat> {
  return { count: 0, page: 1, limit, entity: '', chats: [] };
}

/** Loading more stops when the list is non-empty and its length has reached the count. */
export function canLoadMoreChats(state: ChatListState<ChatListChat>): boolean {
  return !(state.chats.length > 0 && state.chats.length >= state.count);
}

/** The page to ask for when loading more. */
export function nextChatListPage(state: ChatListState<ChatListChat>): number {
  return state.page + 1;
}

export function chatListReducer<Chat extends ChatListChat>(
  state: ChatListState<Chat>,
  action: ChatListAction<Chat>,
): ChatListState<Chat> {
  switch (action.type) {
    case 'searched':
      return { ...state, entity: action.entity, page: 1, count: action.count, chats: [...action.results] };
    case 'loaded_more': {
      if (!canLoadMoreChats(state)) return state;
      // A chat that moved to the top since the first page is not listed twice.
      const listed = new Set(state.chats.map((chat) => chat.id));
      const added = action.results.filter((chat) => !listed.has(chat.id));
      return { ...state, page: action.page, count: action.count, chats: [...state.chats, ...added] };
    }
    case 'received': {
      const at = state.chats.findIndex((chat) => chat.id === action.chat.id);
      if (at === -1) return { ...state, count: state.count + 1, chats: [action.chat, ...state.chats] };
      const rest = state.chats.filter((_, index) => index !== at);
      return { ...state, chats: [action.chat, ...rest] };
    }
    case 'marked_read': {
      const at = state.chats.findIndex((chat) => chat.id === action.chatId);
      if (at === -1 || state.chats[at]?.unread_count === 0) return state;
      return {
        ...state,
        chats: state.chats.map((chat) => (chat.id === action.chatId ? { ...chat, unread_count: 0 } : chat)),
      };
    }
    case 'updated':
      if (!state.chats.some((chat) => chat.id === action.chat.id)) return state;
      return {
        ...state,
        chats: state.chats.map((chat) => (chat.id === action.chat.id ? action.chat : chat)),
      };
  }
}

/**
 * Whether a message that just arrived is marked read at once: it is in the open chat and comes from the
 * counterpart (a driver or owner, roles 10 and 12), not from a colleague.
 */
export function markReadOnArrival(
  openChatId: number | null,
  chatId: number,
  senderRole: number | null | undefined,
): boolean {
  return openChatId === chatId && senderRole !== null && senderRole !== undefined
    ? COUNTERPART_ROLE_IDS.includes(senderRole)
    : false;
}

/** The notes badge: the count, capped at 99 ('99+'); nothing when there is none. */
export function notesBadgeText(count: number): string {
  if (count <= 0) return '';
  return count > NOTES_BADGE_CAP ? `${NOTES_BADGE_CAP}+` : String(count);
}

type SendKey = { key: string; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; metaKey: boolean };

/** Enter sends; Ctrl, Shift, Alt or Meta plus Enter does not (it makes a new line). */
export function isComposerSendKey(event: SendKey): boolean {
  return event.key === 'Enter' && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.metaKey;
}

/** The lower-case extension of a file name, '' without one. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** How the composer previews an attached file: an image, a document of a previewed type, or not at all. */
export function filePreviewKind(name: string): 'image' | 'document' | null {
  const extension = fileExtension(name);
  if (!(PREVIEW_FILE_EXTENSIONS as readonly string[]).includes(extension)) return null;
  return IMAGE_EXTENSIONS.includes(extension as PreviewFileExtension) ? 'image' : 'document';
}

/** Whether the chat view is scrolled within 50 px of its top (older messages then load). */
export function nearTopOfChat(scrollTop: number): boolean {
  return scrollTop <= CHAT_LOAD_OLDER_THRESHOLD_PX;
}

/** Whether more messages are on the server than the chat view holds. */
export function hasOlderMessages(loaded: number, count: number): boolean {
  return loaded < count;
}
