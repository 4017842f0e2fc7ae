import { ErrorAlert } from '@/components/error-messages/error-alert';
import { useLoadMessageText } from './load-messages';

/** A refused change of a load, in the server's words translated. */
export function ActionError({ error, onClose }: { error: unknown; onClose?: () => void }) {
  const messageText = useLoadMessageText();
  return <ErrorAlert error={error} onClose={onClose} messageText={messageText} />;
}
