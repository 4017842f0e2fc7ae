import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import type { IncomeType } from '@app/domain/accounting/income.schema';
import { parseLoadNumber } from '@app/domain/loads/load-number.rules';
import { LOAD_LIST_CLASS } from '@app/domain/loads/loads.rules';
import type { PaymentsTable } from '../../db/schema-accounting';
import type { Database, LoadsTable } from '../../db/schema';
import type { Db } from '../../db/types';

// The loads of accounting (checkout and completed) with their broker payment, for GET loads/lol and
// GET loads/income: one page, its count and the totals of every load the filters match. Only reads: the
// loads are changed through the loads service and the payments through the payments module.

/** The filters of the load lists, the accounting ones, and what the route adds (income type, own loads). */
export type AccountingLoadFilters = {
  search?: string | undefined;
  dispatcher?: number | undefined;
  driver?: number | undefined;
  car?: number | undefined;
  broker?: number | undefined;
  wg?: number | undefined;
  sub_wg?: number | undefined;
  pick_up_from?: string | undefined;
  pick_up_to?: string | undefined;
  delivery_from?: string | undefined;
  delivery_to?: string | undefined;
  state?: string | undefined;
  week?: number | undefined;
  year?: number | undefined;
  accounting_status?: number | undefined;
  payment_status?: number | undefined;
  invoice_status?: number | undefined;
  factoring?: boolean | undefined;
  income?: IncomeType | undefined;
  /** Only this dispatcher's loads (a dispatcher's own list), whatever the dispatcher filter says. */
  ownDispatcher?: number | undefined;
};

const ACCOUNTING_LIST_CLASSES = [LOAD_LIST_CLASS.checkout, LOAD_LIST_CLASS.completed];
const FACTORING_STATUSES = [3, 4];

type Tables = Database & { l: LoadsTable; p: PaymentsTable };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Every filter as one condition on the loads `l` and their broker payments `p`. */
function conditions(db: Db, companyId: number, filters: AccountingLoadFilters): Expression<SqlBool> {
  const eb = expressionBuilder<Tables, 'l' | 'p'>();
  const all: Expression<SqlBool>[] = [
    eb('l.company_id', '=', companyId),
    eb('l.list_class', 'in', ACCOUNTING_LIST_CLASSES),
  ];
  const equal = [
    ['l.dispatcher_id', filters.dispatcher],
    ['l.dispatcher_id', filters.ownDispatcher],
    ['l.driver_id', filters.driver],
    ['l.vehicle_id', filters.car],
    ['l.broker_company_id', filters.broker],
    ['l.working_group_id', filters.wg],
    ['l.subgroup_id', filters.sub_wg],
    ['l.load_accounting_week', filters.week],
    ['l.load_accounting_year', filters.year],
    ['l.accounting_status', filters.accounting_status],
    ['p.status', filters.payment_status],
    ['p.invoice_status', filters.invoice_status],
  ] as const;
  for (const [column, value] of equal) if (value !== undefined) all.push(eb(column, '=', value));
  if (filters.pick_up_from) all.push(eb('l.pick_up_datetime', '>=', new Date(filters.pick_up_from)));
  if (filters.pick_up_to) all.push(eb('l.pick_up_datetime', '<=', new Date(filters.pick_up_to)));
  if (filters.delivery_from) all.push(eb('l.delivery_datetime', '>=', new Date(filters.delivery_from)));
  if (filters.delivery_to) all.push(eb('l.delivery_datetime', '<=', new Date(filters.delivery_to)));
  if (filters.factoring !== undefined) {
    const factored = eb('p.status', 'in', FACTORING_STATUSES);
    all.push(filters.factoring ? factored : eb.or([eb('p.status', 'is', null), eb.not(factored)]));
  }
  if (filters.state) {
    const points = db
      .selectFrom('load_points as sp')
      .select('sp.id')
      .where(sql<boolean>`sp.load_id = l.id`)
      .where('sp.state', '=', filters.state);
    all.push(eb.exists(points));
  }
  if (filters.search) all.push(searchCondition(db, companyId, filters.search));
  if (filters.income === 'completed') all.push(eb('l.accounting_status', '=', 8));
  if (filters.income === 'active' || filters.income === 'quick-pay') {
    all.push(eb.or([eb('l.accounting_status', 'is', null), eb('l.accounting_status', '<>', 8)]));
  }
  if (filters.income === 'quick-pay') all.push(eb('p.quickpay_percent', 'is not', null));
  return eb.and(all);
}

/**
 * The search of the load lists: the load id or accounting number, the start of rateconf_ref or of the
 * broker contact's name, a part of the broker company's name, or the start of any point's city.
 */
