import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/api';
import { LOADBOARD_API } from './loadboard-query-keys';

/**
 * POST loads/loadboard/seen: the caller has seen these board loads (their rows are dimmed). Silent: the
 * row is dimmed at once, and a mark that fails (a load that just left the board) is not worth a toast.
 */
export function markLoadsSeen(ids: readonly number[]) {
  return http.post<{ ids: number[] }>(`${LOADBOARD_API}/seen`, { ids }, { silent: true });
}

export function useMarkSeen() {
  return useMutation({ mutationFn: markLoadsSeen });
}
