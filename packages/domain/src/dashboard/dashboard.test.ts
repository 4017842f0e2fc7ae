import { describe, expect, it } from 'vitest';
import {
  averageOf,
  datesOfRange,
  isoWeekOf,
  percentShare,
  periodDates,
  previousRange,
  rangeInstants,
  ratePerMile,
  twelveMonthsRange,
  twelveMonthsTo,
  weeksOfRange,
} from './dashboard.rules';
import { dashboardQuerySchema, driverListQuerySchema } from './dashboard.schema';

// Friday 27 November 2026, 10:00 Eastern (EST, UTC-5).
const FRIDAY = new Date('2026-11-27T15:00:00Z');

describe('periodDates: Eastern calendar dates of a period', () => {
  it('today is the Eastern date of now', () => {
    expect(periodDates({ period: 'today' }, FRIDAY)).toEqual({
      date_from: '2026-11-27',
      date_to: '2026-11-27',
    });
  });

  it('23:30 Eastern on 30 November is still 30 November, although UTC has reached 1 December', () => {
    const late = new Date('2026-12-01T04:30:00Z');
    expect(periodDates({ period: 'today' }, late)).toEqual({
      date_from: '2026-11-30',
      date_to: '2026-11-30',
    });
    expect(periodDates({ period: 'this_month' }, late)).toEqual({
      date_from: '2026-11-01',
      date_to: '2026-11-30',
    });
  });

  it('this week is Monday to Sunday of the ISO week', () => {
    expect(periodDates({ period: 'this_week' }, FRIDAY)).toEqual({
      date_from: '2026-11-23',
      date_to: '2026-11-29',
    });
  });

  it('on a Sunday this week started the Monday before; on a Monday it starts that day', () => {
    const sunday = new Date('2026-11-29T23:00:00Z'); // 18:00 Eastern, Sunday 29 November
    expect(periodDates({ period: 'this_week' }, sunday).date_from).toBe('2026-11-23');
    const monday = new Date('2026-11-30T05:00:00Z'); // 00:00 Eastern, Monday 30 November
    expect(periodDates({ period: 'this_week' }, monday).date_from).toBe('2026-11-30');
  });

  it('last week is the ISO week before, across a month and a year', () => {
    expect(periodDates({ period: 'last_week' }, FRIDAY)).toEqual({
      date_from: '2026-11-16',
      date_to: '2026-11-22',
    });
    // Friday 1 January 2027: this week began Monday 28 December 2026, last week on 21 December.
    const newYear = new Date('2027-01-01T17:00:00Z');
    expect(periodDates({ period: 'this_week' }, newYear)).toEqual({
      date_from: '2026-12-28',
      date_to: '2027-01-03',
    });
    expect(periodDates({ period: 'last_week' }, newYear)).toEqual({
      date_from: '2026-12-21',
      date_to: '2026-12-27',
    });
  });

  it('this month runs from the 1st to the last day, February of a leap year included', () => {
    expect(periodDates({ period: 'this_month' }, new Date('2028-02-10T12:00:00Z'))).toEqual({
      date_from: '2028-02-01',
      date_to: '2028-02-29',
    });
  });

  it('a range is taken as given', () => {
    expect(periodDates({ period: 'range', date_from: '2026-01-05', date_to: '2026-02-01' }, FRIDAY)).toEqual({
      date_from: '2026-01-05',
      date_to: '2026-02-01',
    });
  });
});

describe('rangeInstants: Eastern midnights', () => {
  it('a November day starts at 05:00 UTC and a July day at 04:00 UTC', () => {
    expect(rangeInstants({ date_from: '2026-11-01', date_to: '2026-11-30' })).toEqual({
      // 1 November 2026 is the day the clocks go back: midnight is still EDT.
      from: new Date('2026-11-01T04:00:00Z'),
      to: new Date('2026-12-01T05:00:00Z'),
    });
    expect(rangeInstants({ date_from: '2026-07-04', date_to: '2026-07-04' })).toEqual({
      from: new Date('2026-07-04T04:00:00Z'),
      to: new Date('2026-07-05T04:00:00Z'),
    });
  });
});

