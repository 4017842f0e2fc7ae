import { EMAIL_MESSAGES } from '@app/domain/email/email.rules';
import { messageKeys } from '@/components/error-messages/error-messages';

/** The e-mail rules' English texts (the mailbox form's field messages) paired with their keys. */
export const MAILBOX_MESSAGE_KEYS: ReadonlyMap<string, string> = new Map(
  messageKeys(EMAIL_MESSAGES, 'email.messages'),
);
