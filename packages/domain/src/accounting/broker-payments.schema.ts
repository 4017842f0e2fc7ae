import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/ids';
import { LOAD_STATUS_IDS } from '../common/lookups';
import { maxCharactersMessage } from '../common/text-fields';
import { listResponseSchema, paginationQuerySchema } from '../common/pagination';
import { menuRoles } from '../shell/menu.rules';
import { AGEING_BUCKETS } from './ageing.rules';
import {
  accountingPlaceSchema,
  brokerPaymentSchema,
  invoiceStatusQuerySchema,
  paymentStatusQuerySchema,
  weekQuerySchema,
  yearQuerySchema,
} from './income.schema';

// The brokers' payments (all under /backend/api/v2/payments): GET payments/brokers/all (one payment per
// load of accounting, with totals), GET payments/brokers/ageing (unpaid invoices by days past due, per
// broker), GET payments/brokers/{id}/days-to-pay (a broker's average days to pay) and
// PUT payments/update-quickpay/{id} {quickpay}.

/** Who works the brokers' payments: the accounting brokers menu entry. */
export const BROKER_PAYMENTS_ROLES = menuRoles('brokers');
/** Who sees a broker's average days to pay: on its card (partners) and on the load board too. */
export const DAYS_TO_PAY_ROLES = menuRoles('brokers', 'partners', 'loadboard');

export const BROKER_PAYMENTS_MESSAGES = {
  listInvalid: "Must be 'active' or 'completed'",
  quickpayInvalid: 'Must be a percent from 0 to 100 with at most two decimals, true, false or null',
  asOfInvalid: 'Must be a date (YYYY-MM-DD)',
  notBroker: 'Quick pay applies only to a broker payment.',
} as const;

const M = BROKER_PAYMENTS_MESSAGES;

const searchText = z
  .string()
  .trim()
  .max(100, { error: maxCharactersMessage(100) })
  .transform((value) => value || undefined)
  .optional();

/** The payments pages' lists: active (any status but 8) and completed (8 Completed). */
export const PAYMENT_LISTS = ['active', 'completed'] as const;
export type PaymentList = (typeof PAYMENT_LISTS)[number];

/**
 * GET payments/brokers/all: filters week, year, status (payment status), broker (broker company id), team
 * (working group id), text (load number, rateconf_ref, broker), invoice_status; `list` active (default) or
 * completed.
 */
export const brokerPaymentListQuerySchema = paginationQuerySchema.extend({
  list: z.enum(PAYMENT_LISTS, { error: M.listInvalid }).default('active'),
  week: weekQuerySchema.optional(),
  year: yearQuerySchema.optional(),
  status: paymentStatusQuerySchema.optional(),
  invoice_status: invoiceStatusQuerySchema.optional(),
  broker: idSchema.optional(),
  team: idSchema.optional(),
  text: searchText,
});
export type BrokerPaymentListQueryInput = z.input<typeof brokerPaymentListQuerySchema>;
export type BrokerPaymentListQuery = z.output<typeof brokerPaymentListQuerySchema>;

const personSchema = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });
const brokerCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mc_number: z.string().nullable(),
});

/** A row of GET payments/brokers/all: the payment, its broker and its load. */
export const brokerPaymentRowSchema = brokerPaymentSchema.extend({
  type: z.literal('broker'),
  broker_company: brokerCompanySchema.nullable(),
  load: z.object({
    id: z.number().int(),
    status: z.literal(LOAD_STATUS_IDS),
    status_name: z.string(),
    accounting_status: z.number().int().nullable(),
    load_accounting_number_display: z.string().nullable(),
    rateconf_ref: z.string().nullable(),
    pick_up: accountingPlaceSchema.nullable(),
    delivery: accountingPlaceSchema.nullable(),
    delivered_at: isoDateTimeSchema.nullable(),
    driver: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
    dispatcher: personSchema.nullable(),
  }),
});
export type BrokerPaymentRow = z.infer<typeof brokerPaymentRowSchema>;

