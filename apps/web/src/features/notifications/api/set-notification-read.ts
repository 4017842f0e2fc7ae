import type { NotificationId } from '@app/domain/notifications/notifications.schema';
import { http } from '@/lib/api';
import { errorStatus } from '@/lib/api-error';
import { NOTIFICATIONS_API } from './notification-api';

/**
 * PUT notifications/{id}/set-read. Other failures are reported by the HTTP client's toast; a 404 is quiet:
 * the notification was read on another device meanwhile (see isNotificationGone). A transient
 * notification's id ('t-…') is accepted too: the server tells the user's other tabs to drop it.
 */
export function setNotificationRead(id: NotificationId): Promise<unknown> {
  const path = `${NOTIFICATIONS_API}/${encodeURIComponent(String(id))}/set-read`;
  return http.put(path, undefined, { quietStatuses: [404] });
}

/** A set-read that failed because the notification no longer exists: it stays out of the list. */
export function isNotificationGone(error: unknown): boolean {
  return errorStatus(error) === 404;
}
