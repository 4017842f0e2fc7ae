import { ErrorAlert } from '@/components/error-messages/error-alert';
import { useBrokerMessageText } from './broker-messages';

/** A refused change of a broker, in the server's words translated. */
export function BrokerError({ error, onClose }: { error: unknown; onClose?: () => void }) {
  const messageText = useBrokerMessageText();
  return <ErrorAlert error={error} onClose={onClose} messageText={messageText} />;
}
