import { NO_POSTING_SILENCE_MS } from '@app/domain/loadboard/intake.rules';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog } from '../../db/unit-of-work';
import type { EventBus } from '../../realtime/event-bus';
import type { BrokersService } from '../brokers/brokers.service';
import type { NotificationsService } from '../notifications/notifications.service';

// The no-posting watch: a broker company the dispatchers follow (notify_no_posting, set on the partners
// page) that has posted no load to the board for a day is reported to the company's dispatchers once per
// silence; its next posting (the intake sets last_posted_at and clears no_posting_notified_at) starts the
// count again. A broker that never posted is not reported: there is no silence to speak of yet.
//
// Safe with several server processes: each batch claims its brokers (FOR UPDATE SKIP LOCKED) in the
// transaction that marks them reported and creates the notices, published after it commits.

/** Brokers reported per transaction. */
const BATCH = 100;

export type NoPostingWatchDeps = {
  db: Db;
  bus: EventBus;
  now: () => Date;
  brokers: Pick<BrokersService, 'claimSilentBrokers'>;
  notifications: Pick<NotificationsService, 'brokerStoppedPosting'>;
  log?: ErrorLog;
};

export function createNoPostingWatch(deps: NoPostingWatchDeps) {
  const { brokers, notifications, now } = deps;
  const unit = createUnitOfWork(deps);

  return {
    /** One look: reports every broker silent for a day and not reported yet; answers how many. */
    runOnce: async (): Promise<number> => {
      let reported = 0;
      for (;;) {
        const at = now();
        const silentSince = new Date(at.getTime() - NO_POSTING_SILENCE_MS);
        const count = await unit.run(async (trx, outbox) => {
          const silent = await brokers.claimSilentBrokers(trx, silentSince, at, BATCH);
          for (const broker of silent) {
            outbox.push(
              ...(await notifications.brokerStoppedPosting(trx, {
                companyId: broker.company_id,
                broker: { id: broker.id, name: broker.name, last_posted_at: broker.last_posted_at! },
              })),
            );
          }
          return silent.length;
        });
        reported += count;
        if (count < BATCH) return reported;
      }
    },
  };
}
