import { beforeEach, describe, expect, it } from 'vitest';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { parseRealtimeMessage, type RealtimeEventName } from '@app/domain/realtime/realtime.schema';
import { usersQueryKeys } from '@/features/users/api/users-query-keys';
import { queryKeys } from '@/lib/query-keys';
import { teamLookupKeys } from '@/lib/team-lookups';
import { createLiveQueryApplier } from './apply-live-effects';
import { createInvalidationThrottle } from './invalidation-throttle';

// update_users on a real query cache: a colleague changed or dismissed someone, so the people list's pages
// and the pickers of dispatchers are asked again; the signed-in user's own answer is left alone.

const KEYS = {
  people: usersQueryKeys.employeeList({ status: 'Active', page: 1, limit: 25 }),
  secondPage: usersQueryKeys.employeeList({ page: 2, limit: 25 }),
  dispatchers: teamLookupKeys.dispatchers(null),
  teamDispatchers: teamLookupKeys.dispatchers(4),
  currentUser: queryKeys.currentUser,
  teams: teamLookupKeys.workingGroups,
} satisfies Record<string, QueryKey>;
type Page = keyof typeof KEYS;
const PAGES = Object.keys(KEYS) as Page[];

let queryClient: QueryClient;
let event: (name: RealtimeEventName, data: unknown) => void;

beforeEach(() => {
  queryClient = new QueryClient();
  for (const page of PAGES) queryClient.setQueryData<unknown>(KEYS[page], { count: 0, results: [] });
  const throttle = createInvalidationThrottle({ queryClient });
  const receive = createLiveQueryApplier(queryClient, throttle);
  event = (name, data) => {
    const message = parseRealtimeMessage({ event: name, data });
    if (!message) throw new Error(`the test's ${name} does not match its schema`);
    receive(message);
    throttle.flush();
  };
});

const invalidated = () => PAGES.filter((page) => queryClient.getQueryState(KEYS[page])?.isInvalidated).sort();

describe('live queries: people', () => {
  it('a colleague changed or dismissed refreshes the people pages and the dispatcher pickers', () => {
    event('update_users', { ids: [21] });
    expect(invalidated()).toEqual(['dispatchers', 'people', 'secondPage', 'teamDispatchers']);
  });

  it('an update_users without ids is not a message', () => {
    expect(parseRealtimeMessage({ event: 'update_users', data: { ids: [] } })).toBeNull();
  });
});
