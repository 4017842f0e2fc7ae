import { describe, expect, it } from 'vitest';
import { accountingWeekOf, easternWeekday, incomeStatusName } from './accounting.rules';

describe('income status name', () => {
  it('names a known status', () => {
    expect(incomeStatusName(1)).toBe('Pending');
    expect(incomeStatusName(3)).toBe('Paid');
    expect(incomeStatusName(3, 'ru')).toBe('Оплачен');
  });
  it('falls back to Unknown', () => {
    expect(incomeStatusName(0)).toBe('Unknown');
    expect(incomeStatusName(42)).toBe('Unknown');
    expect(incomeStatusName(null)).toBe('Unknown');
    expect(incomeStatusName(undefined, 'ru')).toBe('Неизвестно');
  });
});

describe('accounting week', () => {
  it('is the ISO week of the Eastern date, Monday first, with its week-numbering year', () => {
    // Thursday 1 January 2026: week 1 of 2026.
    expect(accountingWeekOf(new Date('2026-01-01T17:00:00Z'))).toEqual({ week: 1, year: 2026 });
    // Monday 29 December 2025 already belongs to week 1 of 2026 (that week holds 1 January, a Thursday).
    expect(accountingWeekOf(new Date('2025-12-29T15:00:00Z'))).toEqual({ week: 1, year: 2026 });
    // Friday 1 January 2027 is still in week 53 of 2026.
    expect(accountingWeekOf(new Date('2027-01-01T15:00:00Z'))).toEqual({ week: 53, year: 2026 });
    // Monday 4 January 2027 starts week 1 of 2027.
    expect(accountingWeekOf(new Date('2027-01-04T15:00:00Z'))).toEqual({ week: 1, year: 2027 });
    expect(accountingWeekOf(new Date('2026-11-25T12:00:00Z'))).toEqual({ week: 48, year: 2026 });
  });
  it('counts the Eastern calendar day, not the UTC one', () => {
    // Sunday 11 January 2026 at 23:30 in New York is Monday 04:30 UTC: still week 2.
    expect(accountingWeekOf(new Date('2026-01-12T04:30:00Z'))).toEqual({ week: 2, year: 2026 });
    expect(accountingWeekOf(new Date('2026-01-12T05:30:00Z'))).toEqual({ week: 3, year: 2026 });
  });
  it('numbers weekdays as the spec does: Monday 0 to Sunday 6', () => {
    expect(easternWeekday(new Date('2026-01-12T05:30:00Z'))).toBe(0);
    expect(easternWeekday(new Date('2026-01-12T04:30:00Z'))).toBe(6);
    expect(easternWeekday(new Date('2026-01-16T15:00:00Z'))).toBe(4);
  });
});
