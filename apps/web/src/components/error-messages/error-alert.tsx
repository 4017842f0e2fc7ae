import Alert from '@mui/material/Alert';
import { useErrorLines } from './error-messages';

type ErrorAlertProps = {
  /** The failure of the last request; nothing is shown without one. */
  error: unknown;
  /** The area's translation of server and domain messages (useMessageText). */
  messageText: (message: string) => string;
  /** Shows a close button that clears the error. */
  onClose?: () => void;
};

/** A refused change as every screen shows it: the server's detail, then the fields' messages as a list. */
export function ErrorAlert({ error, messageText, onClose }: ErrorAlertProps) {
  const lines = useErrorLines(messageText);
  if (!error) return null;
  const [first, ...rest] = lines(error);
  return (
    <Alert severity="error" onClose={onClose} sx={{ '& ul': { m: 0, pl: 2.5 } }}>
      {first}
      {rest.length > 0 && (
        <ul>
          {rest.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
