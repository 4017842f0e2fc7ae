import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupListPages } from '@/components/lists/list-test-data';
import { openEmailCompose, type EmailComposeRequest } from '@/lib/email-compose';
import { FakeAnswer, renderApp } from '@/test/render-app';

// The widget is fetched when first opened; here it is drawn at once.
await import('./email-widget');

const EMAIL = '/backend/api/v2/email';

const sent = (chatId: number) => ({
  message: { id: 900, chat_id: chatId },
  chat: { id: chatId },
});

/** A page with the widget opened over it by another screen's request. */
async function openWidget(
  request: Partial<EmailComposeRequest> = {},
  routes: Record<string, unknown> = {},
  path = '/accounting/loads',
) {
  const network = setupListPages({ ...routes });
  const view = renderApp(path);
  // The first drawing of the shell takes seconds on a busy machine.
  await screen.findByRole('main', {}, { timeout: 15_000 });
  act(() =>
    openEmailCompose({ chatId: 40, subject: 'Re: Load #000042', to: ['Ops@Broker.com'], ...request }),
  );
  const widget = await screen.findByRole('dialog', { name: 'E-mail' });
  return { ...network, view, widget };
}

const sendButton = (widget: HTMLElement) => within(widget).getByRole('button', { name: 'Send' });
const isDisabled = (element: HTMLElement) => element.hasAttribute('disabled');

