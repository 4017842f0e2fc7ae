import { useMutation } from '@tanstack/react-query';
import type { LoadFile } from '@app/domain/loads/loads.schema';
import { http } from '@/lib/api';
import { CURRENT_USER_PATH } from '@/lib/current-user';
import { toApiError } from '@/lib/http-client';
import { readTokens } from '@/lib/token-storage';

function fetchSigned(url: string): Promise<Response> {
  const token = readTokens()?.access_token;
  return globalThis.fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
}

/**
 * GET loads/files/{id}/download (the file's url), signed in: the browser cannot add the bearer token to a
 * plain link, so the file is fetched and handed to the browser as a download. An expired token is
 * refreshed once through the API client (a quiet call that refreshes on its 401) and the file asked again.
 */
export async function downloadLoadFile(file: Pick<LoadFile, 'url' | 'name'>): Promise<void> {
  let response = await fetchSigned(file.url);
  if (response.status === 401) {
    await http.get(CURRENT_USER_PATH, { silent: true }).catch(() => undefined);
    response = await fetchSigned(file.url);
  }
  if (!response.ok) throw await toApiError(response);
  const address = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = address;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(address), 60_000);
}

export function useDownloadLoadFile() {
  return useMutation({ mutationFn: downloadLoadFile });
}
