import { EMAIL_MESSAGES } from '@app/domain/email/email.rules';
import { messageKeys } from '@/components/error-messages/error-messages';

/** The e-mail rules' English texts paired with their keys, for the server's answers in the user's language. */
export const EMAIL_MESSAGE_KEYS: ReadonlyMap<string, string> = new Map(
  messageKeys(EMAIL_MESSAGES, 'email.messages'),
);
