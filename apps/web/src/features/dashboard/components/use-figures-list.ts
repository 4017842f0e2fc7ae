import { useState } from 'react';
import type { QueryParams } from '@/lib/http-client';
import { FIGURES_LIMITS } from './figures-table';
import type { FiguresLimit, FiguresSort } from './figures-table';

/**
 * The sort, page and page size of a ranking table, and the query string it asks with: the dashboard's
 * filters and these. Another period, team or sort starts again at the first page.
 */
export function useFiguresList<Sort extends string>(filters: QueryParams, defaultSort: Sort) {
  const [sorting, setSorting] = useState<FiguresSort<Sort>>({ sort: defaultSort, order: 'desc' });
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<FiguresLimit>(FIGURES_LIMITS[0]);
  const filtersKey = JSON.stringify(filters);
  const [shownFilters, setShownFilters] = useState(filtersKey);
  if (filtersKey !== shownFilters) {
    setShownFilters(filtersKey);
    setPage(1);
  }
  const query: QueryParams = { ...filters, ...sorting, page, limit };
  return {
    query,
    table: {
      sorting,
      onSort: (next: FiguresSort<Sort>) => {
        setSorting(next);
        setPage(1);
      },
      page,
      limit,
      onPage: setPage,
      onLimit: (next: FiguresLimit) => {
        setLimit(next);
        setPage(1);
      },
    },
  };
}
