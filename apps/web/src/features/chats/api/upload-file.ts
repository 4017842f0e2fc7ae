import type { ChatFile } from '@app/domain/chats/chats.schema';
import { http } from '@/lib/api';
import { CHATS_API } from './chats-query-keys';

/** PUT users/current/chats/upload-file/: a file kept to send with the next message; answers its id. */
export function uploadChatFile(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.put<ChatFile>(`${CHATS_API}/upload-file/`, form, { silent: true });
}
