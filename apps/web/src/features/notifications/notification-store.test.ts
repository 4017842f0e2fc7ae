import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mock } from 'vitest';
import { NOTIFICATION_TYPES } from '@app/domain/common/lookups';
import type { Notification, NotificationListResponse } from '@app/domain/notifications/notifications.schema';
import { ApiError } from '@/lib/api-error';
import { createNotificationStore } from './notification-store';
import type { NotificationStoreDeps } from './notification-store';

const START = Date.parse('2026-03-10T16:00:00Z');

function notice(typeId: number, fields: Partial<Notification> = {}): Notification {
  const type = NOTIFICATION_TYPES.find((entry) => entry.id === typeId)!;
  return {
    type: { id: type.id, name: type.name },
    label: `Type ${typeId}`,
    content: 'Content',
    created_date: '2026-03-10T11:58:00-04:00',
    ...fields,
  };
}

const page = (results: Notification[], count = results.length): NotificationListResponse => ({
  count,
  results,
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('notification store', () => {
  let deps: NotificationStoreDeps & {
    fetchPage: Mock<NotificationStoreDeps['fetchPage']>;
    fetchUrgent: Mock<NotificationStoreDeps['fetchUrgent']>;
    setRead: Mock<NotificationStoreDeps['setRead']>;
    playSound: Mock<NotificationStoreDeps['playSound']>;
  };
  let soundOn: boolean;

  beforeEach(() => {
    vi.useFakeTimers({ now: START });
    soundOn = true;
    deps = {
      fetchPage: vi.fn<NotificationStoreDeps['fetchPage']>(() => Promise.resolve(page([]))),
      fetchUrgent: vi.fn<NotificationStoreDeps['fetchUrgent']>(() => Promise.resolve([])),
      setRead: vi.fn<NotificationStoreDeps['setRead']>(() => Promise.resolve({})),
      isGone: (error) => error instanceof ApiError && error.status === 404,
      pageSize: 2,
      soundEnabled: () => soundOn,
      playSound: vi.fn<NotificationStoreDeps['playSound']>(() => true),
      now: () => Date.now(),
      log: vi.fn(),
    };
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function started() {
    const store = createNotificationStore(deps);
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    return store;
  }
  const ids = (store: ReturnType<typeof createNotificationStore>) =>
    store.getState().list.items.map((item) => item.id);

  it('fetches the first page and the urgent ones once after start; urgent ones already listed are not doubled', async () => {
    deps.fetchPage.mockResolvedValue(
      page(
        [notice(8, { id: 5, load: { id: 1, status: 2, accounting_status: null } }), notice(4, { id: 4 })],
        2,
      ),
    );
    deps.fetchUrgent.mockResolvedValue([
      notice(8, { id: 5, load: { id: 1, status: 2, accounting_status: null } }),
      notice(9, { id: 3, load: { id: 2, status: 2, accounting_status: null } }),
    ]);
    const store = await started();
    expect(deps.fetchPage).toHaveBeenCalledWith(1, 2);
    expect(deps.fetchUrgent).toHaveBeenCalledTimes(1);
    expect(store.getState().status).toBe('ready');
    expect(ids(store)).toEqual([5, 4, 3]);
    // Fetched ones never play a sound.
    expect(deps.playSound).not.toHaveBeenCalled();
    expect(store.getState().lastSound).toBeNull();
  });

  it('a new_notice goes to the front and plays its sound: message for a load status, notification for a bid', async () => {
    deps.fetchPage.mockResolvedValue(page([notice(4, { id: 1 })]));
    const store = await started();
    store.receive('new_notice', notice(100, { load_status: { id: 7, status: 3, previous_status: 2 } }));
    expect(ids(store)).toEqual(['local-1', 1]);
    expect(deps.playSound).toHaveBeenLastCalledWith('message');
    expect(store.getState().lastSound).toEqual({
      sound: 'message',
      played: true,
      notificationId: 'local-1',
      typeId: 100,
    });

    store.receive('new_notice', notice(3, { id: 2 }));
    expect(ids(store)).toEqual([2, 'local-1', 1]);
    expect(deps.playSound).toHaveBeenLastCalledWith('notification');
    expect(store.getState().lastSound?.sound).toBe('notification');
  });

  it.each([
    [1, 'message'],
    [2, 'message'],
    [7, 'message'],
    [8, 'message'],
    [10, 'message'],
    [11, 'message'],
    [100, 'message'],
    [3, 'notification'],
    [4, 'notification'],
    [5, 'notification'],
    [6, 'notification'],
    [9, 'notification'],
  ])('type %i chooses the %s sound', async (typeId, sound) => {
    const store = await started();
    store.receive('new_notice', notice(typeId, { id: 50 }));
    expect(deps.playSound).toHaveBeenCalledWith(sound);
  });

  it('with the sound flag off the sound is chosen but not played', async () => {
    soundOn = false;
    const store = await started();
    store.receive('new_notice', notice(1, { id: 3, group_chat: { id: 4, name: 'Team', type: 'Group' } }));
    expect(deps.playSound).not.toHaveBeenCalled();
    expect(store.getState().lastSound).toEqual({
      sound: 'message',
      played: false,
      notificationId: 3,
      typeId: 1,
    });
  });

  it('skips a new_notice that is not a notification', async () => {
    const store = await started();
    store.receive('new_notice', { id: 1, label: 'no type' });
    expect(ids(store)).toEqual([]);
    expect(deps.playSound).not.toHaveBeenCalled();
  });

  it('a read_notice removes it; other events are not the list’s', async () => {
    deps.fetchPage.mockResolvedValue(page([notice(4, { id: 1 }), notice(4, { id: 2 })]));
    const store = await started();
    store.receive('read_notice', { id: 1 });
    store.receive('update_loads', { ids: [1] });
    expect(ids(store)).toEqual([2]);
  });

  it('a load status notification (type 100) vanishes 30 seconds after it came', async () => {
    const store = await started();
    store.receive('new_notice', notice(100, { load_status: { id: 7, status: 3, previous_status: 2 } }));
    await vi.advanceTimersByTimeAsync(10_000);
    store.receive('new_notice', notice(4, { id: 9 }));
    await vi.advanceTimersByTimeAsync(19_999);
    expect(ids(store)).toEqual([9, 'local-1']);
    await vi.advanceTimersByTimeAsync(1);
    expect(ids(store)).toEqual([9]);
  });

  it('marking read removes it at once and tells the server, transient ones too; a local id is not sent', async () => {
    deps.fetchPage.mockResolvedValue(
      page([notice(8, { id: 11, load: { id: 3, status: 2, accounting_status: null } })]),
    );
    const store = await started();
    const transientId = 't-0f8fad5b-d9cb-469f-a165-70867728950e';
    store.receive(
      'new_notice',
      notice(100, { id: transientId, load_status: { id: 7, status: 3, previous_status: 2 } }),
    );
    store.receive('new_notice', notice(100, { load_status: { id: 8, status: 3, previous_status: 2 } }));
    const [local, transient, rate] = store.getState().list.items;
    await store.markRead(rate!);
    expect(deps.setRead).toHaveBeenCalledWith(11);
    await store.markRead(transient!);
    expect(deps.setRead).toHaveBeenLastCalledWith(transientId);
    await store.markRead(local!);
    expect(deps.setRead).toHaveBeenCalledTimes(2);
    expect(ids(store)).toEqual([]);
  });

  it('a failed mark read brings it back at the end; a 404 (read elsewhere) does not', async () => {
    deps.fetchPage.mockResolvedValue(page([notice(4, { id: 1 }), notice(4, { id: 2 })]));
    const store = await started();
    deps.setRead.mockRejectedValueOnce(new ApiError({ status: 500, detail: 'boom', code: 'server_error' }));
    await store.markRead(store.getState().list.items[0]!);
    expect(ids(store)).toEqual([2, 1]);
    deps.setRead.mockRejectedValueOnce(new ApiError({ status: 404, detail: 'Not found', code: 'not_found' }));
    await store.markRead(store.getState().list.items[0]!);
    expect(ids(store)).toEqual([1]);
  });

  it('loads further pages on demand, appended, until the count is reached', async () => {
    deps.fetchPage.mockImplementation((number: number) =>
      Promise.resolve(
        number === 1
          ? page([notice(4, { id: 5 }), notice(4, { id: 4 })], 3)
          : page([notice(4, { id: 3 })], 3),
      ),
    );
    const store = await started();
    expect(store.getState().hasMore).toBe(true);
    await store.loadMore();
    expect(deps.fetchPage).toHaveBeenLastCalledWith(2, 2);
    expect(ids(store)).toEqual([5, 4, 3]);
    expect(store.getState().hasMore).toBe(false);
  });

  it('after a reconnect the first page takes the place of the list, keeping what arrived meanwhile', async () => {
    deps.fetchPage.mockResolvedValueOnce(page([notice(4, { id: 2 }), notice(4, { id: 1 })]));
    const store = await started();
    const answer = deferred<NotificationListResponse>();
    deps.fetchPage.mockReturnValueOnce(answer.promise);
    await vi.advanceTimersByTimeAsync(1000);
    const refetched = store.refetch();
    store.receive('new_notice', notice(3, { id: 9 }));
    answer.resolve(page([notice(4, { id: 3 }), notice(4, { id: 2 })]));
    await refetched;
    // 1 was read on another device while the socket was away; 3 came meanwhile.
    expect(ids(store)).toEqual([9, 3, 2]);
    expect(deps.fetchUrgent).toHaveBeenCalledTimes(1);
  });

  it('urgent ones that answer after a reconnect refetch are still listed', async () => {
    const urgent = deferred<readonly Notification[]>();
    deps.fetchUrgent.mockReturnValueOnce(urgent.promise);
    const store = await started();
    await store.refetch();
    urgent.resolve([notice(9, { id: 7, load: { id: 2, status: 2, accounting_status: null } })]);
    await vi.advanceTimersByTimeAsync(0);
    expect(ids(store)).toEqual([7]);
  });

  it('shows an error when the first page fails, and tries again on demand', async () => {
    deps.fetchPage.mockRejectedValueOnce(new Error('offline'));
    const store = await started();
    expect(store.getState().status).toBe('error');
    deps.fetchPage.mockResolvedValueOnce(page([notice(4, { id: 1 })]));
    store.retry();
    expect(store.getState().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().status).toBe('ready');
    expect(ids(store)).toEqual([1]);
  });

  it('after stop the list is empty and late answers and events are dropped', async () => {
    const answer = deferred<NotificationListResponse>();
    deps.fetchPage.mockReturnValueOnce(answer.promise);
    const store = createNotificationStore(deps);
    store.start();
    store.stop();
    answer.resolve(page([notice(4, { id: 1 })]));
    await vi.advanceTimersByTimeAsync(0);
    store.receive('new_notice', notice(4, { id: 2 }));
    expect(ids(store)).toEqual([]);
  });
});