function searchCondition(db: Db, companyId: number, text: string): Expression<SqlBool> {
  const eb = expressionBuilder<Tables, 'l' | 'p'>();
  const lowered = text.toLowerCase();
  const prefix = `${escapeLike(lowered)}%`;
  const contains = `%${escapeLike(lowered)}%`;
  const any: Expression<SqlBool>[] = [
    eb(sql<string>`lower(l.rateconf_ref)`, 'like', prefix),
    eb(sql<string>`lower(l.broker_name)`, 'like', prefix),
    eb(
      'l.broker_company_id',
      'in',
      db
        .selectFrom('broker_companies as sb')
        .select('sb.id')
        .where('sb.company_id', '=', companyId)
        .where(sql<string>`lower(sb.name)`, 'like', contains),
    ),
    eb.exists(
      db
        .selectFrom('load_points as sp')
        .select('sp.id')
        .where(sql<boolean>`sp.load_id = l.id`)
        .where(sql<string>`lower(sp.city)`, 'like', prefix),
    ),
  ];
  const number = parseLoadNumber(text);
  if (number) {
    any.push(eb('l.load_accounting_number', '=', number.accountingNumber));
    if (number.id !== null) any.push(eb('l.id', '=', number.id));
  }
  return eb.or(any);
}

function accountingLoads(db: Db) {
  return db
    .selectFrom('loads as l')
    .leftJoin('payments as p', (join) => join.onRef('p.load_id', '=', 'l.id').on('p.type', '=', 'broker'));
}

const hasFile = (type: string) =>
  sql<boolean>`exists (select 1 from load_files f where f.load_id = l.id and f.file_type = ${type})`;

/** The rows of the given loads' ids query, with everything a row of the lists shows. */
function rowsQuery(db: Db) {
  return accountingLoads(db)
    .leftJoin('broker_companies as b', 'b.id', 'l.broker_company_id')
    .leftJoin('broker_companies as ab', 'ab.id', 'l.accounting_broker_company_id')
    .leftJoin('drivers as d', 'd.id', 'l.driver_id')
    .leftJoin('vehicles as v', 'v.id', 'l.vehicle_id')
    .leftJoin('owners as o', (join) => join.on(sql<boolean>`o.id = coalesce(v.owner_id, d.owner_id)`))
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
      'l.id',
      'l.status',
      'l.accounting_status',
      'l.load_accounting_number',
      'l.load_accounting_week',
      'l.load_accounting_year',
      'l.rateconf_ref',
      'l.broker_price_cents',
      'l.driver_price_cents',
      'l.delivered_at',
      'l.working_group_id',
      'b.id as broker_id',
      'b.name as broker_name',
      'b.mc_number as broker_mc_number',
      'ab.id as accounting_broker_id',
      'ab.name as accounting_broker_name',
      'd.id as driver_id',
      'd.first_name as driver_first_name',
      'd.last_name as driver_last_name',
      'v.id as vehicle_id',
      'v.unit_id as vehicle_unit_id',
      'o.id as owner_id',
      'o.first_name as owner_first_name',
      'o.last_name as owner_last_name',
      'u.id as dispatcher_id',
      'u.first_name as dispatcher_first_name',
      'u.last_name as dispatcher_last_name',
      'pu.city as pick_up_city',
      'pu.state as pick_up_state',
      'pu.date as pick_up_date',
      'dl.city as delivery_city',
      'dl.state as delivery_state',
      'dl.date as delivery_date',
      hasFile('rate_confirmation').as('has_rate_confirmation'),
      hasFile('proof_of_delivery').as('has_proof_of_delivery'),
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
    ]);
}

export type AccountingLoadRow = Awaited<ReturnType<ReturnType<typeof rowsQuery>['execute']>>[number];

export type Totals = { count: number; broker: number; driver: number; deduction: number };

/** How many loads match, with the sums of their broker prices, driver prices and quick pay deductions. */
export async function countAndTotals(
  db: Db,
  companyId: number,
  filters: AccountingLoadFilters,
): Promise<Totals> {
  const row = await accountingLoads(db)
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      sql<string | null>`sum(l.broker_price_cents)`.as('broker'),
      sql<string | null>`sum(l.driver_price_cents)`.as('driver'),
      sql<string | null>`sum(round(l.broker_price_cents * p.quickpay_percent / 100))`.as('deduction'),
    ])
    .where(conditions(db, companyId, filters))
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    broker: Number(row.broker ?? 0),
    driver: Number(row.driver ?? 0),
    deduction: Number(row.deduction ?? 0),
  };
}

/** One page of the matching loads, newest first. */
export async function findPage(
  db: Db,
  companyId: number,
  filters: AccountingLoadFilters,
  page: { limit: number; offset: number },
): Promise<AccountingLoadRow[]> {
  return rowsQuery(db)
    .where(conditions(db, companyId, filters))
    .orderBy('l.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** One load of accounting (checkout or completed) as a row of the lists; undefined when none. */
export async function findRow(db: Db, companyId: number, id: number): Promise<AccountingLoadRow | undefined> {
  return rowsQuery(db)
    .where(conditions(db, companyId, {}))
    .where('l.id', '=', id)
    .executeTakeFirst();
}
