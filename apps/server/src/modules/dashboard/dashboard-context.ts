import type {
  BidFigures,
  DashboardPeriod,
  LoadFigures,
  SortOrder,
} from '@app/domain/dashboard/dashboard.schema';
import { periodDates, ratePerMile, type DashboardPeriodName } from '@app/domain/dashboard/dashboard.rules';
import { ROLES } from '@app/domain/common/lookups';
import { centsToAmount } from '@app/domain/common/money';
import { pageOffset } from '@app/domain/common/pagination';
import type { CompanyCaller } from '../auth/caller';
import type { BidSums, DayRange, FigureSums, LoadScope } from './dashboard-scope.repository';

// What every dashboard call does first and last: whose loads count (the caller's scope), which days (the
// period), and how sums in cents become the answer's figures.

/** A dispatcher (not a superuser) sees only their own loads, bids and vehicles. */
export const seesOwnOnly = (caller: CompanyCaller) => caller.role === ROLES.dispatcher && !caller.isSuperuser;

type FilterQuery = {
  period: DashboardPeriodName;
  date_from?: string | undefined;
  date_to?: string | undefined;
  working_group?: number | undefined;
  subgroup?: number | undefined;
};

/** The period's Eastern dates as the answer echoes them, and as the queries take them. */
export function periodOf(query: FilterQuery, now: Date): { period: DashboardPeriod; range: DayRange } {
  const dates = periodDates(query, now);
  return {
    period: { period: query.period, ...dates },
    range: { from: dates.date_from, to: dates.date_to },
  };
}

/** The caller's scope: the company narrowed by the filters, and to the caller when they see their own only. */
export function scopeOf(caller: CompanyCaller, query: FilterQuery): LoadScope {
  return {
    companyId: caller.companyId,
    dispatcherId: seesOwnOnly(caller) ? caller.userId : undefined,
    workingGroupId: query.working_group,
    subgroupId: query.subgroup,
  };
}

/** Sums in cents as numbers. */
export type Totals = { loads: number; grossCents: number; marginCents: number; miles: number };

export const NO_TOTALS: Totals = { loads: 0, grossCents: 0, marginCents: 0, miles: 0 };

export function totalsOf(sums: FigureSums | undefined): Totals {
  if (!sums) return NO_TOTALS;
  return {
    loads: Number(sums.loads),
    grossCents: Number(sums.gross_cents),
    marginCents: Number(sums.margin_cents),
    miles: Number(sums.miles),
  };
}

export function addTotals(a: Totals, b: Totals): Totals {
  return {
    loads: a.loads + b.loads,
    grossCents: a.grossCents + b.grossCents,
    marginCents: a.marginCents + b.marginCents,
    miles: a.miles + b.miles,
  };
}

/** The load figures every ranking sorts by. */
export type FigureSort = 'loads' | 'miles' | 'gross' | 'margin' | 'rate_per_mile';

/** A row's value under one of the load figures, in cents for money (the order is the same). */
export function figureValue(totals: Totals, figure: FigureSort): number | null {
  switch (figure) {
    case 'loads':
      return totals.loads;
    case 'miles':
      return totals.miles;
    case 'gross':
      return totals.grossCents;
    case 'margin':
      return totals.marginCents;
    case 'rate_per_mile':
      return ratePerMile(totals.grossCents, totals.miles);
  }
}

export function toFigures(totals: Totals): LoadFigures {
  return {
    loads: totals.loads,
    gross: centsToAmount(totals.grossCents),
    margin: centsToAmount(totals.marginCents),
    miles: totals.miles,
    rate_per_mile: ratePerMile(totals.grossCents, totals.miles),
  };
}

export function toBids(sums: BidSums | undefined): BidFigures {
  return {
    sent: Number(sums?.sent ?? 0),
    active: Number(sums?.active ?? 0),
    won: Number(sums?.won ?? 0),
    lost: Number(sums?.lost ?? 0),
  };
}

/**
 * One page of rows sorted by a value, ties by id ascending; a row without a value (null) comes last in
 * either order.
 */
export function sortedPage<Row>(
  rows: Row[],
  valueOf: (row: Row) => number | null,
  idOf: (row: Row) => number,
  paging: { order: SortOrder; page: number; limit: number },
): Row[] {
  const direction = paging.order === 'asc' ? 1 : -1;
  const sorted = [...rows].sort((a, b) => {
    const left = valueOf(a);
    const right = valueOf(b);
    if (left === null || right === null) {
      if (left !== right) return left === null ? 1 : -1;
    } else if (left !== right) return (left - right) * direction;
    return idOf(a) - idOf(b);
  });
  const offset = pageOffset(paging);
  return sorted.slice(offset, offset + paging.limit);
}
