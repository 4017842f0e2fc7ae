import PostalMime from 'postal-mime';
import type { ReceivedMail } from './email-posting.service';

// A raw RFC 822 message (as an SMTP server receives it) read into the parts the e-mail intake needs.

/** The Date header as an instant, or null when it has none that reads. */
function sentAtOf(header: string | undefined): Date | null {
  if (!header) return null;
  const at = new Date(header);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The sender, subject, plain text, HTML, Message-ID and Date of a raw message, received at `receivedAt`. */
export async function parseRawMail(raw: string, receivedAt: Date): Promise<ReceivedMail> {
  const email = await PostalMime.parse(raw);
  return {
    from: { address: email.from?.address ?? email.sender?.address ?? '', name: email.from?.name ?? null },
    subject: email.subject ?? null,
    text: email.text ?? null,
    html: email.html ?? null,
    messageId: email.messageId?.trim() || null,
    sentAt: sentAtOf(email.date),
    receivedAt,
  };
}
