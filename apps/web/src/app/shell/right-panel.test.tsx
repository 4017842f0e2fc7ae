import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleId } from '@app/domain/common/lookups';
import type { Notification } from '@app/domain/notifications/notifications.schema';
import { FakeWebSocket } from '@/test/fake-web-socket';
import { FakeAnswer, fakeFetch, makeUser, renderApp, storeSession } from '@/test/render-app';

const API = '/backend/api/v2/notifications';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function at(msAgo: number): string {
  return new Date(Date.now() - msAgo).toISOString();
}

function groupChat(id: number, chatId: number, msAgo = 10_000): Notification {
  return {
    id,
    type: { id: 1, name: 'group_chat' },
    label: 'Dispatch team',
    content: 'Who takes the Dallas load?',
    created_date: at(msAgo),
    group_chat: { id: chatId, name: 'Dispatch team', type: 'Group' },
    actor: { first_name: 'Dana', last_name: 'Dispatcher', avatar: null, responsible_dispatcher: null },
  };
}

const rateNotice: Notification = {
  id: 21,
  type: { id: 8, name: 'rate_notice' },
  label: 'Load 000301: rate changed',
  content: 'Prices of the load were changed',
  created_date: at(5 * MINUTE + 5_000),
  load: { id: 301, status: 10, accounting_status: 2 },
  broker_price: 1300,
  old_broker_price: 1200,
  driver_price: 950,
  old_driver_price: 900,
};

const smsChat: Notification = {
  id: 23,
  type: { id: 2, name: 'sms_chat' },
  label: 'Carl Dunn',
  content: 'At the shipper now',
  created_date: at(3 * HOUR + MINUTE),
  sms_chat: { id: 50, full_name: 'Carl Dunn', phone_number: null },
};

const loadInfo: Notification = {
  id: 24,
  type: { id: 4, name: 'load_info' },
  label: 'Load 000302 assigned to you',
  content: 'Chicago, IL → Dallas, TX',
  created_date: '2026-01-05T15:00:00Z',
  load: { id: 302, status: 2, accounting_status: null },
};

const LIST = [groupChat(22, 40), rateNotice, smsChat, loadInfo];

function signedIn(
  role: RoleId,
  list: Notification[] = LIST,
  extra: Record<string, unknown> = {},
  lang: 'en' | 'ru' = 'en',
) {
  storeSession();
  return fakeFetch({
    'GET /backend/api/users/my/': makeUser({ role, lang }),
    [`GET ${API}`]: { count: list.length, results: list },
    [`GET ${API}/urgent`]: [],
    [`PUT ${API}/21/set-read`]: {},
    [`PUT ${API}/22/set-read`]: {},
    [`PUT ${API}/23/set-read`]: {},
    [`PUT ${API}/24/set-read`]: {},
    ...extra,
  });
}

async function panel() {
  const found = await screen.findByRole('complementary', { name: 'Contacts and notifications' });
  await within(found).findByRole('list', { name: 'Notifications' });
  return found;
}

function rows(container: HTMLElement): string[] {
  return within(container)
    .getAllByRole('listitem')
    .map((row) => row.getAttribute('data-notification-id') ?? '');
}

const happyWindow = window as unknown as {
  happyDOM: { setViewport: (size: { width: number; height: number }) => void };
};

