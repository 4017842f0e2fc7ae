import { describe, expect, it } from 'vitest';
import { relativeTime } from '../common/time';
import { CHAT_TIME_REFRESH_MS, SIMPLE_TIME_REFRESH_MS } from '../notifications/notifications.rules';
import {
  CHAT_LOAD_OLDER_THRESHOLD_PX,
  COMPOSER_MAX_HEIGHT_PX,
  canLoadMoreChats,
  chatListReducer,
  emptyChatList,
  filePreviewKind,
  hasOlderMessages,
  isComposerSendKey,
  markReadOnArrival,
  nearTopOfChat,
  nextChatListPage,
  notesBadgeText,
} from './chat-list.rules';
import type { ChatListChat, ChatListState } from './chat-list.rules';
import { CHAT_LIST_PAGE_SIZE, CHAT_PAGE_SIZE } from './chats.schema';

type Chat = ChatListChat & { title: string };

const chat = (id: number, unread_count = 0, title = `chat ${id}`): Chat => ({ id, unread_count, title });
const ids = (state: ChatListState<Chat>) => state.chats.map((entry) => entry.id);

function listed(chats: Chat[], count = chats.length, entity = ''): ChatListState<Chat> {
  return chatListReducer(emptyChatList<Chat>(), { type: 'searched', entity, count, results: chats });
}

describe('chat list constants', () => {
  it('pages chat lists by 50 and the chat view by 25; older messages load within 50 px of the top', () => {
    expect(CHAT_LIST_PAGE_SIZE).toBe(50);
    expect(emptyChatList().limit).toBe(50);
    expect(CHAT_PAGE_SIZE).toBe(25);
    expect(CHAT_LOAD_OLDER_THRESHOLD_PX).toBe(50);
    expect(nearTopOfChat(50)).toBe(true);
    expect(nearTopOfChat(0)).toBe(true);
    expect(nearTopOfChat(51)).toBe(false);
    expect(hasOlderMessages(25, 26)).toBe(true);
    expect(hasOlderMessages(26, 26)).toBe(false);
  });
});

describe('a received message moves its chat to the top if present', () => {
  it('moves a listed chat to the top, with the chat as the event carries it, and keeps the count', () => {
    const state = chatListReducer(listed([chat(1), chat(2), chat(3)], 120), {
      type: 'received',
      chat: chat(3, 4, 'renamed'),
    });
    expect(ids(state)).toEqual([3, 1, 2]);
    expect(state.chats[0]).toEqual({ id: 3, unread_count: 4, title: 'renamed' });
    expect(state.count).toBe(120);
  });

  it('keeps a chat already at the top there', () => {
    const state = chatListReducer(listed([chat(1), chat(2)]), { type: 'received', chat: chat(1, 1) });
    expect(ids(state)).toEqual([1, 2]);
    expect(state.count).toBe(2);
  });
});

describe('otherwise adds it at the top and increases the count by 1', () => {
  it('adds an unlisted chat at the top and counts one more', () => {
    const state = chatListReducer(listed([chat(1), chat(2)], 80), { type: 'received', chat: chat(9, 1) });
    expect(ids(state)).toEqual([9, 1, 2]);
    expect(state.count).toBe(81);
  });

  it('starts an empty list', () => {
    const state = chatListReducer(emptyChatList<Chat>(), { type: 'received', chat: chat(5, 1) });
    expect(ids(state)).toEqual([5]);
    expect(state.count).toBe(1);
  });
});

describe('marking read sets unread_count to 0', () => {
  it('zeroes the chat marked read and leaves the others', () => {
    const state = chatListReducer(listed([chat(1, 3), chat(2, 7)]), { type: 'marked_read', chatId: 2 });
    expect(state.chats.map((entry) => entry.unread_count)).toEqual([3, 0]);
    expect(ids(state)).toEqual([1, 2]);
  });

  it('changes nothing for a chat that is not listed or already read', () => {
    const before = listed([chat(1, 0)]);
    expect(chatListReducer(before, { type: 'marked_read', chatId: 1 })).toBe(before);
    expect(chatListReducer(before, { type: 'marked_read', chatId: 44 })).toBe(before);
  });
});

describe('a chat changed without a message stays where it is', () => {
  it('replaces a listed chat in place, and ignores one that is not listed', () => {
    const before = listed([chat(1), chat(2, 3)]);
    const state = chatListReducer(before, { type: 'updated', chat: chat(2, 0, 'notes read') });
    expect(ids(state)).toEqual([1, 2]);
    expect(state.chats[1]).toEqual({ id: 2, unread_count: 0, title: 'notes read' });
    expect(chatListReducer(before, { type: 'updated', chat: chat(9) })).toBe(before);
  });
});

describe('searching resets page to 1 and replaces the list', () => {
  it('replaces the chats, the count and the entity, back on page 1', () => {
    let state = listed([chat(1), chat(2)], 120);
    state = chatListReducer(state, { type: 'loaded_more', page: 2, count: 120, results: [chat(3)] });
    expect(state.page).toBe(2);
    state = chatListReducer(state, { type: 'searched', entity: 'Smith', count: 1, results: [chat(7)] });
    expect(state.page).toBe(1);
    expect(state.entity).toBe('Smith');
    expect(ids(state)).toEqual([7]);
    expect(state.count).toBe(1);
  });
});

