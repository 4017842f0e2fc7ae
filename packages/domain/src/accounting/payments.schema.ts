import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/ids';
import { LOAD_STATUS_IDS, PAYMENT_STATUS_IDS } from '../common/lookups';
import { listResponseSchema, paginationQuerySchema } from '../common/pagination';
import { maxCharactersMessage } from '../common/text-fields';
import { menuRoles } from '../shell/menu.rules';
import { PAYMENT_LISTS } from './broker-payments.schema';
import {
  accountingPlaceSchema,
  paymentStatusQuerySchema,
  weekQuerySchema,
  yearQuerySchema,
} from './income.schema';
import { DISPATCHER_PAY_BASES } from './money.rules';
import { isPayWeek } from './pay-weeks.rules';

// The pay of owners and dispatchers (under /backend/api/v2): GET payments/owners/all, GET payments/owners/{id},
// GET payments/dispatchers/all, GET payments/dispatchers/{id}. A payment of type owner or dispatcher is one
// person's week; {id} is the payment's id. Money out in dollars with two decimals, computed by the money model
// (money.rules.ts) while the week is open and as frozen once its pay sheets were sent (the week closed). The
// changes (status, pay items, terms, weeks) are in pay-changes.schema.ts.

/**
 * Who may do what: the owners' pay is the accounting owners page's (admins, managers, accountants: the
 * income entry's roles, as the menu's name 'owners' is also the units page's); the dispatchers' pay page is
 * open to dispatchers too, who see only their own pay; every change is the accounting roles'.
 */
export const PAYMENTS_ROLES = {
  owners: menuRoles('income'),
  dispatchers: menuRoles('dispatchers'),
  manage: menuRoles('income'),
} as const;

export const PAY_LIST_MESSAGES = {
  weekNotInYear: 'The year has no week 53',
} as const;

/** Optional text: '' reads as none (the key may be left out of a query built in code). */
const searchText = z
  .string()
  .trim()
  .max(100, { error: maxCharactersMessage(100) })
  .transform((value) => value || undefined)
  .optional();

/**
 * GET payments/owners/all and payments/dispatchers/all: `list` active (any status but 8 Completed, the
 * default) or completed (8); week and year; status (payment status); person (the owner's or the
 * dispatcher's id); team (working group: an owner with a load of the team that week, a dispatcher of the
 * team); text (the person's name, an owner's company name, e-mail).
 */
export const payListQuerySchema = paginationQuerySchema
  .extend({
    list: z.enum(PAYMENT_LISTS, { error: "Must be 'active' or 'completed'" }).default('active'),
    week: weekQuerySchema.optional(),
    year: yearQuerySchema.optional(),
    status: paymentStatusQuerySchema.optional(),
    person: idSchema.optional(),
    team: idSchema.optional(),
    text: searchText,
  })
  .superRefine((query, ctx) => {
    if (
      query.week !== undefined &&
      query.year !== undefined &&
      !isPayWeek({ year: query.year, week: query.week })
    )
      ctx.addIssue({ code: 'custom', path: ['week'], message: PAY_LIST_MESSAGES.weekNotInYear });
  });
export type PayListQueryInput = z.input<typeof payListQuerySchema>;
export type PayListQuery = z.output<typeof payListQuerySchema>;

const dateOnly = z.iso.date();
const money = z.number();

/** A dispatcher's pay terms as answered: a percent for the percent bases, an amount for per_load. */
export const payTermsSchema = z.object({
  basis: z.enum(DISPATCHER_PAY_BASES),
  percent: z.number().nullable(),
  amount: money.nullable(),
  updated_date: isoDateTimeSchema,
});
export type PayTerms = z.infer<typeof payTermsSchema>;

/** What a person's week comes to: the columns of the lists and the totals of a pay sheet. */
const payMoneyShape = {
  loads_count: z.number().int(),
  /** Broker prices of the week's loads (what they earn; canceled 0). */
  gross: money,
  /** What the loads pay the person: driver prices for an owner, pay by terms for a dispatcher. */
  load_pay: money,
  bonuses: money,
  /** What the fines take away (positive). */
  fines: money,
  /** Pay items: payments, charges (negative), adjustments. */
  items: money,
  /** load_pay + bonuses - fines + items, as the loads stand now. */
  computed_total: money,
  /** What the week pays: computed_total while open, the frozen amount once closed. */
  amount: money,
};

/** The payment itself: its status and its week. */
const paymentShape = {
  id: z.number().int(),
  status: z.literal(PAYMENT_STATUS_IDS),
  status_name: z.string(),
  week: z.number().int(),
  year: z.number().int(),
  /** Monday and Sunday of the week. */
  week_start: dateOnly,
  week_end: dateOnly,
  /** The week's pay sheets were sent: its amount is frozen. */
  is_closed: z.boolean(),
  paid_at: isoDateTimeSchema.nullable(),
};

export const payOwnerSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  company_name: z.string().nullable(),
  email: z.string().nullable(),
});

