import Alert from '@mui/material/Alert';
import { useBrokerErrorLines } from './broker-messages';

/** A refused change of a broker, in the server's words. */
export function BrokerError({ error, onClose }: { error: unknown; onClose?: () => void }) {
  const lines = useBrokerErrorLines();
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
