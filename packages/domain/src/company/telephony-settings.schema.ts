import { z } from 'zod';
import { maxCharactersMessage } from '../common/text-fields';
import { CONTACT_URL_TEMPLATE_MAX, contactUrlTemplateProblem } from '../telephony/telephony.rules';

// The telephony section of the company settings page: the click-to-call address templates of the
// company's external call system ({phone} and {name}; telephony.rules.ts). GET company/my/telephony and PUT
// company/my/telephony/update (admins and managers: COMPANY_SETTINGS_ROLES). Calls go through the external
// system when both the system and the call template are set; otherwise the panel dials with tel:.

const blankToNull = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

const template = z
  .string()
  .max(CONTACT_URL_TEMPLATE_MAX, { error: maxCharactersMessage(CONTACT_URL_TEMPLATE_MAX) })
  .nullish()
  .transform(blankToNull)
  .superRefine((value, ctx) => {
    const problem = value === null ? null : contactUrlTemplateProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * PUT company/my/telephony/update: both templates each time; '' or null clears one. The call system itself
 * is the main form's field (call_system of company/my/update); the answer names it for the section.
 */
export const telephonySettingsUpdateSchema = z.strictObject({
  call_url_template: template,
  sms_url_template: template,
});
export type TelephonySettingsUpdateInput = z.input<typeof telephonySettingsUpdateSchema>;
export type TelephonySettingsUpdate = z.output<typeof telephonySettingsUpdateSchema>;

export const telephonySettingsSchema = z.object({
  call_system: z.string().nullable(),
  call_url_template: z.string().nullable(),
  sms_url_template: z.string().nullable(),
});
export type TelephonySettings = z.infer<typeof telephonySettingsSchema>;
