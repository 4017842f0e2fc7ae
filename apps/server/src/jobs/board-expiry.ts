import { createPeriodicJob, type PeriodicJob } from './periodic-job';

// The load board's expiry: a load offered but not booked leaves the board by itself once its pick-up time
// has passed by more than its company's board_expiry_hours (24 by default). The work is the load board
// service's (expireDueLoads: batches claimed with SKIP LOCKED, so several processes may run it at once;
// update_loadboard after each commit).

/** How often the expiry runs: a load leaves the board at most this long after it is due. */
export const BOARD_EXPIRY_INTERVAL_MS = 60_000;

export function createBoardExpiryJob(options: {
  expireDueLoads: () => Promise<number>;
  intervalMs?: number;
  log: (message: string, error: unknown) => void;
}): PeriodicJob {
  return createPeriodicJob({
    name: 'load board expiry',
    run: options.expireDueLoads,
    intervalMs: options.intervalMs ?? BOARD_EXPIRY_INTERVAL_MS,
    log: options.log,
  });
}
