import type { Transaction } from 'kysely';
import type { EventBus, RealtimeEvent } from '../realtime/event-bus';
import type { Database } from './schema';
import type { Db } from './types';

// How every service changes data: the change runs in one transaction, and the realtime events it causes go
// out only once that transaction has committed (an event for a change that rolled back would tell other
// users' pages something that never happened). A publish that fails after the commit is logged and
// swallowed: the change is made, so the request that made it must not fail; clients refetch what they show
// after a reconnect, so a lost event costs freshness, never data.

export type Trx = Transaction<Database>;

/** Where a failed publish is reported: the app's logger (pino's signature), or the console without one. */
export type ErrorLog = { error(details: object, message: string): void };

const consoleLog: ErrorLog = { error: (details, message) => console.error(message, details) };

export type UnitOfWork = {
  /**
   * Runs `work` in one transaction. `work` adds the events its change causes to `outbox`; they are
   * published after the commit, in order, and dropped if the transaction rolls back.
   */
  run: <Result>(work: (trx: Trx, outbox: RealtimeEvent[]) => Promise<Result>) => Promise<Result>;
  /**
   * `run` inside a transaction that `begin` opens and commits (an idempotent request's, which may answer a
   * stored result without calling `work` at all): the events `work` adds are published once `begin` resolves.
   */
  runWithin: <Result, Outcome>(
    begin: (work: (trx: Trx) => Promise<Result>) => Promise<Outcome>,
    work: (trx: Trx, outbox: RealtimeEvent[]) => Promise<Result>,
  ) => Promise<Outcome>;
  /** Publishes the events of a change already committed, in order; a failure is logged, never thrown. */
  publish: (events: readonly RealtimeEvent[]) => Promise<void>;
};

export function createUnitOfWork(deps: { db: Db; bus: EventBus; log?: ErrorLog | undefined }): UnitOfWork {
  const { db, bus } = deps;
  const log = deps.log ?? consoleLog;

  async function publish(events: readonly RealtimeEvent[]): Promise<void> {
    for (const event of events) {
      try {
        await bus.publish(event);
      } catch (error) {
        log.error({ err: error, event: event.event, companyId: event.companyId }, 'realtime publish failed');
      }
    }
  }

  return {
    run: async (work) => {
      const outbox: RealtimeEvent[] = [];
      const result = await db.transaction().execute((trx) => work(trx, outbox));
      await publish(outbox);
      return result;
    },
    runWithin: async (begin, work) => {
      let outbox: RealtimeEvent[] = [];
      const outcome = await begin((trx) => {
        // A fresh outbox for each attempt: only the events of the transaction that committed go out.
        outbox = [];
        return work(trx, outbox);
      });
      await publish(outbox);
      return outcome;
    },
    publish,
  };
}
