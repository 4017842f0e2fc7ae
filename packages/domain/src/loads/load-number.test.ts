import { describe, expect, it } from 'vitest';
import { parseLoadNumber, pickLoadByNumber } from './load-number.rules';

const loads = [
  { id: 300, load_accounting_number: 280 },
  { id: 321, load_accounting_number: 300 },
  { id: 322, load_accounting_number: 301 },
  { id: 9, load_accounting_number: null },
];

describe('a typed load number', () => {
  it('reads the number the lists show, padded or not, and an unpadded one as an id too', () => {
    expect(parseLoadNumber('000301')).toEqual({ accountingNumber: 301, id: null });
    expect(parseLoadNumber('301')).toEqual({ accountingNumber: 301, id: 301 });
    expect(parseLoadNumber(' #301 ')).toEqual({ accountingNumber: 301, id: 301 });
    for (const text of ['', '0', '000', '3.5', '-3', '0x12c', '1e3', 'abc', '1234567890']) {
      expect(parseLoadNumber(text)).toBeNull();
    }
  });

  it('finds the load of that accounting number before the load of that id', () => {
    expect(pickLoadByNumber(parseLoadNumber('300')!, loads)?.id).toBe(321);
    expect(pickLoadByNumber(parseLoadNumber('000300')!, loads)?.id).toBe(321);
    expect(pickLoadByNumber(parseLoadNumber('000301')!, loads)?.id).toBe(322);
  });

  it('takes the id only when no load has the accounting number, and never for a padded number', () => {
    expect(pickLoadByNumber(parseLoadNumber('9')!, loads)?.id).toBe(9);
    expect(pickLoadByNumber(parseLoadNumber('000009')!, loads)).toBeNull();
    expect(pickLoadByNumber(parseLoadNumber('777')!, loads)).toBeNull();
  });
});
