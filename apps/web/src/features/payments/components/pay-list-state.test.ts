import { describe, expect, it } from 'vitest';
import { emptyFilters, parsePayListState, payListQuery } from './pay-list-state';

const NOW = new Date('2026-03-04T15:00:00Z');

describe('the saved filter set of a pay list', () => {
  it('opens the first time on this accounting week (Eastern), nothing else set', () => {
    expect(parsePayListState(null, NOW)).toEqual({ filters: emptyFilters(NOW), labels: {}, limit: 25 });
    expect(emptyFilters(NOW).week).toEqual({ year: 2026, week: 10 });
  });

  it('keeps what it can read and drops the rest', () => {
    const saved = JSON.stringify({
      filters: { week: { year: 2027, week: 53 }, status: 8, person: 61, team: 'x', text: 'anna' },
      labels: { person: 'Anna Alpha' },
      limit: 50,
    });
    expect(parsePayListState(saved, NOW)).toEqual({
      // 2027 has no week 53: the week falls back to this one.
      filters: { week: { year: 2026, week: 10 }, status: 8, person: 61, team: null, text: 'anna' },
      labels: { person: 'Anna Alpha' },
      limit: 50,
    });
    const everyWeek = JSON.stringify({ filters: { week: null, status: 42 } });
    expect(parsePayListState(everyWeek, NOW).filters).toMatchObject({ week: null, status: null });
    expect(parsePayListState('not json', NOW).filters.week).toEqual({ year: 2026, week: 10 });
  });

  it('asks the list with its week, filters and page', () => {
    const filters = { ...emptyFilters(NOW), status: 7, team: 3, text: 'beta' };
    expect(payListQuery('active', filters, 2, 50)).toEqual({
      list: 'active',
      page: 2,
      limit: 50,
      week: 10,
      year: 2026,
      status: 7,
      person: null,
      team: 3,
      text: 'beta',
    });
    expect(payListQuery('completed', { ...filters, week: null }, 1, 25)).toMatchObject({
      week: undefined,
      year: undefined,
    });
  });
});
