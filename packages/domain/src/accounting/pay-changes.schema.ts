import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/ids';
import { PAYMENT_STATUS_IDS, ROLE_IDS } from '../common/lookups';
import { parseMoneyToCents } from '../common/money';
import { listResponseSchema, paginationQuerySchema } from '../common/pagination';
import { maxCharactersMessage, requiredText } from '../common/text-fields';
import { DISPATCHER_PAY_BASES } from './money.rules';
import { isPayWeek } from './pay-weeks.rules';
import { payTermsSchema } from './payments.schema';

// The changes to owners' and dispatchers' pay (under /backend/api/v2): PUT payments/update-status (in bulk, all
// or nothing), POST payments/create (a pay item), GET users/accounting/ (the people paid by terms) and
// PUT users/{id}/dispatcher-info/ (their terms), PUT loads/{id}/change-week. Roles: PAYMENTS_ROLES.manage
// (payments.schema.ts). PATCH loads/completed/{id}/edit keeps the loads' contract (completedLoadEditSchema).

export const PAY_CHANGE_MESSAGES = {
  idsRequired: 'Choose at least one payment',
  tooManyIds: 'At most 500 payments at a time',
  typeInvalid: "Must be 'broker', 'owner' or 'dispatcher'",
  personTypeInvalid: "Must be 'owner' or 'dispatcher'",
  statusInvalid: 'Must be a payment status from 1 to 9',
  otherType: 'These payments are not of the type given',
  ownerRequired: 'Choose the owner',
  dispatcherRequired: 'Choose the dispatcher',
  notForType: 'Not for this type of payment',
  kindInvalid: "Must be 'payment' or 'charge'",
  amountInvalid: 'Must be an amount of money',
  amountPositive: 'Must be more than $0.00',
  amountTooLarge: 'Must be at most $1,000,000.00',
  weekInvalid: 'Must be a week from 1 to 53',
  yearInvalid: 'Must be a year from 2000 to 2100',
  weekNotInYear: 'The year has no week 53',
  weekAndYear: 'Give the week and the year together',
  weekClosed: 'The week is closed: its pay sheets were sent',
  unknownOwner: 'No such owner',
  unknownDispatcher: 'No such dispatcher',
  unknownLoad: 'No such load',
  basisInvalid: "Must be 'gross_percent', 'margin_percent', 'per_load' or null",
  percentRequired: 'Give a percent from 0 to 100',
  percentInvalid: 'Must be a percent from 0 to 100 with at most two decimals',
  amountRequired: 'Give the amount paid per load',
  notAccountingLoad: 'Only a load in checkout or completed has an accounting week.',
} as const;

const M = PAY_CHANGE_MESSAGES;

export const PAYMENT_TYPES = ['broker', 'owner', 'dispatcher'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const PAY_PERSON_TYPES = ['owner', 'dispatcher'] as const;

const weekField = z
  .number({ error: M.weekInvalid })
  .int({ error: M.weekInvalid })
  .min(1, { error: M.weekInvalid })
  .max(53, { error: M.weekInvalid });
const yearField = z
  .number({ error: M.yearInvalid })
  .int({ error: M.yearInvalid })
  .min(2000, { error: M.yearInvalid })
  .max(2100, { error: M.yearInvalid });

/** An amount of money above 0 and at most $1,000,000.00, in cents. */
const positiveMoney = z
  .union([z.number(), z.string()], { error: M.amountInvalid })
  .transform((value, ctx) => {
    let cents: number;
    try {
      cents = parseMoneyToCents(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: M.amountInvalid });
      return z.NEVER;
    }
    if (cents <= 0) ctx.addIssue({ code: 'custom', message: M.amountPositive });
    if (cents > 100_000_000) ctx.addIssue({ code: 'custom', message: M.amountTooLarge });
    return cents;
  });

// ---------------------------------------------------------------- PUT payments/update-status

/** { payments_ids, type, status }: every payment named, of that type and of the caller's company, or none. */
export const paymentStatusUpdateSchema = z.object({
  payments_ids: z
    .array(idSchema)
    .min(1, { error: M.idsRequired })
    .max(500, { error: M.tooManyIds })
    .transform((ids) => [...new Set(ids)]),
  type: z.enum(PAYMENT_TYPES, { error: M.typeInvalid }),
  status: z.literal(PAYMENT_STATUS_IDS, { error: M.statusInvalid }),
});
export type PaymentStatusUpdateInput = z.input<typeof paymentStatusUpdateSchema>;
export type PaymentStatusUpdate = z.output<typeof paymentStatusUpdateSchema>;

export const paymentStatusUpdatedSchema = z.object({
  payments_ids: z.array(z.number().int()),
  type: z.enum(PAYMENT_TYPES),
  status: z.literal(PAYMENT_STATUS_IDS),
  status_name: z.string(),
});
export type PaymentStatusUpdated = z.infer<typeof paymentStatusUpdatedSchema>;

// ---------------------------------------------------------------- POST payments/create

/**
 * A pay item for an owner or a dispatcher: a payment (e.g. for a canceled load) or a charge, with its reason,
 * in the week given (week and year together; a closed week is refused), else the load's accounting week,
 * else this week; a week closed meanwhile books it in the next open week.
 */
