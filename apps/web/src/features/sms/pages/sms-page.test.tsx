import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SmsChatListItem, SmsChatResponse, SmsMessage } from '@app/domain/sms/sms.schema';
import { setupListPages, TEST_WORKING_GROUPS } from '@/components/lists/list-test-data';
import { FakeWebSocket } from '@/test/fake-web-socket';
import { FakeAnswer, renderApp } from '@/test/render-app';

// The SMS pages as a dispatcher uses them, through the real app, router and query cache; only the network
// and the socket are fake. The signed-in user is 11 (Ada Admin, role 3: numbers hidden).

const API = '/backend/api/v2/sms/chats';
const FIRST_DRAW = { timeout: 20_000 };
const AVATAR = '/default-avatar.svg';

function sms(
  id: number,
  content: string,
  direction: 'in' | 'out',
  role = direction === 'in' ? 10 : 5,
): SmsMessage {
  return {
    id,
    content,
    files: [],
    created_date: '2026-03-10T15:00:00Z',
    user_from: {
      id: direction === 'in' ? null : 21,
      avatar: AVATAR,
      role,
      full_name: direction === 'in' ? 'Dan Driver' : 'Dina Dispatch',
    },
    sms_chat: 1,
    direction,
    delivery_status: direction === 'in' ? 'received' : 'delivered',
    error: null,
  };
}

function smsChat(id: number, overrides: Partial<SmsChatListItem> = {}): SmsChatListItem {
  return {
    id,
    type: 'Driver',
    title: `Driver ${id}`,
    unread_count: 0,
    notes_unread_count: 0,
    entity: { id: 50 + id, name: `Driver ${id}`, avatar: AVATAR, resp_driver: null },
    user: null,
    last_message: sms(id * 10, `Text of ${id}`, 'in'),
    updated_date: '2026-03-10T15:00:00Z',
    phone_number: '+15551230000',
    driver_id: 50 + id,
    owner_id: null,
    unit_id: `U-${id}`,
    ...overrides,
  };
}

const listAnswer = (chats: SmsChatListItem[]) => ({
  count: chats.length,
  page: 1,
  limit: 50,
  entity: null,
  chats,
});

function chatAnswer(chat: SmsChatListItem, messages: SmsMessage[]): SmsChatResponse {
  return {
    id: chat.id,
    type: chat.type,
    title: chat.title,
    phone_number: chat.phone_number,
    chat,
    messages: { results: messages, count: messages.length },
    unread_count: chat.unread_count,
    load: null,
    user: null,
    driver: {
      id: 51,
      full_name: chat.title,
      avatar: AVATAR,
      phone_number: chat.phone_number,
      unit_id: chat.unit_id,
    },
    owner: null,
  };
}

const items = (list: HTMLElement) => within(list).getAllByRole('link');

afterEach(() => vi.unstubAllGlobals());

