import type { Notification } from '@app/domain/notifications/notifications.schema';
import { http } from '@/lib/api';
import { NOTIFICATIONS_API } from './notification-api';

/**
 * GET notifications/urgent, fetched once after start. The answer is a list, or a {count, results} page;
 * both are read. Silent: a failure is only logged (the regular list still shows).
 */
export async function fetchUrgentNotifications(): Promise<Notification[]> {
  const answer = await http.get<Notification[] | { results?: Notification[] } | null>(
    `${NOTIFICATIONS_API}/urgent`,
    { silent: true },
  );
  if (Array.isArray(answer)) return answer;
  return answer?.results ?? [];
}
