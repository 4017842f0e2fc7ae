import { createChatReads } from './chats.reads';
import { createChatWrites, type ChatsDeps } from './chats.writes';

// Group and notes chats (GET/POST/PUT users/current/chats...): the reads (chats.reads.ts) and the changes
// (chats.writes.ts), with who may open which chat in chat-access.ts.

export type ChatsService = ReturnType<typeof createChatsService>;

export function createChatsService(deps: ChatsDeps) {
  return { ...createChatReads(deps), ...createChatWrites(deps) };
}
