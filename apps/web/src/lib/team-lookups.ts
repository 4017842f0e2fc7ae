import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './api';

// The company's teams and dispatchers, which the load lists, the vehicles table and the vehicle form offer
// as filters and choices. They change rarely, so one cached copy serves every screen for a few minutes.

export type Subgroup = { id: number; name: string };
export type WorkingGroup = { id: number; name: string; group_name: string; subgroups: Subgroup[] };
export type Dispatcher = { id: number; first_name: string; last_name: string; role: number | null };

export const WORKING_GROUPS_PATH = '/backend/api/v2/working-groups/all';
export const DISPATCHERS_PATH = '/backend/api/users/my/';

const LOOKUP_STALE_MS = 5 * 60_000;

export const teamLookupKeys = {
  workingGroups: ['lookups', 'working-groups'] as const,
  /** Every team's dispatchers: what a change of people asks again. */
  dispatchersAll: ['lookups', 'dispatchers'] as const,
  dispatchers: (workingGroup: number | null) => ['lookups', 'dispatchers', workingGroup] as const,
};

/** GET working-groups/all: the company's teams with their subgroups. */
export function fetchWorkingGroups(signal?: AbortSignal) {
  return http.get<WorkingGroup[]>(WORKING_GROUPS_PATH, { signal, silent: true });
}

/**
 * The spec's rule: teams are fetched only when the web has none. The copy is kept until a change of teams
 * says otherwise (update_working_groups invalidates it, app/realtime/live-queries.ts); an empty answer is
 * asked again the next time a screen needs teams.
 */
export const workingGroupsQueryOptions = queryOptions({
  queryKey: teamLookupKeys.workingGroups,
  queryFn: ({ signal }) => fetchWorkingGroups(signal),
  staleTime: (query) => ((query.state.data?.length ?? 0) > 0 ? Infinity : 0),
});

export function useWorkingGroups() {
  return useQuery(workingGroupsQueryOptions);
}

/** GET users/my/?dispatchers=true&wg={id}: the dispatchers and managers, of one team when given. */
export function fetchDispatchers(workingGroup: number | null, signal?: AbortSignal) {
  return http.get<Dispatcher[]>(DISPATCHERS_PATH, {
    query: { dispatchers: true, wg: workingGroup },
    signal,
    silent: true,
  });
}

export function dispatchersQueryOptions(workingGroup: number | null) {
  return queryOptions({
    queryKey: teamLookupKeys.dispatchers(workingGroup),
    queryFn: ({ signal }) => fetchDispatchers(workingGroup, signal),
    staleTime: LOOKUP_STALE_MS,
  });
}

/** The company's dispatchers and managers, or those of one team. */
export function useDispatchers(workingGroup: number | null = null) {
  return useQuery(dispatchersQueryOptions(workingGroup));
}

/** "First Last" of a dispatcher or manager. */
export function dispatcherName(person: Pick<Dispatcher, 'first_name' | 'last_name'>): string {
  return [person.first_name, person.last_name].filter(Boolean).join(' ');
}