describe('loading more advances the page and appends', () => {
  it('appends the next page and advances the page', () => {
    const first = Array.from({ length: 50 }, (_, index) => chat(200 - index));
    let state = listed(first, 75);
    expect(canLoadMoreChats(state)).toBe(true);
    expect(nextChatListPage(state)).toBe(2);
    const second = Array.from({ length: 25 }, (_, index) => chat(150 - index));
    state = chatListReducer(state, { type: 'loaded_more', page: 2, count: 75, results: second });
    expect(state.page).toBe(2);
    expect(state.chats).toHaveLength(75);
    expect(state.chats[50]?.id).toBe(150);
  });

  it('does not list twice a chat that moved to the top since the first page', () => {
    let state = listed([chat(3), chat(2)], 4);
    state = chatListReducer(state, { type: 'received', chat: chat(1, 1) });
    state = chatListReducer(state, { type: 'loaded_more', page: 2, count: 4, results: [chat(1), chat(0)] });
    expect(ids(state)).toEqual([1, 3, 2, 0]);
  });
});

describe('it stops when the list is non-empty and its length has reached the count', () => {
  it('stops at the count', () => {
    const state = listed([chat(1), chat(2)], 2);
    expect(canLoadMoreChats(state)).toBe(false);
    const after = chatListReducer(state, { type: 'loaded_more', page: 2, count: 2, results: [chat(3)] });
    expect(after).toBe(state);
  });

  it('an empty list may still load (nothing fetched yet)', () => {
    expect(canLoadMoreChats(emptyChatList())).toBe(true);
  });

  it('a list short of the count may load more', () => {
    expect(canLoadMoreChats(listed([chat(1)], 2))).toBe(true);
  });
});

describe('incoming messages from roles 10 and 12 are marked read when the chat is open', () => {
  it('marks read a driver (10) or owner counterpart (12) message in the open chat', () => {
    expect(markReadOnArrival(5, 5, 10)).toBe(true);
    expect(markReadOnArrival(5, 5, 12)).toBe(true);
  });

  it('leaves a colleague message, another chat, or no open chat unread', () => {
    expect(markReadOnArrival(5, 5, 5)).toBe(false);
    expect(markReadOnArrival(5, 6, 10)).toBe(false);
    expect(markReadOnArrival(null, 5, 10)).toBe(false);
    expect(markReadOnArrival(5, 5, null)).toBe(false);
  });
});

describe('the notes badge caps at 99', () => {
  it('shows the count up to 99, then 99+', () => {
    expect(notesBadgeText(0)).toBe('');
    expect(notesBadgeText(1)).toBe('1');
    expect(notesBadgeText(99)).toBe('99');
    expect(notesBadgeText(100)).toBe('99+');
  });
});

describe('chat composer: Enter sends; Ctrl, Shift, Alt or Meta plus Enter does not', () => {
  const key = (extra: Partial<Parameters<typeof isComposerSendKey>[0]> = {}) => ({
    key: 'Enter',
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    metaKey: false,
    ...extra,
  });

  it('sends on Enter alone', () => {
    expect(isComposerSendKey(key())).toBe(true);
  });

  it('does not send with a modifier, or on another key', () => {
    expect(isComposerSendKey(key({ ctrlKey: true }))).toBe(false);
    expect(isComposerSendKey(key({ shiftKey: true }))).toBe(false);
    expect(isComposerSendKey(key({ altKey: true }))).toBe(false);
    expect(isComposerSendKey(key({ metaKey: true }))).toBe(false);
    expect(isComposerSendKey(key({ key: 'a' }))).toBe(false);
  });

  it('grows up to 100 px', () => {
    expect(COMPOSER_MAX_HEIGHT_PX).toBe(100);
  });
});

describe('previewed file types: jpg, jpeg, jpe, png, gif, pdf, doc, docx, xls, xlsx', () => {
  it('previews images and the listed documents, whatever the case', () => {
    for (const name of ['a.jpg', 'b.JPEG', 'c.jpe', 'd.png', 'e.gif'])
      expect(filePreviewKind(name)).toBe('image');
    for (const name of ['rate.pdf', 'bol.doc', 'bol.DOCX', 'sheet.xls', 'sheet.xlsx'])
      expect(filePreviewKind(name)).toBe('document');
  });

  it('previews nothing else', () => {
    for (const name of ['a.txt', 'b.zip', 'c.exe', 'noextension', '.png', 'trailing.'])
      expect(filePreviewKind(name)).toBeNull();
  });
});

describe('chat times: Now, N min ago, N hours ago, then a date; refreshed every second on chat items', () => {
  const now = new Date('2026-03-10T17:00:00Z');
  it('reads the relative time in English and Russian', () => {
    expect(relativeTime('2026-03-10T16:59:30Z', now)).toBe('Now');
    expect(relativeTime('2026-03-10T16:55:00Z', now)).toBe('5 min ago');
    expect(relativeTime('2026-03-10T14:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-03-08T14:00:00Z', now)).toBe('03/08/2026');
    // The date is the Eastern one: 03:00 UTC on the 9th is still the evening of the 8th in New York.
    expect(relativeTime('2026-03-09T03:00:00Z', now)).toBe('03/08/2026');
    expect(relativeTime('2026-03-10T16:55:00Z', now, 'ru')).toBe('5 мин назад');
  });

  it('refreshes chat items every 1 s and simple items every 60 s', () => {
    expect(CHAT_TIME_REFRESH_MS).toBe(1000);
    expect(SIMPLE_TIME_REFRESH_MS).toBe(60_000);
  });
});
