import { useMutation } from '@tanstack/react-query';
import type { SmsBulkProgress, SmsBulkSending } from '@app/domain/sms/sms.schema';
import { http } from '@/lib/api';
import { SMS_API } from './sms-query-keys';

/**
 * POST sms/chats/bulk-sending/: one text to the drivers or owners chosen, or to every driver of a team or
 * of the units in a state. Accepted at once with its progress; the messages go out in the background.
 */
export function startBulkSending(body: SmsBulkSending, idempotencyKey: string) {
  return http.post<SmsBulkProgress>(`${SMS_API}/bulk-sending/`, body, {
    quietStatuses: [400],
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useStartBulkSending() {
  return useMutation({
    mutationFn: ({ body, key }: { body: SmsBulkSending; key: string }) => startBulkSending(body, key),
  });
}
