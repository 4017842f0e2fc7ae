import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import type { SeededUser } from './seeded-records';

// The demo dispatchers' pay terms (PUT users/{id}/dispatcher-info/ sets them in the product): each basis of
// the money model in turn, so that the dispatchers' pay page shows all three.
const DEMO_TERMS = [
  { basis: 'gross_percent', percent: '8.00', amount_cents: null },
  { basis: 'margin_percent', percent: '30.00', amount_cents: null },
  { basis: 'per_load', percent: null, amount_cents: 4_000 },
] as const;

export async function seedPayTerms(
  trx: Transaction<Database>,
  companyId: number,
  dispatchers: readonly SeededUser[],
  now: Date,
): Promise<void> {
  if (dispatchers.length === 0) return;
  await trx
    .insertInto('dispatcher_pay_terms')
    .values(
      dispatchers.map((dispatcher, index) => ({
        user_id: dispatcher.id,
        company_id: companyId,
        ...DEMO_TERMS[index % DEMO_TERMS.length]!,
        updated_at: now,
      })),
    )
    .execute();
}
