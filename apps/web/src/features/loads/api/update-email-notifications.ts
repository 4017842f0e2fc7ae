import type { LoadEmailNotificationsInput } from '@app/domain/loads/loads.schema';
import { http } from '@/lib/api';
import { LOADS_API, SHOWN_BY_THE_PAGE } from './load-query-keys';
import { useLoadMutation } from './load-mutation';

export type UpdateEmailNotificationsVariables = { id: number; settings: LoadEmailNotificationsInput };

/** PUT loads/active/{id}/email-notifications: the broker's e-mail updates about the load. */
export function updateEmailNotifications({
  id,
  settings,
}: UpdateEmailNotificationsVariables): Promise<unknown> {
  return http.put(`${LOADS_API}/active/${id}/email-notifications`, settings, {
    quietStatuses: SHOWN_BY_THE_PAGE,
  });
}

export function useUpdateEmailNotifications() {
  return useLoadMutation(updateEmailNotifications);
}
