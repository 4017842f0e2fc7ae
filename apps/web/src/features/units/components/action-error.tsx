import Alert from '@mui/material/Alert';
import { useErrorLines } from './units-messages';

/** A refused change, in the server's words translated. Nothing when there is no error. */
export function ActionError({ error, onClose }: { error: unknown; onClose?: () => void }) {
  const lines = useErrorLines();
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
