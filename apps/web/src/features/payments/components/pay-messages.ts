import { PAY_CHANGE_MESSAGES } from '@app/domain/accounting/pay-changes.schema';
import { PAY_LIST_MESSAGES } from '@app/domain/accounting/payments.schema';
import { messageKeys, useMessageText } from '@/components/error-messages/error-messages';

// The pay screens' texts of the server and the domain: the 'payments.messages' keys of en.json hold exactly
// the domain's PAY_CHANGE_MESSAGES and PAY_LIST_MESSAGES.

const KEY_BY_MESSAGE = new Map([
  ...messageKeys(PAY_CHANGE_MESSAGES, 'payments.messages'),
  ...messageKeys(PAY_LIST_MESSAGES, 'payments.messages'),
]);

/** Turns a server or domain message into the user's language; unknown texts are shown as they are. */
export function usePayMessageText(): (message: string) => string {
  return useMessageText(KEY_BY_MESSAGE);
}
