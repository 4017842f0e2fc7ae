import { parseLoadNumber, pickLoadByNumber } from '@app/domain/loads/load-number.rules';
import type { LoadDetail, LoadListResponse } from '@app/domain/loads/loads.schema';
import { errorStatus } from './api-error';
import { http } from './api';

// A load named by the number users see ('000301' or '301'), or by its id, for the load fields outside the
// load pages (the capacity search). The domain's rule decides: the accounting number first, the id only when
// no load has that accounting number, and never for a padded number.

const ACTIVE_LOADS_PATH = '/backend/api/v2/loads/active';

export type NumberedLoad = { id: number; load_accounting_number: number | null };

/** The active load a typed number names, or null when none (or the text is not a load number). */
export async function findActiveLoadByNumber(
  text: string,
  signal?: AbortSignal,
): Promise<NumberedLoad | null> {
  const query = parseLoadNumber(text);
  if (!query) return null;
  const answer = await http.get<LoadListResponse>(ACTIVE_LOADS_PATH, {
    query: { search: text.trim().replace(/^#/, ''), limit: 50 },
    signal,
    silent: true,
  });
  const load = pickLoadByNumber(query, answer.results);
  return load ? { id: load.id, load_accounting_number: load.load_accounting_number } : null;
}

/** The numbers of the active load with this id (a link names a load by its id), or null when not active. */
export async function fetchActiveLoadNumbers(id: number, signal?: AbortSignal): Promise<NumberedLoad | null> {
  try {
    const load = await http.get<LoadDetail>(`${ACTIVE_LOADS_PATH}/${id}/`, { signal, silent: true });
    return { id: load.id, load_accounting_number: load.load_accounting_number };
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
}
