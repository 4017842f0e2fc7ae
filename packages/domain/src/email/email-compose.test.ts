import { describe, expect, it } from 'vitest';
import {
  addRecipients,
  attachmentRefusal,
  canSendEmail,
  checkAttachments,
  EMAIL_ATTACHMENT_MAX_BYTES,
  normalizeRecipient,
  normalizeRecipients,
  plainTextOfHtml,
  replyHeaders,
  replySubject,
  truncateFileName,
  truncateReplyPreview,
  truncateTopic,
} from './email-compose.rules';

describe('e-mail compose: truncation', () => {
  it('shows a topic of up to 23 characters as it is, a longer one as its first 20 and an ellipsis', () => {
    expect(truncateTopic('Load 4471 Dallas to OK')).toBe('Load 4471 Dallas to OK');
    expect(truncateTopic('12345678901234567890123')).toBe('12345678901234567890123');
    expect(truncateTopic('123456789012345678901234')).toBe('12345678901234567890...');
    expect(truncateTopic('Re: Sprinter van Chicago IL to Detroit MI')).toHaveLength(23);
  });

  it('cuts a reply preview at 45 characters in the widget and 70 elsewhere', () => {
    const text = 'Thanks, we can do $1,450 if the truck is loaded by 3 PM tomorrow, please confirm the dims';
    const widget = truncateReplyPreview(text, 'widget');
    const page = truncateReplyPreview(text, 'page');
    expect(widget).toHaveLength(45);
    expect(widget.endsWith('...')).toBe(true);
    expect(page).toHaveLength(70);
    expect(page.startsWith('Thanks, we can do $1,450 if the truck is loaded by 3 PM tomorrow')).toBe(true);
    expect(truncateReplyPreview('Short\n\nreply', 'widget')).toBe('Short reply');
  });

  it('shows a file name of 33 characters as it is and a longer one in 33 with its extension', () => {
    const exact = 'rate-confirmation-load-4471-a.pdf';
    expect(exact).toHaveLength(33);
    expect(truncateFileName(exact)).toBe(exact);
    const long = 'rate-confirmation-load-4471-signed-by-broker.pdf';
    const shown = truncateFileName(long);
    expect(shown).toHaveLength(33);
    expect(shown).toBe('rate-confirmation-load-447....pdf');
  });
});

describe('e-mail compose: recipients', () => {
  it('lower-cases a recipient and drops one that is not an e-mail address', () => {
    expect(normalizeRecipient('  Dispatch@Broker.COM ')).toBe('dispatch@broker.com');
    expect(normalizeRecipient('broker at mail dot com')).toBeNull();
    expect(normalizeRecipient('no-domain@')).toBeNull();
    expect(normalizeRecipient('')).toBeNull();
  });

  it('adds pasted recipients split on commas, semicolons and spaces, each once, invalid ones dropped', () => {
    expect(addRecipients(['ops@broker.com'], 'OPS@broker.com; Lane@Freight.io, nope  x@y.co')).toEqual([
      'ops@broker.com',
      'lane@freight.io',
      'x@y.co',
    ]);
    expect(normalizeRecipients(['A@B.com', 'bad', 'a@b.com'])).toEqual(['a@b.com']);
  });

  it('allows Send only with at least one recipient and no send under way', () => {
    expect(canSendEmail([])).toBe(false);
    expect(canSendEmail(['ops@broker.com'])).toBe(true);
    expect(canSendEmail(['ops@broker.com'], true)).toBe(false);
  });
});

describe('e-mail compose: attachments', () => {
  it('accepts 25,000,000 bytes and refuses one byte more', () => {
    expect(EMAIL_ATTACHMENT_MAX_BYTES).toBe(25_000_000);
    expect(attachmentRefusal({ name: 'bol.pdf', size: 25_000_000 })).toBeNull();
    expect(attachmentRefusal({ name: 'bol.pdf', size: 25_000_001 })).toBe('too_large');
  });

  it('refuses executables by name or media type, whatever their size', () => {
    expect(attachmentRefusal({ name: 'invoice.EXE', size: 10 })).toBe('executable');
    expect(attachmentRefusal({ name: 'setup.msi', size: 10 })).toBe('executable');
    expect(attachmentRefusal({ name: 'run.bat', size: 10 })).toBe('executable');
    expect(attachmentRefusal({ name: 'photo', size: 10, type: 'application/x-msdownload' })).toBe(
      'executable',
    );
    expect(attachmentRefusal({ name: 'pod.jpg', size: 10, type: 'image/jpeg' })).toBeNull();
    expect(attachmentRefusal({ name: 'rates.xlsx', size: 2_000_000 })).toBeNull();
  });

  it('splits files into those attached and those refused with the reason', () => {
    const files = [
      { name: 'pod.jpg', size: 1000 },
      { name: 'huge.pdf', size: 30_000_000 },
      { name: 'tool.exe', size: 5 },
    ];
    const { accepted, refused } = checkAttachments(files);
    expect(accepted.map((file) => file.name)).toEqual(['pod.jpg']);
    expect(refused.map(({ file, reason }) => [file.name, reason])).toEqual([
      ['huge.pdf', 'too_large'],
      ['tool.exe', 'executable'],
    ]);
  });
});

describe('e-mail compose: replies', () => {
  it('puts one Re: before the topic', () => {
    expect(replySubject('Load 4471')).toBe('Re: Load 4471');
    expect(replySubject('RE: Load 4471')).toBe('RE: Load 4471');
  });

  it('answers In-Reply-To with the message id and References with the chain then the id', () => {
    expect(replyHeaders({ message_id: '<b@broker.com>', references: '<a@carrier.com>' })).toEqual({
      in_reply_to: '<b@broker.com>',
      references: '<a@carrier.com> <b@broker.com>',
    });
    expect(replyHeaders({ message_id: '<a@carrier.com>', references: null })).toEqual({
      in_reply_to: '<a@carrier.com>',
      references: '<a@carrier.com>',
    });
  });

  it('writes the plain-text part of the editor HTML with line breaks and entities decoded', () => {
    expect(plainTextOfHtml('<p>Hi <strong>Dana</strong>,</p><p>Rate is $1,450 &amp; dims 10&gt;8</p>')).toBe(
      'Hi Dana,\nRate is $1,450 & dims 10>8',
    );
    expect(plainTextOfHtml('<ul><li>Straps</li><li>Liftgate</li></ul>')).toBe('- Straps\n- Liftgate');
  });
});
