import type { NotificationListResponse } from '@app/domain/notifications/notifications.schema';
import { http } from '@/lib/api';
import { NOTIFICATIONS_API } from './notification-api';

/**
 * GET notifications: a page of the user's unread notifications, newest first. Silent: the panel shows its
 * own error state, and a background list must not pop up toasts over the page the user works on.
 */
export function fetchNotificationList(page: number, limit: number): Promise<NotificationListResponse> {
  return http.get<NotificationListResponse>(NOTIFICATIONS_API, { query: { page, limit }, silent: true });
}