describe('right-hand panel: Home', () => {
  // A wide screen, where the panel starts at its full width.
  beforeEach(() => happyWindow.happyDOM.setViewport({ width: 1920, height: 1080 }));
  afterEach(() => happyWindow.happyDOM.setViewport({ width: 1024, height: 768 }));

  it('lists the notifications newest first, with their times: Now, N min ago, N hours ago, then a date', async () => {
    const { callsTo } = signedIn(5);
    renderApp('/');
    const home = await panel();
    expect(rows(home)).toEqual(['22', '21', '23', '24']);
    const times = within(home)
      .getAllByRole('listitem')
      .map((row) => row.querySelector('time')?.textContent);
    expect(times).toEqual(['Now', '5 min ago', '3 hours ago', '01/05/2026']);
    // A rate notice shows the prices before and after.
    const rate = within(home).getAllByRole('listitem')[1]!;
    expect(within(rate).getByText('Broker').nextElementSibling?.textContent).toBe('$1,200.00 → $1,300.00');
    expect(within(rate).getByText('Driver').nextElementSibling?.textContent).toBe('$900.00 → $950.00');
    expect(callsTo('GET', API)[0]?.url).toBe(`${API}?page=1&limit=20`);
    // The urgent ones are fetched once after start.
    expect(callsTo('GET', `${API}/urgent`)).toHaveLength(1);
  });

  it('shows the times and kinds in Russian', async () => {
    signedIn(5, LIST, {}, 'ru');
    renderApp('/');
    const home = await screen.findByRole('complementary', { name: 'Контакты и уведомления' });
    await within(home).findByRole('list', { name: 'Уведомления' });
    const times = within(home)
      .getAllByRole('listitem')
      .map((row) => row.querySelector('time')?.textContent);
    expect(times).toEqual(['Сейчас', '5 мин назад', '3 ч назад', '05.01.2026']);
    expect(within(home).getByText('Изменение ставки')).toBeTruthy();
  });

  it('says so when there are none, and offers to try again when the list fails', async () => {
    storeSession();
    const { callsTo } = fakeFetch({
      'GET /backend/api/users/my/': makeUser({ role: 5 }),
      [`GET ${API}`]: new FakeAnswer(500, { detail: 'Server error', code: 'server_error' }),
      [`GET ${API}/urgent`]: [],
    });
    renderApp('/');
    const found = await screen.findByRole('complementary', { name: 'Contacts and notifications' });
    expect(await within(found).findByText('Could not load notifications')).toBeTruthy();
    // A background list does not raise the error toast (the dashboard behind answers 404 here, not 500).
    expect(screen.queryByText('Request failed with HTTP code 500')).toBeNull();
    fakeFetch({
      'GET /backend/api/users/my/': makeUser({ role: 5 }),
      [`GET ${API}`]: { count: 0, results: [] },
    });
    await userEvent.click(within(found).getByRole('button', { name: 'Reload notifications' }));
    expect(await within(found).findByText('No notifications')).toBeTruthy();
    expect(callsTo('GET', API)).toHaveLength(1);
  });

  it('shows a new_notice at the top at once and names the sound it chose', async () => {
    signedIn(5);
    renderApp('/');
    const home = await panel();
    expect(FakeWebSocket.last().url).toBe('ws://localhost:3000/ws/company/demo-hash/?access_token=access-1');
    act(() => FakeWebSocket.last().open());
    act(() =>
      FakeWebSocket.last().receive({
        event: 'new_notice',
        data: {
          id: null,
          type: { id: 100, name: 'load_status' },
          label: 'Load 000303: Loaded',
          content: 'Dana Dispatcher moved the load to Loaded',
          created_date: at(0),
          load_status: { id: 303, status: 5, previous_status: 4 },
        },
      }),
    );
    expect(rows(home)).toEqual(['local-1', '22', '21', '23', '24']);
    expect(home.getAttribute('data-last-sound')).toBe('message');

    act(() =>
      FakeWebSocket.last().receive({
        event: 'new_notice',
        data: { ...loadInfo, id: 25, label: 'Load 000304 assigned to you', created_date: at(0) },
      }),
    );
    expect(rows(home)[0]).toBe('25');
    expect(home.getAttribute('data-last-sound')).toBe('notification');

    // A newer message of the same chat replaces the older one.
    act(() => FakeWebSocket.last().receive({ event: 'new_notice', data: groupChat(26, 40, 0) }));
    expect(rows(home)).toEqual(['26', '25', 'local-1', '21', '23', '24']);

    act(() => FakeWebSocket.last().receive({ event: 'read_notice', data: { id: 21 } }));
    expect(rows(home)).toEqual(['26', '25', 'local-1', '23', '24']);
  });

  it('opens the deep link of a notification and marks it read: a manager goes to the income page of a completed load', async () => {
    const { callsTo } = signedIn(4);
    const app = renderApp('/');
    const home = await panel();
    await userEvent.click(within(home).getByText('Load 000301: rate changed'));
    await waitFor(() => expect(app.pathname()).toBe('/accounting/income/active/301'));
    await waitFor(() => expect(callsTo('PUT', `${API}/21/set-read`)).toHaveLength(1));
    expect(rows(home)).toEqual(['22', '23', '24']);
  });

  it('a dispatcher goes to the load page of the same completed load', async () => {
    signedIn(5);
    const app = renderApp('/');
    const home = await panel();
    await userEvent.click(within(home).getByText('Load 000301: rate changed'));
    await waitFor(() => expect(app.pathname()).toBe('/load/completed/301'));
  });

  it('a group chat notification opens its chat', async () => {
    signedIn(5);
    const app = renderApp('/');
    const home = await panel();
    await userEvent.click(within(home).getByText('Who takes the Dallas load?'));
    await waitFor(() => expect(app.pathname()).toBe('/group-chats/40'));
  });

  it('a notes notification opens its chat on the notes side (?dir=notes)', async () => {
    const notes: Notification = {
      ...groupChat(27, 42),
      type: { id: 7, name: 'notes_chat' },
      content: 'Driver is late',
      group_chat: { id: 42, name: 'Load 000301', type: 'Note' },
    };
    signedIn(5, [notes]);
    const app = renderApp('/');
    const home = await panel();
    await userEvent.click(within(home).getByText('Driver is late'));
    await waitFor(() => expect(app.pathname()).toBe('/group-chats/42'));
    expect(app.router.state.location.search).toBe('?dir=notes');
  });

  it('the mark read button marks it read and stays on the page', async () => {
    const { callsTo } = signedIn(5);
    const app = renderApp('/');
    const home = await panel();
    await userEvent.click(
      within(home).getByRole('button', { name: 'Mark as read: Load 000302 assigned to you' }),
    );
    await waitFor(() => expect(callsTo('PUT', `${API}/24/set-read`)).toHaveLength(1));
    expect(rows(home)).toEqual(['22', '21', '23']);
    expect(app.pathname()).toBe('/');
  });

  it('the search box narrows the list to the notifications that contain the text', async () => {
    signedIn(5);
    renderApp('/');
    const home = await panel();
    await userEvent.type(within(home).getByRole('searchbox', { name: 'Search' }), 'carl');
    expect(rows(home)).toEqual(['23']);
    await userEvent.type(within(home).getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(within(home).getByText('No notifications match the search')).toBeTruthy();
  });

  it('is 300 px wide, 192 when compact, and the compact one still says what happened', async () => {
    signedIn(5);
    renderApp('/');
    const home = await panel();
    expect(getComputedStyle(home).width).toBe('300px');
    expect(within(home).getByText('At the shipper now')).toBeTruthy();
    await userEvent.click(within(home).getByRole('button', { name: 'Narrow panel' }));
    expect(getComputedStyle(home).width).toBe('192px');
    expect(within(home).getByText('At the shipper now')).toBeTruthy();
    expect(localStorage.getItem('compact_telephony')).toBe('true');
  });

  it('starts compact on a narrow screen (1280 px) until the user widens it, and remembers that', async () => {
    happyWindow.happyDOM.setViewport({ width: 1280, height: 800 });
    signedIn(5);
    renderApp('/');
    const home = await panel();
    await waitFor(() => expect(getComputedStyle(home).width).toBe('192px'));
    await userEvent.click(within(home).getByRole('button', { name: 'Wide panel' }));
    expect(getComputedStyle(home).width).toBe('300px');
    expect(localStorage.getItem('compact_telephony')).toBe('false');
  });

  it('the speaker button switches the load sound notification flag', async () => {
    signedIn(5);
    renderApp('/');
    const home = await panel();
    await userEvent.click(within(home).getByRole('button', { name: 'Turn notification sounds off' }));
    expect(localStorage.getItem('load_sound_notification')).toBe('false');
    act(() => FakeWebSocket.last().receive({ event: 'new_notice', data: groupChat(30, 41, 0) }));
    expect(home.getAttribute('data-last-sound')).toBe('message');
    expect(home.getAttribute('data-last-sound-played')).toBe('false');
    await userEvent.click(within(home).getByRole('button', { name: 'Turn notification sounds on' }));
    expect(localStorage.getItem('load_sound_notification')).toBe('true');
  });

  it('after the socket comes back it fetches the list and the page again', async () => {
    const { callsTo } = signedIn(5);
    renderApp('/');
    await panel();
    act(() => FakeWebSocket.last().open());
    expect(callsTo('GET', API)).toHaveLength(1);
    const usersMy = callsTo('GET', '/backend/api/users/my/').length;

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => FakeWebSocket.last().serverClose(1006));
    expect(screen.getByText('Live updates paused. Reconnecting…')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    vi.useRealTimers();
    expect(FakeWebSocket.instances).toHaveLength(2);
    act(() => FakeWebSocket.last().open());
    await waitFor(() => expect(callsTo('GET', API)).toHaveLength(2));
    await waitFor(() => expect(callsTo('GET', '/backend/api/users/my/').length).toBe(usersMy + 1));
    expect(screen.queryByText('Live updates paused. Reconnecting…')).toBeNull();
    // Urgent ones only once after start.
    expect(callsTo('GET', `${API}/urgent`)).toHaveLength(1);
  });
});

describe('realtime socket', () => {
  it('starts after sign-in with the company of users/my and stops at logout', async () => {
    signedIn(5, [], { 'POST /backend/api/v2/rest-auth/logout/': {} });
    const app = renderApp('/');
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(FakeWebSocket.instances).toHaveLength(1);
    const socket = FakeWebSocket.last();
    expect(socket.url).toBe('ws://localhost:3000/ws/company/demo-hash/?access_token=access-1');
    act(() => socket.open());
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('button', { name: 'Logout' }),
    );
    await waitFor(() => expect(app.pathname()).toBe('/login/'));
    expect(socket.closedByClient).toBe(1000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('does not start before sign-in', async () => {
    renderApp('/login/');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});

describe('unread counts on the menu and the bell', () => {
  const chats: Notification[] = [
    groupChat(31, 40),
    groupChat(32, 41),
    { ...groupChat(33, 42), type: { id: 7, name: 'notes_chat' } },
    smsChat,
    rateNotice,
  ];

  it('the group chats and SMS entries show their unread counts', async () => {
    signedIn(5, chats);
    renderApp('/');
    await panel();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    // The narrow rail shows a dot on the entries with unread notifications only.
    const dot = (name: RegExp) =>
      within(nav).getByRole('link', { name }).querySelector('.MuiBadge-dot') as HTMLElement;
    await waitFor(() => expect(dot(/Group chats/).classList.contains('MuiBadge-invisible')).toBe(false));
    expect(dot(/SMS/).classList.contains('MuiBadge-invisible')).toBe(false);
    expect(dot(/Load board/).classList.contains('MuiBadge-invisible')).toBe(true);
    // The rail widens on focus and then shows the counts next to the entries.
    act(() => within(nav).getByRole('link', { name: 'Load board' }).focus());
    expect(await within(nav).findByLabelText('3 unread')).toBeTruthy();
    expect(within(nav).getByLabelText('1 unread')).toBeTruthy();
    const groupChatsLink = within(nav).getByRole('link', { name: /Group chats/ });
    expect(within(groupChatsLink).getByLabelText('3 unread')).toBeTruthy();
    expect(within(within(nav).getByRole('link', { name: /SMS/ })).getByLabelText('1 unread')).toBeTruthy();

    act(() => FakeWebSocket.last().receive({ event: 'read_notice', data: { id: 23 } }));
    await waitFor(() => expect(within(nav).queryByLabelText('1 unread')).toBeNull());
  });

  it('on a phone the bell shows the total and opens the notifications', async () => {
    const happyWindow = window as unknown as {
      happyDOM: { setViewport: (size: { width: number; height: number }) => void };
    };
    happyWindow.happyDOM.setViewport({ width: 390, height: 844 });
    try {
      signedIn(5, chats);
      const app = renderApp('/');
      const bell = await screen.findByRole('button', { name: 'Notifications' });
      await waitFor(() => expect(bell.textContent).toBe('5'));
      await userEvent.click(bell);
      const home = await panel();
      await userEvent.click(within(home).getByText('Carl Dunn'));
      await waitFor(() => expect(app.pathname()).toBe('/sms/50'));
      await waitFor(() =>
        expect(screen.queryByRole('complementary', { name: 'Contacts and notifications' })).toBeNull(),
      );
      expect(bell.textContent).toBe('4');
    } finally {
      act(() => happyWindow.happyDOM.setViewport({ width: 1024, height: 768 }));
    }
  });
});
