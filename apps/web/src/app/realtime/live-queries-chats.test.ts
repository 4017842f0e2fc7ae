import { describe, expect, it } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { chatsQueryKeys } from '@/features/chats/api/chats-query-keys';
import { smsQueryKeys } from '@/features/sms/api/sms-query-keys';
import { liveCache } from '@/test/live-cache';

// The chat events on a real query cache seeded under the chat pages' own keys: a message asks again the
// pages of its open chat (or of its notes), and no other chat's; a bulk sending's progress shows at once.
// The chat lists follow the pages' own reducer (chat-list.rules.ts), not these caches.

const KEYS = {
  chat4: chatsQueryKeys.messages(4, false),
  notes4: chatsQueryKeys.messages(4, true),
  chat5: chatsQueryKeys.messages(5, false),
  sms1: smsQueryKeys.chat(1),
  sms2: smsQueryKeys.chat(2),
} satisfies Record<string, QueryKey>;

const { event, invalidated, queryClient } = liveCache(KEYS, { pages: [], pageParams: [] });
const avatar = '/default-avatar.svg';
const user = { id: 21, avatar, role: 5, full_name: 'Dina Dispatch' };
const message = {
  id: 9,
  content: 'Loaded',
  files: [],
  created_date: '2026-03-10T15:00:00Z',
  user_from: user,
  sms_chat: null,
};

describe('live queries: the chats', () => {
  it('group_chat_message asks again the open chat of the message, not its notes nor another chat', () => {
    event('group_chat_message', { message, chat: { id: 4, type: 'Load', title: '#000004', load_id: 40 } });
    expect(invalidated()).toEqual(['chat4']);
  });

  it('a note (type Note) asks again the notes of the load chat', () => {
    event('group_chat_message', { message, chat: { id: 4, type: 'Note', title: '#000004', load_id: 40 } });
    expect(invalidated()).toEqual(['notes4']);
  });

  it('sms_chat_message asks again the open SMS chat of the message', () => {
    const sms = {
      ...message,
      sms_chat: 2,
      direction: 'in',
      delivery_status: 'received',
      error: null,
      user_from: { id: null, avatar, role: 10, full_name: 'Dan Driver' },
    };
    const chat = {
      id: 2,
      type: 'Driver',
      title: 'Dan Driver',
      unread_count: 1,
      notes_unread_count: 0,
      entity: null,
      user: null,
      last_message: sms,
      updated_date: '2026-03-10T15:00:00Z',
      phone_number: '+15551230000',
      driver_id: 5,
      owner_id: null,
      unit_id: 'U-1',
    };
    event('sms_chat_message', { message: sms, chat });
    expect(invalidated()).toEqual(['sms2']);
  });

  it('marking read asks nothing again: the lists and the open chat were changed where they are shown', () => {
    event('mark_as_read_group_chat', { chat_id: 4, type: 'Load' });
    event('mark_as_read_sms', { chat_id: 1 });
    expect(invalidated()).toEqual([]);
  });

  it("notes read elsewhere (type Note) ask again the load chat's page for its notes badge, nothing else", () => {
    event('mark_as_read_group_chat', { chat_id: 4, type: 'Note' });
    expect(invalidated()).toEqual(['chat4']);
  });

  it("sms_bulk_progress shows a bulk sending's counts at once", () => {
    const started = {
      id: 7,
      state: 'sending',
      requested: 3,
      sent: 0,
      failed: 0,
      failures: [],
      created_date: '2026-03-10T15:00:00Z',
      finished_date: null,
    };
    queryClient().setQueryData(smsQueryKeys.bulk(7), started);
    event('sms_bulk_progress', { ...started, state: 'done', sent: 3, finished_date: '2026-03-10T15:00:05Z' });
    expect(queryClient().getQueryData(smsQueryKeys.bulk(7))).toMatchObject({ state: 'done', sent: 3 });
  });
});
