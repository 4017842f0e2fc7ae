import { z } from 'zod';
import type { ErrorCode } from '../common/errors';
import { idSchema, isoDateTimeSchema } from '../common/ids';
import { INCENTIVE_TYPE_IDS, type RoleId } from '../common/lookups';
import { parseMoneyToCents } from '../common/money';
import { listResponseSchema } from '../common/pagination';
import { maxCharactersMessage } from '../common/text-fields';
import { menuRoles } from '../shell/menu.rules';

// Incentives: a bonus or a fine on a load for its driver, its owner or its dispatcher, with an amount and a
// reason, and the company's templates of them. The calls of the spec (POST incentives/loads/{id}/create,
// DELETE incentives/{id}, GET templates/all, POST templates/create, PUT templates/{id}, DELETE
// templates/{id}) and GET incentives/loads/{id} of our design (a load's incentives, for the load pages).
//
// Whose incentive it is: the load's driver (loads.driver_id), its owner (the owner of its vehicle, else the
// owner of its driver) or its dispatcher (loads.dispatcher_id), as they are when it is made; the incentive
// keeps that person. A driver's incentive is paid through the owner of the load, on the owner's pay sheet as
// a line of its own; a bonus adds to the pay of the load's accounting week and a fine takes from it. When
// that week is closed (its pay sheets were sent) the incentive still belongs to the load, and the change of
// pay goes to the next open week as an adjustment (money.rules.ts).

/**
 * Who gives and takes incentives and keeps the templates: the income pages' roles, accountants (7), admins
 * (3) and managers (4): menuRoles('income').
 */
export const INCENTIVE_ROLES: readonly RoleId[] = menuRoles('income');

export function canManageIncentives(user: { role: number | null | undefined; is_superuser?: boolean }) {
  return user.is_superuser === true || (INCENTIVE_ROLES as readonly number[]).includes(user.role ?? -1);
}

export const INCENTIVE_PERSON_TYPES = ['driver', 'owner', 'dispatcher'] as const;
export type IncentivePersonType = (typeof INCENTIVE_PERSON_TYPES)[number];
export type IncentiveType = (typeof INCENTIVE_TYPE_IDS)[number];

export const INCENTIVE_REASON_MAX = 300;
export const INCENTIVE_TEMPLATE_NAME_MAX = 100;
/** The largest amount of one incentive: $100,000.00. */
export const INCENTIVE_AMOUNT_MAX_CENTS = 10_000_000;

export const INCENTIVE_MESSAGES = {
  typeInvalid: 'Choose Bonus or Fine',
  personTypeInvalid: 'Choose the driver, the owner or the dispatcher',
  amountRequired: 'Enter the amount',
  amountInvalid: 'Must be an amount of money',
  amountNotPositive: 'Must be more than $0.00',
  amountTooLarge: 'Must be at most $100,000.00',
  reasonRequired: 'Write the reason',
  reasonTooLong: maxCharactersMessage(INCENTIVE_REASON_MAX),
  nameRequired: 'Name the template',
  nameTooLong: maxCharactersMessage(INCENTIVE_TEMPLATE_NAME_MAX),
  templateUnknown: 'Choose a template from the list',
  // Refusals, each with its code (common/errors.ts).
  noDriver: 'The load has no driver.',
  noOwner: 'The load has no owner: neither its vehicle nor its driver has one.',
  noDispatcher: 'The load has no dispatcher.',
  templateNameTaken: 'An incentive template with this name already exists.',
} as const;

/** The refusal of an incentive for a person the load does not have, by person type: its code and text. */
export const MISSING_PERSON_REFUSALS = {
  driver: { code: 'load_without_driver', detail: INCENTIVE_MESSAGES.noDriver },
  owner: { code: 'load_without_owner', detail: INCENTIVE_MESSAGES.noOwner },
  dispatcher: { code: 'load_without_dispatcher', detail: INCENTIVE_MESSAGES.noDispatcher },
} as const satisfies Record<IncentivePersonType, { code: ErrorCode; detail: string }>;

const M = INCENTIVE_MESSAGES;

const incentiveType = z.enum(INCENTIVE_TYPE_IDS, { error: M.typeInvalid });
const personType = z.enum(INCENTIVE_PERSON_TYPES, { error: M.personTypeInvalid });

