import {
  CANCEL_WARNING,
  DOCUMENTS_REQUIRED_MESSAGE,
  LOAD_ACTION_MESSAGES,
  LOAD_FILE_MESSAGES,
} from '@app/domain/loads/load-lifecycle.rules';
import { LOAD_SCHEMA_MESSAGES } from '@app/domain/loads/loads.schema';
import { messageKeys, useMessageText } from '@/components/error-messages/error-messages';

// The load screens' texts of the server and the domain. The 'loads.serverMessages' keys of en.json hold
// exactly the domain's texts (a test checks it).

const keyByMessage = new Map<string, string>([
  ...messageKeys(LOAD_ACTION_MESSAGES, 'loads.serverMessages'),
  ...messageKeys(LOAD_FILE_MESSAGES, 'loads.fileMessages'),
  ...messageKeys(LOAD_SCHEMA_MESSAGES, 'loads.schemaMessages'),
  [DOCUMENTS_REQUIRED_MESSAGE, 'loads.documentsRequired'],
  [CANCEL_WARNING, 'loads.cancel.warning'],
]);

/** Turns a server or domain message into the user's language; unknown texts are shown as they are. */
export function useLoadMessageText(): (message: string) => string {
  return useMessageText(keyByMessage);
}
