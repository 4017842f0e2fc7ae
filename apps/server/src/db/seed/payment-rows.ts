import { sql, type Transaction } from 'kysely';
import type { Database } from '../schema';

// The demo's payment rows, as the product makes them when a load reaches checkout (modules/payments
// broker-payments.ts): a broker payment for each load in checkout or completed, and the week's payment of
// each owner and dispatcher of those loads. Completed loads were paid by their broker (payment Completed,
// invoice Paid, paid when the load was completed); the ones in checkout wait, some approved or sent to
// factoring; every seventh load went through quick pay at the company's percent. The invoices of the paid
// and factored loads went out on their delivery day; the others are not sent yet.

export async function seedPaymentRows(trx: Transaction<Database>, companyId: number): Promise<void> {
  await sql`
    INSERT INTO payments (company_id, type, load_id, broker_company_id, week, year, status, invoice_status,
      invoice_date, invoiced_at, paid_at, quickpay_percent, created_at, updated_at)
    SELECT l.company_id, 'broker', l.id, coalesce(l.accounting_broker_company_id, l.broker_company_id),
      l.load_accounting_week, l.load_accounting_year,
      CASE WHEN l.list_class = 3 THEN 8 WHEN l.id % 5 = 1 THEN 2 WHEN l.id % 5 = 2 THEN 3 ELSE 1 END,
      CASE WHEN l.list_class = 3 THEN 3 ELSE 1 END,
      (coalesce(l.delivered_at, l.updated_at) AT TIME ZONE 'America/New_York')::date,
      CASE WHEN l.list_class = 3 OR l.id % 5 = 2 THEN coalesce(l.delivered_at, l.updated_at) END,
      CASE WHEN l.list_class = 3 THEN coalesce(l.completed_at, l.updated_at) END,
      CASE WHEN l.id % 7 = 0 THEN c.quickpay_percent END,
      coalesce(l.delivered_at, l.updated_at), l.updated_at
    FROM loads l JOIN companies c ON c.id = l.company_id
    WHERE l.company_id = ${companyId} AND l.list_class IN (2, 3) AND l.load_accounting_week IS NOT NULL
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
