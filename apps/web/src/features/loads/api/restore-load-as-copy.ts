import { http } from '@/lib/api';
import { LOADS_API, SHOWN_BY_THE_PAGE } from './load-query-keys';
import { useLoadMutation } from './load-mutation';

export type RestoreLoadAsCopyVariables = { id: number; driver: number };

/** PUT loads/{id}/restore-as-copy {driver}: a new active load like the canceled one; answers its id. */
export async function restoreLoadAsCopy({
  id,
  driver,
}: RestoreLoadAsCopyVariables): Promise<{ id: number | null }> {
  const answer = await http.put<{ id?: number } | null>(
    `${LOADS_API}/${id}/restore-as-copy`,
    { driver },
    { quietStatuses: SHOWN_BY_THE_PAGE },
  );
  return { id: typeof answer?.id === 'number' ? answer.id : null };
}

export function useRestoreLoadAsCopy() {
  return useLoadMutation(restoreLoadAsCopy);
}