describe('the e-mail compose widget', () => {
  it('keeps recipients as lower-cased chips and drops what is not an e-mail address', async () => {
    const { widget } = await openWidget();
    expect(within(widget).getByText('ops@broker.com')).toBeTruthy();
    const input = within(widget).getByRole('textbox', { name: 'Recipients' });
    await userEvent.type(input, 'Lane@Freight.IO nope{Enter}');
    expect(within(widget).getByText('lane@freight.io')).toBeTruthy();
    expect(within(widget).queryByText('nope')).toBeNull();
    expect(within(widget).getByText('Not an e-mail address, left out: nope')).toBeTruthy();
    // The same address again is not added twice.
    await userEvent.type(input, 'OPS@broker.com{Enter}');
    expect(within(widget).getAllByText('ops@broker.com')).toHaveLength(1);
  });

  it('allows Send only with a recipient', async () => {
    const { widget } = await openWidget({ to: ['not an address'] });
    expect(isDisabled(sendButton(widget))).toBe(true);
    const input = within(widget).getByRole('textbox', { name: 'Recipients' });
    await userEvent.type(input, 'ops@broker.com{Enter}');
    expect(isDisabled(sendButton(widget))).toBe(false);
    await userEvent.type(input, '{Backspace}');
    expect(within(widget).queryByText('ops@broker.com')).toBeNull();
    expect(isDisabled(sendButton(widget))).toBe(true);
  });

  it('attaches files up to 25,000,000 bytes in all and refuses executables; the footer says max 50mb', async () => {
    const { widget } = await openWidget();
    expect(within(widget).getByText('max 50mb')).toBeTruthy();
    const input = screen.getByTestId('email-attach-input');
    const pod = new File(['x'], 'proof-of-delivery-signed-by-receiver-chicago.jpg', { type: 'image/jpeg' });
    Object.defineProperty(pod, 'size', { value: 5_000_000 });
    const sheet = new File(['x'], 'rate-sheet.pdf', { type: 'application/pdf' });
    Object.defineProperty(sheet, 'size', { value: 20_000_001 });
    const tool = new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' });
    fireEvent.change(input, { target: { files: [pod, sheet, tool] } });

    const list = await within(widget).findByRole('list', { name: 'Attachments' });
    const chips = within(list).getAllByRole('listitem');
    expect(chips).toHaveLength(1);
    // A name beyond 33 characters is cut.
    expect(chips[0]!.textContent).toBe('proof-of-delivery-signed-by-recei... · 5.0 MB');
    expect(
      within(widget).getByText(/rate-sheet\.pdf: the attachments would be larger than 25,000,000 bytes/),
    ).toBeTruthy();
    expect(within(widget).getByText('tool.exe: executable files cannot be attached')).toBeTruthy();
  });

  it('cuts the topic at 23 characters and the reply preview at 45', async () => {
    const { widget } = await openWidget({
      subject: 'Re: Load #000042 Dallas, TX - Chicago, IL',
      replyPreview: 'We can do $1,450 if the truck is loaded by 3 PM tomorrow, please confirm',
    });
    expect(within(widget).getByRole('heading', { name: 'Re: Load #000042 Dal...' })).toBeTruthy();
    expect(
      within(widget).getByText('Reply to: We can do $1,450 if the truck is loaded by 3 ...'),
    ).toBeTruthy();
  });

  it('keeps the text after a failed send and sends it again', async () => {
    let fail = true;
    const { widget, callsTo } = await openWidget(
      { references: '<a@carrier.test>', in_reply_to: '<b@broker.test>' },
      {
        [`POST ${EMAIL}/chats/40/send-message`]: () =>
          fail ? new FakeAnswer(502, { detail: 'The mail server is down', code: 'bad_gateway' }) : sent(40),
      },
    );
    const editor = within(widget).getByRole('textbox', { name: 'Message' });
    await userEvent.click(editor);
    await userEvent.keyboard('Truck is loaded');
    await waitFor(() => expect(editor.textContent).toBe('Truck is loaded'));
    await userEvent.click(sendButton(widget));

    expect(await within(widget).findByText('The mail server is down')).toBeTruthy();
    expect(editor.textContent).toBe('Truck is loaded');
    expect(within(widget).getByText('ops@broker.com')).toBeTruthy();
    // The sending flag is reset: Send works again.
    expect(isDisabled(sendButton(widget))).toBe(false);
    const form = callsTo('POST', `${EMAIL}/chats/40/send-message`)[0]!.body as FormData;
    expect(form.get('to_emails')).toBe('ops@broker.com');
    expect(form.get('msg_html')).toBe('<p>Truck is loaded</p>');
    expect(form.get('msg_plain')).toBe('Truck is loaded');
    expect(form.get('in_reply_to')).toBe('<b@broker.test>');
    expect(form.get('references')).toBe('<a@carrier.test>');

    fail = false;
    await userEvent.click(sendButton(widget));
    expect(await screen.findByText('E-mail sent')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'E-mail' })).toBeNull());
    expect(callsTo('POST', `${EMAIL}/chats/40/send-message`)).toHaveLength(2);
  });

  it('sends again under the same Idempotency-Key when the connection dropped, and a new one after an answer', async () => {
    let answer: 'drop' | 'refuse' | 'send' = 'drop';
    const { widget, fetch } = await openWidget(
      {},
      {
        [`POST ${EMAIL}/chats/40/send-message`]: () => {
          if (answer === 'drop') throw new TypeError('Failed to fetch');
          if (answer === 'refuse') return new FakeAnswer(502, { detail: 'Down', code: 'bad_gateway' });
          return sent(40);
        },
      },
    );
    const keys = () =>
      fetch.mock.calls
        .filter(([url, init]) => url.startsWith(`${EMAIL}/chats/40/send-message`) && init?.method === 'POST')
        .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    const editor = within(widget).getByRole('textbox', { name: 'Message' });
    await userEvent.click(editor);
    await userEvent.keyboard('Truck is loaded');
    await waitFor(() => expect(editor.textContent).toBe('Truck is loaded'));
    await userEvent.click(sendButton(widget));
    await waitFor(() => expect(isDisabled(sendButton(widget))).toBe(false));
    answer = 'refuse';
    await userEvent.click(sendButton(widget));
    expect(await within(widget).findByText('Down')).toBeTruthy();
    answer = 'send';
    await userEvent.click(sendButton(widget));
    expect(await screen.findByText('E-mail sent')).toBeTruthy();
    const [dropped, retried, afterAnswer] = keys();
    expect(dropped).toMatch(/^[0-9a-f-]{36}$/);
    expect(retried).toBe(dropped);
    expect(afterAnswer).toMatch(/^[0-9a-f-]{36}$/);
    expect(afterAnswer).not.toBe(dropped);
  });

  it('sends a new thread through the widget route with its subject and record', async () => {
    const { widget, callsTo } = await openWidget(
      { chatId: null, type: 1, bid: 70, subject: 'Load #000042 Dallas, TX - Chicago, IL' },
      { [`POST ${EMAIL}/widget/send-message`]: sent(41) },
    );
    expect(within(widget).getByRole('textbox', { name: 'Subject' })).toBeTruthy();
    await userEvent.click(sendButton(widget));
    await waitFor(() => expect(callsTo('POST', `${EMAIL}/widget/send-message`)).toHaveLength(1));
    const form = callsTo('POST', `${EMAIL}/widget/send-message`)[0]!.body as FormData;
    expect(form.get('type')).toBe('1');
    expect(form.get('bid')).toBe('70');
    expect(form.get('subject')).toBe('Load #000042 Dallas, TX - Chicago, IL');
    expect(form.has('chat')).toBe(false);
  });

  it('is styled apart on the dashboard (/)', async () => {
    const { widget } = await openWidget({}, {}, '/');
    expect(widget.getAttribute('data-variant')).toBe('home');
  });

  it('collapses, shows the formatting bar, and closes', async () => {
    const { widget } = await openWidget();
    expect(widget.getAttribute('data-variant')).toBe('page');
    await userEvent.click(within(widget).getByRole('button', { name: 'Collapse' }));
    expect(within(widget).getByRole('button', { name: 'Expand' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    await userEvent.click(within(widget).getByRole('button', { name: 'Expand' }));
    await userEvent.click(within(widget).getByRole('button', { name: 'Text format' }));
    expect(within(widget).getByRole('group', { name: 'Formatting' })).toBeTruthy();
    await userEvent.click(within(widget).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'E-mail' })).toBeNull();
  });
});
