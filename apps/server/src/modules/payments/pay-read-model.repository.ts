import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/types';

// The pay read model: what the owners' and dispatchers' pay is computed from. It reads, and never writes,
// tables of other modules (loads, load_points, vehicles, drivers, owners, users, working_groups,
// broker_companies, incentives) beside the module's own (payments, pay_items, dispatcher_pay_terms,
// accounting_weeks): a person's week is a join of all of them. Every query is scoped to the company.
//
// A load of a person's week is a load of checkout, completed or canceled (list_class 2, 3, 4) whose
// accounting week and year are the payment's; its owner is its vehicle's owner, else its driver's owner; its
// dispatcher is loads.dispatcher_id. The sums in SQL follow the money model (money.rules.ts): a canceled load
// earns and pays 0; a dispatcher's load pay is round(broker * p / 100) of gross, the same of the margin (never
// below 0) or the amount per load. numeric round() rounds half away from zero, as percentOfCents does.

export type PayType = 'owner' | 'dispatcher';

export type PayFilters = {
  list?: 'active' | 'completed';
  week?: number;
  year?: number;
  status?: number;
  person?: number;
  team?: number;
  text?: string;
  paymentId?: number;
};

export type Page = { limit: number; offset: number };

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The load's owner: its vehicle's, else its driver's (l, v, d joined). */
const LOAD_OWNER = sql`coalesce(v.owner_id, d.owner_id)`;
const WEEK_LOADS = sql`l.company_id = p.company_id and l.load_accounting_year = p.year
  and l.load_accounting_week = p.week and l.list_class in (2, 3, 4)`;

function matchConditions(companyId: number, type: PayType, filters: PayFilters): RawBuilder<unknown> {
  const person = type === 'owner' ? sql`p.owner_id` : sql`p.dispatcher_id`;
  const conditions: RawBuilder<unknown>[] = [sql`p.company_id = ${companyId}`, sql`p.type = ${type}`];
  if (filters.paymentId !== undefined) conditions.push(sql`p.id = ${filters.paymentId}`);
  if (filters.list === 'completed') conditions.push(sql`p.status = 8`);
  if (filters.list === 'active') conditions.push(sql`p.status <> 8`);
  if (filters.week !== undefined) conditions.push(sql`p.week = ${filters.week}`);
  if (filters.year !== undefined) conditions.push(sql`p.year = ${filters.year}`);
  if (filters.status !== undefined) conditions.push(sql`p.status = ${filters.status}`);
  if (filters.person !== undefined) conditions.push(sql`${person} = ${filters.person}`);
  if (filters.text !== undefined) {
    const pattern = `%${escapeLike(filters.text)}%`;
    conditions.push(
      type === 'owner'
        ? sql`(o.first_name || ' ' || o.last_name ilike ${pattern} or o.company_name ilike ${pattern}
            or o.email ilike ${pattern})`
        : sql`(u.first_name || ' ' || u.last_name ilike ${pattern} or u.email ilike ${pattern})`,
    );
  }
  if (filters.team !== undefined) {
    conditions.push(
      type === 'owner'
        ? sql`exists (select 1 from loads l left join vehicles v on v.id = l.vehicle_id
            left join drivers d on d.id = l.driver_id
            where ${WEEK_LOADS} and l.working_group_id = ${filters.team} and ${LOAD_OWNER} = p.owner_id)`
        : sql`u.working_group_id = ${filters.team}`,
    );
  }
  return sql.join(conditions, sql` and `);
}

/** A payment row with the money of its week, as the lists show it (cents; numeric as text). */
/** bigint columns arrive as numbers, sums (numeric) as text. */
export type Numberish = number | string;

export type PayRowRecord = {
  id: number;
  status: number;
  week: number;
  year: number;
  amount_cents: Numberish | null;
  paid_at: Date | null;
  person_id: number;
  first_name: string;
  last_name: string;
  company_name: string | null;
  email: string | null;
  team_id: number | null;
  team_name: string | null;
  basis: 'gross_percent' | 'margin_percent' | 'per_load' | null;
  percent: string | null;
  terms_amount_cents: Numberish | null;
  terms_updated_at: Date | null;
  is_closed: boolean;
  loads_count: Numberish;
  gross: Numberish;
  margin: Numberish;
  load_pay: Numberish;
  bonuses: Numberish;
  fines: Numberish;
  items: Numberish;
};

