import { describe, expect, it } from 'vitest';
import { centsToAmount, formatUsd, moneyInputSchema, parseMoneyToCents } from './money';

describe('money parsing to integer cents', () => {
  it('parses a number of dollars', () => {
    expect(parseMoneyToCents(1200.5)).toBe(120050);
    expect(parseMoneyToCents(0)).toBe(0);
    expect(parseMoneyToCents(35)).toBe(3500);
  });
  it('parses text with two decimals', () => expect(parseMoneyToCents('1200.50')).toBe(120050));
  it('parses text with a $ and thousands separators', () => {
    expect(parseMoneyToCents('$1,200.50')).toBe(120050);
    expect(parseMoneyToCents(' $ 12,345 ')).toBe(1234500);
  });
  it('parses text with no or one decimal', () => {
    expect(parseMoneyToCents('1200')).toBe(120000);
    expect(parseMoneyToCents('1200.5')).toBe(120050);
    expect(parseMoneyToCents('.75')).toBe(75);
    expect(parseMoneyToCents('5.')).toBe(500);
  });
  it('parses a negative amount', () => {
    expect(parseMoneyToCents('-$35')).toBe(-3500);
    expect(parseMoneyToCents(-35.25)).toBe(-3525);
  });
  it('rounds half away from zero to the cent', () => {
    expect(parseMoneyToCents(1.005)).toBe(101);
    expect(parseMoneyToCents('1.005')).toBe(101);
    expect(parseMoneyToCents('1.004')).toBe(100);
    expect(parseMoneyToCents('1.999')).toBe(200);
    expect(parseMoneyToCents(0.1 + 0.2)).toBe(30);
  });
  it('rejects what is not an amount', () => {
    for (const input of ['', '$', 'abc', '1.2.3', '12a', '--5', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => parseMoneyToCents(input)).toThrow(RangeError);
    }
  });
  it('rejects an amount beyond safe integers', () => {
    expect(() => parseMoneyToCents('99999999999999999999')).toThrow(RangeError);
  });
});

describe('money output', () => {
  it('gives dollars as a number', () => {
    expect(centsToAmount(120050)).toBe(1200.5);
    expect(centsToAmount(1)).toBe(0.01);
  });
  it('formats USD in en-US', () => {
    expect(formatUsd(120050)).toBe('$1,200.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
    expect(formatUsd(-3500)).toBe('-$35.00');
  });
});

describe('money input schema', () => {
  it('turns numbers and text into cents', () => {
    expect(moneyInputSchema.parse('$1,200.50')).toBe(120050);
    expect(moneyInputSchema.parse(99.99)).toBe(9999);
  });
  it('rejects text that is not an amount with a message', () => {
    const result = moneyInputSchema.safeParse('twelve');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Must be an amount of money');
  });
});
