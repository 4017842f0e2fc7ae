import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { formatDate, formatDateTime, formatUsd } from './format';

describe('formatting', () => {
  it('shows times in US Eastern time as hh:mma MM/DD/YYYY, whatever the input offset', () => {
    expect(formatDateTime('2026-11-21T20:04:00Z')).toBe('03:04pm 11/21/2026');
    expect(formatDateTime('2026-07-04T12:30:00-07:00')).toBe('03:30pm 07/04/2026');
    expect(formatDateTime(Date.parse('2026-01-01T04:59:00Z'))).toBe('11:59pm 12/31/2025');
  });

  it('shows dates in Eastern time and nothing for a missing value', () => {
    expect(formatDate('2026-01-01T04:59:00Z')).toBe('12/31/2025');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('shows Eastern times on a 24-hour clock, day first, when the interface is in Russian', async () => {
    expect(formatDateTime('2026-11-21T11:40:00Z', 'ru')).toBe('06:40 21.11.2026');
    expect(formatDateTime('2026-11-21T20:04:00Z', 'ru')).toBe('15:04 21.11.2026');
    expect(formatDate('2026-01-01T04:59:00Z', 'ru')).toBe('31.12.2025');
    await i18n.changeLanguage('ru');
    try {
      expect(formatDateTime('2026-11-21T20:04:00Z')).toBe('15:04 21.11.2026');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows money as US dollars in en-US format', () => {
    expect(formatUsd(1200.5)).toBe('$1,200.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(null)).toBe('');
  });
});
