import type { Notification } from '@app/domain/notifications/notifications.schema';
import type { CompanyCaller } from '../auth/caller';

/**
 * Notices another module keeps rather than this one stores: a group chat's unread notice is read from the
 * chat itself (chats/chat-notices.ts), so that a message to 50 members writes no row for each. GET
 * notifications lists them among the stored ones, newest first; PUT notifications/{id}/set-read hands an
 * id the source owns back to it.
 */
export type NoticeSource = {
  /** Whether the id is one of this source's ('chat-42'). */
  owns(id: string): boolean;
  /** How many unread notices the caller has, and the newest `limit` of them, newest first. */
  unread(caller: CompanyCaller, limit: number): Promise<{ count: number; newest: Notification[] }>;
  /** 'read' when it was unread, 'already' when read before, 'missing' when the caller has no such notice. */
  dismiss(caller: CompanyCaller, id: string): Promise<'read' | 'already' | 'missing'>;
};

/** Lists each newest first merged into one, newest first; on the same time the earlier list's comes first. */
export function mergeNewestFirst(lists: readonly (readonly Notification[])[]): Notification[] {
  return lists
    .flatMap((list, order) => list.map((notification) => ({ notification, order })))
    .sort(
      (a, b) => b.notification.created_date.localeCompare(a.notification.created_date) || a.order - b.order,
    )
    .map((entry) => entry.notification);
}
