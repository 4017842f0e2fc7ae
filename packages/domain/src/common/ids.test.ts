import { describe, expect, it } from 'vitest';
import { idParamsSchema, idSchema } from './ids';

describe('idSchema', () => {
  it('reads an id from its digits or a JSON number', () => {
    expect(idSchema.parse('300')).toBe(300);
    expect(idSchema.parse(300)).toBe(300);
    expect(idParamsSchema.parse({ id: '9007199254740991' })).toEqual({ id: 9007199254740991 });
  });

  it('refuses every other spelling of a number, so that one record has one address', () => {
    for (const value of ['0x12c', '300e0', '+300', '300.0', '0300', ' 300', '300 ', '', '-1', '0', '3_00']) {
      expect(idSchema.safeParse(value).success, value).toBe(false);
    }
    for (const value of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1, '9007199254740992', null, true, [300]]) {
      expect(idSchema.safeParse(value).success, String(value)).toBe(false);
    }
  });
});
