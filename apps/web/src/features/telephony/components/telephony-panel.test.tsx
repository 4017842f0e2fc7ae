import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleId } from '@app/domain/common/lookups';
import type { CallInfo, ContactEntry } from '@app/domain/telephony/telephony.schema';
import { requestContact } from '@/components/contact/contact-request';
import type { CurrentUser } from '@/lib/current-user';
import { companyWith, fakeFetch, makeUser, renderApp, storeSession } from '@/test/render-app';

const API = '/backend/api/v2/telephony';

function entry(
  overrides: Partial<ContactEntry> & Pick<ContactEntry, 'kind' | 'id' | 'full_name'>,
): ContactEntry {
  const [first = '', last = ''] = overrides.full_name.split(' ');
  return {
    first_name: first,
    last_name: last,
    phone_number: null,
    has_phone: true,
    unit_id: null,
    company_name: null,
    avatar: null,
    driver_chat: null,
    personal_sms_chat: null,
    load_id: null,
    group_chat: null,
    ...overrides,
  };
}

const carl = entry({
  kind: 'driver',
  id: 12,
  full_name: 'Carl Dunn',
  unit_id: '4521',
  company_name: 'Owens Freight LLC',
  personal_sms_chat: 50,
  group_chat: 40,
});
const olga = entry({
  kind: 'owner',
  id: 3,
  full_name: 'Olga Owens',
  unit_id: '4521',
  company_name: 'Owens Freight LLC',
});
const broker = entry({
  kind: 'broker',
  id: 7,
  full_name: 'Carlisle Logistics',
  company_name: 'Carlisle Logistics',
});

type Company = NonNullable<CurrentUser['company_instance']>;

function signedIn(role: RoleId, company: Partial<Company> = {}, extra: Record<string, unknown> = {}) {
  storeSession();
  return fakeFetch({
    'GET /backend/api/users/my/': makeUser({ role, company_instance: { ...companyWith({}), ...company } }),
    [`GET ${API}/contacts`]: { count: 3, results: [carl, olga, broker] },
    [`GET ${API}/user-phone-data/12`]: { call_system: null, driver: carl, owner: olga } satisfies CallInfo,
    ...extra,
  });
}

async function panel() {
  return screen.findByRole('complementary', { name: 'Contacts and notifications' });
}

const happyWindow = window as unknown as {
  happyDOM: { setViewport: (size: { width: number; height: number }) => void };
};

