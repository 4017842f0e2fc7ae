import { describe, expect, it } from 'vitest';
import { incomeStatusName } from './accounting.rules';

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
