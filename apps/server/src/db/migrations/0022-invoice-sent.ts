/**
 * When a broker payment's invoice was sent: `payments.invoiced_at`, stamped by the first POST reports/send
 * that delivers the load's invoice. A broker payment's `invoice_date` is its delivery date until then (the
 * date its due date and ageing count from); the first send dates the invoice that day, and a later send of
 * the same invoice keeps it. Null for owners' and dispatchers' payments and for invoices not sent yet.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payments ADD COLUMN invoiced_at timestamptz
    CHECK (invoiced_at IS NULL OR type = 'broker')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payments DROP COLUMN IF EXISTS invoiced_at`.execute(db);
}
