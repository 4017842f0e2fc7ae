import { useState } from 'react';
import type { QueryParams } from '@/lib/http-client';
import {
  dashboardQuery,
  readDashboardFilters,
  saveDashboardFilters,
  DEFAULT_DASHBOARD_FILTERS,
} from './dashboard-filters-state';
import type { DashboardFilters } from './dashboard-filters-state';

/**
 * The dashboard's saved filter set and the query its blocks ask with. A range still being typed (a day
 * missing, reversed, too long) is saved as it is but not asked for: the blocks keep the last period asked.
 */
export function useDashboardFilters(withTeams: boolean) {
  const [filters, setFilters] = useState<DashboardFilters>(readDashboardFilters);
  const [query, setQuery] = useState<QueryParams>(
    () => dashboardQuery(filters, withTeams) ?? dashboardQuery(DEFAULT_DASHBOARD_FILTERS, withTeams)!,
  );
  const change = (next: DashboardFilters) => {
    setFilters(next);
    saveDashboardFilters(next);
    const nextQuery = dashboardQuery(next, withTeams);
    if (nextQuery) setQuery(nextQuery);
  };
  return { filters, query, change };
}