const teamSchema = z.object({ id: z.number().int(), name: z.string() });

export const payDispatcherSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  team: teamSchema.nullable(),
});

/** A row of GET payments/owners/all. */
export const ownerPaymentRowSchema = z.object({
  ...paymentShape,
  type: z.literal('owner'),
  owner: payOwnerSchema,
  ...payMoneyShape,
});
export type OwnerPaymentRow = z.infer<typeof ownerPaymentRowSchema>;

/** A row of GET payments/dispatchers/all: with the terms the week is paid by and the loads' margin. */
export const dispatcherPaymentRowSchema = z.object({
  ...paymentShape,
  type: z.literal('dispatcher'),
  dispatcher: payDispatcherSchema,
  terms: payTermsSchema.nullable(),
  /** Broker price less driver price of the week's loads (canceled 0). */
  margin: money,
  ...payMoneyShape,
});
export type DispatcherPaymentRow = z.infer<typeof dispatcherPaymentRowSchema>;

/** The sums of every payment the filters match (not only the page). */
export const payTotalsSchema = z.object({
  loads_count: z.number().int(),
  gross: money,
  load_pay: money,
  bonuses: money,
  fines: money,
  items: money,
  amount: money,
});
export type PayTotals = z.infer<typeof payTotalsSchema>;

export const ownerPaymentListSchema = listResponseSchema(ownerPaymentRowSchema).extend({
  totals: payTotalsSchema,
});
export type OwnerPaymentList = z.infer<typeof ownerPaymentListSchema>;
export const dispatcherPaymentListSchema = listResponseSchema(dispatcherPaymentRowSchema).extend({
  totals: payTotalsSchema.extend({ margin: money }),
});
export type DispatcherPaymentList = z.infer<typeof dispatcherPaymentListSchema>;

// ---------------------------------------------------------------- a person's week: the pay sheet

const personRefSchema = z.object({ id: z.number().int(), full_name: z.string() });

/** A bonus or a fine on a load, as money of the person's week: amount is signed (a fine negative). */
export const payIncentiveSchema = z.object({
  id: z.number().int(),
  type: z.enum(['Bonus', 'Fine']),
  person_type: z.enum(['driver', 'owner', 'dispatcher']),
  amount: money,
  reason: z.string(),
  created_date: isoDateTimeSchema,
});
export type PayIncentive = z.infer<typeof payIncentiveSchema>;

/** A pay item of the week: a payment, a charge (negative) or an adjustment of a closed week's load. */
export const payItemLineSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['payment', 'charge', 'adjustment']),
  amount: money,
  reason: z.string(),
  load_id: z.number().int().nullable(),
  load_accounting_number_display: z.string().nullable(),
  created_by: personRefSchema.nullable(),
  created_date: isoDateTimeSchema,
});
export type PayItemLine = z.infer<typeof payItemLineSchema>;

/** A load of the week on a pay sheet: its route, its rate and what it pays the person. */
export const paySheetLoadSchema = z.object({
  id: z.number().int(),
  status: z.literal(LOAD_STATUS_IDS),
  status_name: z.string(),
  load_accounting_number: z.number().int().nullable(),
  load_accounting_number_display: z.string().nullable(),
  rateconf_ref: z.string().nullable(),
  broker_company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  pick_up: accountingPlaceSchema.nullable(),
  delivery: accountingPlaceSchema.nullable(),
  /** Points of the route (2 for a direct run). */
  stops_count: z.number().int(),
  miles: z.number().nullable(),
  driver: personRefSchema.nullable(),
  car: z.object({ id: z.number().int(), unit_id: z.string() }).nullable(),
  owner: personRefSchema.nullable(),
  dispatcher: personRefSchema.nullable(),
  /** The rate: what the broker pays (broker price) and what the owner is paid (driver price). */
  broker_price: money,
  driver_price: money,
  /** What the load pays this person (0 for a canceled load). */
  pay: money,
  incentives: z.array(payIncentiveSchema),
  /** Pay items of this week that name this load. */
  items: z.array(payItemLineSchema),
  /** pay + incentives + items. */
  total: money,
});
export type PaySheetLoad = z.infer<typeof paySheetLoadSchema>;

const payDetailShape = {
  loads: z.array(paySheetLoadSchema),
  /** Pay items of the week that name no load of the week (e.g. an adjustment of an earlier week's load). */
  other_items: z.array(payItemLineSchema),
};

/** GET payments/owners/{id}: the owner's week, all of it (what the pay sheet prints). */
export const ownerPayDetailSchema = ownerPaymentRowSchema.extend(payDetailShape);
export type OwnerPayDetail = z.infer<typeof ownerPayDetailSchema>;

/** GET payments/dispatchers/{id}: the dispatcher's week. */
export const dispatcherPayDetailSchema = dispatcherPaymentRowSchema.extend(payDetailShape);
export type DispatcherPayDetail = z.infer<typeof dispatcherPayDetailSchema>;
