// The cache keys of group and notes chats. Everything sits under ['group-chats'] so that the realtime
// mapping reaches a chat's messages by its id without knowing its pages.

export const chatsQueryKeys = {
  all: ['group-chats'] as const,
  lists: ['group-chats', 'list'] as const,
  chats: ['group-chats', 'chat'] as const,
  /** Every page of a chat's messages and of its notes. */
  chat: (id: number) => ['group-chats', 'chat', id] as const,
  messages: (id: number, notes: boolean) =>
    ['group-chats', 'chat', id, notes ? 'notes' : 'messages'] as const,
};

export const CHATS_API = '/backend/api/v2/users/current/chats';
