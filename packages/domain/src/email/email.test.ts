import { describe, expect, it } from 'vitest';
import {
  attachmentsRefusal,
  canSendEmail,
  chatIdOfTag,
  looksLikeLoadPosting,
  normalizeRecipients,
  parseInboundAddress,
  replyReferences,
  replySubject,
  threadCandidates,
  threadReplyAddress,
  truncateFileName,
  truncateReplyPreview,
  truncateTopic,
} from './email.rules';
import { emailChatCreateSchema, emailSendFieldsSchema, mailboxSettingsSchema } from './email.schema';

describe('recipients', () => {
  it('are lower-cased and dropped unless they match a standard e-mail pattern', () => {
    expect(normalizeRecipients(['Loads@Broker.TEST', 'not-an-email', 'a@b', ' ops@carrier.test '])).toEqual([
      'loads@broker.test',
      'ops@carrier.test',
    ]);
    expect(normalizeRecipients('Dana@Broker.test, x@@y.test; dana@broker.test')).toEqual([
      'dana@broker.test',
    ]);
    // A form field may hold the list as JSON text.
    expect(normalizeRecipients('["Ops@Carrier.test", 5]')).toEqual(['ops@carrier.test']);
  });

  it('send requires at least one recipient', () => {
    expect(canSendEmail([])).toBe(false);
    expect(canSendEmail(['nobody'])).toBe(false);
    expect(canSendEmail(['loads@broker.test'])).toBe(true);
    const parsed = emailSendFieldsSchema.safeParse({ to_emails: 'nobody' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Add at least one recipient with a valid e-mail.');
  });
});

describe('attachments', () => {
  it('refuse more than 25,000,000 bytes in all, and executables', () => {
    expect(attachmentsRefusal([{ name: 'rate.pdf', size: 25_000_000 }])).toBeNull();
    expect(attachmentsRefusal([{ name: 'rate.pdf', size: 25_000_001 }])).toBe('attachmentTooLarge');
    expect(
      attachmentsRefusal([
        { name: 'a.pdf', size: 12_500_000 },
        { name: 'b.pdf', size: 12_500_001 },
      ]),
    ).toBe('attachmentTooLarge');
    expect(attachmentsRefusal([{ name: 'invoice.PDF.exe', size: 10 }])).toBe('attachmentExecutable');
    expect(attachmentsRefusal([{ name: 'x', size: 10, mime: 'application/x-msdownload' }])).toBe(
      'attachmentExecutable',
    );
  });
});

describe('threading', () => {
  it('tries In-Reply-To first, then References from the newest back', () => {
    expect(threadCandidates('<c@x>', '<a@x> <b@x> <c@x>')).toEqual(['<c@x>', '<b@x>', '<a@x>']);
    expect(threadCandidates(null, 'a@x')).toEqual(['<a@x>']);
    expect(threadCandidates(undefined, undefined)).toEqual([]);
  });

  it('a reply carries the parent references and its id, and Re: once', () => {
    expect(replyReferences('<a@x>', '<b@x>')).toBe('<a@x> <b@x>');
    expect(replyReferences(null, null)).toBeNull();
    expect(replySubject('Load 42')).toBe('Re: Load 42');
    expect(replySubject('RE: Load 42')).toBe('RE: Load 42');
  });

  it('reads the company and the thread from an inbound address', () => {
    expect(parseInboundAddress('Ab12+c42@Mail.Dispatch.test', 'mail.dispatch.test')).toEqual({
      local: 'ab12',
      tag: 'c42',
    });
    expect(parseInboundAddress('ab12@other.test', 'mail.dispatch.test')).toBeNull();
    expect(chatIdOfTag('c42')).toBe(42);
    expect(chatIdOfTag('x42')).toBeNull();
    expect(threadReplyAddress('ab12', 7, 'mail.dispatch.test')).toBe('ab12+c7@mail.dispatch.test');
  });
});

describe('display', () => {
  it('cuts the topic at 23 (20 and an ellipsis), previews at 45 and 70, file names beyond 33', () => {
    expect(truncateTopic('12345678901234567890123')).toBe('12345678901234567890123');
    expect(truncateTopic('123456789012345678901234')).toBe('12345678901234567890...');
    expect(truncateReplyPreview('x'.repeat(46), 'widget')).toBe(`${'x'.repeat(45)}...`);
    expect(truncateReplyPreview('x'.repeat(70), 'other')).toBe('x'.repeat(70));
    expect(truncateFileName('y'.repeat(34))).toBe(`${'y'.repeat(33)}...`);
  });
});

describe('request schemas', () => {
  it('a bid thread names its bid, a load thread its load', () => {
    const base = { subject: 'Load 42', to_emails: ['loads@broker.test'] };
    expect(emailChatCreateSchema.safeParse({ ...base, type: 1 }).error?.issues[0]?.path).toEqual(['bid']);
    expect(emailChatCreateSchema.safeParse({ ...base, type: 2 }).error?.issues[0]?.path).toEqual(['load']);
    expect(emailChatCreateSchema.safeParse({ ...base, type: 3 }).success).toBe(true);
    expect(emailChatCreateSchema.safeParse({ ...base, type: 4 }).success).toBe(false);
  });

  it('a mailbox needs its server, port, user name and password', () => {
    const parsed = mailboxSettingsSchema.safeParse({
      address: 'Dana@Carrier.test',
      smtp_host: 'smtp x',
      smtp_port: 0,
    });
    expect(parsed.success).toBe(false);
    const fields = parsed.error!.issues.map((issue) => issue.path[0]);
    expect(fields).toEqual(expect.arrayContaining(['smtp_host', 'smtp_port', 'username', 'password']));
  });
});

describe('postings', () => {
  it('a mail with a lane and posting words looks like a posting; a reply about a payment does not', () => {
    expect(
      looksLikeLoadPosting({
        subject: 'Sprinter load Dallas, TX to Houston, TX',
        text: 'Pick up tomorrow 8am, 240 miles, 800 lbs, rate $650. MC 123456',
      }),
    ).toBe(true);
    expect(
      looksLikeLoadPosting({
        subject: 'Re: invoice 1042',
        text: 'We sent the payment yesterday, thank you.',
      }),
    ).toBe(false);
  });
});
