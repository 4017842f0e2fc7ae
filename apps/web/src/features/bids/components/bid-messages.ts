import { PROPOSITION_MESSAGES } from '@app/domain/bids/bids.schema';
import { messageKeys, useMessageText } from '@/components/error-messages/error-messages';

// The domain's proposition messages paired with their translation keys, for the bid forms and the
// server's field messages.

const KEY_BY_MESSAGE = new Map<string, string>(messageKeys(PROPOSITION_MESSAGES, 'bids.messages'));

export function useBidMessageText() {
  return useMessageText(KEY_BY_MESSAGE);
}
