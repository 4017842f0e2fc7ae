import { BROKER_MESSAGES } from '@app/domain/brokers/brokers.rules';
import { messageKeys, useMessageText } from '@/components/error-messages/error-messages';

// The broker screens' texts of the server and the domain. The 'brokers.serverMessages' keys of en.json
// hold exactly the domain's BROKER_MESSAGES (a test checks it).

const keyByMessage = new Map<string, string>(messageKeys(BROKER_MESSAGES, 'brokers.serverMessages'));

/** Turns a server or domain message into the user's language; unknown texts are shown as they are. */
export function useBrokerMessageText(): (message: string) => string {
  return useMessageText(keyByMessage);
}
