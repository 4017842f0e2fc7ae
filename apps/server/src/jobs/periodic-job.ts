// Scheduled work of a server process: a run every interval, while the server listens.
//
// Each job's run is written to be safe when several server processes run it at the same time: it claims
// each piece of work in the transaction that writes its effects (an UPDATE ... RETURNING that skips rows
// another process holds) and publishes its events after that commits. Which jobs exist: app.ts.

export type PeriodicJob = {
  /** Runs the job every interval; the next run starts an interval after the last one ended. */
  start(): void;
  /** Stops the timer and waits for a run in progress, so that the database can be closed after it. */
  stop(): Promise<void>;
};

export type PeriodicJobOptions = {
  /** What the job does once; a failure is logged and the job runs again at the next interval. */
  run: () => Promise<unknown>;
  intervalMs: number;
  log: (message: string, error: unknown) => void;
  /** Named in the log when a run fails. */
  name: string;
};

export function createPeriodicJob(options: PeriodicJobOptions): PeriodicJob {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = options
        .run()
        .catch((error: unknown) => options.log(`${options.name}: a run failed`, error))
        .finally(() => {
          running = null;
          schedule();
        });
    }, options.intervalMs);
    // A job never keeps the process alive on its own.
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
