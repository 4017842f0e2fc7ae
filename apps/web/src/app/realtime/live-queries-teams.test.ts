import { describe, expect, it } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { parseRealtimeMessage } from '@app/domain/realtime/realtime.schema';
import { teamsQueryKeys } from '@/features/teams/api/teams-query-keys';
import { usersQueryKeys } from '@/features/users/api/users-query-keys';
import { loadQueryKeys } from '@/features/loads/api/load-query-keys';
import { queryKeys } from '@/lib/query-keys';
import { teamLookupKeys } from '@/lib/team-lookups';
import { liveCache } from '@/test/live-cache';

// update_working_groups on a real query cache: a colleague changed teams, so the shell's teams (kept until
// such a change), the teams page and the pickers that depend on teams are asked again; nothing else.

const KEYS = {
  shellTeams: teamLookupKeys.workingGroups,
  teamsPage: teamsQueryKeys.list,
  teamDetail: teamsQueryKeys.detail(4),
  otherTeamDetail: teamsQueryKeys.detail(9),
  dispatchers: teamLookupKeys.dispatchers(4),
  people: usersQueryKeys.employeeList({ page: 1, limit: 25 }),
  currentUser: queryKeys.currentUser,
  loadDetail: loadQueryKeys.detail(300),
} satisfies Record<string, QueryKey>;

const { event, invalidated } = liveCache(KEYS, []);

describe('live queries: teams', () => {
  it("a change of teams refreshes the shell's teams, the teams page and the team pickers, not the rest", () => {
    event('update_working_groups', { ids: [4] });
    expect(invalidated()).toEqual([
      'dispatchers',
      'otherTeamDetail',
      'people',
      'shellTeams',
      'teamDetail',
      'teamsPage',
    ]);
  });

  it('an update_working_groups without ids is not a message', () => {
    expect(parseRealtimeMessage({ event: 'update_working_groups', data: { ids: [] } })).toBeNull();
  });
});
