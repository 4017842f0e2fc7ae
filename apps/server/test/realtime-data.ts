import type { Notification } from '@app/domain/notifications/notifications.schema';
import type { RealtimeEventData } from '@app/domain/realtime/realtime.schema';

// Event data for tests of delivery: valid by the domain's schemas (as every published event must be), and
// unlike any event a real change publishes.

/** A notification as new_notice carries it, with this id and label. */
export function testNotice(id: number, label = `Notice ${id}`): Notification {
  return {
    id,
    type: { id: 3, name: 'load_info' },
    label,
    content: 'A test notice',
    created_date: '2026-01-05T15:00:00.000Z',
  };
}

/** update_loads data no load change sends (a negative id): a marker that every socket has received. */
export function barrierData(n: number): RealtimeEventData<'update_loads'> {
  return { ids: [-n], action: 'edit' };
}
