import { useQuery } from '@tanstack/react-query';
import { http } from '@/lib/api';
import { CURRENT_USER_PATH } from '@/lib/current-user';
import { toApiError } from '@/lib/http-client';
import { readTokens } from '@/lib/token-storage';

// A chat message's file, fetched signed in: the browser cannot add the bearer token to a plain link or a
// picture's address, so the file is fetched and shown or handed to the browser from memory. An expired
// token is refreshed once through the API client (a quiet call that refreshes on its 401).

function fetchSigned(path: string): Promise<Response> {
  const token = readTokens()?.access_token;
  return globalThis.fetch(path, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
}

export async function fetchChatFile(path: string): Promise<Blob> {
  let response = await fetchSigned(path);
  if (response.status === 401) {
    await http.get(CURRENT_USER_PATH, { silent: true }).catch(() => undefined);
    response = await fetchSigned(path);
  }
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}

/** Saves a message's file through the browser's download. */
export async function downloadChatFile(file: { name: string; path: string }): Promise<void> {
  const address = URL.createObjectURL(await fetchChatFile(file.path));
  const link = document.createElement('a');
  link.href = address;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(address), 60_000);
}

/** A picture of a message as an address the page can show (kept while the chat is open). */
export function useChatPicture(path: string) {
  return useQuery({
    queryKey: ['chat-file', path],
    queryFn: async () => URL.createObjectURL(await fetchChatFile(path)),
    staleTime: Infinity,
  });
}
