import { z } from 'zod';

// The compose widget's rules (spec, business areas: "E-mail compose" and the business constants), kept pure
// so that the web runs them as the user types and the server refuses the same attachments.
//
// Recipients are lower-cased and dropped unless they match a standard e-mail pattern; Send needs at least
// one. An attachment over 25,000,000 bytes or of an executable type is refused (the footer's hint says
// "max 50mb", as the spec does; the enforced limit is the byte count). Display truncation: an e-mail topic
// at 23 characters (20 plus an ellipsis), a reply's preview at 45 in the widget and 70 elsewhere, a file
// name beyond 33.

/** The largest attachment, per file, in bytes. */
export const EMAIL_ATTACHMENT_MAX_BYTES = 25_000_000;

export const EMAIL_TOPIC_MAX_CHARS = 23;
export const EMAIL_REPLY_PREVIEW_WIDGET_CHARS = 45;
export const EMAIL_REPLY_PREVIEW_CHARS = 70;
export const EMAIL_FILE_NAME_MAX_CHARS = 33;

/** The e-mail chain search's page size (find-email-chats?limit=10). */
export const EMAIL_CHAIN_SEARCH_LIMIT = 10;

const ELLIPSIS = '...';

/**
 * The text cut to at most `max` characters, the last three of them an ellipsis: a topic of 24 characters
 * shows its first 20 and '...'. Leading and trailing spaces are dropped first.
 */
export function truncateText(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  return `${trimmed.slice(0, Math.max(0, max - ELLIPSIS.length)).trimEnd()}${ELLIPSIS}`;
}

/** An e-mail topic as the widget's header and the thread list show it: 23 characters at most. */
export const truncateTopic = (topic: string) => truncateText(topic, EMAIL_TOPIC_MAX_CHARS);

/** The quoted message a reply answers: 45 characters in the widget, 70 elsewhere. */
export function truncateReplyPreview(text: string, where: 'widget' | 'page'): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return truncateText(
    oneLine,
    where === 'widget' ? EMAIL_REPLY_PREVIEW_WIDGET_CHARS : EMAIL_REPLY_PREVIEW_CHARS,
  );
}

/**
 * A file's name as an attachment chip shows it: up to 33 characters as it is; a longer one keeps its
 * extension after the ellipsis (a dispatcher tells a PDF from a picture), 33 characters in all.
 */
export function truncateFileName(name: string): string {
  if (name.length <= EMAIL_FILE_NAME_MAX_CHARS) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : '';
  const room = EMAIL_FILE_NAME_MAX_CHARS - ELLIPSIS.length - extension.length;
  return `${name.slice(0, room)}${ELLIPSIS}${extension}`;
}

// ---------------------------------------------------------------- recipients

const emailPattern = z.email();

/** Whether the text is an e-mail address by the standard pattern (after trimming). */
export const isValidEmailAddress = (text: string) => emailPattern.safeParse(text.trim()).success;

/** One recipient as typed: trimmed and lower-cased; null when it is not an e-mail address (dropped). */
export function normalizeRecipient(text: string): string | null {
  const address = text.trim().toLowerCase();
  return address !== '' && isValidEmailAddress(address) ? address : null;
}

/**
 * The recipients after the user typed or pasted more: each piece (split on commas, semicolons and spaces)
 * lower-cased, the invalid ones dropped, none twice, in the order typed.
 */
export function addRecipients(current: readonly string[], typed: string): string[] {
  const next = [...current];
  for (const piece of typed.split(/[\s,;]+/)) {
    const address = normalizeRecipient(piece);
    if (address !== null && !next.includes(address)) next.push(address);
  }
  return next;
}

/** The recipients of a list as the server sends them, normalised the same way. */
export const normalizeRecipients = (addresses: readonly string[]) => addRecipients([], addresses.join(','));

/** Send needs at least one recipient, and no send already under way. */
export const canSendEmail = (recipients: readonly string[], sending = false) =>
  recipients.length > 0 && !sending;

