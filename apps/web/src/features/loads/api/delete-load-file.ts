import { http } from '@/lib/api';
import { LOADS_API, SHOWN_BY_THE_PAGE } from './load-query-keys';
import { useLoadMutation } from './load-mutation';

/** DELETE loads/files/{id}/delete. */
export function deleteLoadFile({ fileId }: { fileId: number }): Promise<unknown> {
  return http.delete(`${LOADS_API}/files/${fileId}/delete`, { quietStatuses: SHOWN_BY_THE_PAGE });
}

export function useDeleteLoadFile() {
  return useLoadMutation(deleteLoadFile);
}