describe('the right-hand panel: people and Connect', () => {
  beforeEach(() => happyWindow.happyDOM.setViewport({ width: 1920, height: 1080 }));
  afterEach(() => {
    happyWindow.happyDOM.setViewport({ width: 1024, height: 768 });
    vi.restoreAllMocks();
  });

  it('the search finds people; choosing one opens Connect with the card, the owner loaded with it', async () => {
    const { callsTo } = signedIn(5);
    renderApp('/');
    const aside = await panel();
    await userEvent.type(within(aside).getByRole('searchbox', { name: 'Search' }), 'carl');
    const people = await within(aside).findByRole('list', { name: 'People' });
    await waitFor(() => expect(callsTo('GET', `${API}/contacts`).at(-1)?.url).toContain('search=carl'));
    // The search waits for the typing to stop: one request, not one per key.
    expect(callsTo('GET', `${API}/contacts`)).toHaveLength(1);
    await userEvent.click(within(people).getByText('Carl Dunn'));

    expect(within(aside).getByRole('tab', { name: 'Connect' }).getAttribute('aria-selected')).toBe('true');
    const card = await within(aside).findByRole('article', { name: 'Driver: Carl Dunn' });
    expect(within(card).getByText('Unit 4521')).toBeTruthy();
    expect(within(card).getByText('Owens Freight LLC')).toBeTruthy();
    // A dispatcher does not see numbers (canViewNumber: role 4 or the company's setting).
    expect(within(card).queryByLabelText('Phone number')).toBeNull();
    expect(await within(aside).findByRole('article', { name: 'Owner: Olga Owens' })).toBeTruthy();
    expect(callsTo('GET', `${API}/user-phone-data/12`)[0]?.url).toContain('kind=driver');
    // Without an external call system and with the number hidden there is nothing to dial.
    expect(within(card).getByRole('button', { name: 'Call' }).hasAttribute('disabled')).toBe(true);
  });

  it('a manager sees the number and calls through tel: without an external call system', async () => {
    signedIn(
      4,
      {},
      {
        [`GET ${API}/user-phone-data/12`]: {
          call_system: null,
          driver: { ...carl, phone_number: '(555) 100-2000' },
          owner: olga,
        },
      },
    );
    renderApp('/');
    const aside = await panel();
    act(() => requestContact({ kind: 'driver', id: 12, intent: 'connect' }));
    const card = await within(aside).findByRole('article', { name: 'Driver: Carl Dunn' });
    expect(within(card).getByLabelText('Phone number').textContent).toBe('(555) 100-2000');
    expect(within(card).getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:5551002000');
  });

  it("SMS and Chat open the person's chats; an SMS chat not made yet is made first", async () => {
    const { callsTo } = signedIn(4, {}, { 'POST /backend/api/v2/sms/chats/open': { id: 61 } });
    const app = renderApp('/');
    const aside = await panel();
    act(() => requestContact({ kind: 'driver', id: 12, intent: 'connect' }));
    const card = await within(aside).findByRole('article', { name: 'Driver: Carl Dunn' });
    await userEvent.click(within(card).getByRole('button', { name: 'Chat' }));
    await waitFor(() => expect(app.pathname()).toBe('/group-chats/40'));
    // The owner has no SMS chat yet: it is made first, then opened (the driver's known one opens at once).
    const owner = within(aside).getByRole('article', { name: 'Owner: Olga Owens' });
    await userEvent.click(within(owner).getByRole('button', { name: 'SMS' }));
    await waitFor(() => expect(app.pathname()).toBe('/sms/61'));
    expect(callsTo('POST', '/backend/api/v2/sms/chats/open')[0]?.body).toEqual({ owner_id: 3 });
    // Its unit is on no load: there is no group chat to open.
    expect(within(owner).getByRole('button', { name: 'Chat' }).hasAttribute('disabled')).toBe(true);
  });

  it("SMS opens the person's own SMS chat and Chat the driver's group chat, as the contact names them", async () => {
    // On a load: the driver's group chat is the unit's load chat, for the driver and the owner alike.
    const onLoad = { driver_chat: 40, group_chat: 40, load_id: 301 };
    const { callsTo } = signedIn(
      5,
      {},
      {
        'POST /backend/api/v2/sms/chats/open': { id: 61 },
        [`GET ${API}/user-phone-data/12`]: {
          call_system: null,
          // The driver has no number on file any more, but has an SMS chat.
          driver: { ...carl, ...onLoad, has_phone: false, personal_sms_chat: 50 },
          owner: { ...olga, ...onLoad },
        },
      },
    );
    const app = renderApp('/');
    const aside = await panel();
    act(() => requestContact({ kind: 'driver', id: 12, intent: 'sms' }));
    await waitFor(() => expect(app.pathname()).toBe('/sms/50'));
    const owner = await within(aside).findByRole('article', { name: 'Owner: Olga Owens' });
    // The owner's own SMS chat, made first: never the driver's group chat.
    await userEvent.click(within(owner).getByRole('button', { name: 'SMS' }));
    await waitFor(() => expect(app.pathname()).toBe('/sms/61'));
    expect(callsTo('POST', '/backend/api/v2/sms/chats/open')[0]?.body).toEqual({ owner_id: 3 });
    await userEvent.click(within(owner).getByRole('button', { name: 'Chat' }));
    await waitFor(() => expect(app.pathname()).toBe('/group-chats/40'));
    const driver = within(aside).getByRole('article', { name: 'Driver: Carl Dunn' });
    expect(within(driver).getByRole('button', { name: 'SMS' }).hasAttribute('disabled')).toBe(false);
  });

  it('with the external call system, Call opens the call window at the address the server answers and the panel returns home', async () => {
    const popup = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { callsTo } = signedIn(
      5,
      { call_system: 'RingCentral' },
      {
        [`POST ${API}/make-call/12`]: {
          call_url: 'https://app.ringcentral.com/r/call?number=5551002000&name=Carl%20Dunn',
          chat_url: null,
        },
      },
    );
    renderApp('/');
    const aside = await panel();
    act(() => requestContact({ kind: 'driver', id: 12, intent: 'connect' }));
    const card = await within(aside).findByRole('article', { name: 'Driver: Carl Dunn' });
    await userEvent.click(within(card).getByRole('button', { name: 'Call' }));
    await waitFor(() =>
      expect(popup.location.href).toBe(
        'https://app.ringcentral.com/r/call?number=5551002000&name=Carl%20Dunn',
      ),
    );
    expect(open).toHaveBeenCalledWith('', 'telephony-call', expect.stringContaining('popup'));
    expect(callsTo('POST', `${API}/make-call/12`)[0]?.url).toContain('kind=driver');
    // After a call the panel returns home.
    await waitFor(() =>
      expect(within(aside).getByRole('tab', { name: 'Home' }).getAttribute('aria-selected')).toBe('true'),
    );
  });

  it('a broker contact clears the driver and owner; its SMS first opens the SMS dialogue', async () => {
    signedIn(
      5,
      { call_system: 'RingCentral' },
      {
        [`POST ${API}/make-direct-call`]: {
          call_url: 'https://pbx/call',
          chat_url: 'https://pbx/sms?n=5553001000',
        },
      },
    );
    renderApp('/');
    const aside = await panel();
    act(() => requestContact({ kind: 'driver', id: 12, intent: 'connect' }));
    await within(aside).findByRole('article', { name: 'Driver: Carl Dunn' });
    act(() =>
      requestContact({
        kind: 'broker',
        id: null,
        full_name: 'Ann Broker',
        phone_number: '(555) 300-1000',
        company_name: 'Carlisle Logistics',
        copyLoadInfo: '000301 Chicago, IL → Dallas, TX',
        intent: 'sms',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'SMS to Ann Broker' });
    // The dialogue hides the page from the accessibility tree: the cards are looked up hidden.
    expect(within(aside).queryByRole('article', { name: 'Driver: Carl Dunn', hidden: true })).toBeNull();
    expect(within(aside).getByRole('article', { name: 'Broker: Ann Broker', hidden: true })).toBeTruthy();
    expect(within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' }).value).toBe(
      '000301 Chicago, IL → Dallas, TX',
    );
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const send = within(dialog).getByRole('button', { name: 'Send' });
    await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));
    await userEvent.click(send);
    expect(open).toHaveBeenCalledWith('https://pbx/sms?n=5553001000', 'telephony-call', expect.any(String));
    // A sent message returns the panel home 500 ms later.
    await waitFor(() =>
      expect(within(aside).getByRole('tab', { name: 'Home' }).getAttribute('aria-selected')).toBe('true'),
    );
  });

  it('the keypad accepts digits, star and hash only, and dials them through tel:', async () => {
    signedIn(5);
    renderApp('/');
    const aside = await panel();
    await userEvent.click(within(aside).getByRole('tab', { name: 'Connect' }));
    const keypad = within(aside).getByRole('group', { name: 'Keypad' });
    const number = within(keypad).getByRole<HTMLInputElement>('textbox', { name: 'Phone number' });
    await userEvent.type(number, '55a5-1(0)0x');
    expect(number.value).toBe('555100');
    await userEvent.click(within(keypad).getByRole('button', { name: 'Key *' }));
    await userEvent.click(within(keypad).getByRole('button', { name: 'Key #' }));
    expect(number.value).toBe('555100*#');
    expect(within(keypad).getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:555100*%23');
  });

  it('compact: 192 px, saved as compact_telephony, names cut at 9 characters', async () => {
    signedIn(
      4,
      {},
      {
        [`GET ${API}/user-phone-data/12`]: {
          call_system: null,
          driver: { ...carl, full_name: 'Christopher Montgomery' },
          owner: null,
        },
      },
    );
    renderApp('/');
    const aside = await panel();
    await userEvent.click(within(aside).getByRole('button', { name: 'Narrow panel' }));
    expect(getComputedStyle(aside).width).toBe('192px');
    expect(localStorage.getItem('compact_telephony')).toBe('true');
    act(() => requestContact({ kind: 'driver', id: 12, intent: 'connect' }));
    const card = await within(aside).findByRole('article', { name: 'Driver: Christopher Montgomery' });
    expect(within(card).getByText('Christoph…')).toBeTruthy();
    await userEvent.click(within(aside).getByRole('button', { name: 'Wide panel' }));
    expect(within(card).getByText('Christopher Montgome…')).toBeTruthy();
  });
});
