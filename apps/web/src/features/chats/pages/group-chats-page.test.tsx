import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChatListItem, ChatMessage, ChatResponse } from '@app/domain/chats/chats.schema';
import { setupListPages } from '@/components/lists/list-test-data';
import { FakeWebSocket } from '@/test/fake-web-socket';
import { FakeAnswer, renderApp, type FakeCall } from '@/test/render-app';

// The group chats pages as a dispatcher uses them, through the real app, router and query cache; only the
// network and the socket are fake. The signed-in user is 11 (Ada Admin).

const API = '/backend/api/v2/users/current/chats';
const FIRST_DRAW = { timeout: 20_000 };
const AVATAR = '/default-avatar.svg';
const ME = 11;

const person = (id: number, full_name: string, role = 5) => ({ id, full_name, avatar: AVATAR, role });

function message(
  id: number,
  content: string,
  from = person(21, 'Dina Dispatch'),
  at = '2026-03-10T15:00:00Z',
): ChatMessage {
  return { id, content, files: [], created_date: at, user_from: from, sms_chat: null };
}

function chatItem(id: number, overrides: Partial<ChatListItem> = {}): ChatListItem {
  return {
    id,
    type: 'Load',
    title: `#0000${id}`,
    unread_count: 0,
    notes_unread_count: 0,
    entity: { id: 100 + id, name: `#0000${id}`, avatar: AVATAR, resp_driver: null },
    user: null,
    last_message: message(id * 10, `Message of ${id}`),
    updated_date: '2026-03-10T15:00:00Z',
    ...overrides,
  };
}

function listAnswer(chats: ChatListItem[], count = chats.length, page = 1) {
  return { count, page, limit: 50, entity: null, chats };
}

function chatAnswer(
  id: number,
  messages: ChatMessage[],
  overrides: Partial<ChatResponse> = {},
): ChatResponse {
  return {
    id,
    type: 'Load',
    title: `#0000${id}`,
    messages: { results: messages, count: messages.length },
    unread_count: 0,
    notes_unread_count: 0,
    is_member: true,
    load: { id: 100 + id, load_accounting_number: id, status: 2, accounting_status: null },
    user: null,
    driver: { id: 5, full_name: 'Dan Driver', avatar: AVATAR, phone_number: null },
    owner: null,
    ...overrides,
  };
}

const items = (list: HTMLElement) => within(list).getAllByRole('link');
const chatIds = (list: HTMLElement) => items(list).map((item) => Number(item.getAttribute('data-chat-id')));

function live(event: string, data: unknown) {
  act(() => FakeWebSocket.last().receive({ event, data }));
}

