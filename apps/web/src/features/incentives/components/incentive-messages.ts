import { INCENTIVE_MESSAGES } from '@app/domain/accounting/incentives.schema';
import { messageKeys, useMessageText } from '@/components/error-messages/error-messages';

// The incentive screens' texts of the server and the domain: the 'incentives.messages' keys of en.json hold
// exactly the domain's INCENTIVE_MESSAGES.

const KEY_BY_MESSAGE = new Map(messageKeys(INCENTIVE_MESSAGES, 'incentives.messages'));

/** Turns a server or domain message into the user's language; unknown texts are shown as they are. */
export function useIncentiveMessageText(): (message: string) => string {
  return useMessageText(KEY_BY_MESSAGE);
}
