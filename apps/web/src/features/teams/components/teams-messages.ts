import { TEAMS_MESSAGES } from '@app/domain/teams/teams.schema';
import { messageKeys, useMessageText } from '@/components/error-messages/error-messages';

// The domain's teams texts (field messages of the requests) paired with their keys under teams.messages.
const KEY_BY_MESSAGE = new Map(messageKeys(TEAMS_MESSAGES, 'teams.messages'));

/** Turns a teams message from the server or the domain into the user's language. */
export function useTeamsMessageText() {
  return useMessageText(KEY_BY_MESSAGE);
}
