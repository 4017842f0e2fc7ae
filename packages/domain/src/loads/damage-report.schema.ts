import { z } from 'zod';
import { isoDateTimeSchema } from '../common/ids';
import { FIELD_REQUIRED_MESSAGE, maxCharactersMessage, requiredText } from '../common/text-fields';

// POST loads/{id}/damage-report: what a user found damaged on a load. The report is kept with the load and
// raises a damage notice (type 9) for the load's dispatcher, its team leads and the company's managers.

/** A description is at most this many characters (after trimming). */
export const DAMAGE_DESCRIPTION_MAX_LENGTH = 2000;

export const DAMAGE_REPORT_MESSAGES = {
  required: FIELD_REQUIRED_MESSAGE,
  tooLong: maxCharactersMessage(DAMAGE_DESCRIPTION_MAX_LENGTH),
} as const;

export const damageReportCreateSchema = z.object({
  /** What is damaged and how: required, trimmed, at most 2,000 characters. */
  description: requiredText(DAMAGE_DESCRIPTION_MAX_LENGTH, DAMAGE_REPORT_MESSAGES.required),
});
export type DamageReportCreateInput = z.input<typeof damageReportCreateSchema>;
export type DamageReportCreate = z.output<typeof damageReportCreateSchema>;

export const damageReportSchema = z.object({
  id: z.number().int(),
  load_id: z.number().int(),
  description: z.string(),
  /** Who reported it; null once that user is deleted. */
  created_by: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
  created_date: isoDateTimeSchema,
});
export type DamageReport = z.infer<typeof damageReportSchema>;
