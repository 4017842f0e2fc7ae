import { isExecutableFile } from '../loads/load-lifecycle.rules';

// The spec's e-mail rules as pure functions: recipients, attachments, threading headers, the truncations
// of the compose widget, and the English texts the server answers.

export const EMAIL_MESSAGES = {
  recipientRequired: 'Add at least one recipient with a valid e-mail.',
  subjectRequired: 'The subject is required.',
  chatType: 'The chat type must be 1 (bid), 2 (load) or 3 (accounting).',
  bidRequired: 'A bid thread names its bid.',
  loadRequired: 'A load thread names its load.',
  attachmentTooLarge: 'The attachments are larger than 25,000,000 bytes in all.',
  attachmentExecutable: 'Executable files cannot be attached.',
  hostRequired: 'The server is required.',
  hostInvalid: 'The server must be a host name like smtp.example.com.',
  portInvalid: 'The port must be a whole number from 1 to 65535.',
  addressInvalid: 'Must be a valid e-mail',
  usernameRequired: 'The user name is required.',
  passwordRequired: 'The password is required.',
  mailboxTestFailed: 'The mail server did not accept the connection: {{reason}}',
  oauthNotConfigured:
    'Sign-in with {{provider}} needs the company\u2019s client keys; connect the mailbox with SMTP settings instead.',
  oauthStateInvalid: 'The sign-in link has expired; start the sign-in again.',
  oauthFailed: '{{provider}} did not complete the sign-in; start the sign-in again.',
  googleInvalidCredentials: 'The mailbox refused the saved credentials and was signed out; connect it again.',
} as const;

/** At most this many bytes of attachments in one message, and per file (the footer says max 50mb). */
export const MAX_EMAIL_ATTACHMENT_BYTES = 25_000_000;
/** What the widget's footer says, as the spec writes it. */
export const EMAIL_ATTACHMENT_HINT = 'max 50mb';

/** A standard e-mail pattern: something@host.tld, no spaces. */
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isValidEmail(text: string): boolean {
  return text.length <= 254 && EMAIL_PATTERN.test(text);
}

/**
 * The recipients as the compose widget keeps them: lower-cased, trimmed, dropped unless they match a
 * standard e-mail pattern, each once. Takes an array or a text separated by commas, semicolons or spaces.
 */
export function normalizeRecipients(input: string | readonly string[]): string[] {
  if (typeof input === 'string' && input.trim().startsWith('[')) {
    // A form field holding the list as JSON text.
    try {
      const list: unknown = JSON.parse(input);
      if (Array.isArray(list))
        return normalizeRecipients(list.filter((item): item is string => typeof item === 'string'));
    } catch {
      // Not JSON: read it as a separated list.
    }
  }
  const parts =
    typeof input === 'string' ? input.split(/[,;\s]+/) : input.flatMap((item) => item.split(/[,;\s]+/));
  const seen = new Set<string>();
  for (const part of parts) {
    const address = part.trim().toLowerCase().replace(/^<|>$/g, '');
    if (address && isValidEmail(address)) seen.add(address);
  }
  return [...seen];
}

/** Whether the widget may send: at least one valid recipient. */
export function canSendEmail(recipients: readonly string[]): boolean {
  return normalizeRecipients(recipients).length > 0;
}

export type AttachmentCandidate = { name: string; size: number; mime?: string | null };

/**
 * Why attachments are refused, or null: a program (by extension or type), or more than 25,000,000 bytes
 * in all (a single file over it included).
 */
export function attachmentsRefusal(
  files: readonly AttachmentCandidate[],
): 'attachmentExecutable' | 'attachmentTooLarge' | null {
  if (files.some((file) => isExecutableFile(file.name, file.mime))) return 'attachmentExecutable';
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > MAX_EMAIL_ATTACHMENT_BYTES || files.some((file) => file.size > MAX_EMAIL_ATTACHMENT_BYTES))
    return 'attachmentTooLarge';
  return null;
}

// ---------------------------------------------------------------- threading

/** The Message-IDs a header holds, angle brackets kept: '<a@x> <b@y>' -> ['<a@x>', '<b@y>']. */
export function messageIdsOf(header: string | null | undefined): string[] {
  if (!header) return [];
  const found = header.match(/<[^<>\s]+>/g);
  if (found) return found;
  // Some mailers drop the brackets; take each word that looks like an id.
  return header
    .split(/[\s,]+/)
    .filter((word) => word.includes('@'))
    .map((word) => `<${word}>`);
}

