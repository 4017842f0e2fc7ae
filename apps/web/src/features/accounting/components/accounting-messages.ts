import { ACCOUNTING_STATUS_MESSAGES } from '@app/domain/accounting/accounting-status.rules';
import { BROKER_PAYMENTS_MESSAGES } from '@app/domain/accounting/broker-payments.schema';
import { INCOME_SCHEMA_MESSAGES } from '@app/domain/accounting/income.schema';
import { messageKeys, useMessageText } from '@/components/error-messages/error-messages';

// The accounting screens' texts of the server and the domain: the 'accounting.messages' keys of en.json hold
// exactly the domain's INCOME_SCHEMA_MESSAGES, ACCOUNTING_STATUS_MESSAGES and BROKER_PAYMENTS_MESSAGES.

export const ACCOUNTING_MESSAGE_KEYS = new Map([
  ...messageKeys(INCOME_SCHEMA_MESSAGES, 'accounting.messages'),
  ...messageKeys(ACCOUNTING_STATUS_MESSAGES, 'accounting.messages'),
  ...messageKeys(BROKER_PAYMENTS_MESSAGES, 'accounting.messages'),
]);

/** Turns a server or domain message into the user's language; unknown texts are shown as they are. */
export function useAccountingMessageText(): (message: string) => string {
  return useMessageText(ACCOUNTING_MESSAGE_KEYS);
}
