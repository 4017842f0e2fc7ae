// Every TanStack Query key of the app, in one place so that invalidations match what was cached.
export const queryKeys = {
  currentUser: ['users', 'my'] as const,
  firms: ['users', 'firms'] as const,
  userRequests: ['users', 'requests'] as const,
  profile: ['profile', 'me'] as const,
};
