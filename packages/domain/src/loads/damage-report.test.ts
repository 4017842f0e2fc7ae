import { describe, expect, it } from 'vitest';
import {
  DAMAGE_DESCRIPTION_MAX_LENGTH,
  DAMAGE_REPORT_MESSAGES,
  damageReportCreateSchema,
} from './damage-report.schema';

const messageOf = (input: unknown) => {
  const result = damageReportCreateSchema.safeParse(input);
  return result.success ? null : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('damage report', () => {
  it('takes a description of up to 2,000 characters, trimmed', () => {
    expect(damageReportCreateSchema.parse({ description: '  Crushed pallet \n' })).toEqual({
      description: 'Crushed pallet',
    });
    const longest = 'x'.repeat(DAMAGE_DESCRIPTION_MAX_LENGTH);
    expect(damageReportCreateSchema.parse({ description: longest }).description).toHaveLength(2000);
  });

  it('refuses a missing, blank or longer description, naming the field', () => {
    for (const input of [{}, { description: null }, { description: '' }, { description: ' \n\t ' }]) {
      expect(messageOf(input), JSON.stringify(input)).toEqual([
        ['description', DAMAGE_REPORT_MESSAGES.required],
      ]);
    }
    expect(messageOf({ description: 'x'.repeat(2001) })).toEqual([
      ['description', 'Must have at most 2000 characters'],
    ]);
    expect(DAMAGE_REPORT_MESSAGES.required).toBe('This field is required');
  });
});
