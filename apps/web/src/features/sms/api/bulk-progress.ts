import { useQuery } from '@tanstack/react-query';
import type { SmsBulkProgress } from '@app/domain/sms/sms.schema';
import { http } from '@/lib/api';
import { SMS_API, smsQueryKeys } from './sms-query-keys';

/** How often a bulk sending's progress is asked while it is sending. */
export const BULK_PROGRESS_POLL_MS = 1000;

/** GET sms/chats/bulk-sending/{id}: how many were sent and failed so far, and which failed. */
export function fetchBulkProgress(id: number, signal?: AbortSignal) {
  return http.get<SmsBulkProgress>(`${SMS_API}/bulk-sending/${id}`, { signal, silent: true });
}

export function useBulkProgress(started: SmsBulkProgress | null) {
  return useQuery({
    queryKey: smsQueryKeys.bulk(started?.id ?? 0),
    queryFn: ({ signal }) => fetchBulkProgress(started!.id, signal),
    enabled: started !== null,
    initialData: started ?? undefined,
    refetchInterval: (query) => (query.state.data?.state === 'done' ? false : BULK_PROGRESS_POLL_MS),
  });
}