/**
 * The Message-IDs an incoming mail answers, the nearest first: In-Reply-To, then References from the
 * newest back. The thread is the one holding the first of them that is known.
 */
export function threadCandidates(
  inReplyTo: string | null | undefined,
  references: string | null | undefined,
): string[] {
  const ids = [...messageIdsOf(inReplyTo), ...messageIdsOf(references).reverse()];
  return [...new Set(ids)];
}

/** The References header of a reply: the parent's References and the parent's Message-ID, 20 ids at most. */
export function replyReferences(
  parentReferences: string | null | undefined,
  parentMailId: string | null | undefined,
): string | null {
  const ids = [...messageIdsOf(parentReferences), ...messageIdsOf(parentMailId)];
  const unique = [...new Set(ids)];
  return unique.length ? unique.slice(-20).join(' ') : null;
}

/** The subject of a reply: 'Re: ' once. */
export function replySubject(subject: string): string {
  return /^\s*re:/i.test(subject) ? subject : `Re: ${subject}`;
}

/**
 * A company's inbound address is `<local>@<domain>`, where local is its inbound name (by default its
 * company hash); `<local>+<tag>@<domain>` reaches it too (plus-addressing), and a tag `c<id>` names a
 * thread. Answers the local part and the tag in lower case, or null for an address that is not one.
 */
export function parseInboundAddress(
  address: string,
  domain: string,
): { local: string; tag: string | null } | null {
  const [user, host] = address.trim().toLowerCase().split('@');
  if (!user || !host || host !== domain.toLowerCase()) return null;
  const plus = user.indexOf('+');
  return plus < 0
    ? { local: user, tag: null }
    : { local: user.slice(0, plus), tag: user.slice(plus + 1) || null };
}

/** The thread a plus tag names ('c42' -> 42), or null. */
export function chatIdOfTag(tag: string | null): number | null {
  const match = tag ? /^c([1-9][0-9]{0,15})$/.exec(tag) : null;
  return match ? Number(match[1]) : null;
}

/** The address replies of a thread go to: `<local>+c<chatId>@<domain>`. */
export function threadReplyAddress(local: string, chatId: number, domain: string): string {
  return `${local}+c${chatId}@${domain}`;
}

// ---------------------------------------------------------------- display (the spec's truncations)

/** An e-mail topic shows 23 characters: 20 and an ellipsis. */
export const EMAIL_TOPIC_MAX = 23;
/** A reply preview shows 45 characters in the widget, 70 elsewhere. */
export const REPLY_PREVIEW_MAX = { widget: 45, other: 70 } as const;
/** A file name longer than 33 characters is cut. */
export const FILE_NAME_MAX = 33;

function cut(text: string, max: number, keep: number): string {
  return text.length > max ? `${text.slice(0, keep)}...` : text;
}

export function truncateTopic(subject: string): string {
  return cut(subject, EMAIL_TOPIC_MAX, EMAIL_TOPIC_MAX - 3);
}

export function truncateReplyPreview(text: string, where: keyof typeof REPLY_PREVIEW_MAX): string {
  const max = REPLY_PREVIEW_MAX[where];
  return cut(text, max, max);
}

export function truncateFileName(name: string): string {
  return cut(name, FILE_NAME_MAX, FILE_NAME_MAX);
}

/** Plain text of an HTML body, for a message that came with HTML only. */
export function htmlToPlain(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/tr)[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// ---------------------------------------------------------------- postings

const PLACE_PATTERN = /\b[A-Z][A-Za-z.' -]{1,30},\s*[A-Z]{2}\b/g;
const POSTING_WORDS =
  /\b(pick\s?-?up|p\/?u|deliver(y|ing)?|drop|miles|mi|weight|lbs|rate|dims|pieces|pcs|sprinter|cargo van|straight|box truck|reefer|flatbed|dry van|mc\s?#?\s?\d+|ref(erence)?\s?#?)\b|\$\s?\d/gi;

/**
 * Whether a mail that threads nowhere looks like a load posting (then the load board's intake reads it):
 * two places written 'City, ST' and two posting words (pick-up, delivery, miles, weight, rate, a vehicle
 * type, an MC number...), or four posting words.
 */
export function looksLikeLoadPosting(mail: { subject: string; text: string }): boolean {
  const all = `${mail.subject}\n${mail.text}`;
  const places = all.match(PLACE_PATTERN)?.length ?? 0;
  const words = new Set(
    (all.match(POSTING_WORDS) ?? []).map((word) => word.toLowerCase().replace(/\s+/g, ' ')),
  ).size;
  return (places >= 2 && words >= 2) || words >= 4;
}
