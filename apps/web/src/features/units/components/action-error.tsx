import { ErrorAlert } from '@/components/error-messages/error-alert';
import { useUnitsMessageText } from './units-messages';

/** A refused change of a vehicle, driver or owner, in the server's words translated. */
export function ActionError({ error, onClose }: { error: unknown; onClose?: () => void }) {
  const messageText = useUnitsMessageText();
  return <ErrorAlert error={error} onClose={onClose} messageText={messageText} />;
}