/** The sums of every payment the filters match: broker prices, deductions, income and what is unpaid. */
export const brokerPaymentTotalsSchema = z.object({
  amount: z.number(),
  quickpay_deduction: z.number(),
  income: z.number(),
  /** Income of the payments whose invoice is unpaid. */
  unpaid: z.number(),
});
export type BrokerPaymentTotals = z.infer<typeof brokerPaymentTotalsSchema>;

export const brokerPaymentListResponseSchema = listResponseSchema(brokerPaymentRowSchema).extend({
  totals: brokerPaymentTotalsSchema,
});
export type BrokerPaymentListResponse = z.infer<typeof brokerPaymentListResponseSchema>;

// ---------------------------------------------------------------- PUT payments/update-quickpay/{id}

const PERCENT_TEXT = /^\d{1,3}(\.\d{1,2})?$/;

/**
 * `{ quickpay }`: the payment's quick pay deduction percent (0..100, two decimals at most, a number or
 * text), true for the company's quick pay percent, false or null for no quick pay.
 */
export const quickpayUpdateSchema = z.object({
  quickpay: z
    .union([z.number(), z.string(), z.boolean(), z.null()], { error: M.quickpayInvalid })
    .transform((value, ctx): number | boolean | null => {
      if (value === null || typeof value === 'boolean') return value === false ? null : value;
      const text = String(value).trim();
      const percent = Number(text);
      if (!PERCENT_TEXT.test(text) || percent > 100) {
        ctx.addIssue({ code: 'custom', message: M.quickpayInvalid });
        return z.NEVER;
      }
      return percent;
    }),
});
export type QuickpayUpdateInput = z.input<typeof quickpayUpdateSchema>;
export type QuickpayUpdate = z.output<typeof quickpayUpdateSchema>;

// ---------------------------------------------------------------- ageing and days to pay

/** GET payments/brokers/ageing: page, limit, broker, team, text (broker name or MC), as_of (default today). */
export const brokerAgeingQuerySchema = paginationQuerySchema.extend({
  broker: idSchema.optional(),
  team: idSchema.optional(),
  text: searchText,
  as_of: z.iso.date({ error: M.asOfInvalid }).optional(),
});
export type BrokerAgeingQueryInput = z.input<typeof brokerAgeingQuerySchema>;
export type BrokerAgeingQuery = z.output<typeof brokerAgeingQuerySchema>;

const bucketShape = Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket, z.number()])) as Record<
  (typeof AGEING_BUCKETS)[number],
  z.ZodNumber
>;
export const ageingAmountsSchema = z.object({ ...bucketShape, total: z.number() });
export type AgeingAmountsOut = z.infer<typeof ageingAmountsSchema>;

/** A broker's unpaid invoices by bucket (dollars), how many, and how fast it pays. */
export const brokerAgeingRowSchema = z.object({
  broker_company: brokerCompanySchema,
  amounts: ageingAmountsSchema,
  unpaid_invoices: z.number().int(),
  average_days_to_pay: z.number().nullable(),
  paid_invoices: z.number().int(),
});
export type BrokerAgeingRow = z.infer<typeof brokerAgeingRowSchema>;

export const brokerAgeingResponseSchema = listResponseSchema(brokerAgeingRowSchema).extend({
  as_of: z.iso.date(),
  totals: ageingAmountsSchema,
});
export type BrokerAgeingResponse = z.infer<typeof brokerAgeingResponseSchema>;

/** GET payments/brokers/{id}/days-to-pay. */
export const brokerDaysToPaySchema = z.object({
  broker_company_id: z.number().int(),
  average_days_to_pay: z.number().nullable(),
  paid_invoices: z.number().int(),
});
export type BrokerDaysToPay = z.infer<typeof brokerDaysToPaySchema>;
