// The cache keys of the dashboard. Every block sits under ['dashboard'], each endpoint under its own
// prefix, so that an event invalidates the blocks whose numbers it changes and leaves the others.

export const DASHBOARD_API = '/backend/api/v2/dashboard';

export const dashboardQueryKeys = {
  all: ['dashboard'] as const,
  countStatsAll: ['dashboard', 'count-stats'] as const,
  countStats: (query: Record<string, unknown>) => ['dashboard', 'count-stats', query] as const,
  driversAll: ['dashboard', 'drivers'] as const,
  drivers: (query: Record<string, unknown>) => ['dashboard', 'drivers', query] as const,
  dispatchersAll: ['dashboard', 'dispatchers'] as const,
  dispatchers: (query: Record<string, unknown>) => ['dashboard', 'dispatchers', query] as const,
  graphsAll: ['dashboard', 'graphs'] as const,
  graphs: (query: Record<string, unknown>) => ['dashboard', 'graphs', query] as const,
  /** The signed-in dispatcher's own numbers against their team's. */
  dispatcherAll: ['dashboard', 'dispatcher'] as const,
  dispatcher: (query: Record<string, unknown>) => ['dashboard', 'dispatcher', query] as const,
  /** The brokers' ranking, their count stats and one broker's history. */
  brokersAll: ['dashboard', 'broker-company'] as const,
  brokers: (query: Record<string, unknown>) => ['dashboard', 'broker-company', 'all', query] as const,
  brokerCountStats: (query: Record<string, unknown>) =>
    ['dashboard', 'broker-company', 'count-stats', query] as const,
  broker: (id: number, query: Record<string, unknown>) =>
    ['dashboard', 'broker-company', 'detail', id, query] as const,
};

/**
 * Failures each block shows itself (with a retry) instead of the app's toast: one server error would
 * otherwise raise a toast per block. A lost connection is still told once by the toast.
 */
export const SHOWN_BY_THE_BLOCKS = [400, 403, 404, 500, 502, 503, 504] as const;
