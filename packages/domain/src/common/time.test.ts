import { describe, expect, it } from 'vitest';
import {
  EASTERN_TIME_ZONE,
  easternDateOnly,
  formatEasternDate,
  formatEasternDateTime,
  relativeTime,
  toZonedIso,
  wallTimeInZone,
  wallTimeToInstant,
} from './time';

const now = new Date('2024-07-10T16:00:00Z');
const before = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe('Eastern time', () => {
  it('is America/New_York', () => expect(EASTERN_TIME_ZONE).toBe('America/New_York'));
  it('formats the Eastern calendar date as MM/DD/YYYY', () => {
    // 02:30 UTC on 16 January is 21:30 on 15 January in New York (EST, UTC-5).
    expect(formatEasternDate('2024-01-16T02:30:00Z')).toBe('01/15/2024');
    // 03:30 UTC on 4 July is 23:30 on 3 July in New York (EDT, UTC-4).
    expect(formatEasternDate(new Date('2024-07-04T03:30:00Z'))).toBe('07/03/2024');
    expect(formatEasternDate('2024-07-04T04:30:00Z')).toBe('07/04/2024');
  });
  it('puts the day first in Russian', () => {
    expect(formatEasternDate('2024-01-16T02:30:00Z', 'ru')).toBe('15.01.2024');
  });
  it("formats date and time as the spec's hh:mma MM/DD/YYYY, and on a 24-hour clock in Russian", () => {
    expect(formatEasternDateTime('2026-11-21T20:04:00Z')).toBe('03:04pm 11/21/2026');
    expect(formatEasternDateTime('2026-01-15T05:00:00Z')).toBe('12:00am 01/15/2026');
    expect(formatEasternDateTime('2026-01-15T17:30:00Z')).toBe('12:30pm 01/15/2026');
    expect(formatEasternDateTime('2026-11-21T11:40:00Z', 'ru')).toBe('06:40 21.11.2026');
    expect(formatEasternDateTime('2026-11-21T20:04:00Z', 'ru')).toBe('15:04 21.11.2026');
  });
  it('gives the Eastern calendar date as YYYY-MM-DD', () => {
    expect(easternDateOnly(new Date('2026-01-01T04:59:00Z'))).toBe('2025-12-31');
    expect(easternDateOnly('2026-01-01T05:00:00Z')).toBe('2026-01-01');
  });
  it('reads and builds clock readings across the change to summer time', () => {
    expect(wallTimeInZone(new Date('2026-03-08T06:59:00Z'))).toEqual({
      year: 2026,
      month: 3,
      day: 8,
      hour: 1,
      minute: 59,
    });
    const afterChange = { year: 2026, month: 3, day: 8, hour: 3, minute: 0 };
    expect(wallTimeToInstant(afterChange).toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(toZonedIso(new Date('2026-07-04T16:30:00Z'))).toBe('2026-07-04T12:30:00-04:00');
  });
});

describe('relative time', () => {
  it("is 'Now' under 1 minute", () => {
    expect(relativeTime(now, now)).toBe('Now');
    expect(relativeTime(before(59 * SECOND), now)).toBe('Now');
  });
  it("is 'Now' for a time slightly in the future", () => {
    expect(relativeTime(before(-5 * SECOND), now)).toBe('Now');
  });
  it("is 'N min ago' under 1 hour", () => {
    expect(relativeTime(before(MINUTE), now)).toBe('1 min ago');
    expect(relativeTime(before(5 * MINUTE + 59 * SECOND), now)).toBe('5 min ago');
    expect(relativeTime(before(59 * MINUTE), now)).toBe('59 min ago');
  });
  it("is 'N hours ago' under 24 hours", () => {
    expect(relativeTime(before(2 * HOUR), now)).toBe('2 hours ago');
    expect(relativeTime(before(23 * HOUR + 59 * MINUTE), now)).toBe('23 hours ago');
  });
  it("says '1 hour ago' for one hour", () => {
    expect(relativeTime(before(HOUR), now)).toBe('1 hour ago');
  });
  it('is the Eastern date from 24 hours: MM/DD/YYYY in English, DD.MM.YYYY in Russian', () => {
    expect(relativeTime(before(24 * HOUR), now)).toBe('07/09/2024');
    expect(relativeTime(before(24 * HOUR), now, 'en')).toBe('07/09/2024');
    expect(relativeTime(before(24 * HOUR), now, 'ru')).toBe('09.07.2024');
    // 02:00 UTC on July 1st is still June 30th in Eastern time.
    expect(relativeTime('2024-07-01T02:00:00Z', now)).toBe('06/30/2024');
    expect(relativeTime('2024-07-01T02:00:00Z', now, 'ru')).toBe('30.06.2024');
  });
  it('reads in Russian', () => {
    expect(relativeTime(before(10 * SECOND), now, 'ru')).toBe('Сейчас');
    expect(relativeTime(before(5 * MINUTE), now, 'ru')).toBe('5 мин назад');
    expect(relativeTime(before(3 * HOUR), now, 'ru')).toBe('3 ч назад');
    expect(relativeTime(before(48 * HOUR), now, 'ru')).toBe('08.07.2024');
  });
  it('accepts ISO text and milliseconds', () => {
    expect(relativeTime('2024-07-10T15:30:00Z', now.getTime())).toBe('30 min ago');
  });
});
