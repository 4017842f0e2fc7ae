import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmailChat, EmailChatDetail, EmailMessage } from '@app/domain/email/email.schema';
import { liveEffects } from '@/app/realtime/live-queries';
import { setupListPages } from '@/components/lists/list-test-data';
import { emailThreadSearch } from '@/lib/email-compose';
import { renderApp } from '@/test/render-app';

// The drawer and the widget are fetched when first opened; here they are drawn at once.
await Promise.all([import('./email-thread-drawer'), import('../email-widget/email-widget')]);

const EMAIL = '/backend/api/v2/email';
// The first drawing of the shell takes seconds on a busy machine.
const FIRST_DRAW = { timeout: 15_000 };
const SUBJECT = 'Load #000042 Dallas, TX - Chicago, IL';

function makeChat(overrides: Partial<EmailChat> = {}): EmailChat {
  return {
    id: 40,
    type: 1,
    bid: 70,
    load: 42,
    subject: SUBJECT,
    broker_email: 'ops@broker.test',
    user_id: 11,
    unread_count: 1,
    last_message_at: '2026-11-21T20:04:00Z',
    ...overrides,
  };
}

function makeMessage(overrides: Partial<EmailMessage> = {}): EmailMessage {
  return {
    id: 1,
    chat_id: 40,
    direction: 'out',
    delivery: 'sent',
    mail_id: '<p1@carrier.test>',
    in_reply_to: null,
    references: null,
    from: 'dina@carrier.test',
    broker_from: null,
    to_emails: ['ops@broker.test'],
    cc: [],
    subject: SUBJECT,
    html: '',
    plain:
      'Hello, we have a Sprinter van 120 miles out, can do $1,850 with pick-up today at 3 PM, please confirm the dims',
    attachments: [],
    sent_at: '2026-11-20T14:30:00Z',
    is_read: true,
    user: { id: 11, first_name: 'Dina', last_name: 'Dispatch' },
    ...overrides,
  };
}

const reply = makeMessage({
  id: 2,
  direction: 'in',
  delivery: 'received',
  mail_id: '<r1@broker.test>',
  in_reply_to: '<p1@carrier.test>',
  references: '<p1@carrier.test>',
  from: 'ops@broker.test',
  broker_from: 'ops@broker.test',
  to_emails: ['dina@carrier.test'],
  subject: `Re: ${SUBJECT}`,
  html: '<p>We can do <b>$1,450</b>.</p><img src="x" onerror="window.hacked = 1"><script>window.hacked = 2</script><a href="https://rates.test">sheet</a>',
  plain: 'We can do $1,450.',
  attachments: [
    {
      id: 5,
      name: 'rate-confirmation-load-000042-signed.pdf',
      size: 120_000,
      content_type: 'application/pdf',
    },
  ],
  sent_at: '2026-11-21T20:04:00Z',
  is_read: false,
  user: null,
});

function detail(messages: EmailMessage[], overrides: Partial<EmailChat> = {}): EmailChatDetail {
  return { ...makeChat(overrides), messages: { count: messages.length, results: messages } };
}

