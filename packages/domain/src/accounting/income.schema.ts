import { z } from 'zod';
import { isoDateTimeSchema } from '../common/ids';
import { LOAD_STATUS_IDS, PAY_STATUS_IDS, PAYMENT_STATUS_IDS, INVOICE_STATUS_IDS } from '../common/lookups';
import { listResponseSchema } from '../common/pagination';
import { loadDetailSchema, loadFileTypeSchema, loadListQuerySchema } from '../loads/loads.schema';
import { menuRoles } from '../shell/menu.rules';
import { ACCOUNTING_STATUS_MESSAGES, SETTABLE_ACCOUNTING_STATUS_IDS } from './accounting-status.rules';

// The accounting calls on loads (all under /backend/api/v2): GET loads/lol (the accounting list of loads),
// GET loads/income (type active, completed or quick-pay), GET loads/income/{id}/ and
// PUT loads/{id}/update-accounting-status. Money out in dollars with two decimals; dates of invoices as
// Eastern calendar dates 'YYYY-MM-DD'.

/** Who sees the accounting list of loads: its menu entry (a dispatcher sees only their own loads). */
export const LIST_OF_LOADS_ROLES = menuRoles('listOfLoads');
/** Who works the income pages and moves a load's accounting status: the income menu entry. */
export const INCOME_ROLES = menuRoles('income');

export const INCOME_SCHEMA_MESSAGES = {
  weekInvalid: 'Must be a week from 1 to 53',
  yearInvalid: 'Must be a year from 2000 to 2100',
  paymentStatusInvalid: 'Must be a payment status from 1 to 9',
  invoiceStatusInvalid: 'Must be an invoice status: 1, 2 or 3',
  booleanInvalid: "Must be 'true' or 'false'",
  incomeTypeInvalid: "Must be 'active', 'completed' or 'quick-pay'",
  overrideInvalid: 'Must be true or false',
} as const;

const M = INCOME_SCHEMA_MESSAGES;

