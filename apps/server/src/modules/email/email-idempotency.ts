import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/types';
import {
  runIdempotent,
  storedIdempotentResult,
  type IdempotencyClaim,
  type IdempotentOutcome,
} from '../../http/idempotency';

// An e-mail send honours an Idempotency-Key as the other creates do (http/idempotency.ts), with one
// difference: the mail is handed to an SMTP server before it is stored, and that must not happen inside
// the claiming transaction (the embedded database has one session, which a slow SMTP server would hold).
// So a send first looks for the key's stored answer and answers it again without sending; otherwise it
// sends and stores the message through runIdempotent on the same claim. Sends with the same key wait for
// each other in this process, so a retry that overtakes its first attempt still sends once.

export type Begin<Result> = (
  work: (trx: Transaction<Database>) => Promise<Result>,
) => Promise<IdempotentOutcome<Result>>;

export type IdempotentSend = <Result>(
  claim: IdempotencyClaim,
  send: (begin: Begin<Result>) => Promise<IdempotentOutcome<Result>>,
) => Promise<IdempotentOutcome<Result>>;

export function createIdempotentSend(db: Db): IdempotentSend {
  const inFlight = new Map<string, Promise<unknown>>();

  return async function once<Result>(
    claim: IdempotencyClaim,
    send: (begin: Begin<Result>) => Promise<IdempotentOutcome<Result>>,
  ): Promise<IdempotentOutcome<Result>> {
    const begin: Begin<Result> = (work) => runIdempotent(db, claim, work);
    if (claim.key === undefined) return send(begin);
    // The client's key without the body's digest (a key holds no spaces): one send at a time per key.
    const name = JSON.stringify([claim.companyId, claim.userId, claim.scope, claim.key.split(' ')[0]]);
    const previous = inFlight.get(name) ?? Promise.resolve();
    const current = previous
      .catch(() => undefined)
      .then(async () => (await storedIdempotentResult<Result>(db, claim)) ?? send(begin));
    inFlight.set(name, current);
    try {
      return await current;
    } finally {
      if (inFlight.get(name) === current) inFlight.delete(name);
    }
  };
}
