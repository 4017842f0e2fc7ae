import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Db } from '../db/types';
import { fieldError } from './errors';

// A create that a client may retry (loads, bids, payments, messages) honours an Idempotency-Key header:
// the same key from the same user for the same operation within 24 hours answers the first result instead
// of creating a second record.
//
// How: the key is claimed by inserting it in the transaction that does the work, and the answer is stored
// on the claimed row before that transaction commits. A second request with the key waits on the unique
// index until the first commits (then it reads the stored answer) or rolls back (then it does the work
// itself). A failed first attempt leaves nothing behind, so a retry after an error runs again.

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Sent with an answer that repeats a stored one. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 255;
const KEY_PATTERN = /^[\x21-\x7e]+$/;

export const IDEMPOTENCY_KEY_MESSAGE = `Must be 1 to ${MAX_KEY_LENGTH} visible ASCII characters`;

/** The request's Idempotency-Key, or undefined when none is sent; a malformed key answers 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return undefined;
  const key = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !KEY_PATTERN.test(key)) {
    throw fieldError('Idempotency-Key', IDEMPOTENCY_KEY_MESSAGE);
  }
  return key;
}

export type IdempotencyClaim = {
  companyId: number;
  userId: number;
  /** The operation, e.g. 'loads.create': one key may be used once per operation. */
  scope: string;
  key: string | undefined;
  now: Date;
};

export type IdempotentOutcome<Result> = { result: Result; replayed: boolean };

/**
 * Runs `work` in one transaction, once per key: with a key seen in the last 24 hours it answers the stored
 * result without running `work` (`replayed`). The result must survive JSON (it is stored as jsonb). Without
 * a key it simply runs `work` in a transaction.
 */
export async function runIdempotent<Result>(
  db: Db,
  claim: IdempotencyClaim,
  work: (trx: Transaction<Database>) => Promise<Result>,
): Promise<IdempotentOutcome<Result>> {
  const { key } = claim;
  return db.transaction().execute(async (trx) => {
    if (key === undefined) return { result: await work(trx), replayed: false };
    // Keys older than the window are forgotten: this user's expired keys go as they make a new request.
    await trx
      .deleteFrom('idempotency_keys')
      .where('company_id', '=', claim.companyId)
      .where('user_id', '=', claim.userId)
      .where('created_at', '<', new Date(claim.now.getTime() - IDEMPOTENCY_WINDOW_MS))
      .execute();
    const claimed = await trx
      .insertInto('idempotency_keys')
      .values({
        company_id: claim.companyId,
        user_id: claim.userId,
        scope: claim.scope,
        key,
        created_at: claim.now,
      })
      .onConflict((conflict) => conflict.columns(['company_id', 'user_id', 'scope', 'key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claimed) {
      const stored = await trx
        .selectFrom('idempotency_keys')
        .select('response')
        .where('company_id', '=', claim.companyId)
        .where('user_id', '=', claim.userId)
        .where('scope', '=', claim.scope)
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      return { result: stored.response as Result, replayed: true };
    }
    const result = await work(trx);
    await trx
      .updateTable('idempotency_keys')
      .set({ response: JSON.stringify(result) })
      .where('id', '=', claimed.id)
      .execute();
    return { result, replayed: false };
  });
}
