import { REPORTS_API } from '@app/domain/accounting/reports.schema';
import { http } from '@/lib/api';
import { CURRENT_USER_PATH } from '@/lib/current-user';
import { toApiError } from '@/lib/http-client';
import { readTokens } from '@/lib/token-storage';

// A report is a file the server makes on request (a PDF, an .xlsx, a CSV): it is fetched signed in (a plain
// link cannot carry the bearer token) and handed to the browser as a download under the name the server
// gives it (Content-Disposition). An expired token is refreshed once through the API client (a quiet call
// that refreshes on its 401) and the report asked again.

export type ReportFile = { blob: Blob; fileName: string };

function fetchSigned(method: 'GET' | 'POST', path: string, body: unknown): Promise<Response> {
  const token = readTokens()?.access_token;
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return globalThis.fetch(`${REPORTS_API}/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
}

/** The file name of a Content-Disposition header: its UTF-8 form first, then the plain one. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  const plain = /filename="([^"]*)"/i.exec(disposition) ?? /filename=([^;]+)/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

export async function fetchReportFile(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  fallbackName: string,
): Promise<ReportFile> {
  let response = await fetchSigned(method, path, body);
  if (response.status === 401) {
    await http.get(CURRENT_USER_PATH, { silent: true }).catch(() => undefined);
    response = await fetchSigned(method, path, body);
  }
  if (!response.ok) throw await toApiError(response);
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('Content-Disposition'), fallbackName),
  };
}

/** Hands a file to the browser's download. */
export function saveFile({ blob, fileName }: ReportFile): void {
  const address = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = address;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(address), 60_000);
}
