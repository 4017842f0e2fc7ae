import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import { DEFAULT_DAYS_TO_PAY } from '@app/domain/accounting/ageing.rules';
import type { PaymentList } from '@app/domain/accounting/broker-payments.schema';
import { parseLoadNumber } from '@app/domain/loads/load-number.rules';
import { LOAD_LIST_CLASS } from '@app/domain/loads/loads.rules';
import type { PaymentsTable } from '../../db/schema-accounting';
import type { Database, LoadsTable } from '../../db/schema';
import type { Db } from '../../db/types';

// What brokers owe: the broker payments of the loads of accounting (GET payments/brokers/all) with their
// totals, the ageing of unpaid invoices per broker and a broker's average days to pay. Only reads; the rows
// are written by the payments module (broker-payments.repository.ts).

export type BrokerPaymentFilters = {
  list: PaymentList;
  week?: number | undefined;
  year?: number | undefined;
  status?: number | undefined;
  invoice_status?: number | undefined;
  broker?: number | undefined;
  team?: number | undefined;
  text?: string | undefined;
};

type Tables = Database & { p: PaymentsTable; l: LoadsTable };

const ACCOUNTING_LIST_CLASSES = [LOAD_LIST_CLASS.checkout, LOAD_LIST_CLASS.completed];
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The quick pay deduction of a payment's load, as the money model rounds it (half away from zero). */
const deduction = sql<number>`coalesce(round(l.broker_price_cents * p.quickpay_percent / 100), 0)`;
/** What the carrier receives: the broker price less the deduction. */
const net = sql<number>`(l.broker_price_cents - ${deduction})`;

function brokerPayments(db: Db, companyId: number) {
  return db
    .selectFrom('payments as p')
    .innerJoin('loads as l', 'l.id', 'p.load_id')
    .where('p.company_id', '=', companyId)
    .where('p.type', '=', 'broker')
    .where('l.list_class', 'in', ACCOUNTING_LIST_CLASSES);
}

