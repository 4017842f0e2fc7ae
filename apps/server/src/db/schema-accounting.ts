/**
 * Kysely table types of accounting (migration 0020), joined into `Database` in schema.ts; their columns are
 * in columns-accounting.ts.
 */
import type { ColumnType, Generated } from 'kysely';

type Id = Generated<number>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** numeric columns arrive as text (exact): '3.50'. */
type Numeric = ColumnType<string, string | number, string | number>;

export type PaymentType = 'broker' | 'owner' | 'dispatcher';
export type PayPersonType = 'owner' | 'dispatcher';
export type IncentivePersonType = 'driver' | 'owner' | 'dispatcher';

/** A broker payment (one per load in accounting) or an owner's or dispatcher's pay for one week. */
export type PaymentsTable = {
  id: Id;
  company_id: number;
  type: PaymentType;
  status: Defaulted<number>;
  load_id: number | null;
  broker_company_id: number | null;
  owner_id: number | null;
  dispatcher_id: number | null;
  week: number;
  year: number;
  /** Frozen when the week's pay sheets are sent; null while computed. */
  amount_cents: number | null;
  quickpay_percent: Numeric | null;
  invoice_status: Defaulted<number>;
  /** 'YYYY-MM-DD' (Eastern calendar date). */
  invoice_date: ColumnType<string, string, string> | null;
  days_to_pay: number | null;
  paid_at: Timestamp | null;
  /** When the invoice was first sent to the broker (migration 0022); null until then and for people's pay. */
  invoiced_at: Timestamp | null;
  note: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

/** Money for an owner or a dispatcher besides load prices: a payment, a charge (negative) or an adjustment. */
export type PayItemsTable = {
  id: Id;
  company_id: number;
  kind: 'payment' | 'charge' | 'adjustment';
  person_type: PayPersonType;
  owner_id: number | null;
  dispatcher_id: number | null;
  load_id: number | null;
  week: number;
  year: number;
  /** Signed: a charge is negative. */
  amount_cents: number;
  reason: Defaulted<string>;
  created_by: number | null;
  created_at: CreatedAt;
};

export type IncentivesTable = {
  id: Id;
  company_id: number;
  load_id: number;
  type: 'Bonus' | 'Fine';
  person_type: IncentivePersonType;
  driver_id: number | null;
  owner_id: number | null;
  dispatcher_id: number | null;
  /** Positive; a fine is subtracted. */
  amount_cents: number;
  reason: string;
  template_id: number | null;
  created_by: number | null;
  created_at: CreatedAt;
};

export type IncentiveTemplatesTable = {
  id: Id;
  company_id: number;
  name: string;
  type: 'Bonus' | 'Fine';
  person_type: IncentivePersonType;
  amount_cents: number;
  reason: string;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type DispatcherPayTermsTable = {
  user_id: number;
  company_id: number;
  basis: 'gross_percent' | 'margin_percent' | 'per_load';
  percent: Numeric | null;
  amount_cents: number | null;
  updated_by: number | null;
  updated_at: CreatedAt;
};

export type AccountingWeeksTable = {
  company_id: number;
  year: number;
  week: number;
  closed_at: CreatedAt;
  closed_by: number | null;
};

export type PaysheetRunsTable = {
  company_id: number;
  year: number;
  week: number;
  claimed_by: string;
  claimed_at: CreatedAt;
  finished_at: Timestamp | null;
  sent: Defaulted<number>;
  failed: Defaulted<number>;
};

export type ReportSendsTable = {
  id: Id;
  company_id: number;
  kind: 'paysheet' | 'invoice';
  payment_id: number | null;
  load_id: number | null;
  to_email: string;
  subject: string;
  state: 'sent' | 'failed';
  error: string | null;
  sent_by: number | null;
  sent_at: CreatedAt;
};

export type AccountingTables = {
  payments: PaymentsTable;
  pay_items: PayItemsTable;
  incentives: IncentivesTable;
  incentive_templates: IncentiveTemplatesTable;
  dispatcher_pay_terms: DispatcherPayTermsTable;
  accounting_weeks: AccountingWeeksTable;
  paysheet_runs: PaysheetRunsTable;
  report_sends: ReportSendsTable;
};