// ---------------------------------------------------------------- attachments

/** File name endings that run code when opened: refused as attachments. */
export const EXECUTABLE_EXTENSIONS = [
  'exe',
  'msi',
  'msp',
  'bat',
  'cmd',
  'com',
  'scr',
  'pif',
  'cpl',
  'dll',
  'sys',
  'vbs',
  'vbe',
  'js',
  'jse',
  'wsf',
  'wsh',
  'hta',
  'ps1',
  'psm1',
  'reg',
  'lnk',
  'jar',
  'sh',
  'app',
  'apk',
  'deb',
  'rpm',
  'dmg',
  'pkg',
  'run',
  'bin',
] as const;

/** Media types of programs, refused whatever the file is called. */
export const EXECUTABLE_MEDIA_TYPES = [
  'application/x-msdownload',
  'application/x-msdos-program',
  'application/x-ms-installer',
  'application/x-msi',
  'application/x-executable',
  'application/x-elf',
  'application/x-mach-binary',
  'application/x-sh',
  'application/x-bat',
  'application/vnd.microsoft.portable-executable',
  'application/java-archive',
  'application/vnd.android.package-archive',
] as const;

export type EmailAttachmentRefusal = 'too_large' | 'executable';

/** The English texts of the refusals, shown beside the file and answered by the server. */
export const EMAIL_COMPOSE_MESSAGES = {
  too_large: 'The file is larger than 25,000,000 bytes',
  executable: 'Executable files cannot be attached',
  recipient_required: 'Add at least one recipient',
} as const;

export function isExecutableFile(file: { name: string; type?: string | null }): boolean {
  const name = file.name.trim().toLowerCase();
  const dot = name.lastIndexOf('.');
  const extension = dot >= 0 ? name.slice(dot + 1) : '';
  if ((EXECUTABLE_EXTENSIONS as readonly string[]).includes(extension)) return true;
  const type = (file.type ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
  return (EXECUTABLE_MEDIA_TYPES as readonly string[]).includes(type);
}

/** Why a file cannot be attached, or null when it can: over 25,000,000 bytes, or executable. */
export function attachmentRefusal(file: {
  name: string;
  size: number;
  type?: string | null;
}): EmailAttachmentRefusal | null {
  if (isExecutableFile(file)) return 'executable';
  if (file.size > EMAIL_ATTACHMENT_MAX_BYTES) return 'too_large';
  return null;
}

/** Files split into those attached and those refused, each refused one with its reason. */
export function checkAttachments<F extends { name: string; size: number; type?: string | null }>(
  files: readonly F[],
): { accepted: F[]; refused: { file: F; reason: EmailAttachmentRefusal }[] } {
  const accepted: F[] = [];
  const refused: { file: F; reason: EmailAttachmentRefusal }[] = [];
  for (const file of files) {
    const reason = attachmentRefusal(file);
    if (reason === null) accepted.push(file);
    else refused.push({ file, reason });
  }
  return { accepted, refused };
}

// ---------------------------------------------------------------- replies

/** A reply's subject: the topic with one "Re: " in front (none added twice). */
export function replySubject(subject: string): string {
  const topic = subject.trim();
  return /^re:/i.test(topic) ? topic : `Re: ${topic}`;
}

/**
 * The threading headers of a reply to a message: In-Reply-To is its Message-ID, References its own
 * references followed by its Message-ID (RFC 5322), each id once.
 */
export function replyHeaders(message: { message_id: string | null; references: string | null }): {
  in_reply_to: string;
  references: string;
} {
  const ids = (message.references ?? '').split(/\s+/).filter((id) => id !== '');
  if (message.message_id && !ids.includes(message.message_id)) ids.push(message.message_id);
  return { in_reply_to: message.message_id ?? '', references: ids.join(' ') };
}

/** The plain-text part of an HTML message the editor wrote: paragraphs and breaks become line breaks. */
export function plainTextOfHtml(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|blockquote)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
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
