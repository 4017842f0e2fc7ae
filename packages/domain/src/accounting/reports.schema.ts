import { z } from 'zod';
import { idSchema, isoDateTimeSchema, langSchema } from '../common/ids';
import { ROLES, type RoleId } from '../common/lookups';

// The accounting reports: the owner's pay sheet and the broker's invoice as PDF, the accounting lists as
// .xlsx, the pay sheets and invoices e-mailed through the company's SMTP server, and the week's invoices
// and bills as CSV in QuickBooks Online's import columns. Paths under /backend/api/v2/reports.

/** Accountants, admins and managers make and send every report. */
export const REPORT_ROLES = [
  ROLES.admin,
  ROLES.manager,
  ROLES.accountant,
] as const satisfies readonly RoleId[];

export const REPORTS_API = '/backend/api/v2/reports';

export const REPORT_MESSAGES = {
  paymentIds: 'Choose the pay sheets to send',
  loadIds: 'Choose the invoices to send',
  notBoth: 'Send pay sheets or invoices, not both at once',
  recipientInvalid: 'Each recipient must be an e-mail address',
  listUnknown: 'Choose one of the accounting lists',
  yearInvalid: 'Year must be a whole number from 2000 to 2100',
  weekInvalid: 'Week must be a whole number from 1 to 53',
} as const;

/** At most this many pay sheets or invoices in one POST reports/send. */
export const MAX_REPORT_SENDS = 200;
/** At most this many recipients of one document (the `to` of POST reports/send). */
export const MAX_REPORT_RECIPIENTS = 10;

/** POST reports/owner-paysheet: the pay sheet of an owner's week (a payment of type owner), as a PDF. */
export const ownerPaySheetRequestSchema = z.object({
  payment_id: idSchema,
  /** The language of the document; English by default. */
  lang: langSchema.default('en'),
});
export type OwnerPaySheetRequest = z.infer<typeof ownerPaySheetRequestSchema>;

/** POST reports/invoice: the invoice to the broker of a load in accounting, as a PDF. */
export const invoiceRequestSchema = z.object({ load_id: idSchema, lang: langSchema.default('en') });
export type InvoiceRequest = z.infer<typeof invoiceRequestSchema>;

/**
 * The accounting lists an .xlsx is made of: each the list of one call, with that call's filters.
 * lol: GET loads/lol; income: GET loads/income (its `type` among the filters: active, completed,
 * quick-pay); brokers, owners, dispatchers: GET payments/{brokers|owners|dispatchers}/all.
 */
export const EXCEL_LISTS = ['lol', 'income', 'brokers', 'owners', 'dispatchers'] as const;
export type ExcelList = (typeof EXCEL_LISTS)[number];

const filterValueSchema = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);

/**
 * POST reports/excel: the list on screen as an .xlsx with real numbers and dates. `filters` are the list
 * call's query parameters as the page sends them (page and limit are ignored: every row of the filters is
 * exported); a bad filter answers 400 naming `filters.<name>`.
 */
export const excelRequestSchema = z.object({
  list: z.enum(EXCEL_LISTS, { error: REPORT_MESSAGES.listUnknown }),
  filters: z.record(z.string().max(100), filterValueSchema).default({}),
  lang: langSchema.default('en'),
});
export type ExcelRequest = z.infer<typeof excelRequestSchema>;

export const REPORT_SEND_KINDS = ['paysheet', 'invoice'] as const;
export type ReportSendKind = (typeof REPORT_SEND_KINDS)[number];

const recipientSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: REPORT_MESSAGES.recipientInvalid })
  .regex(z.regexes.email, { error: REPORT_MESSAGES.recipientInvalid });

const idListSchema = z.array(idSchema).min(1).max(MAX_REPORT_SENDS);

