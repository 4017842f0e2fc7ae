import { z } from 'zod';
import { WEEKDAY_IDS } from '../common/lookups';

// The accounting section of the company settings (GET company/my, PUT company/my/update): when the week's
// pay sheets go out by themselves (a weekday, Monday 0 to Sunday 6 as the spec numbers them, and a time,
// both Eastern; none: they go out only by hand), and the quick pay deduction, the percent of the broker price
// a broker keeps when it pays early (it becomes a broker payment's quickpay_percent when its pay status is
// Quickpay). A form sends them as text; the update reads '' as none.

export const PAY_SCHEDULE_MESSAGES = {
  weekdayInvalid: 'Choose a day of the week from Monday to Sunday',
  timeInvalid: 'Enter the time as HH:MM, from 00:00 to 23:59',
  weekdayRequired: 'Choose the day the pay sheets go out',
  timeRequired: 'Choose the time the pay sheets go out',
  quickpayPercentInvalid: 'The quick pay deduction is a percent from 0 to 100, with at most 2 decimals',
} as const;

const M = PAY_SCHEDULE_MESSAGES;

export const PAYSHEET_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const PERCENT_TEXT = /^\d{1,3}(\.\d{0,2})?$/;

const isBlank = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');

/** The weekday the pay sheets go out (0 Monday .. 6 Sunday), a number or its digit; '' or null: none. */
export const paysheetWeekdaySchema = z
  .union([z.number(), z.string(), z.null()], { error: M.weekdayInvalid })
  .transform((value, ctx) => {
    if (isBlank(value)) return null;
    const day = typeof value === 'string' ? (/^\d$/.test(value.trim()) ? Number(value) : NaN) : value;
    if ((WEEKDAY_IDS as readonly number[]).includes(day as number)) return day;
    ctx.addIssue({ code: 'custom', message: M.weekdayInvalid });
    return z.NEVER;
  });

/** The Eastern time the pay sheets go out, 'HH:MM' on a 24-hour clock; '' or null: none. */
export const paysheetTimeSchema = z
  .union([z.string(), z.null()], { error: M.timeInvalid })
  .transform((value, ctx) => {
    if (value === null || value.trim() === '') return null;
    if (PAYSHEET_TIME_PATTERN.test(value.trim())) return value.trim();
    ctx.addIssue({ code: 'custom', message: M.timeInvalid });
    return z.NEVER;
  });

/** The quick pay deduction: a percent from 0 to 100 with at most 2 decimals, a number or its text. */
export const quickpayPercentSchema = z
  .union([z.number(), z.string()], { error: M.quickpayPercentInvalid })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    const percent = Number(text);
    if (PERCENT_TEXT.test(text) && percent >= 0 && percent <= 100) return percent;
    ctx.addIssue({ code: 'custom', message: M.quickpayPercentInvalid });
    return z.NEVER;
  });

/** The section's fields in an update: each may be left out, which keeps what is saved. */
export const payScheduleUpdateShape = {
  paysheet_weekday: paysheetWeekdaySchema.optional(),
  paysheet_time: paysheetTimeSchema.optional(),
  quickpay_percent: quickpayPercentSchema.optional(),
};

/**
 * The day and the time go together: a day without a time (or a time without a day) is refused, naming the
 * one missing. Both left out keep the saved schedule; both none turn it off.
 */
export function payScheduleIssue(update: {
  paysheet_weekday?: number | null;
  paysheet_time?: string | null;
}): { path: 'paysheet_weekday' | 'paysheet_time'; message: string } | null {
  const { paysheet_weekday: weekday, paysheet_time: time } = update;
  if (weekday === undefined && time === undefined) return null;
  const hasDay = weekday !== undefined && weekday !== null;
  const hasTime = time !== undefined && time !== null;
  if (hasDay && !hasTime) return { path: 'paysheet_time', message: M.timeRequired };
  if (hasTime && !hasDay) return { path: 'paysheet_weekday', message: M.weekdayRequired };
  return null;
}

/** The section as GET company/my answers it. */
export const payScheduleSettingsShape = {
  paysheet_weekday: z.number().int().min(0).max(6).nullable(),
  paysheet_time: z.string().nullable(),
  quickpay_percent: z.number(),
};
