import { sql, type Transaction } from 'kysely';
import type { Database } from '../schema';

// The demo's payment rows, as the product makes them when a load reaches checkout (modules/payments
// broker-payments.ts): a broker payment for each load in checkout or completed, and the week's payment of
// each owner and dispatcher of those loads.
//
// Brokers pay as brokers do: each has its habit, from about two weeks to seven (a few days more or less per
// invoice), a few slow ones take two months or more, a blacklisted one pays late or not at all, and a quick
// pay is paid within days; one invoice in eleven is disputed and not paid yet. A completed load's invoice
// went out on its delivery day and is paid once its broker's day has come (payment Completed, invoice Paid);
// until then it waits, some approved or sent to factoring, so that the brokers' ageing shows
// invoices current and past due and each broker its own average days to pay. The loads still in checkout
// wait too; the invoices of some of them went out (sent to factoring), the others are not sent yet.

/**
 * A broker's usual days to pay: 14 to 49 by broker, 62 to 73 for every seventh (a slow payer), 95 for a
 * blacklisted one; a quick pay in 2.
 */
const BROKER_HABIT_DAYS = sql<number>`CASE
    WHEN l.id % 7 = 0 THEN 2
    WHEN b.in_blacklist THEN 95
    WHEN b.id % 7 = 3 THEN 62 + b.id % 12
    ELSE 14 + (b.id * 37) % 36
  END`;

export async function seedPaymentRows(
  trx: Transaction<Database>,
  companyId: number,
  now: Date,
): Promise<void> {
  const today = sql<string>`(${now.toISOString()}::timestamptz AT TIME ZONE 'America/New_York')::date`;
  await sql`
    WITH invoices AS (
      SELECT l.id AS load_id, l.company_id, coalesce(l.accounting_broker_company_id, l.broker_company_id)
          AS broker_company_id,
        l.load_accounting_week AS week, l.load_accounting_year AS year, l.list_class, l.updated_at,
        coalesce(l.delivered_at, l.updated_at) AS delivered_at,
        (coalesce(l.delivered_at, l.updated_at) AT TIME ZONE 'America/New_York')::date AS invoice_date,
        CASE WHEN l.id % 7 = 0 THEN c.quickpay_percent END AS quickpay_percent,
        (${BROKER_HABIT_DAYS} + (l.id % 9) - 4)::int AS days_to_paid
      FROM loads l
        JOIN companies c ON c.id = l.company_id
        LEFT JOIN broker_companies b ON b.id = coalesce(l.accounting_broker_company_id, l.broker_company_id)
      WHERE l.company_id = ${companyId} AND l.list_class IN (2, 3) AND l.load_accounting_week IS NOT NULL
    ), settled AS (
      SELECT i.*, i.list_class = 3 AND i.load_id % 11 <> 4
          AND i.invoice_date + greatest(i.days_to_paid, 1) < ${today} AS paid
      FROM invoices i
    )
    INSERT INTO payments (company_id, type, load_id, broker_company_id, week, year, status, invoice_status,
      invoice_date, invoiced_at, paid_at, quickpay_percent, created_at, updated_at)
    SELECT s.company_id, 'broker', s.load_id, s.broker_company_id, s.week, s.year,
      CASE WHEN s.paid THEN 8 WHEN s.load_id % 5 = 1 THEN 2 WHEN s.load_id % 5 = 2 THEN 3 ELSE 1 END,
      CASE WHEN s.paid THEN 3 ELSE 1 END,
      s.invoice_date,
      CASE WHEN s.list_class = 3 OR s.load_id % 5 = 2 THEN s.delivered_at END,
      CASE WHEN s.paid THEN ((s.invoice_date + greatest(s.days_to_paid, 1))::timestamp + interval '14 hours')
        AT TIME ZONE 'America/New_York' END,
      s.quickpay_percent, s.delivered_at, s.updated_at
    FROM settled s
    ON CONFLICT (load_id) WHERE type = 'broker' DO NOTHING`.execute(trx);
  await sql`
    INSERT INTO payments (company_id, type, owner_id, week, year)
    SELECT DISTINCT l.company_id, 'owner', coalesce(v.owner_id, d.owner_id), l.load_accounting_week,
      l.load_accounting_year
    FROM loads l LEFT JOIN vehicles v ON v.id = l.vehicle_id LEFT JOIN drivers d ON d.id = l.driver_id
    WHERE l.company_id = ${companyId} AND l.list_class IN (2, 3) AND l.load_accounting_week IS NOT NULL
      AND coalesce(v.owner_id, d.owner_id) IS NOT NULL
    ON CONFLICT (company_id, owner_id, year, week) WHERE type = 'owner' DO NOTHING`.execute(trx);
  await sql`
    INSERT INTO payments (company_id, type, dispatcher_id, week, year)
    SELECT DISTINCT l.company_id, 'dispatcher', l.dispatcher_id, l.load_accounting_week, l.load_accounting_year
    FROM loads l
    WHERE l.company_id = ${companyId} AND l.list_class IN (2, 3) AND l.load_accounting_week IS NOT NULL
      AND l.dispatcher_id IS NOT NULL
    ON CONFLICT (company_id, dispatcher_id, year, week) WHERE type = 'dispatcher' DO NOTHING`.execute(trx);
}
