// The cache keys of the people page. Every page of the list sits under ['people'] (not under ['users'],
// which holds the signed-in user), so one invalidation after a change or an update_users refreshes them all.

export const USERS_API = '/backend/api/v2/users';

export const usersQueryKeys = {
  employees: ['people'] as const,
  employeeList: (query: Record<string, unknown>) => ['people', query] as const,
};

/** Errors the people page shows itself (in its dialogs), not as the generic toast. */
export const SHOWN_BY_THE_PAGE = [400, 403, 404, 409] as const;