describe('the e-mail thread drawer', () => {
  it('shows the thread of a notification link in Eastern time, sanitised, and marks it read', async () => {
    const network = setupListPages({
      [`GET ${EMAIL}/chats/40`]: detail([makeMessage(), reply]),
      [`PUT ${EMAIL}/chats/40/mark-read`]: { id: 40, unread_count: 0 },
    });
    renderApp('/accounting/loads?dir=email&chat=40');
    const drawer = await screen.findByRole('dialog', { name: 'E-mail threads' }, FIRST_DRAW);
    expect(await within(drawer).findByRole('heading', { name: SUBJECT })).toBeTruthy();
    expect(within(drawer).getByText('Bid')).toBeTruthy();

    const [first, last] = within(drawer).getAllByRole('article') as [HTMLElement, HTMLElement];
    expect(first.getAttribute('aria-label')).toBe('Message from Dina Dispatch');
    // 14:30 UTC on November 20 is 09:30am Eastern; the older message is folded to 70 characters.
    expect(within(first).getByText('09:30am 11/20/2026')).toBeTruthy();
    expect(
      within(first).getByText('Hello, we have a Sprinter van 120 miles out, can do $1,850 with pick-u...'),
    ).toBeTruthy();
    expect(within(last).getByText('ops@broker.test')).toBeTruthy();
    expect(within(last).getByText('To: dina@carrier.test')).toBeTruthy();
    expect(within(last).getByText('03:04pm 11/21/2026')).toBeTruthy();
    // The broker's HTML never reaches the page with its script and handler: what the sanitiser cannot
    // clean (happy-dom's DOM defeats it; a browser's does not, see e2e email-threads) shows as plain text.
    expect(last.innerHTML).not.toContain('<script');
    expect(last.innerHTML).not.toContain('onerror');
    expect(within(last).getByText('We can do $1,450.')).toBeTruthy();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    expect(within(last).getByText('rate-confirmation-load-000042-sig... · 120 KB')).toBeTruthy();

    await waitFor(() => expect(network.callsTo('PUT', `${EMAIL}/chats/40/mark-read`)).toHaveLength(1));
  });

  it("downloads a message's file signed in, under its name", async () => {
    const network = setupListPages({
      [`GET ${EMAIL}/chats/40`]: detail([makeMessage(), { ...reply, is_read: true }], { unread_count: 0 }),
      [`GET ${EMAIL}/attachments/5/download`]: () =>
        new Response(new Blob(['%PDF signed']), { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const saved: { href: string; download: string }[] = [];
    const created = vi.fn(() => 'blob:rate-confirmation');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });
    renderApp('/accounting/loads?dir=email&chat=40');
    const drawer = await screen.findByRole('dialog', { name: 'E-mail threads' }, FIRST_DRAW);
    const file = await within(drawer).findByRole('button', {
      name: 'Download rate-confirmation-load-000042-signed.pdf',
    });
    await userEvent.click(file);
    await waitFor(() =>
      expect(saved).toEqual([{ href: 'blob:rate-confirmation', download: reply.attachments[0]!.name }]),
    );
    const [call] = network.callsTo('GET', `${EMAIL}/attachments/5/download`);
    expect(call?.authorization).toMatch(/^Bearer /);
    click.mockRestore();
    vi.unstubAllGlobals();
  });

  it('replies to the broker with the threading headers, the widget quoting the message', async () => {
    setupListPages({
      [`GET ${EMAIL}/chats/40`]: detail([makeMessage(), { ...reply, is_read: true }], { unread_count: 0 }),
    });
    renderApp('/accounting/loads?dir=email&chat=40');
    const drawer = await screen.findByRole('dialog', { name: 'E-mail threads' }, FIRST_DRAW);
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Reply to the last message' }));
    const widget = await screen.findByRole('dialog', { name: 'E-mail' });
    expect(within(widget).getByRole('heading', { name: 'Re: Load #000042 Dal...' })).toBeTruthy();
    expect(within(widget).getByText('ops@broker.test')).toBeTruthy();
    expect(within(widget).getByText('Reply to: We can do $1,450.')).toBeTruthy();
    // A reply goes to its thread: no subject to type.
    expect(within(widget).queryByRole('textbox', { name: 'Subject' })).toBeNull();
  });

  it('opened for a bid, opens the one thread of that bid found by its subject', async () => {
    const network = setupListPages({
      [`GET ${EMAIL}/find-email-chats`]: {
        count: 2,
        results: [makeChat({ id: 39, bid: 69, unread_count: 0 }), makeChat({ unread_count: 0 })],
      },
      [`GET ${EMAIL}/chats/40`]: detail([makeMessage()], { unread_count: 0 }),
    });
    // Where the bid page's "E-mail thread" leads (emailThreadSearch).
    const view = renderApp(`/accounting/loads${emailThreadSearch({ bid: 70, subject: SUBJECT })}`);
    const drawer = await screen.findByRole('dialog', { name: 'E-mail threads' }, FIRST_DRAW);
    expect(await within(drawer).findByRole('heading', { name: SUBJECT })).toBeTruthy();
    const search = new URLSearchParams(
      network.callsTo('GET', `${EMAIL}/find-email-chats`)[0]!.url.split('?')[1],
    );
    expect(search.get('subject')).toBe(SUBJECT);
    expect(search.get('limit')).toBe('10');
    expect(view.router.state.location.search).toContain('chat=40');

    // Back to the list: both threads, the bid's first, and no second jump into it.
    await userEvent.click(within(drawer).getByRole('button', { name: 'All threads' }));
    const list = await within(drawer).findByRole('list', { name: 'Threads' });
    const rows = within(list).getAllByRole('button');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Load #000042 Dallas,...');
    expect(view.router.state.location.search).not.toContain('chat=');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(view.router.state.location.search).toBe(''));
  });

  it('refreshes the open thread and the lists when a message arrives', () => {
    expect(
      liveEffects({ event: 'email_chat_message', data: { message: { id: 2 }, chat: { id: 40 } } }),
    ).toEqual([
      { kind: 'invalidate', queryKey: ['email', 'chat', 40] },
      { kind: 'invalidate', queryKey: ['email', 'search'] },
    ]);
  });
});
