import { sql } from 'kysely';
import type { Db, Row } from '../../db/types';

// The company's Google and Zoho client keys as the company settings page writes them (the mailbox sign-in
// reads them through mailbox.repository.ts). `client_secret` is sealed before it reaches this file and
// leaves it only to be opened by the service.

type Provider = Row<'email_oauth_clients'>['provider'];

export async function listOauthClients(db: Db, companyId: number) {
  return db
    .selectFrom('email_oauth_clients')
    .select(['provider', 'client_id', 'client_secret'])
    .where('company_id', '=', companyId)
    .execute();
}

/** Stores both keys, replacing the provider's keys before. */
export async function saveOauthClient(
  db: Db,
  row: { company_id: number; provider: Provider; client_id: string; client_secret: string; at: Date },
): Promise<void> {
  await db
    .insertInto('email_oauth_clients')
    .values({
      company_id: row.company_id,
      provider: row.provider,
      client_id: row.client_id,
      client_secret: row.client_secret,
      created_at: row.at,
    })
    .onConflict((oc) =>
      oc.columns(['company_id', 'provider']).doUpdateSet((eb) => ({
        client_id: eb.ref('excluded.client_id'),
        client_secret: eb.ref('excluded.client_secret'),
      })),
    )
    .execute();
}

/**
 * Changes the client ID and keeps the stored secret, only while it is the one the caller saw (so a secret
 * replaced or removed meanwhile is not paired with this ID); answers whether the keys were changed.
 */
export async function changeOauthClientId(
  db: Db,
  companyId: number,
  provider: Provider,
  clientId: string,
  keptSecret: string,
): Promise<boolean> {
  const result = await db
    .updateTable('email_oauth_clients')
    .set({ client_id: clientId })
    .where('company_id', '=', companyId)
    .where('provider', '=', provider)
    .where('client_secret', '=', keptSecret)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteOauthClient(db: Db, companyId: number, provider: Provider): Promise<void> {
  await db
    .deleteFrom('email_oauth_clients')
    .where('company_id', '=', companyId)
    .where('provider', '=', provider)
    .execute();
}

/** The company's mailboxes signed in with Google or Zoho, counted per provider. */
export async function countOauthMailboxes(db: Db, companyId: number): Promise<Map<Provider, number>> {
  const rows = await db
    .selectFrom('email_mailboxes')
    .select(['provider', sql<number>`count(*)::int`.as('count')])
    .where('company_id', '=', companyId)
    .where('provider', 'in', ['google', 'zoho'])
    .where('status', '=', 'connected')
    .groupBy('provider')
    .execute();
  return new Map(rows.map((row) => [row.provider as Provider, Number(row.count)]));
}
