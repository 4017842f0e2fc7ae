// A load has two numbers: its id (in links) and its accounting number, the one the lists show padded to
// six digits ('000301'). Wherever a user types a load's number they may type either, so one rule reads it:
// the accounting number first, the id only when no load has that accounting number, and a padded number
// ('000301', with its leading zeros) is never an id.

/** Digits only, at most nine; leading zeros allowed ('000301'). */
export const LOAD_NUMBER_PATTERN = /^\d{1,9}$/;

export type LoadNumberQuery = {
  /** The accounting number the text can be. */
  accountingNumber: number;
  /** The id the text can be; null for a padded number. */
  id: number | null;
};

/** What a typed load number can mean, or null when it is not one. */
export function parseLoadNumber(text: string): LoadNumberQuery | null {
  const trimmed = text.trim().replace(/^#/, '');
  if (!LOAD_NUMBER_PATTERN.test(trimmed)) return null;
  const number = Number(trimmed);
  if (number <= 0) return null;
  return { accountingNumber: number, id: trimmed.startsWith('0') ? null : number };
}

type NumberedLoad = { id: number; load_accounting_number: number | null };

/**
 * The load a typed number names, of the candidates found by either number: the one with that accounting
 * number, else the one with that id (an unpadded number only), else none.
 */
export function pickLoadByNumber<Load extends NumberedLoad>(
  query: LoadNumberQuery,
  candidates: readonly Load[],
): Load | null {
  return (
    candidates.find((load) => load.load_accounting_number === query.accountingNumber) ??
    (query.id === null ? undefined : candidates.find((load) => load.id === query.id)) ??
    null
  );
}