const intQuery = (min: number, max: number, message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

/** The accounting week and year filters, shared by the accounting lists. */
export const weekQuerySchema = intQuery(1, 53, M.weekInvalid);
export const yearQuerySchema = intQuery(2000, 2100, M.yearInvalid);
export const paymentStatusQuerySchema = intQuery(1, 9, M.paymentStatusInvalid);
export const invoiceStatusQuerySchema = intQuery(1, 3, M.invoiceStatusInvalid);

/** A query flag: 'true' or 'false' ('1' and '0' too). */
export const flagQuerySchema = z
  .enum(['true', 'false', '1', '0'], { error: M.booleanInvalid })
  .transform((value) => value === 'true' || value === '1');

/**
 * GET loads/lol: every filter of the load lists (search, dispatcher, driver, car, broker, wg, sub_wg, the
 * pick-up and delivery ranges, state) plus the accounting week and year, the load's accounting status, its
 * broker payment's status and invoice status, and factoring (payment status 3 or 4).
 */
export const accountingLoadListQuerySchema = loadListQuerySchema.extend({
  week: weekQuerySchema.optional(),
  year: yearQuerySchema.optional(),
  accounting_status: paymentStatusQuerySchema.optional(),
  payment_status: paymentStatusQuerySchema.optional(),
  invoice_status: invoiceStatusQuerySchema.optional(),
  factoring: flagQuerySchema.optional(),
});
export type AccountingLoadListQueryInput = z.input<typeof accountingLoadListQuerySchema>;
export type AccountingLoadListQuery = z.output<typeof accountingLoadListQuerySchema>;

export const INCOME_TYPES = ['active', 'completed', 'quick-pay'] as const;
export type IncomeType = (typeof INCOME_TYPES)[number];

/**
 * GET loads/income: the loads of accounting by type: active (accounting status not yet 8), completed
 * (accounting status 8) or quick-pay (active ones whose broker payment has quick pay; the menu's badge reads
 * only the count with page 1 and limit 1), with the filters of GET loads/lol.
 */
export const incomeListQuerySchema = accountingLoadListQuerySchema.extend({
  type: z.enum(INCOME_TYPES, { error: M.incomeTypeInvalid }),
});
export type IncomeListQueryInput = z.input<typeof incomeListQuerySchema>;
export type IncomeListQuery = z.output<typeof incomeListQuerySchema>;

// ---------------------------------------------------------------- answers

const amount = z.number();
const dateOnly = z.iso.date();

/** A point's place and date in a row: where the load is picked up or delivered. */
export const accountingPlaceSchema = z.object({
  city: z.string(),
  state: z.string(),
  date: isoDateTimeSchema.nullable(),
});
export type AccountingPlace = z.infer<typeof accountingPlaceSchema>;

const personSchema = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

/** A load's broker payment: what the broker owes for it and where its invoice stands. */
export const brokerPaymentSchema = z.object({
  id: z.number().int(),
  status: z.literal(PAYMENT_STATUS_IDS),
  status_name: z.string(),
  invoice_status: z.literal(INVOICE_STATUS_IDS),
  invoice_status_name: z.string(),
  /** The invoice's date: the delivery's until the invoice is first sent, then the day it was sent. */
  invoice_date: dateOnly.nullable(),
  /** When the invoice was first sent to the broker (POST reports/send); null while not sent. */
  invoiced_at: isoDateTimeSchema.nullable(),
  /** The broker's terms; null means the default 30. */
  days_to_pay: z.number().int().nullable(),
  due_date: dateOnly.nullable(),
  /** Days past the due date today (Eastern), 0 or less while not due; null once paid or closed. */
  days_past_due: z.number().int().nullable(),
  paid_at: isoDateTimeSchema.nullable(),
  /** The quick pay deduction percent; null without quick pay. */
  quickpay_percent: z.number().nullable(),
  /** The broker price. */
  amount,
  quickpay_deduction: amount,
  /** What the carrier receives: amount less the quick pay deduction. */
  income: amount,
  week: z.number().int(),
  year: z.number().int(),
});
export type BrokerPayment = z.infer<typeof brokerPaymentSchema>;

/** A row of the accounting lists of loads (GET loads/lol, GET loads/income). */
export const accountingLoadSchema = z.object({
  id: z.number().int(),
  status: z.literal(LOAD_STATUS_IDS),
  status_name: z.string(),
  accounting_status: z.number().int().nullable(),
  accounting_status_name: z.string(),
  /** The spec's pay status of the load (income.rules payStatusOf). */
  pay_status: z.enum(PAY_STATUS_IDS),
  load_accounting_number: z.number().int().nullable(),
  load_accounting_number_display: z.string().nullable(),
  load_accounting_week: z.number().int().nullable(),
  load_accounting_year: z.number().int().nullable(),
  broker_company: z
    .object({ id: z.number().int(), name: z.string(), mc_number: z.string().nullable() })
    .nullable(),
  accounting_broker_company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  rateconf_ref: z.string().nullable(),
  pick_up: accountingPlaceSchema.nullable(),
  delivery: accountingPlaceSchema.nullable(),
  delivered_at: isoDateTimeSchema.nullable(),
  driver: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  car: z.object({ id: z.number().int(), unit_id: z.string() }).nullable(),
  owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  dispatcher: personSchema.nullable(),
  working_group: z.number().int().nullable(),
  broker_price: amount,
  driver_price: amount,
  /** Whether the completion documents are uploaded. */
  documents: z.object({ rate_confirmation: z.boolean(), proof_of_delivery: z.boolean() }),
  payment: brokerPaymentSchema.nullable(),
});
export type AccountingLoad = z.infer<typeof accountingLoadSchema>;

/** The sums of every load the filters match (not only the page). */
export const accountingLoadTotalsSchema = z.object({
  broker_price: amount,
  driver_price: amount,
  quickpay_deduction: amount,
  income: amount,
});
export type AccountingLoadTotals = z.infer<typeof accountingLoadTotalsSchema>;

export const accountingLoadListResponseSchema = listResponseSchema(accountingLoadSchema).extend({
  totals: accountingLoadTotalsSchema,
});
export type AccountingLoadListResponse = z.infer<typeof accountingLoadListResponseSchema>;

/**
 * GET loads/income/{id}/: the load page (points, files, history) with its accounting: the owner paid for it,
 * its broker payment, its money, the completion documents still missing and its income list.
 */
export const incomeDetailSchema = loadDetailSchema.extend({
  accounting_status_name: z.string(),
  pay_status: z.enum(PAY_STATUS_IDS),
  income_list: z.enum(['active', 'completed']),
  owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  payment: brokerPaymentSchema.nullable(),
  money: z.object({
    broker_price: amount,
    quickpay_deduction: amount,
    income: amount,
    driver_price: amount,
    /** Income less the driver price (before the dispatcher's pay). */
    margin: amount,
  }),
  completion_missing_documents: z.array(loadFileTypeSchema),
});
export type IncomeDetail = z.infer<typeof incomeDetailSchema>;

// ---------------------------------------------------------------- PUT loads/{id}/update-accounting-status

const settableStatusMessage = (issue: { input?: unknown }) =>
  issue.input === 9 ? ACCOUNTING_STATUS_MESSAGES.canceledStatus : ACCOUNTING_STATUS_MESSAGES.statusInvalid;

/**
 * `{ accounting_status, override? }`: 1..8 (9 is the canceled class, set by a cancel). Completed (8) needs the
 * rate confirmation and proof of delivery unless `override` is true (written to the load's history).
 */
export const accountingStatusUpdateSchema = z.object({
  accounting_status: z.literal(SETTABLE_ACCOUNTING_STATUS_IDS, { error: settableStatusMessage }),
  override: z.boolean({ error: M.overrideInvalid }).default(false),
});
export type AccountingStatusUpdateInput = z.input<typeof accountingStatusUpdateSchema>;
export type AccountingStatusUpdate = z.output<typeof accountingStatusUpdateSchema>;
