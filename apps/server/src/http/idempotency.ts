import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Db } from '../db/types';
import { fieldError, HttpError } from './errors';
import * as repository from './idempotency.repository';

// A create that a client may retry (loads, bids, payments, messages) honours an Idempotency-Key header:
// the same key from the same user for the same operation within 24 hours answers the first result instead
// of creating a second record.
//
// How: the key is claimed by inserting it in the transaction that does the work, and the answer is stored
// on the claimed row before that transaction commits. A second request with the key waits on the unique
// index until the first commits (then it reads the stored answer) or rolls back (then it does the work
// itself). A failed first attempt leaves nothing behind, so a retry after an error runs again.
//
// A key belongs to one request: the digest of the body it was first sent with is stored with it, and the
// same key with another body is refused (422 idempotency_key_reused) rather than answered with the result
// of a different request.

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Sent with an answer that repeats a stored one. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 255;
const KEY_PATTERN = /^[\x21-\x7e]+$/;

export const IDEMPOTENCY_KEY_MESSAGE = `Must be 1 to ${MAX_KEY_LENGTH} visible ASCII characters`;
export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for another request. Send the new request with a new key.';

/**
 * The request's Idempotency-Key with the digest of its (validated) body, as `<key> <digest>` (a key holds no
 * spaces), or undefined when none is sent; a malformed key answers 400. Services pass it on to
 * runIdempotent as the claim's key.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return undefined;
  const key = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !KEY_PATTERN.test(key)) {
    throw fieldError('Idempotency-Key', IDEMPOTENCY_KEY_MESSAGE);
  }
  return `${key} ${requestDigest(request.body)}`;
}

/** A digest of a request body that does not depend on the order of its keys (files by their bytes). */
export function requestDigest(body: unknown): string {
  return createHash('sha256').update(canonicalText(body)).digest('base64url');
}

function canonicalText(value: unknown): string {
  if (Buffer.isBuffer(value)) return `bytes:${createHash('sha256').update(value).digest('hex')}`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalText).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalText(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The client's key and the digest of its request (none when a service passes a bare key). */
function splitKey(claimed: string): { key: string; digest: string | null } {
  const space = claimed.lastIndexOf(' ');
  if (space < 0) return { key: claimed, digest: null };
  return { key: claimed.slice(0, space), digest: claimed.slice(space + 1) };
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

function keyReused(): HttpError {
  return new HttpError(422, 'idempotency_key_reused', IDEMPOTENCY_KEY_REUSED_MESSAGE, {
    fields: { 'Idempotency-Key': [IDEMPOTENCY_KEY_REUSED_MESSAGE] },
  });
}

/**
 * The answer stored for a key used in the last 24 hours, or null (also without a key): for a create whose
 * outside work must not run inside the claiming transaction (an e-mail handed to an SMTP server before it
 * is stored), which looks here first and stores its record through runIdempotent after that work. The same
 * key with another body is refused (422), as runIdempotent refuses it.
 */
export async function storedIdempotentResult<Result>(
  db: Db,
  claim: IdempotencyClaim,
): Promise<IdempotentOutcome<Result> | null> {
  if (claim.key === undefined) return null;
  const { key, digest } = splitKey(claim.key);
  const since = new Date(claim.now.getTime() - IDEMPOTENCY_WINDOW_MS);
  const stored = await repository.findRecentKey(db, { ...claim, key }, since);
  if (!stored) return null;
  if (stored.request_hash !== null && digest !== null && stored.request_hash !== digest) throw keyReused();
  return { result: stored.response as Result, replayed: true };
}

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
  return db.transaction().execute(async (trx) => {
    if (claim.key === undefined) return { result: await work(trx), replayed: false };
    const { key, digest } = splitKey(claim.key);
    // Keys older than the window are forgotten: this user's expired keys go as they make a new request.
    await repository.deleteExpiredKeys(trx, claim, new Date(claim.now.getTime() - IDEMPOTENCY_WINDOW_MS));
    const claimed = await repository.claimKey(trx, { ...claim, key, digest });
    if (!claimed) {
      const stored = await repository.findClaimedKey(trx, { ...claim, key });
      if (stored.request_hash !== null && digest !== null && stored.request_hash !== digest)
        throw keyReused();
      return { result: stored.response as Result, replayed: true };
    }
    const result = await work(trx);
    await repository.storeResponse(trx, claimed.id, result);
    return { result, replayed: false };
  });
}