export type PayTotalsRecord = {
  count: Numberish;
  loads_count: Numberish;
  gross: Numberish;
  margin: Numberish;
  load_pay: Numberish;
  bonuses: Numberish;
  fines: Numberish;
  items: Numberish;
  amount: Numberish;
};

function moneyQuery(companyId: number, type: PayType, filters: PayFilters) {
  const isOwner = type === 'owner';
  const personJoin = isOwner
    ? sql`join owners o on o.id = p.owner_id and o.company_id = p.company_id`
    : sql`join users u on u.id = p.dispatcher_id
        left join working_groups wg on wg.id = u.working_group_id
        left join dispatcher_pay_terms t on t.user_id = u.id and t.company_id = p.company_id`;
  const personColumns = isOwner
    ? sql`p.owner_id as person_id, o.first_name, o.last_name, o.company_name, o.email,
        null::bigint as team_id, null::text as team_name, null::text as basis, null::text as percent,
        null::bigint as terms_amount_cents, null::timestamptz as terms_updated_at`
    : sql`p.dispatcher_id as person_id, u.first_name, u.last_name, null::text as company_name, u.email,
        wg.id as team_id, wg.group_name as team_name, t.basis, t.percent::text as percent,
        t.amount_cents as terms_amount_cents, t.updated_at as terms_updated_at`;
  const personOfLoad = isOwner ? LOAD_OWNER : sql`l.dispatcher_id`;
  // A week asked for reads its loads by the week's index (the planner cannot tell that the weeks listed
  // are one).
  const weekOfLoads = sql.join(
    [
      ...(filters.year === undefined ? [] : [sql`and l.load_accounting_year = ${filters.year}`]),
      ...(filters.week === undefined ? [] : [sql`and l.load_accounting_week = ${filters.week}`]),
    ],
    sql` `,
  );
  const loadPay = isOwner
    ? sql`l.driver_price_cents`
    : sql`case m.basis
        when 'gross_percent' then round(l.broker_price_cents * m.percent::numeric / 100)
        when 'margin_percent' then greatest(0, round((l.broker_price_cents - l.driver_price_cents)
          * m.percent::numeric / 100))
        when 'per_load' then m.terms_amount_cents
        else 0 end`;
  const payees = isOwner ? sql`('driver', 'owner')` : sql`('dispatcher')`;
  const itemPerson = isOwner ? sql`pi.owner_id` : sql`pi.dispatcher_id`;
  return sql`
    with m as (
      select p.id, p.status, p.week, p.year, p.amount_cents, p.paid_at, p.company_id, ${personColumns},
        exists (select 1 from accounting_weeks aw where aw.company_id = p.company_id and aw.year = p.year
          and aw.week = p.week) as is_closed
      from payments p ${personJoin}
      where ${matchConditions(companyId, type, filters)}
    ),
    -- The loads of the weeks listed with their person first, then matched to the payments by week and
    -- person in one hash join (a join on the person alone would compare every payment with every load).
    weeks as (select distinct year, week from m),
    ml as materialized (
      select l.id, l.status, l.broker_price_cents, l.driver_price_cents, l.load_accounting_year as year,
        l.load_accounting_week as week, ${personOfLoad} as person_id
      from weeks k join loads l on l.company_id = ${companyId} and l.load_accounting_year = k.year
        and l.load_accounting_week = k.week and l.list_class in (2, 3, 4) ${weekOfLoads}
      left join vehicles v on v.id = l.vehicle_id left join drivers d on d.id = l.driver_id
    ),
    wl as (
      select m.id as payment_id, l.id as load_id, l.status,
        case when l.status = 12 then 0 else l.broker_price_cents end as gross,
        case when l.status = 12 then 0 else l.broker_price_cents - l.driver_price_cents end as margin,
        case when l.status = 12 then 0 else ${loadPay} end as load_pay
      from m join ml l on l.year = m.year and l.week = m.week and l.person_id = m.person_id
    ),
    lm as (
      select payment_id, count(*) as loads_count, sum(gross) as gross, sum(margin) as margin,
        sum(load_pay) as load_pay
      from wl group by payment_id
    ),
    im as (
      select wl.payment_id,
        sum(case when i.type = 'Bonus' then i.amount_cents else 0 end) as bonuses,
        sum(case when i.type = 'Fine' then i.amount_cents else 0 end) as fines
      from wl join incentives i on i.load_id = wl.load_id and i.person_type in ${payees}
      group by wl.payment_id
    ),
    pm as (
      select m.id as payment_id, sum(pi.amount_cents) as items
      from m join pay_items pi on pi.company_id = m.company_id and pi.person_type = ${type}
        and ${itemPerson} = m.person_id and pi.year = m.year and pi.week = m.week
      group by m.id
    )
    select m.id, m.status, m.week, m.year, m.amount_cents, m.paid_at, m.person_id, m.first_name,
      m.last_name, m.company_name, m.email, m.team_id, m.team_name, m.basis, m.percent,
      m.terms_amount_cents, m.terms_updated_at, m.is_closed,
      coalesce(lm.loads_count, 0) as loads_count, coalesce(lm.gross, 0) as gross,
      coalesce(lm.margin, 0) as margin, coalesce(lm.load_pay, 0) as load_pay,
      coalesce(im.bonuses, 0) as bonuses, coalesce(im.fines, 0) as fines, coalesce(pm.items, 0) as items
    from m left join lm on lm.payment_id = m.id left join im on im.payment_id = m.id
      left join pm on pm.payment_id = m.id`;
}

