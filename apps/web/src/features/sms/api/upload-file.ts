import { http } from '@/lib/api';
import { SMS_API } from './sms-query-keys';

/** PUT sms/chats/upload-file/: a picture kept to send with the next SMS; answers its id. */
export function uploadSmsFile(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.put<{ id: number; name: string; path: string }>(`${SMS_API}/upload-file/`, form, {
    silent: true,
  });
}
