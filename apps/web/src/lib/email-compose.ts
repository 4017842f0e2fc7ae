import { EMAIL_THREAD_DIR } from '@app/domain/notifications/notifications.rules';
import { EventEmitter } from './events';

// The e-mail compose widget is one of the global dialogs: any screen opens it with openEmailCompose, and
// the signed-in shell shows it over the page. A reply names its thread and the message it answers; a new
// message names what it is about (a bid, a load or accounting).

export type EmailComposeRequest = {
  /** The thread a reply goes to; null for a new thread. */
  chatId: number | null;
  type?: 1 | 2 | 3;
  bid?: number;
  load?: number;
  subject: string;
  to: string[];
  references?: string | null;
  in_reply_to?: string | null;
  /** The text of the message replied to, shown above the editor (cut to 45 characters). */
  replyPreview?: string;
};

export const emailComposeEvents = new EventEmitter<{ open: EmailComposeRequest }>();

export function openEmailCompose(request: EmailComposeRequest): void {
  emailComposeEvents.emit('open', request);
}

// The thread view is a drawer over whatever page is open, driven by the address: ?dir=email opens it,
// with chat={id} (a thread), bid={id} or load={id} (the threads about that record), subject (a search) and
// to (the broker's address for a first message); all=1 says the user came back to the list.

export const EMAIL_DIR = EMAIL_THREAD_DIR;
export const EMAIL_THREAD_PARAMS = ['dir', 'chat', 'bid', 'load', 'subject', 'to', 'all'] as const;

export type EmailThreadTarget = {
  chat?: number;
  bid?: number;
  load?: number;
  subject?: string;
  to?: string | null;
};

/** The query string that opens the thread drawer: '?dir=email&bid=7&subject=Load%20%23000123'. */
export function emailThreadSearch(target: EmailThreadTarget): string {
  const params = new URLSearchParams({ dir: EMAIL_DIR });
  if (target.chat !== undefined) params.set('chat', String(target.chat));
  if (target.bid !== undefined) params.set('bid', String(target.bid));
  if (target.load !== undefined) params.set('load', String(target.load));
  if (target.subject) params.set('subject', target.subject);
  if (target.to) params.set('to', target.to);
  return `?${params.toString()}`;
}