/** What a row pays: its frozen amount once closed, else what its week computes to. */
const PAID = sql`coalesce(r.amount_cents, r.load_pay + r.bonuses - r.fines + r.items)`;

/**
 * The payments the filters match with the money of their weeks: one page by the person's last and first
 * name, newest week first, and the count and sums of all of them.
 */
export async function findPayRows(
  db: Db,
  companyId: number,
  type: PayType,
  filters: PayFilters,
  page: Page,
): Promise<{ rows: PayRowRecord[]; totals: PayTotalsRecord }> {
  const rows = await sql<PayRowRecord & { totals: PayTotalsRecord }>`
    select r.*, json_build_object(
      'count', count(*) over (), 'loads_count', sum(r.loads_count) over (), 'gross', sum(r.gross) over (),
      'margin', sum(r.margin) over (), 'load_pay', sum(r.load_pay) over (), 'bonuses', sum(r.bonuses) over (),
      'fines', sum(r.fines) over (), 'items', sum(r.items) over (), 'amount', sum(${PAID}) over ()) as totals
    from (${moneyQuery(companyId, type, filters)}) r
    order by lower(r.last_name), lower(r.first_name), r.person_id, r.year desc, r.week desc, r.id
    limit ${page.limit} offset ${page.offset}`.execute(db);
  const first = rows.rows[0];
  if (first) return { rows: rows.rows.map(({ totals: _totals, ...row }) => row), totals: first.totals };
  if (page.offset > 0) {
    // A page past the end still answers the count and the sums of what the filters match.
    const { totals } = await findPayRows(db, companyId, type, filters, { limit: 1, offset: 0 });
    return { rows: [], totals };
  }
  const zero = 0;
  return {
    rows: [],
    totals: {
      count: zero,
      loads_count: zero,
      gross: zero,
      margin: zero,
      load_pay: zero,
      bonuses: zero,
      fines: zero,
      items: zero,
      amount: zero,
    },
  };
}

/** One payment of the type with the money of its week; undefined when the company has none. */
export async function findPayRow(
  db: Db,
  companyId: number,
  type: PayType,
  paymentId: number,
): Promise<PayRowRecord | undefined> {
  const payment = await db
    .selectFrom('payments')
    .select(['year', 'week'])
    .where('company_id', '=', companyId)
    .where('id', '=', paymentId)
    .executeTakeFirst();
  if (!payment) return undefined;
  const filters = { paymentId, year: payment.year, week: payment.week };
  const result = await sql<PayRowRecord>`${moneyQuery(companyId, type, filters)}`.execute(db);
  return result.rows[0];
}