describe('group chats', () => {
  it('lists the chats with unread and notes badges (capped at 99) and their times; loads more until the count', async () => {
    // A first page short of the count (as the server's 50 a page would be with more chats).
    const pages: Record<string, ReturnType<typeof listAnswer>> = {
      '1': listAnswer([chatItem(7, { unread_count: 3, notes_unread_count: 120 }), chatItem(200)], 3),
      '2': listAnswer([chatItem(1)], 3, 2),
    };
    const { callsTo } = setupListPages({
      [`GET ${API}`]: (call: FakeCall) =>
        pages[new URL(call.url, 'http://x').searchParams.get('page') ?? '1'],
    });
    renderApp('/group-chats/');
    const list = await screen.findByRole('list', { name: 'Group chats' }, FIRST_DRAW);
    expect(items(list)).toHaveLength(2);
    const first = items(list)[0]!;
    expect(within(first).getByText('#00007')).toBeTruthy();
    expect(within(first).getByText('Dina Dispatch: Message of 7')).toBeTruthy();
    // A message older than a day reads as its Eastern date.
    expect(within(first).getByTestId('chat-time').textContent).toBe('03/10/2026');
    expect(within(first).getByLabelText('Unread messages: 3').textContent).toBe('3');
    expect(within(first).getByLabelText('Unread notes: 120').textContent).toContain('99+');
    expect(new URL(callsTo('GET', API)[0]!.url, 'http://x').searchParams.get('limit')).toBe('50');

    fireEvent.click(screen.getByRole('button', { name: 'Load more (2 of 3)' }));
    await waitFor(() => expect(items(list)).toHaveLength(3));
    expect(new URL(callsTo('GET', API).at(-1)!.url, 'http://x').searchParams.get('page')).toBe('2');
    expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull();
  });

  it('moves a chat with a new message to the top, adds an unknown one with one more in the count, and zeroes a chat read elsewhere', async () => {
    setupListPages({
      [`GET ${API}`]: listAnswer([chatItem(1), chatItem(2), chatItem(3, { unread_count: 2 })]),
    });
    renderApp('/group-chats/');
    const list = await screen.findByRole('list', { name: 'Group chats' }, FIRST_DRAW);
    act(() => FakeWebSocket.last().open());

    const chatRef = (id: number, type = 'Load') => ({ id, type, title: `#0000${id}`, load_id: 100 + id });
    live('group_chat_message', { message: message(90, 'Loaded, rolling'), chat: chatRef(2) });
    await waitFor(() => expect(chatIds(list)).toEqual([2, 1, 3]));
    expect(within(items(list)[0]!).getByLabelText('Unread messages: 1')).toBeTruthy();
    expect(within(items(list)[0]!).getByText('Dina Dispatch: Loaded, rolling')).toBeTruthy();

    live('group_chat_message', { message: message(91, 'New team chat'), chat: chatRef(9, 'Team') });
    await waitFor(() => expect(chatIds(list)).toEqual([9, 2, 1, 3]));

    // A note counts on the notes badge; my own message counts nowhere.
    live('group_chat_message', { message: message(92, 'Check the seal'), chat: chatRef(1, 'Note') });
    live('group_chat_message', {
      message: message(93, 'On it', person(ME, 'Ada Admin', 3)),
      chat: chatRef(9),
    });
    await waitFor(() => expect(chatIds(list)).toEqual([9, 1, 2, 3]));
    expect(within(items(list)[1]!).getByLabelText('Unread notes: 1')).toBeTruthy();
    expect(within(items(list)[0]!).getByLabelText('Unread messages: 1')).toBeTruthy();

    live('mark_as_read_group_chat', { chat_id: 3, type: 'Load' });
    await waitFor(() => expect(within(items(list)[3]!).queryByLabelText(/Unread messages/)).toBeNull());

    // Notes read on another tab clear the notes badge and leave the chat's own count.
    live('group_chat_message', { message: message(94, 'Seal 55'), chat: chatRef(1) });
    await waitFor(() => expect(within(items(list)[0]!).getByLabelText('Unread messages: 1')).toBeTruthy());
    live('mark_as_read_group_chat', { chat_id: 1, type: 'Note' });
    await waitFor(() => expect(within(items(list)[0]!).queryByLabelText(/Unread notes/)).toBeNull());
    expect(within(items(list)[0]!).getByLabelText('Unread messages: 1')).toBeTruthy();
  });

  it('opens a chat newest last, marks it read, and sends with Enter; a failed send keeps the text', async () => {
    let fail = true;
    const { callsTo } = setupListPages({
      [`GET ${API}`]: listAnswer([chatItem(4, { unread_count: 2 })]),
      [`GET ${API}/4/`]: chatAnswer(4, [message(1, 'Picked up'), message(2, 'ETA 5pm')], { unread_count: 2 }),
      [`PUT ${API}/4/mark-read`]: { chat_id: 4, unread_count: 0 },
      [`POST ${API}/4/send-message`]: () =>
        fail
          ? new FakeAnswer(503, { detail: 'down', code: 'unavailable' })
          : message(3, 'Thanks', person(ME, 'Ada Admin', 3)),
    });
    renderApp('/group-chats/4/');
    const messages = await screen.findByRole('list', { name: 'Messages' }, FIRST_DRAW);
    expect(
      within(messages)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Picked up'), expect.stringContaining('ETA 5pm')]);
    expect(screen.getByRole('heading', { name: 'Load #00004' })).toBeTruthy();
    expect(screen.getByText('Driver: Dan Driver')).toBeTruthy();
    await waitFor(() => expect(callsTo('PUT', `${API}/4/mark-read`)).toHaveLength(1));
    const list = screen.getByRole('list', { name: 'Group chats' });
    await waitFor(() => expect(within(list).queryByLabelText(/Unread messages/)).toBeNull());

    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Thanks' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    const failed = await screen.findByRole('button', { name: 'Not sent. Send again' });
    expect(failed.getAttribute('data-failed')).toBe('true');
    expect(box.value).toBe('Thanks');
    fail = false;
    fireEvent.click(failed);
    await waitFor(() => expect(box.value).toBe(''));
    const sent = callsTo('POST', `${API}/4/send-message`);
    expect(sent.at(-1)?.body).toEqual({ content: 'Thanks', files_id: [] });
  });

  it('opens the notes with ?dir=notes and writes a note', async () => {
    const { callsTo } = setupListPages({
      [`GET ${API}`]: listAnswer([chatItem(4)]),
      [`GET ${API}/4/`]: (call: FakeCall) =>
        call.url.includes('dir=notes')
          ? chatAnswer(4, [message(5, 'Gate code 1234')], { type: 'Note' })
          : chatAnswer(4, [message(1, 'Picked up')]),
      [`POST ${API}/4/send-note-message`]: message(6, 'Lumper paid', person(ME, 'Ada Admin', 3)),
    });
    renderApp('/group-chats/4/?dir=notes');
    const notes = await screen.findByRole('list', { name: 'Notes' }, FIRST_DRAW);
    expect(within(notes).getByText('Gate code 1234')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Notes', selected: true })).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Lumper paid' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(callsTo('POST', `${API}/4/send-note-message`)).toHaveLength(1));
  });

  it("an admin makes a team's chat with 'New team chat' and it opens", async () => {
    let made = false;
    const team = chatItem(9, { type: 'Team', title: 'East dispatch', entity: null, last_message: null });
    const { callsTo } = setupListPages({
      [`GET ${API}`]: () => listAnswer(made ? [team, chatItem(1)] : [chatItem(1)]),
      [`GET ${API}/9/`]: chatAnswer(9, [], {
        type: 'Team',
        title: 'East dispatch',
        load: null,
        driver: null,
      }),
      [`POST ${API}/create`]: () => {
        made = true;
        return { id: 9 };
      },
    });
    const view = renderApp('/group-chats/');
    fireEvent.click(await screen.findByRole('button', { name: 'New team chat' }, FIRST_DRAW));
    const dialog = await screen.findByRole('dialog', { name: 'New team chat' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create.hasAttribute('disabled')).toBe(true);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Team/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'East' }));
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', { name: /Chat name/ });
    // The team's name to start from.
    expect(name.value).toBe('East');
    fireEvent.change(name, { target: { value: 'East dispatch ' } });
    fireEvent.click(create);

    await waitFor(() => expect(view.pathname()).toBe('/group-chats/9/'));
    expect(callsTo('POST', `${API}/create`)[0]!.body).toEqual({ team_id: 3, title: 'East dispatch' });
    const list = screen.getByRole('list', { name: 'Group chats' });
    await waitFor(() => expect(chatIds(list)).toEqual([9, 1]));
    expect(screen.queryByRole('dialog', { name: 'New team chat' })).toBeNull();
  });

  it("a dispatcher has no 'New team chat'", async () => {
    setupListPages({ [`GET ${API}`]: listAnswer([chatItem(1)]) }, { role: 5 });
    renderApp('/group-chats/');
    await screen.findByRole('list', { name: 'Group chats' }, FIRST_DRAW);
    expect(screen.queryByRole('button', { name: 'New team chat' })).toBeNull();
  });

  it('says so when the chat cannot be opened, and when there are no chats', async () => {
    setupListPages({
      [`GET ${API}`]: listAnswer([]),
      [`GET ${API}/8/`]: new FakeAnswer(404, { detail: 'Not found', code: 'not_found' }),
    });
    renderApp('/group-chats/8/');
    expect(
      await screen.findByText('This chat is not found, or it is not yours to read.', {}, FIRST_DRAW),
    ).toBeTruthy();
    expect(await screen.findByText('No group chats yet')).toBeTruthy();
  });
});
