import { z } from 'zod';
import {
  DEFAULT_PROPOSITION_TEMPLATE,
  MAX_PROPOSITION_TEMPLATE_LENGTH,
  PROPOSITION_PLACEHOLDERS,
  validatePropositionTemplate,
} from '../bids/proposition-template.rules';
import { maxCharactersMessage } from '../common/text-fields';

// The proposition section of the company settings page: the e-mail template the propositions to brokers
// are built from, and the SMTP server they are sent through. GET company/my/propositions and PUT
// company/my/propositions/update (admins and managers: COMPANY_SETTINGS_ROLES). The SMTP password is a
// secret: it is written, never answered (the answer says only whether one is saved).

export const PROPOSITION_SETTINGS_MESSAGES = {
  hostRequired: 'Enter the SMTP server to send through',
  portInvalid: 'Must be a port from 1 to 65535',
  fromRequired: 'Enter the address the propositions come from',
  fromInvalid: 'Must be an e-mail address, optionally with a name: Dispatch <dispatch@carrier.com>',
  hostInvalid: 'Must be a host name or an IP address',
} as const;
const M = PROPOSITION_SETTINGS_MESSAGES;

const HOST = /^[A-Za-z0-9.-]+$|^\[?[0-9A-Fa-f:.]+\]?$/;
// 'dispatch@carrier.com' or 'Blue Line Dispatch <dispatch@carrier.com>'
const FROM = /^(?:[^<>@\r\n]+<)?[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>?$/;

const blankToNull = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

/**
 * PUT company/my/propositions/update: the whole section each time. proposition_template null or '' goes
 * back to the product's default. smtp_host null turns sending off (propositions are kept as sent);
 * smtp_password left out keeps the saved one, null or '' removes it.
 */
export const propositionSettingsUpdateSchema = z
  .strictObject({
    proposition_template: z
      .string()
      .max(MAX_PROPOSITION_TEMPLATE_LENGTH, { error: maxCharactersMessage(MAX_PROPOSITION_TEMPLATE_LENGTH) })
      .nullish()
      .transform(blankToNull),
    smtp_host: z
      .string()
      .max(255, { error: maxCharactersMessage(255) })
      .nullish()
      .transform(blankToNull)
      .refine((host) => host === null || HOST.test(host), { error: M.hostInvalid }),
    smtp_port: z.coerce
      .number({ error: M.portInvalid })
      .int({ error: M.portInvalid })
      .min(1, { error: M.portInvalid })
      .max(65535, { error: M.portInvalid })
      .nullish()
      .transform((port) => port ?? null),
    /** TLS from the first byte (usually port 465); otherwise STARTTLS when the server offers it. */
    smtp_secure: z.boolean().default(false),
    smtp_user: z
      .string()
      .max(255, { error: maxCharactersMessage(255) })
      .nullish()
      .transform(blankToNull),
    smtp_password: z
      .string()
      .max(255, { error: maxCharactersMessage(255) })
      .nullish()
      .transform((password) =>
        password === undefined ? undefined : password === null || password === '' ? null : password,
      ),
    smtp_from: z
      .string()
      .max(255, { error: maxCharactersMessage(255) })
      .nullish()
      .transform(blankToNull)
      .refine((from) => from === null || FROM.test(from), { error: M.fromInvalid }),
  })
  .superRefine((body, ctx) => {
    for (const problem of body.proposition_template === null
      ? []
      : validatePropositionTemplate(body.proposition_template)) {
      ctx.addIssue({ code: 'custom', path: ['proposition_template'], message: problem });
    }
    if (body.smtp_host === null) return;
    if (body.smtp_port === null)
      ctx.addIssue({ code: 'custom', path: ['smtp_port'], message: M.portInvalid });
    if (body.smtp_from === null)
      ctx.addIssue({ code: 'custom', path: ['smtp_from'], message: M.fromRequired });
  });
export type PropositionSettingsUpdateInput = z.input<typeof propositionSettingsUpdateSchema>;
export type PropositionSettingsUpdate = z.output<typeof propositionSettingsUpdateSchema>;

/** GET company/my/propositions and the answer of the update. */
export const propositionSettingsSchema = z.object({
  /** The template in use: the company's, or the default when it has none. */
  proposition_template: z.string(),
  proposition_template_is_default: z.boolean(),
  default_proposition_template: z.string(),
  placeholders: z.array(z.string()),
  smtp_host: z.string().nullable(),
  smtp_port: z.number().int().nullable(),
  smtp_secure: z.boolean(),
  smtp_user: z.string().nullable(),
  smtp_from: z.string().nullable(),
  /** Whether a password is saved (the password itself is never answered). */
  smtp_password_set: z.boolean(),
});
export type PropositionSettings = z.infer<typeof propositionSettingsSchema>;

/** The section as answered from the stored columns. */
export function toPropositionSettings(row: {
  proposition_template: string | null;
  smtp_host: string | null;
  smtp_port: number | null;
  smtp_secure: boolean;
  smtp_user: string | null;
  smtp_password: string | null;
  smtp_from: string | null;
}): PropositionSettings {
  return {
    proposition_template: row.proposition_template ?? DEFAULT_PROPOSITION_TEMPLATE,
    proposition_template_is_default: row.proposition_template === null,
    default_proposition_template: DEFAULT_PROPOSITION_TEMPLATE,
    placeholders: [...PROPOSITION_PLACEHOLDERS],
    smtp_host: row.smtp_host,
    smtp_port: row.smtp_port,
    smtp_secure: row.smtp_secure,
    smtp_user: row.smtp_user,
    smtp_from: row.smtp_from,
    smtp_password_set: row.smtp_password !== null && row.smtp_password !== '',
  };
}
