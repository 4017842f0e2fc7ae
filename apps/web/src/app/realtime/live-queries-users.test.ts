import { describe, expect, it } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { parseRealtimeMessage } from '@app/domain/realtime/realtime.schema';
import { usersQueryKeys } from '@/features/users/api/users-query-keys';
import { queryKeys } from '@/lib/query-keys';
import { teamLookupKeys } from '@/lib/team-lookups';
import { liveCache } from '@/test/live-cache';

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

const { event, invalidated } = liveCache(KEYS);

describe('live queries: people', () => {
  it('a colleague changed or dismissed refreshes the people pages and the dispatcher pickers', () => {
    event('update_users', { ids: [21] });
    expect(invalidated()).toEqual(['dispatchers', 'people', 'secondPage', 'teamDispatchers']);
  });

  it('an update_users without ids is not a message', () => {
    expect(parseRealtimeMessage({ event: 'update_users', data: { ids: [] } })).toBeNull();
  });
});