describe('weeks, days, months', () => {
  it('ISO weeks: 28 December 2026 is in week 53 of 2026, 4 January 2027 in week 1 of 2027', () => {
    expect(isoWeekOf('2026-12-31')).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf('2027-01-04')).toEqual({ year: 2027, week: 1 });
    expect(isoWeekOf('2026-11-27')).toEqual({ year: 2026, week: 48 });
  });

  it('the weeks touching November 2026 are six, from Monday 26 October to Monday 30 November', () => {
    const weeks = weeksOfRange({ date_from: '2026-11-01', date_to: '2026-11-30' });
    expect(weeks.map((week) => [week.week, week.week_start, week.week_end])).toEqual([
      [44, '2026-10-26', '2026-11-01'],
      [45, '2026-11-02', '2026-11-08'],
      [46, '2026-11-09', '2026-11-15'],
      [47, '2026-11-16', '2026-11-22'],
      [48, '2026-11-23', '2026-11-29'],
      [49, '2026-11-30', '2026-12-06'],
    ]);
  });

  it('the days of a range, and the range just before of the same length', () => {
    expect(datesOfRange({ date_from: '2026-02-27', date_to: '2026-03-02' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(previousRange({ date_from: '2026-11-01', date_to: '2026-11-30' })).toEqual({
      date_from: '2026-10-02',
      date_to: '2026-10-31',
    });
  });

  it('the twelve months ending with the range’s last month', () => {
    expect(twelveMonthsTo({ date_from: '2026-11-01', date_to: '2027-02-03' })).toEqual([
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
    expect(twelveMonthsRange({ date_from: '2026-11-01', date_to: '2027-02-03' })).toEqual({
      date_from: '2026-03-01',
      date_to: '2027-02-28',
    });
  });
});

describe('figures', () => {
  it('rate per mile is gross / miles to the cent, null without miles', () => {
    expect(ratePerMile(250_000, 1000)).toBe(2.5);
    expect(ratePerMile(100_000, 3)).toBe(333.33);
    expect(ratePerMile(200, 3)).toBe(0.67);
    expect(ratePerMile(150_000, 0)).toBeNull();
  });

  it('shares and averages to two decimals', () => {
    expect(percentShare(1, 3)).toBe(33.33);
    expect(percentShare(5, 0)).toBeNull();
    expect(averageOf(10, 4)).toBe(2.5);
    expect(averageOf(-5, 2)).toBe(-2.5);
    expect(averageOf(-1, 200)).toBe(-0.01);
    expect(averageOf(3, 0)).toBeNull();
  });
});

describe('the query', () => {
  it('defaults to today and takes the team filters as ids', () => {
    expect(dashboardQuerySchema.parse({ working_group: '4' })).toEqual({ period: 'today', working_group: 4 });
  });

  it('a range needs both dates, in order, of at most 366 days, each field named', () => {
    const issues = (input: object) =>
      dashboardQuerySchema
        .safeParse(input)
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ period: 'range' })).toEqual([
      ['date_from', "Required when the period is 'range'"],
      ['date_to', "Required when the period is 'range'"],
    ]);
    expect(issues({ period: 'range', date_from: '2026-11-02', date_to: '2026-11-01' })).toEqual([
      ['date_to', 'Must not be before date_from'],
    ]);
    expect(issues({ period: 'range', date_from: '2025-01-01', date_to: '2026-01-02' })).toEqual([
      ['date_to', 'A range may cover at most 366 days'],
    ]);
    expect(issues({ period: 'range', date_from: '2024-01-01', date_to: '2024-12-31' })).toBeUndefined();
    expect(issues({ period: 'yesterday' })?.[0]?.[0]).toBe('period');
    expect(issues({ period: 'range', date_from: '11/01/2026', date_to: '2026-11-30' })?.[0]).toEqual([
      'date_from',
      'Must be a date as YYYY-MM-DD',
    ]);
  });

  it('a list sorts by one of its columns, descending by default', () => {
    expect(driverListQuerySchema.parse({})).toMatchObject({
      sort: 'gross',
      order: 'desc',
      page: 1,
      limit: 25,
    });
    expect(driverListQuerySchema.safeParse({ sort: 'margin' }).error?.issues[0]?.path).toEqual(['sort']);
  });
});