/** The broker companies whose name has the text, or whose MC number starts with it. */
function brokersNamed(db: Db, companyId: number, text: string) {
  const lowered = escapeLike(text.toLowerCase());
  return db
    .selectFrom('broker_companies as sb')
    .select('sb.id')
    .where('sb.company_id', '=', companyId)
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(sb.name)`, 'like', `%${lowered}%`),
        eb(sql<string>`lower(sb.mc_number)`, 'like', `${lowered}%`),
      ]),
    );
}

function listConditions(db: Db, companyId: number, filters: BrokerPaymentFilters): Expression<SqlBool> {
  const eb = expressionBuilder<Tables, 'p' | 'l'>();
  const all: Expression<SqlBool>[] = [eb('p.status', filters.list === 'completed' ? '=' : '<>', 8)];
  const equal = [
    ['p.week', filters.week],
    ['p.year', filters.year],
    ['p.status', filters.status],
    ['p.invoice_status', filters.invoice_status],
    ['p.broker_company_id', filters.broker],
    ['l.working_group_id', filters.team],
  ] as const;
  for (const [column, value] of equal) if (value !== undefined) all.push(eb(column, '=', value));
  if (filters.text) {
    const prefix = `${escapeLike(filters.text.toLowerCase())}%`;
    const any: Expression<SqlBool>[] = [
      eb(sql<string>`lower(l.rateconf_ref)`, 'like', prefix),
      eb('p.broker_company_id', 'in', brokersNamed(db, companyId, filters.text)),
    ];
    const number = parseLoadNumber(filters.text);
    if (number) {
      any.push(eb('l.load_accounting_number', '=', number.accountingNumber));
      if (number.id !== null) any.push(eb('l.id', '=', number.id));
    }
    all.push(eb.or(any));
  }
  return eb.and(all);
}

/** Broker payments of the company with their broker, load, driver and dispatcher (any list of loads). */
function paymentRows(db: Db, companyId: number) {
  return db
    .selectFrom('payments as p')
    .innerJoin('loads as l', 'l.id', 'p.load_id')
    .where('p.company_id', '=', companyId)
    .where('p.type', '=', 'broker')
    .leftJoin('broker_companies as b', 'b.id', 'p.broker_company_id')
    .leftJoin('drivers as d', 'd.id', 'l.driver_id')
    .leftJoin('users as u', 'u.id', 'l.dispatcher_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('load_points as pu')
          .select(['pu.city', 'pu.state', 'pu.date'])
          .whereRef('pu.load_id', '=', 'l.id')
          .where('pu.type', '=', 'pick_up')
          .orderBy('pu.point_order')
          .limit(1)
          .as('pu'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('load_points as dl')
          .select(['dl.city', 'dl.state', 'dl.date'])
          .whereRef('dl.load_id', '=', 'l.id')
          .where('dl.type', '=', 'deliver_to')
          .orderBy('dl.point_order', 'desc')
          .limit(1)
          .as('dl'),
      (join) => join.onTrue(),
    )
    .select([
      'p.id as payment_id',
      'p.status as payment_status',
      'p.invoice_status',
      'p.invoice_date',
      'p.days_to_pay',
      'p.paid_at',
      'p.invoiced_at',
      'p.quickpay_percent',
      'p.week as payment_week',
      'p.year as payment_year',
      'b.id as broker_id',
      'b.name as broker_name',
      'b.mc_number as broker_mc_number',
      'l.id',
      'l.status',
      'l.accounting_status',
      'l.load_accounting_number',
      'l.rateconf_ref',
      'l.delivered_at',
      'l.broker_price_cents',
      'l.driver_price_cents',
      'd.id as driver_id',
      'd.first_name as driver_first_name',
      'd.last_name as driver_last_name',
      'u.id as dispatcher_id',
      'u.first_name as dispatcher_first_name',
      'u.last_name as dispatcher_last_name',
      'pu.city as pick_up_city',
      'pu.state as pick_up_state',
      'pu.date as pick_up_date',
      'dl.city as delivery_city',
      'dl.state as delivery_state',
      'dl.date as delivery_date',
    ]);
}

/** One page of broker payments of the loads of accounting, newest load first. */
export async function findBrokerPaymentPage(
  db: Db,
  companyId: number,
  filters: BrokerPaymentFilters,
  page: { limit: number; offset: number },
) {
  return paymentRows(db, companyId)
    .where('l.list_class', 'in', ACCOUNTING_LIST_CLASSES)
    .where(listConditions(db, companyId, filters))
    .orderBy('l.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}
export type BrokerPaymentRowColumns = Awaited<ReturnType<typeof findBrokerPaymentPage>>[number];

/** One broker payment of the company as a row of the list (none: empty). */
export async function findBrokerPaymentById(db: Db, companyId: number, id: number) {
  return paymentRows(db, companyId).where('p.id', '=', id).execute();
}

/** Whether the company has this broker company. */
export async function brokerCompanyExists(db: Db, companyId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('broker_companies')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many payments match, and the sums of their broker prices, deductions, income and unpaid income. */
export async function countBrokerPayments(db: Db, companyId: number, filters: BrokerPaymentFilters) {
  const row = await brokerPayments(db, companyId)
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      sql<string | null>`sum(l.broker_price_cents)`.as('amount'),
      sql<string | null>`sum(${deduction})`.as('deduction'),
      sql<string | null>`sum(${net}) filter (where p.invoice_status = 1)`.as('unpaid'),
    ])
    .where(listConditions(db, companyId, filters))
    .executeTakeFirstOrThrow();
  const amount = Number(row.amount ?? 0);
  const deducted = Number(row.deduction ?? 0);
  return { count: Number(row.count), amount, deduction: deducted, unpaid: Number(row.unpaid ?? 0) };
}

// ---------------------------------------------------------------- ageing and days to pay

export type AgeingFilters = {
  broker?: number | undefined;
  team?: number | undefined;
  text?: string | undefined;
};

/** Days past due on `asOf`: as of minus (invoice date + days to pay, 30 when not set). */
const pastDue = (asOf: string) =>
  sql<number>`(${asOf}::date - (p.invoice_date + coalesce(p.days_to_pay, ${DEFAULT_DAYS_TO_PAY})::int))`;

function unpaidInvoices(db: Db, companyId: number, filters: AgeingFilters) {
  let query = brokerPayments(db, companyId)
    .innerJoin('broker_companies as b', 'b.id', 'p.broker_company_id')
    .where('p.invoice_status', '=', 1)
    .where('p.invoice_date', 'is not', null);
  if (filters.broker !== undefined) query = query.where('p.broker_company_id', '=', filters.broker);
  if (filters.team !== undefined) query = query.where('l.working_group_id', '=', filters.team);
  if (filters.text)
    query = query.where('p.broker_company_id', 'in', brokersNamed(db, companyId, filters.text));
  return query;
}

function bucketSums(asOf: string) {
  const days = pastDue(asOf);
  const bucket = (condition: ReturnType<typeof sql>) =>
    sql<string>`coalesce(sum(${net}) filter (where ${condition}), 0)`;
  return [
    bucket(sql`${days} <= 0`).as('current'),
    bucket(sql`${days} between 1 and 30`).as('days_1_30'),
    bucket(sql`${days} between 31 and 60`).as('days_31_60'),
    bucket(sql`${days} between 61 and 90`).as('days_61_90'),
    bucket(sql`${days} > 90`).as('over_90'),
    sql<string>`coalesce(sum(${net}), 0)`.as('total'),
  ];
}

/** A page of brokers with unpaid invoices, most owed first, with their amounts by bucket (cents as text). */
export async function findAgeingPage(
  db: Db,
  companyId: number,
  filters: AgeingFilters,
  asOf: string,
  page: { limit: number; offset: number },
) {
  return unpaidInvoices(db, companyId, filters)
    .select(['b.id as broker_id', 'b.name as broker_name', 'b.mc_number as broker_mc_number'])
    .select((eb) => [...bucketSums(asOf), eb.fn.countAll<number>().as('unpaid_invoices')])
    .groupBy(['b.id', 'b.name', 'b.mc_number'])
    .orderBy(sql`sum(${net})`, 'desc')
    .orderBy('b.name')
    .orderBy('b.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many brokers have unpaid invoices, and the sums of every one of them by bucket. */
export async function ageingTotals(db: Db, companyId: number, filters: AgeingFilters, asOf: string) {
  const row = await unpaidInvoices(db, companyId, filters)
    .select((eb) => [
      ...bucketSums(asOf),
      eb.fn.count<number>('p.broker_company_id').distinct().as('brokers'),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

/**
 * The brokers' average days to pay: the mean of (Eastern date paid - invoice date) over their paid invoices,
 * to one decimal, and how many were paid.
 */
export async function findDaysToPay(db: Db, companyId: number, brokerIds: readonly number[]) {
  if (brokerIds.length === 0) return [];
  return db
    .selectFrom('payments as p')
    .select([
      'p.broker_company_id',
      sql<string>`round(avg((p.paid_at AT TIME ZONE 'America/New_York')::date - p.invoice_date), 1)`.as(
        'average',
      ),
      (eb) => eb.fn.countAll<number>().as('paid'),
    ])
    .where('p.company_id', '=', companyId)
    .where('p.type', '=', 'broker')
    .where('p.invoice_status', '=', 3)
    .where('p.paid_at', 'is not', null)
    .where('p.invoice_date', 'is not', null)
    .where('p.broker_company_id', 'in', brokerIds)
    .groupBy('p.broker_company_id')
    .execute();
}
