import { useState } from 'react';

/**
 * The request of a dialog that closes once it succeeds (a price change, a confirmation): pending while it
 * runs, and its failure kept to show in the dialog, which stays open.
 */
export function useDialogAction(onDone: () => void) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const run = async (request: () => Promise<unknown>) => {
    setPending(true);
    setError(null);
    try {
      await request();
      onDone();
    } catch (failure) {
      setError(failure);
      setPending(false);
    }
  };

  return { pending, error, run };
}
