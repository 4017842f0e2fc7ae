import type { Db } from '../../db/types';
import { tooManyRequests } from '../../http/errors';
import * as repository from './auth.repository';

export const AUTH_LIMIT_MESSAGES = {
  email: 'Too many failed sign-in attempts for this e-mail. Try again in 15 minutes.',
  address: 'Too many failed sign-in attempts from this address. Try again in 15 minutes.',
};

export type SignInLimits = {
  /** Failed sign-ins of one e-mail from one address allowed within the window; the next ones get 429. */
  maxFailedLogins: number;
  /** Failed sign-ins from one address allowed within the window, whatever the e-mails; then 429. */
  maxFailedLoginsPerAddress: number;
  failedLoginWindowSeconds: number;
};

/**
 * Records a sign-in attempt as failed and answers its id, or answers 429 when the address has used up its
 * failures. Failed attempts are counted in the database (so that the limits hold across server processes),
 * per address and e-mail and per address: after `maxFailedLogins` failures of one e-mail from one address
 * within the window, that address gets 429 for that e-mail until the oldest failure leaves the window, and
 * after `maxFailedLoginsPerAddress` failures of any e-mails it gets 429 for every e-mail. Someone else's
 * guesses from another address never lock a user out, and one address cannot try many accounts. Successes
 * (marked by the caller once the password checks out) do not count. The attempt is recorded under a lock
 * of the address, so that concurrent guesses cannot slip past the limits.
 */
export async function reserveSignInAttempt(
  db: Db,
  limits: SignInLimits,
  email: string,
  ip: string | null,
  at: Date,
): Promise<number> {
  const windowMs = limits.failedLoginWindowSeconds * 1000;
  const windowStart = new Date(at.getTime() - windowMs);
  const retryAfter = (oldest: Date | null) => ((oldest ?? at).getTime() + windowMs - at.getTime()) / 1000;
  const reservation = await db.transaction().execute(async (trx) => {
    await repository.lockLoginAddress(trx, ip);
    const fromAddress = await repository.failedLoginsFromAddress(trx, ip, windowStart);
    if (fromAddress.count >= limits.maxFailedLoginsPerAddress) {
      return { locked: 'address' as const, retryAfter: retryAfter(fromAddress.oldest) };
    }
    const ofEmail = await repository.failedLoginsSince(trx, email, ip, windowStart);
    if (ofEmail.count >= limits.maxFailedLogins) {
      return { locked: 'email' as const, retryAfter: retryAfter(ofEmail.oldest) };
    }
    const attemptId = await repository.insertLoginAttempt(trx, {
      email,
      succeeded: false,
      ip,
      created_at: at,
    });
    return { locked: false as const, attemptId };
  });
  if (reservation.locked === false) return reservation.attemptId;
  throw tooManyRequests(AUTH_LIMIT_MESSAGES[reservation.locked], reservation.retryAfter);
}
