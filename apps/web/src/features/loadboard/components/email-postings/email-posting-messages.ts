import { EMAIL_POSTING_MESSAGES } from '@app/domain/loadboard/email-postings.schema';
import { INTAKE_MESSAGES } from '@app/domain/loadboard/intake.rules';
import { messageKeys, useMessageText } from '@/components/error-messages/error-messages';

// The review form's server and domain messages paired with their translation keys.

const KEY_BY_MESSAGE = new Map<string, string>([
  ...messageKeys(EMAIL_POSTING_MESSAGES, 'emailPostings.messages'),
  ...messageKeys({ dateTimeInvalid: INTAKE_MESSAGES.dateTimeInvalid }, 'emailPostings.messages'),
]);

export const useEmailPostingMessageText = () => useMessageText(KEY_BY_MESSAGE);
