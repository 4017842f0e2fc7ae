import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Db } from '../db/types';

// The stored Idempotency-Keys (http/idempotency.ts): claimed in the transaction that does the work.

type Trx = Transaction<Database>;

export type KeyOwner = { companyId: number; userId: number };
export type KeyClaim = KeyOwner & { scope: string; key: string; digest: string | null; now: Date };

/** Forgets this user's keys made before `before`. */
export async function deleteExpiredKeys(trx: Trx, owner: KeyOwner, before: Date): Promise<void> {
  await trx
    .deleteFrom('idempotency_keys')
    .where('company_id', '=', owner.companyId)
    .where('user_id', '=', owner.userId)
    .where('created_at', '<', before)
    .execute();
}

/** Claims the key; undefined when it is already claimed (this waits until a claim in flight commits). */
export async function claimKey(trx: Trx, claim: KeyClaim): Promise<{ id: number } | undefined> {
  return trx
    .insertInto('idempotency_keys')
    .values({
      company_id: claim.companyId,
      user_id: claim.userId,
      scope: claim.scope,
      key: claim.key,
      request_hash: claim.digest,
      created_at: claim.now,
    })
    .onConflict((conflict) => conflict.columns(['company_id', 'user_id', 'scope', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** The answer stored with a claimed key and the digest of the body it was first sent with. */
export async function findClaimedKey(
  trx: Trx,
  claim: Omit<KeyClaim, 'digest' | 'now'>,
): Promise<{ response: unknown; request_hash: string | null }> {
  return trx
    .selectFrom('idempotency_keys')
    .select(['response', 'request_hash'])
    .where('company_id', '=', claim.companyId)
    .where('user_id', '=', claim.userId)
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .executeTakeFirstOrThrow();
}

/** Stores the answer on the claimed key, before the transaction commits. */
export async function storeResponse(trx: Trx, id: number, response: unknown): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ response: JSON.stringify(response) })
    .where('id', '=', id)
    .execute();
}

/** The key claimed since `since`, with its answer, or undefined: a look before any work, claiming nothing. */
export async function findRecentKey(
  db: Db,
  claim: Omit<KeyClaim, 'digest' | 'now'>,
  since: Date,
): Promise<{ response: unknown; request_hash: string | null } | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['response', 'request_hash'])
    .where('company_id', '=', claim.companyId)
    .where('user_id', '=', claim.userId)
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .where('created_at', '>=', since)
    .executeTakeFirst();
}