export const payItemCreateSchema = z
  .object({
    type: z.enum(PAY_PERSON_TYPES, { error: M.personTypeInvalid }),
    owner_id: idSchema.nullish(),
    dispatcher_id: idSchema.nullish(),
    load_id: idSchema.nullish(),
    kind: z.enum(['payment', 'charge'], { error: M.kindInvalid }).default('payment'),
    amount: positiveMoney,
    reason: requiredText(300),
    week: weekField.nullish(),
    year: yearField.nullish(),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (body.type === 'owner') {
      if (body.owner_id == null) issue('owner_id', M.ownerRequired);
      if (body.dispatcher_id != null) issue('dispatcher_id', M.notForType);
    } else {
      if (body.dispatcher_id == null) issue('dispatcher_id', M.dispatcherRequired);
      if (body.owner_id != null) issue('owner_id', M.notForType);
    }
    if ((body.week == null) !== (body.year == null))
      issue(body.week == null ? 'week' : 'year', M.weekAndYear);
    else if (body.week != null && body.year != null && !isPayWeek({ year: body.year, week: body.week }))
      issue('week', M.weekNotInYear);
  });
export type PayItemCreateInput = z.input<typeof payItemCreateSchema>;
export type PayItemCreate = z.output<typeof payItemCreateSchema>;

/** The pay item made, with the payment (the person's week) it belongs to. */
export const payItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['payment', 'charge', 'adjustment']),
  type: z.enum(PAY_PERSON_TYPES),
  owner_id: z.number().int().nullable(),
  dispatcher_id: z.number().int().nullable(),
  load_id: z.number().int().nullable(),
  week: z.number().int(),
  year: z.number().int(),
  amount: z.number(),
  reason: z.string(),
  payment_id: z.number().int(),
  created_date: isoDateTimeSchema,
});
export type PayItem = z.infer<typeof payItemSchema>;

// ---------------------------------------------------------------- users/accounting and dispatcher-info

/** GET users/accounting/: the people who run loads (managers, dispatchers) with their pay terms. */
export const accountingPeopleQuerySchema = paginationQuerySchema.extend({
  text: z
    .string()
    .trim()
    .max(100, { error: maxCharactersMessage(100) })
    .optional()
    .transform((value) => value || undefined),
  team: idSchema.optional(),
});
export type AccountingPeopleQuery = z.output<typeof accountingPeopleQuerySchema>;

export const accountingPersonSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  role: z.literal(ROLE_IDS).nullable(),
  status: z.enum(['Active', 'Pending', 'Fired']),
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  terms: payTermsSchema.nullable(),
});
export type AccountingPerson = z.infer<typeof accountingPersonSchema>;
export const accountingPeopleSchema = listResponseSchema(accountingPersonSchema);
export type AccountingPeople = z.infer<typeof accountingPeopleSchema>;

const PERCENT_TEXT = /^\d{1,3}(\.\d{1,2})?$/;

const percentField = z
  .union([z.number(), z.string()], { error: M.percentInvalid })
  .transform((value, ctx) => {
    const text = String(value).trim();
    const percent = Number(text);
    if (!PERCENT_TEXT.test(text) || percent > 100) {
      ctx.addIssue({ code: 'custom', message: M.percentInvalid });
      return z.NEVER;
    }
    return percent;
  });

const nonNegativeMoney = z
  .union([z.number(), z.string()], { error: M.amountInvalid })
  .transform((value, ctx) => {
    try {
      const cents = parseMoneyToCents(value);
      if (cents < 0 || cents > 100_000_000) throw new RangeError('out of range');
      return cents;
    } catch {
      ctx.addIssue({ code: 'custom', message: M.amountInvalid });
      return z.NEVER;
    }
  });

/**
 * PUT users/{id}/dispatcher-info/ { basis, percent, amount }: gross_percent or margin_percent with a percent
 * (0 to 100, two decimals), per_load with an amount; basis null takes the terms away (the dispatcher is paid
 * nothing by terms, only incentives and pay items).
 */
export const dispatcherInfoUpdateSchema = z
  .object({
    basis: z.enum(DISPATCHER_PAY_BASES, { error: M.basisInvalid }).nullable(),
    percent: percentField.nullish(),
    amount: nonNegativeMoney.nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.basis === 'per_load' && body.amount == null)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: M.amountRequired });
    if ((body.basis === 'gross_percent' || body.basis === 'margin_percent') && body.percent == null)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: M.percentRequired });
  })
  .transform((body) =>
    body.basis === null
      ? null
      : body.basis === 'per_load'
        ? { basis: body.basis, percent: null, amount_cents: body.amount ?? 0 }
        : { basis: body.basis, percent: body.percent ?? 0, amount_cents: null },
  );
export type DispatcherInfoUpdateInput = z.input<typeof dispatcherInfoUpdateSchema>;
export type DispatcherInfoUpdate = z.output<typeof dispatcherInfoUpdateSchema>;

// ---------------------------------------------------------------- PUT loads/{id}/change-week

/** The accounting week and year a load of checkout or completed is counted in (answers the load). */
export const changeWeekSchema = z
  .object({ load_accounting_week: weekField, load_accounting_year: yearField })
  .superRefine((body, ctx) => {
    if (!isPayWeek({ year: body.load_accounting_year, week: body.load_accounting_week }))
      ctx.addIssue({ code: 'custom', path: ['load_accounting_week'], message: M.weekNotInYear });
  });
export type ChangeWeekInput = z.input<typeof changeWeekSchema>;
export type ChangeWeek = z.output<typeof changeWeekSchema>;
