import { brokerNameKey } from '@app/domain/loadboard/intake.rules';
import type { PostingBroker } from '@app/domain/loadboard/intake.schema';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/types';
import type { RealtimeEvent } from '../../realtime/event-bus';
import { unitsEvents } from '../../realtime/events';
import * as postings from './broker-postings.repository';
import * as repository from './brokers.repository';

// Broker companies as postings reach the load board (part of the brokers service, called by the load
// intake and the load form inside their transactions): the broker a posting names, found or added, with
// when it last posted; and the followed brokers (notify_no_posting) that stopped posting, for the no-posting
// watch. A broker added here is unknown until checked: it waits in the rating queue like one added on the
// partners page.

type Trx = Transaction<Database>;

export function createBrokerPostings() {
  return {
    /**
     * The broker company a posting names (the load intake and the load form, in their transaction): by id
     * (null when the company has no such broker), or the company's broker with the MC number, else the
     * first one with the name; one it does not know yet is added (OTR with an MC number, else non-OTR) and
     * waits in the rating queue, unknown until checked. With markPosted its last posting is now. Answers the
     * events to publish after the transaction commits (a broker added: update_units).
     */
    async brokerForPosting(
      trx: Trx,
      companyId: number,
      posted: PostingBroker | { id: number },
      at: Date,
      options: { markPosted: boolean } = { markPosted: true },
    ): Promise<{ broker: postings.PostingBrokerRow; created: boolean; events: RealtimeEvent[] } | null> {
      if ('id' in posted) {
        const byId = await postings.findPostingBrokerById(trx, companyId, posted.id);
        if (!byId) return null;
        if (options.markPosted) await postings.markPosted(trx, byId.id, at);
        return { broker: byId, created: false, events: [] };
      }
      const nameKey = brokerNameKey(posted.name);
      // By name, then by MC number (always in this order): two postings of one new broker add it once.
      await postings.lockPostingBrokerKey(trx, companyId, `name:${nameKey}`);
      if (posted.mc_number !== null)
        await postings.lockPostingBrokerKey(trx, companyId, `mc:${posted.mc_number}`);
      const known = await postings.findPostingBroker(trx, companyId, {
        mcNumber: posted.mc_number,
        nameKey,
      });
      if (known) {
        if (options.markPosted) await postings.markPosted(trx, known.id, at);
        return { broker: known, created: false, events: [] };
      }
      const name = posted.name.trim().replace(/\s+/g, ' ');
      const id = await repository.insertBroker(trx, {
        company_id: companyId,
        name,
        mc_number: posted.mc_number,
        is_otr: posted.mc_number !== null,
        rating_requested_at: at,
        last_posted_at: options.markPosted ? at : null,
        created_at: at,
        updated_at: at,
      });
      return {
        broker: { id, name, in_blacklist: false },
        created: true,
        events: unitsEvents('broker_company', companyId, [id]),
      };
    },

    /**
     * The broker company an e-mailed posting comes from when it names no MC number: the company's broker
     * whose e-mail address is at the sender's domain, or null.
     */
    brokerOfEmailDomain: (db: Db, companyId: number, domain: string) =>
      postings.findPostingBrokerByEmailDomain(db, companyId, domain.trim().toLowerCase()),

    /**
     * The no-posting job's step (in its transaction): up to `limit` followed brokers of any company silent
     * since before `silentSince` and not reported yet, marked reported at `at`.
     */
    async claimSilentBrokers(trx: Trx, silentSince: Date, at: Date, limit: number) {
      const brokers = await postings.claimSilentBrokers(trx, silentSince, limit);
      await postings.markSilenceReported(
        trx,
        brokers.map((broker) => broker.id),
        at,
      );
      return brokers;
    },
  };
}
