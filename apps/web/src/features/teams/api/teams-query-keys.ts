// The teams page's caches. The shell's own copy of the teams (lib/team-lookups.ts, the filters and
// pickers) is another key; update_working_groups asks both again (app/realtime/live-queries.ts).
export const teamsQueryKeys = {
  all: ['teams'] as const,
  list: ['teams', 'list'] as const,
  detail: (id: number) => ['teams', 'detail', id] as const,
};
