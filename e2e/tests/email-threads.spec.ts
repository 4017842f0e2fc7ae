import { expect, test } from '@playwright/test';
import { api } from '../helpers/api';
import { DEMO_USERS } from '../helpers/demo-users';
import { rightPanel, signedInBrowser } from '../helpers/right-panel';
import { deliverMail, mailReceiverPort } from '../helpers/smtp';

// A broker's e-mail reply arriving in its thread: a manager writes to a broker (an accounting thread), opens
// the thread over the loads list (?dir=email&chat=), and the broker's reply, delivered over loopback to the
// server's SMTP receiver with In-Reply-To naming the first message, appears in the open thread live, its
// HTML cleaned of script; the manager answers it from the compose widget.

const EMAIL = '/backend/api/v2/email';
const LIVE_WITHIN_MS = 5_000;

type Sent = { message: { id: number; mail_id: string | null }; chat: { id: number; subject: string } };

test("a broker's e-mail reply arrives live in its open thread, and is answered from the widget", async ({
  browser,
  request,
}) => {
  const manager = await api(request, DEMO_USERS.manager.email);
  const suffix = Date.now().toString(36).toUpperCase();
  const subject = `Invoice 4471 remittance ${suffix}`;
  const broker = `ap-${suffix.toLowerCase()}@e2e-broker.example`;
  const first = await manager.json<Sent>('POST', `${EMAIL}/chats/create`, {
    data: {
      type: 3,
      subject,
      to_emails: broker,
      msg_plain: 'Hello, please confirm the remittance date for invoice 4471.',
      msg_html: '<p>Hello, please confirm the remittance date for invoice 4471.</p>',
    },
  });
  expect(first.message.mail_id).toMatch(/^<.+@.+>$/);
  const mailbox = await manager.json<{ inbound_address: string | null }>('GET', `${EMAIL}/mailbox`);
  expect(mailbox.inbound_address, 'the receiver names the company inbound address').toBeTruthy();

  const page = await signedInBrowser(browser, DEMO_USERS.manager.email);
  await page.goto(`/my-loads/active/?dir=email&chat=${first.chat.id}`);
  const drawer = page.getByRole('dialog', { name: 'E-mail threads' });
  await expect(drawer.getByRole('heading', { name: subject })).toBeVisible();
  await expect(drawer.getByRole('article')).toHaveCount(1);
  await expect(rightPanel(page)).toHaveAttribute('data-socket', 'open');

  await test.step('the reply delivered over SMTP shows in the open thread, its script removed', async () => {
    const raw = [
      `From: Accounts Payable <${broker}>`,
      `To: ${mailbox.inbound_address}`,
      `Subject: Re: ${subject}`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <reply-${suffix}@e2e-broker.example>`,
      `In-Reply-To: ${first.message.mail_id}`,
      `References: ${first.message.mail_id}`,
      'MIME-Version: 1.0',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>Remittance goes out on <b>Friday</b>.</p>',
      '<img src="https://e2e-broker.example/x.png" onerror="window.hacked = 1">',
      '<script>window.hacked = 2</script>',
      '<a href="https://e2e-broker.example/remit">remittance advice</a>',
      '',
    ].join('\r\n');
    await deliverMail({ port: mailReceiverPort(), from: broker, to: mailbox.inbound_address!, raw });

    const reply = drawer.getByRole('article', { name: `Message from ${broker}` });
    await expect(reply).toBeVisible({ timeout: LIVE_WITHIN_MS });
    await expect(reply.getByText('Friday')).toBeVisible();
    await expect(reply.locator('script')).toHaveCount(0);
    await expect(reply.locator('[onerror]')).toHaveCount(0);
    await expect(reply.getByRole('link', { name: 'remittance advice' })).toHaveAttribute('target', '_blank');
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
  });

  await test.step('the manager answers from the compose widget and the answer joins the thread', async () => {
    await drawer.getByRole('button', { name: 'Reply to the last message' }).click();
    const widget = page.getByRole('dialog', { name: 'E-mail', exact: true });
    await expect(widget.getByText(broker)).toBeVisible();
    await widget.getByRole('textbox', { name: 'Message' }).click();
    await page.keyboard.type('Thank you, noted.');
    await widget.getByRole('button', { name: 'Send' }).click();
    await expect(widget).toBeHidden();
    await expect(drawer.getByRole('article')).toHaveCount(3);
    await expect(drawer.getByRole('article').last()).toContainText('Thank you, noted.');
  });
});