/**
 * POST reports/send: pay sheets (payment_ids of owner pay) or invoices (load_ids), each e-mailed on its own
 * to `to`, or by default to the owner's or the accounting broker's e-mail address. A week that has ended
 * is closed once a pay sheet of it went out (what it pays is frozen; later changes to its loads are
 * adjustments of the next open week); a week still running stays open until its schedule closes it.
 */
export const reportSendRequestSchema = z
  .object({
    kind: z.enum(REPORT_SEND_KINDS),
    payment_ids: idListSchema.optional(),
    load_ids: idListSchema.optional(),
    to: z.array(recipientSchema).min(1).max(MAX_REPORT_RECIPIENTS).optional(),
    lang: langSchema.default('en'),
  })
  .superRefine((body, ctx) => {
    if (body.payment_ids && body.load_ids) {
      ctx.addIssue({ code: 'custom', path: ['load_ids'], message: REPORT_MESSAGES.notBoth });
    } else if (body.kind === 'paysheet' && !body.payment_ids) {
      ctx.addIssue({ code: 'custom', path: ['payment_ids'], message: REPORT_MESSAGES.paymentIds });
    } else if (body.kind === 'invoice' && !body.load_ids) {
      ctx.addIssue({ code: 'custom', path: ['load_ids'], message: REPORT_MESSAGES.loadIds });
    }
  });
export type ReportSendRequest = z.infer<typeof reportSendRequestSchema>;

/**
 * Why a document was not sent: no recipient (the owner or broker has no e-mail address and none was
 * given), no SMTP server in the company settings, or the server refused or could not be reached.
 */
export const REPORT_SEND_REASONS = ['no_recipient', 'smtp_not_configured', 'smtp_failed'] as const;
export type ReportSendReason = (typeof REPORT_SEND_REASONS)[number];

/** One document e-mailed (a row of report_sends). */
export const reportSendSchema = z.object({
  id: z.number().int(),
  kind: z.enum(REPORT_SEND_KINDS),
  payment_id: z.number().int().nullable(),
  load_id: z.number().int().nullable(),
  /** The recipients, comma-separated; '' when there was none. */
  to_email: z.string(),
  subject: z.string(),
  state: z.enum(['sent', 'failed']),
  reason: z.enum(REPORT_SEND_REASONS).nullable(),
  /** The mail server's answer when it failed (no secrets). */
  error: z.string().nullable(),
  sent_at: isoDateTimeSchema,
});
export type ReportSend = z.infer<typeof reportSendSchema>;

export const reportSendResponseSchema = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
  results: z.array(reportSendSchema),
  /** The weeks closed by this sending: ended weeks whose pay sheets went out (their pay is now frozen). */
  closed_weeks: z.array(z.object({ year: z.number().int(), week: z.number().int() })),
});
export type ReportSendResponse = z.infer<typeof reportSendResponseSchema>;

export const QUICKBOOKS_KINDS = ['invoices', 'bills'] as const;
export type QuickbooksKind = (typeof QUICKBOOKS_KINDS)[number];

/**
 * GET reports/quickbooks?year=&week=&kind=invoices|bills: the accounting week's invoices to brokers (one
 * per load of the week) or bills (each owner's and dispatcher's pay of the week) as a CSV file in
 * QuickBooks Online's import columns.
 */
export const quickbooksQuerySchema = z.object({
  year: z.coerce
    .number({ error: REPORT_MESSAGES.yearInvalid })
    .int({ error: REPORT_MESSAGES.yearInvalid })
    .min(2000, { error: REPORT_MESSAGES.yearInvalid })
    .max(2100, { error: REPORT_MESSAGES.yearInvalid }),
  week: z.coerce
    .number({ error: REPORT_MESSAGES.weekInvalid })
    .int({ error: REPORT_MESSAGES.weekInvalid })
    .min(1, { error: REPORT_MESSAGES.weekInvalid })
    .max(53, { error: REPORT_MESSAGES.weekInvalid }),
  kind: z.enum(QUICKBOOKS_KINDS),
});
export type QuickbooksQuery = z.infer<typeof quickbooksQuerySchema>;
