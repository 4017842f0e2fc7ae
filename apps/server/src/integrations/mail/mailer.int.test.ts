import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, TEST_SMTP_PASSWORD, type TestSmtpServer } from './mail.fixtures';
import { createSmtpMailer } from './mailer';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp.close());

const message = {
  to: 'loads@broker.test',
  replyTo: 'dana@carrier.test',
  subject: 'Load #000042 Dallas, TX - Houston, TX',
  text: 'We can take this load for $1,850.00.',
  html: '<div>We can take this load for <b>$1,850.00</b>.</div>',
};

describe('SMTP mailer', () => {
  const mailer = createSmtpMailer({ timeoutMs: 3000 });

  it('sends through the SMTP server with the credentials, both parts and the reply-to address', async () => {
    const outcome = await mailer.send(smtp.settings(), message);
    expect(outcome.delivery).toBe('sent');
    const mail = smtp.received.at(-1)!;
    expect(mail.user).toBe('dispatch@carrier.test');
    expect(mail.envelopeTo).toEqual(['loads@broker.test']);
    expect(mail.email.subject).toBe('Load #000042 Dallas, TX - Houston, TX');
    expect(mail.email.from?.address).toBe('dispatch@carrier.test');
    expect(mail.email.replyTo?.[0]?.address).toBe('dana@carrier.test');
    expect(mail.email.text?.trim()).toBe('We can take this load for $1,850.00.');
    expect(mail.email.html).toContain('<b>$1,850.00</b>');
  });

  it('keeps the message when the company has no SMTP server', async () => {
    const before = smtp.received.length;
    expect(await mailer.send(null, message)).toEqual({ delivery: 'kept' });
    expect(smtp.received.length).toBe(before);
  });

  it('reports a refused recipient as failed, with the reply and without the password', async () => {
    smtp.refuse.add('gone@broker.test');
    const outcome = await mailer.send(smtp.settings(), { ...message, to: 'gone@broker.test' });
    expect(outcome.delivery).toBe('failed');
    if (outcome.delivery !== 'failed') return;
    expect(outcome.error).toContain('550');
    expect(outcome.error).not.toContain(TEST_SMTP_PASSWORD);
  });

  it('reports wrong credentials as failed', async () => {
    const outcome = await mailer.send(smtp.settings({ password: 'wrong' }), message);
    expect(outcome.delivery).toBe('failed');
    if (outcome.delivery === 'failed') expect(outcome.error).not.toContain('wrong');
  });

  it('reports a server that is not there as failed', async () => {
    const outcome = await mailer.send(smtp.settings({ port: 1 }), message);
    expect(outcome.delivery).toBe('failed');
  });
});
