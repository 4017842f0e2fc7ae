import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../common/lookups';
import { companyUpdateSchema, COMPANY_SETTINGS_FIELDS, type CompanyUpdateInput } from './company.schema';
import { PAY_SCHEDULE_MESSAGES } from './pay-schedule.schema';

const form: CompanyUpdateInput = {
  name: 'Demo Carrier',
  phone: '(555) 123-4567',
  google_maps_key: null,
  map_tiles_url: null,
  call_system: null,
  language_select: true,
  disable_some_menu_items: false,
  enable_address_language_notice: false,
  is_visible_phone_numbers: false,
  can_dispatchers_search_loads_for_on_load_unit: false,
  board_expiry_hours: 24,
  required_documents: {},
};

function fieldErrors(input: unknown): Record<string, string[]> {
  const result = companyUpdateSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[String(issue.path[0] ?? '')] ??= []).push(issue.message);
  return errors;
}

describe('the pay-sheet schedule and the quick pay deduction of the company settings', () => {
  it('are fields of the settings page, after the others', () => {
    expect(COMPANY_SETTINGS_FIELDS.slice(-3)).toEqual([
      'paysheet_weekday',
      'paysheet_time',
      'quickpay_percent',
    ]);
  });

  it('number the weekdays as the spec does, Monday 0 to Sunday 6', () => {
    expect(WEEKDAYS[0]?.en).toBe('Monday');
    expect(WEEKDAYS[6]?.en).toBe('Sunday');
    const saved = companyUpdateSchema.parse({ ...form, paysheet_weekday: '4', paysheet_time: '15:00' });
    expect(saved).toMatchObject({ paysheet_weekday: 4, paysheet_time: '15:00' });
    expect(companyUpdateSchema.parse({ ...form, paysheet_weekday: 0, paysheet_time: '00:00' })).toMatchObject(
      {
        paysheet_weekday: 0,
        paysheet_time: '00:00',
      },
    );
  });

  it('refuse a day outside Monday..Sunday and a time that is not HH:MM on a 24-hour clock', () => {
    for (const day of [7, -1, 1.5, '7', 'Mon', true])
      expect(
        fieldErrors({ ...form, paysheet_weekday: day, paysheet_time: '10:00' }).paysheet_weekday,
        String(day),
      ).toEqual([PAY_SCHEDULE_MESSAGES.weekdayInvalid]);
    for (const time of ['24:00', '9:00', '10:60', '10:00am', '1000', 10])
      expect(
        fieldErrors({ ...form, paysheet_weekday: 1, paysheet_time: time }).paysheet_time,
        String(time),
      ).toEqual([PAY_SCHEDULE_MESSAGES.timeInvalid]);
    expect(
      companyUpdateSchema.parse({ ...form, paysheet_weekday: 6, paysheet_time: '23:59' }).paysheet_time,
    ).toBe('23:59');
  });

  it('take the day and the time together: both none turns the schedule off, one alone is refused', () => {
    expect(companyUpdateSchema.parse({ ...form, paysheet_weekday: '', paysheet_time: '' })).toMatchObject({
      paysheet_weekday: null,
      paysheet_time: null,
    });
    expect(fieldErrors({ ...form, paysheet_weekday: 2, paysheet_time: '' })).toEqual({
      paysheet_time: [PAY_SCHEDULE_MESSAGES.timeRequired],
    });
    expect(fieldErrors({ ...form, paysheet_weekday: null, paysheet_time: '08:30' })).toEqual({
      paysheet_weekday: [PAY_SCHEDULE_MESSAGES.weekdayRequired],
    });
  });

  it('keep what is saved when the section is left out', () => {
    const update = companyUpdateSchema.parse(form);
    expect(update.paysheet_weekday).toBeUndefined();
    expect(update.paysheet_time).toBeUndefined();
    expect(update.quickpay_percent).toBeUndefined();
  });

  it('take the quick pay deduction as a percent from 0 to 100 with at most 2 decimals', () => {
    for (const [input, percent] of [
      [3, 3],
      ['2.5', 2.5],
      ['2.75', 2.75],
      [0, 0],
      ['100', 100],
      [' 1.10 ', 1.1],
    ] as const)
      expect(companyUpdateSchema.parse({ ...form, quickpay_percent: input }).quickpay_percent).toBe(percent);
    for (const input of [-1, 100.01, '2.555', '', 'five', null, '1e2'])
      expect(fieldErrors({ ...form, quickpay_percent: input }).quickpay_percent, String(input)).toEqual([
        PAY_SCHEDULE_MESSAGES.quickpayPercentInvalid,
      ]);
  });
});
