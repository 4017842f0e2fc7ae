import { describe, expect, it } from 'vitest';
import { createPeriodicJob } from './periodic-job';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a periodic job', () => {
  it('runs every interval once started, goes on after a failed run, and runs no more once stopped', async () => {
    const logged: string[] = [];
    let runs = 0;
    const job = createPeriodicJob({
      name: 'test job',
      intervalMs: 10,
      run: () => {
        runs += 1;
        return runs === 2 ? Promise.reject(new Error('down')) : Promise.resolve();
      },
      log: (message) => logged.push(message),
    });
    await sleep(40);
    expect(runs).toBe(0);
    job.start();
    job.start();
    await sleep(120);
    await job.stop();
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(logged).toEqual(['test job: a run failed']);
    const afterStop = runs;
    await sleep(50);
    expect(runs).toBe(afterStop);
  });

  it('waits for a run in progress when stopped', async () => {
    let finished = false;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const job = createPeriodicJob({
      name: 'slow job',
      intervalMs: 5,
      run: async () => {
        started();
        await sleep(60);
        finished = true;
      },
      log: () => undefined,
    });
    job.start();
    await running;
    await job.stop();
    expect(finished).toBe(true);
  });
});