describe('SMS', () => {
  it('marks read at once a driver message arriving in the open chat, not a message of another chat', async () => {
    const one = smsChat(1);
    const { callsTo } = setupListPages({
      [`GET ${API}`]: listAnswer([one, smsChat(2)]),
      [`GET ${API}/1/`]: chatAnswer(one, [sms(1, 'Where to?', 'out'), sms(2, 'At the dock', 'in')]),
      [`PUT ${API}/1/mark-read/`]: { chat_id: 1, unread_count: 0 },
    });
    renderApp('/sms/1/');
    const messages = await screen.findByRole('list', { name: 'Messages' }, FIRST_DRAW);
    const [mine, theirs] = within(messages).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(mine).getByText('Dina Dispatch')).toBeTruthy();
    expect(within(mine).getByText('Delivered')).toBeTruthy();
    expect(within(theirs).getByText('At the dock')).toBeTruthy();
    // Role 3 does not see numbers: the unit, not the phone.
    expect(screen.getByText('Driver · Unit U-1')).toBeTruthy();
    act(() => FakeWebSocket.last().open());

    const list = screen.getByRole('list', { name: 'SMS chats' });
    act(() =>
      FakeWebSocket.last().receive({
        event: 'sms_chat_message',
        data: {
          message: sms(3, 'Loaded', 'in'),
          chat: smsChat(1, { unread_count: 1, last_message: sms(3, 'Loaded', 'in') }),
        },
      }),
    );
    await waitFor(() => expect(callsTo('PUT', `${API}/1/mark-read/`)).toHaveLength(1));
    expect(within(items(list)[0]!).queryByLabelText(/Unread messages/)).toBeNull();

    act(() =>
      FakeWebSocket.last().receive({
        event: 'sms_chat_message',
        data: {
          message: sms(4, 'Any loads?', 'in'),
          chat: smsChat(2, { unread_count: 1, last_message: sms(4, 'Any loads?', 'in') }),
        },
      }),
    );
    await waitFor(() => expect(items(list)[0]!.getAttribute('data-chat-id')).toBe('2'));
    expect(within(items(list)[0]!).getByLabelText('Unread messages: 1')).toBeTruthy();
    expect(callsTo('PUT', `${API}/2/mark-read/`)).toHaveLength(0);
  });

  it('sends one text to every driver of a team and shows the progress and who failed', async () => {
    const progress = {
      id: 7,
      state: 'sending',
      requested: 3,
      sent: 1,
      failed: 0,
      failures: [],
      created_date: '2026-03-10T15:00:00Z',
      finished_date: null,
    };
    const done = {
      ...progress,
      state: 'done',
      sent: 2,
      failed: 1,
      failures: [
        {
          driver_id: 9,
          owner_id: null,
          full_name: 'Nora Nophone',
          phone_number: null,
          reason: 'No phone number',
        },
      ],
    };
    const { callsTo } = setupListPages({
      [`GET ${API}`]: listAnswer([]),
      [`POST ${API}/bulk-sending/`]: new FakeAnswer(202, progress),
      [`GET ${API}/bulk-sending/7`]: done,
    });
    renderApp('/sms/');
    fireEvent.click(await screen.findByRole('button', { name: 'Send to many' }, FIRST_DRAW));
    const dialog = screen.getByRole('dialog', { name: 'Send one SMS to many' });
    const send = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Send' });
    expect(send.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'A team' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Team' }));
    fireEvent.click(await screen.findByRole('option', { name: TEST_WORKING_GROUPS[0]!.name }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Text' }), {
      target: { value: 'Office closed Monday' },
    });
    fireEvent.click(send);
    await waitFor(() => expect(callsTo('POST', `${API}/bulk-sending/`)).toHaveLength(1));
    expect(callsTo('POST', `${API}/bulk-sending/`)[0]!.body).toEqual({
      content: 'Office closed Monday',
      team_id: 3,
    });
    expect(await within(dialog).findByText('2 of 3 sent, 1 failed', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(dialog).getByRole('table', { name: 'Not sent' }).textContent).toContain('Nora Nophone');
  });

  it('renames the open chat and assigns it to a colleague; a refusal keeps the dialog as typed', async () => {
    const one = smsChat(1);
    let refuse = true;
    const renamed = {
      ...one,
      title: 'Dan (reefer)',
      user: { id: 22, avatar: AVATAR, role: 4, full_name: 'Mark Manager' },
    };
    const { callsTo } = setupListPages({
      [`GET ${API}`]: listAnswer([one, smsChat(2)]),
      [`GET ${API}/1/`]: () => chatAnswer(refuse ? one : renamed, []),
      [`PUT ${API}/1/update/`]: () =>
        refuse
          ? new FakeAnswer(400, {
              detail: 'Choose a colleague of the company with SMS access',
              code: 'sms_user_not_allowed',
              fields: { user_id: ['Choose a colleague of the company with SMS access'] },
            })
          : renamed,
    });
    renderApp('/sms/1/');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit chat' }, FIRST_DRAW));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the chat' });
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' });
    expect(name.value).toBe('Driver 1');
    fireEvent.change(name, { target: { value: '  Dan (reefer) ' } });
    const assignee = within(dialog).getByRole('combobox', { name: 'Assigned to' });
    fireEvent.mouseDown(assignee);
    fireEvent.click(await screen.findByRole('option', { name: 'Mark Manager' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(callsTo('PUT', `${API}/1/update/`)).toHaveLength(1));
    expect(callsTo('PUT', `${API}/1/update/`)[0]!.body).toEqual({ title: 'Dan (reefer)', user_id: 22 });
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(name.value).toBe('  Dan (reefer) ');

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit the chat' })).toBeNull());
    const list = screen.getByRole('list', { name: 'SMS chats' });
    await waitFor(() => expect(within(items(list)[0]!).getByText('Dan (reefer)')).toBeTruthy());
    expect(await screen.findByRole('heading', { name: 'Dan (reefer)' })).toBeTruthy();
  });

  it('opens the phone page of the chat in a new window with Phone link', async () => {
    const one = smsChat(1);
    const popup = { location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => popup);
    vi.stubGlobal('open', open);
    setupListPages({
      [`GET ${API}`]: listAnswer([one]),
      [`GET ${API}/1/`]: chatAnswer(one, []),
      [`GET ${API}/1/counterpart-link`]: {
        url: '/sms-phone/abcdefghijklmnopqrstuvwx',
        token: 'abcdefghijklmnopqrstuvwx',
      },
    });
    renderApp('/sms/1/');
    fireEvent.click(await screen.findByRole('button', { name: 'Phone link' }, FIRST_DRAW));
    await waitFor(() => expect(popup.location.href).toBe('/sms-phone/abcdefghijklmnopqrstuvwx'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(screen.getByText('No messages yet')).toBeTruthy();
  });
});
