import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoadDetail } from '@app/domain/loads/loads.schema';
import { http } from '@/lib/api';
import { errorStatus } from '@/lib/api-error';
import { LOAD_LISTS, LOADS_API, loadQueryKeys } from './load-query-keys';
import type { LoadList } from './load-query-keys';

function getDetail(list: LoadList, id: number, signal?: AbortSignal) {
  return http.get<LoadDetail>(`${LOADS_API}/${list}/${id}/`, { signal, quietStatuses: [404] });
}

/**
 * GET loads/{list}/{id}/. A deep link may name a list the load has left since (a notification about a
 * load that was delivered meanwhile): when that list does not have it, the other lists are asked, and the
 * page then moves to the list that has it. A load no list has is a 404.
 */
export async function fetchLoadDetail(list: LoadList, id: number, signal?: AbortSignal): Promise<LoadDetail> {
  try {
    return await getDetail(list, id, signal);
  } catch (error) {
    if (errorStatus(error) !== 404) throw error;
    const others = LOAD_LISTS.filter((other) => other !== list);
    const found = await Promise.all(
      others.map((other) =>
        http.get<LoadDetail>(`${LOADS_API}/${other}/${id}/`, { signal, silent: true }).catch(() => null),
      ),
    );
    const load = found.find((candidate) => candidate !== null);
    if (load) return load;
    throw error;
  }
}

export function loadDetailQueryOptions(list: LoadList, id: number) {
  return queryOptions({
    queryKey: loadQueryKeys.detail(id),
    queryFn: ({ signal }) => fetchLoadDetail(list, id, signal),
  });
}

export function useLoadDetail(list: LoadList, id: number) {
  return useQuery(loadDetailQueryOptions(list, id));
}
