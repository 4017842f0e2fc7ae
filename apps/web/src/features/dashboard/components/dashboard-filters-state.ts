import {
  DASHBOARD_PERIODS,
  MAX_RANGE_DAYS,
  periodDates,
  rangeDayCount,
} from '@app/domain/dashboard/dashboard.rules';
import type { DashboardPeriodName } from '@app/domain/dashboard/dashboard.rules';
import {
  asId,
  asRecord,
  parseSavedRecord,
  readSavedText,
  saveListState,
} from '@/components/lists/saved-list-state';
import type { QueryParams } from '@/lib/http-client';

// The dashboard's filter set, kept in local storage like the lists' (the spec's saved filter set for the
// dashboard): the period, the two days of a range, the team and its subgroup. An unreadable saved set (an
// older format, a hand edit) falls back to today for the whole company.

export type DashboardFilters = {
  period: DashboardPeriodName;
  /** 'YYYY-MM-DD' Eastern calendar days of a range; '' while not chosen. */
  date_from: string;
  date_to: string;
  /** The team (working group) and its subgroup. */
  working_group: number | null;
  subgroup: number | null;
};

export const DASHBOARD_STORAGE_KEY = 'dashboard_filters';

export const DEFAULT_DASHBOARD_FILTERS: DashboardFilters = {
  period: 'today',
  date_from: '',
  date_to: '',
  working_group: null,
  subgroup: null,
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const asDay = (value: unknown) => (typeof value === 'string' && DATE_ONLY.test(value) ? value : '');

export function isDashboardPeriod(value: unknown): value is DashboardPeriodName {
  return (DASHBOARD_PERIODS as readonly unknown[]).includes(value);
}

/** A saved set as stored; anything unreadable falls back to the default of its field. */
export function parseDashboardFilters(text: string | null): DashboardFilters {
  const saved = asRecord(parseSavedRecord(text).filters);
  const team = asId(saved.working_group);
  return {
    period: isDashboardPeriod(saved.period) ? saved.period : DEFAULT_DASHBOARD_FILTERS.period,
    date_from: asDay(saved.date_from),
    date_to: asDay(saved.date_to),
    working_group: team,
    // A subgroup belongs to its team: without the team it is not kept.
    subgroup: team === null ? null : asId(saved.subgroup),
  };
}

export function readDashboardFilters(): DashboardFilters {
  return parseDashboardFilters(readSavedText(DASHBOARD_STORAGE_KEY));
}

export function saveDashboardFilters(filters: DashboardFilters): void {
  saveListState(DASHBOARD_STORAGE_KEY, { filters });
}

/** The part of the filters the period picker shows. */
export type PeriodValue = Pick<DashboardFilters, 'period' | 'date_from' | 'date_to'>;

export type RangeProblem = 'incomplete' | 'reversed' | 'tooLong';

/** What keeps a range from being asked for: a day missing, the end before the start, over 366 days. */
export function rangeProblem(range: Pick<DashboardFilters, 'date_from' | 'date_to'>): RangeProblem | null {
  if (range.date_from === '' || range.date_to === '') return 'incomplete';
  if (range.date_to < range.date_from) return 'reversed';
  if (rangeDayCount(range.date_from, range.date_to) > MAX_RANGE_DAYS) return 'tooLong';
  return null;
}

/**
 * A period chosen in the picker. Choosing Range starts from the days of the period shown until then (this
 * month's when nothing was chosen before), so that a range is never empty.
 */
export function choosePeriod<Filters extends PeriodValue>(
  filters: Filters,
  period: DashboardPeriodName,
  now: Date,
): Filters {
  if (period !== 'range' || rangeProblem(filters) === null) return { ...filters, period };
  const shown = filters.period === 'range' ? 'this_month' : filters.period;
  return { ...filters, period, ...periodDates({ period: shown }, now) };
}

/**
 * The query string every dashboard endpoint takes: the period (a range with its two days), the team and
 * the subgroup when set. Null while the range cannot be asked for: the dashboard then keeps showing the
 * last period it asked for. `withTeams` is false for a dispatcher, whose numbers are their own.
 */
export function dashboardQuery(filters: DashboardFilters, withTeams = true): QueryParams | null {
  const query: QueryParams = { period: filters.period };
  if (filters.period === 'range') {
    if (rangeProblem(filters) !== null) return null;
    query.date_from = filters.date_from;
    query.date_to = filters.date_to;
  }
  if (withTeams && filters.working_group !== null) {
    query.working_group = filters.working_group;
    if (filters.subgroup !== null) query.subgroup = filters.subgroup;
  }
  return query;
}
