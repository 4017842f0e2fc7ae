import { describe, expect, it } from 'vitest';
import {
  choosePeriod,
  dashboardQuery,
  DEFAULT_DASHBOARD_FILTERS,
  parseDashboardFilters,
} from './dashboard-filters-state';

// The dashboard's saved filter set: read back field by field, and turned into the query every block asks.

describe("the dashboard's saved filter set", () => {
  it('reads a saved set back, and falls back field by field on what it cannot read', () => {
    const saved = {
      period: 'range',
      date_from: '2026-11-01',
      date_to: '2026-11-15',
      working_group: 3,
      subgroup: 31,
    };
    expect(parseDashboardFilters(JSON.stringify({ filters: saved }))).toEqual(saved);
    expect(parseDashboardFilters('not json')).toEqual(DEFAULT_DASHBOARD_FILTERS);
    expect(
      parseDashboardFilters(
        JSON.stringify({
          filters: { period: 'yesterday', date_from: '11/01/2026', working_group: -2, subgroup: 31 },
        }),
      ),
    ).toEqual(DEFAULT_DASHBOARD_FILTERS);
  });

  it('asks with the period, the range days and the team and subgroup; a dispatcher without the team', () => {
    const filters = {
      ...DEFAULT_DASHBOARD_FILTERS,
      period: 'last_week' as const,
      working_group: 3,
      subgroup: 31,
    };
    expect(dashboardQuery(filters)).toEqual({ period: 'last_week', working_group: 3, subgroup: 31 });
    expect(dashboardQuery(filters, false)).toEqual({ period: 'last_week' });
    const range = { ...filters, period: 'range' as const, date_from: '2026-11-01', date_to: '2026-11-15' };
    expect(dashboardQuery(range)).toEqual({
      period: 'range',
      date_from: '2026-11-01',
      date_to: '2026-11-15',
      working_group: 3,
      subgroup: 31,
    });
  });

  it('does not ask for a range missing a day, reversed, or over 366 days', () => {
    const range = { ...DEFAULT_DASHBOARD_FILTERS, period: 'range' as const };
    expect(dashboardQuery({ ...range, date_from: '2026-11-01' })).toBeNull();
    expect(dashboardQuery({ ...range, date_from: '2026-11-15', date_to: '2026-11-01' })).toBeNull();
    expect(dashboardQuery({ ...range, date_from: '2025-11-01', date_to: '2026-11-02' })).toBeNull();
    expect(dashboardQuery({ ...range, date_from: '2025-11-01', date_to: '2026-11-01' })).not.toBeNull();
  });

  it("starts a range from the days of the period shown, this month's after an unfinished range", () => {
    const friday = new Date('2026-11-27T17:00:00Z');
    expect(
      choosePeriod({ ...DEFAULT_DASHBOARD_FILTERS, period: 'this_week' }, 'range', friday),
    ).toMatchObject({
      period: 'range',
      date_from: '2026-11-23',
      date_to: '2026-11-29',
    });
    const unfinished = { ...DEFAULT_DASHBOARD_FILTERS, period: 'range' as const, date_from: '2026-11-05' };
    expect(choosePeriod(unfinished, 'range', friday)).toMatchObject({
      date_from: '2026-11-01',
      date_to: '2026-11-30',
    });
    // A whole range chosen before is kept when Range is chosen again.
    const whole = { ...unfinished, period: 'today' as const, date_to: '2026-11-09' };
    expect(choosePeriod(whole, 'range', friday)).toMatchObject({
      date_from: '2026-11-05',
      date_to: '2026-11-09',
    });
  });
});