/** An amount of dollars more than 0 (a number or text such as '$1,200.50'), as integer cents. */
export const incentiveAmountSchema = z
  .union([z.number(), z.string()], {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? M.amountRequired : M.amountInvalid,
  })
  .transform((value, ctx) => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: M.amountRequired });
      return z.NEVER;
    }
    let cents: number;
    try {
      cents = parseMoneyToCents(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: M.amountInvalid });
      return z.NEVER;
    }
    if (cents <= 0) ctx.addIssue({ code: 'custom', message: M.amountNotPositive });
    else if (cents > INCENTIVE_AMOUNT_MAX_CENTS) ctx.addIssue({ code: 'custom', message: M.amountTooLarge });
    return cents;
  });

const boundedText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required, abort: true }).max(max, { error: tooLong });

const reason = boundedText(INCENTIVE_REASON_MAX, M.reasonRequired, M.reasonTooLong);

/** POST incentives/loads/{id}/create: amount in dollars, answered as the incentive. */
export const incentiveCreateSchema = z.strictObject({
  type: incentiveType,
  person_type: personType,
  amount: incentiveAmountSchema,
  reason,
  /** The template it was made from, if any (its values are the ones sent). */
  template_id: z
    .union([idSchema, z.null()], { error: M.templateUnknown })
    .optional()
    .transform((id) => id ?? null),
});
export type IncentiveCreateInput = z.input<typeof incentiveCreateSchema>;
export type IncentiveCreate = z.output<typeof incentiveCreateSchema>;

/** POST templates/create and PUT templates/{id}: the whole template each time. */
export const incentiveTemplateBodySchema = z.strictObject({
  name: boundedText(INCENTIVE_TEMPLATE_NAME_MAX, M.nameRequired, M.nameTooLong),
  type: incentiveType,
  person_type: personType,
  amount: incentiveAmountSchema,
  reason,
});
export type IncentiveTemplateBodyInput = z.input<typeof incentiveTemplateBodySchema>;
export type IncentiveTemplateBody = z.output<typeof incentiveTemplateBodySchema>;

const personRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** An incentive as the load pages list it. `amount` is in dollars, always more than 0 (a fine subtracts). */
export const incentiveSchema = z.object({
  id: z.number().int(),
  load_id: z.number().int(),
  type: z.enum(INCENTIVE_TYPE_IDS),
  person_type: z.enum(INCENTIVE_PERSON_TYPES),
  /** The driver, owner (owners.id) or dispatcher (users.id) it is for; null when they were removed since. */
  person: personRefSchema.nullable(),
  /** A driver's incentive is paid through this owner; for an owner's, the owner again; null otherwise. */
  paid_through_owner: personRefSchema.nullable(),
  amount: z.number(),
  reason: z.string(),
  template_id: z.number().int().nullable(),
  /**
   * The load's accounting week is closed (its pay sheets were sent): making or removing this incentive
   * changes the pay of the next open week, as an adjustment.
   */
  week_closed: z.boolean(),
  created_by: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
  created_date: isoDateTimeSchema,
});
export type Incentive = z.infer<typeof incentiveSchema>;

/**
 * GET incentives/loads/{id}: a load's incentives, oldest first, with their sums in dollars, and whether the
 * load's accounting week is closed (a change then goes to the next open week as an adjustment).
 */
export const loadIncentivesSchema = listResponseSchema(incentiveSchema).extend({
  bonus_total: z.number(),
  fine_total: z.number(),
  week_closed: z.boolean(),
});
export type LoadIncentives = z.infer<typeof loadIncentivesSchema>;

export const incentiveTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(INCENTIVE_TYPE_IDS),
  person_type: z.enum(INCENTIVE_PERSON_TYPES),
  amount: z.number(),
  reason: z.string(),
  created_date: isoDateTimeSchema,
  updated_date: isoDateTimeSchema,
});
export type IncentiveTemplate = z.infer<typeof incentiveTemplateSchema>;

/** GET templates/all: every template of the company by name. */
export const incentiveTemplateListSchema = listResponseSchema(incentiveTemplateSchema);
export type IncentiveTemplateList = z.infer<typeof incentiveTemplateListSchema>;

/** The sums of a load's bonuses and fines, in cents. */
export function incentiveTotals(incentives: readonly { type: IncentiveType; amount_cents: number }[]): {
  bonus_cents: number;
  fine_cents: number;
} {
  let bonus = 0;
  let fine = 0;
  for (const item of incentives) {
    if (item.type === 'Fine') fine += item.amount_cents;
    else bonus += item.amount_cents;
  }
  return { bonus_cents: bonus, fine_cents: fine };
}

/** A template's values as the incentive form takes them (amount as typed text). */
export function incentiveFromTemplate(template: IncentiveTemplate): IncentiveCreateInput {
  return {
    type: template.type,
    person_type: template.person_type,
    amount: template.amount.toFixed(2),
    reason: template.reason,
    template_id: template.id,
  };
}
