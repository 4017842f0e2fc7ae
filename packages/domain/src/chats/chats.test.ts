import { describe, expect, it } from 'vitest';
import { parseRealtimeMessage } from '../realtime/realtime.schema';
import {
  avatarOrDefault,
  CHAT_LIST_PAGE_SIZE,
  CHAT_PAGE_SIZE,
  chatListQuerySchema,
  chatSendMessageSchema,
  CHATS_MESSAGES,
  DEFAULT_AVATAR_PATH,
  GROUP_CHAT_ROLES,
  NOTES_BADGE_CAP,
} from './chats.schema';

describe('group chats', () => {
  it("uses the spec's page sizes and badge cap", () => {
    expect(CHAT_PAGE_SIZE).toBe(25);
    expect(CHAT_LIST_PAGE_SIZE).toBe(50);
    expect(NOTES_BADGE_CAP).toBe(99);
  });

  it('is open to the roles of the group chats menu entry (3, 4, 5, 6, 8)', () => {
    expect([...GROUP_CHAT_ROLES].sort()).toEqual([3, 4, 5, 6, 8]);
  });

  it('lists 50 chats a page by default and never more', () => {
    expect(chatListQuerySchema.parse({})).toMatchObject({ page: 1, limit: 50 });
    expect(chatListQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
  });

  it('needs a text or a file to send, naming content', () => {
    const empty = chatSendMessageSchema.safeParse({ content: '  ', files_id: [] });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]).toMatchObject({
      path: ['content'],
      message: CHATS_MESSAGES.contentOrFiles,
    });
    expect(chatSendMessageSchema.parse({ files_id: [3] })).toEqual({ content: '', files_id: [3] });
    expect(chatSendMessageSchema.parse({ content: 'Hi' })).toEqual({ content: 'Hi', files_id: [] });
  });

  it('falls back to the default avatar', () => {
    expect(avatarOrDefault(null)).toBe(DEFAULT_AVATAR_PATH);
    expect(avatarOrDefault('')).toBe(DEFAULT_AVATAR_PATH);
    expect(avatarOrDefault('/media/a.png')).toBe('/media/a.png');
  });

  it("says which chat was read and its type, 'Note' for a load's notes", () => {
    const data = { chat_id: 4, type: 'Note' };
    expect(parseRealtimeMessage({ event: 'mark_as_read_group_chat', data })).toEqual({
      event: 'mark_as_read_group_chat',
      data,
    });
    // Without its type the reader's other tabs could not tell the notes from the chat.
    expect(parseRealtimeMessage({ event: 'mark_as_read_group_chat', data: { chat_id: 4 } })).toBeNull();
    expect(
      parseRealtimeMessage({ event: 'mark_as_read_group_chat', data: { chat_id: 4, type: 'Sms' } }),
    ).toBeNull();
  });
});
