import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { RealtimeEvent } from './event-bus';
import { companyEvent, userEvent } from './events';
import { createRedisEventBus, type RedisEventBus } from './redis-event-bus';
import { testNotice } from '../../test/realtime-data';

// Redis pub/sub is shared by everything on the server: each test uses a channel of its own.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const channel = () => `test:realtime:${randomBytes(6).toString('hex')}`;

const opened: RedisEventBus[] = [];
async function bus(name: string): Promise<RedisEventBus> {
  const created = await createRedisEventBus({ url: REDIS_URL, channel: name, log: () => {} });
  opened.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((each) => each.close()));
});

function collect(target: RedisEventBus): RealtimeEvent[] {
  const events: RealtimeEvent[] = [];
  target.subscribe((event) => events.push(event));
  return events;
}

describe('the Redis event bus', () => {
  it('delivers each event once to the listeners of every process on the channel, its own included, in order', async () => {
    const name = channel();
    const [first, second] = [await bus(name), await bus(name)];
    const [atFirst, atSecond] = [collect(first), collect(second)];
    const published = [
      companyEvent(
        'load_status_change',
        1,
        { id: 5, status: 2, old_status: 1, accounting_status: null },
        [3, 4],
      ),
      userEvent('new_notice', 1, [7, 8], testNotice(11)),
      companyEvent('update_loads', 2, { ids: [5], action: 'status' }),
    ];
    for (const event of published) await first.publish(event);
    await expect.poll(() => atSecond.length).toBe(3);
    await expect.poll(() => atFirst.length).toBe(3);
    expect(atSecond).toEqual(published);
    expect(atFirst).toEqual(published);
  });

  it('keeps channels apart: another deployment on the same Redis hears nothing', async () => {
    const mine = await bus(channel());
    const theirs = await bus(channel());
    const heard = collect(theirs);
    const own = collect(mine);
    await mine.publish(companyEvent('update_loads', 1, { ids: [1], action: 'edit' }));
    await expect.poll(() => own.length).toBe(1);
    expect(heard).toEqual([]);
  });

  it('fails to start with a message naming Redis when it cannot be reached', async () => {
    await expect(
      createRedisEventBus({ url: 'redis://:secret@127.0.0.1:1', channel: channel(), log: () => {} }),
    ).rejects.toThrow(/^Cannot use Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1 for realtime events/);
  });

  it('reports a gap when its subscription comes back after a lost connection, and delivers again', async () => {
    const name = channel();
    const target = await bus(name);
    const events = collect(target);
    let gaps = 0;
    target.onGap(() => (gaps += 1));

    const admin = new Redis(REDIS_URL);
    try {
      const clients = (await admin.client('LIST')) as string;
      const subscriberId = clients
        .split('\n')
        .find((line) => line.includes(` name=${name}:subscriber `))
        ?.match(/^id=(\d+) /)?.[1];
      expect(subscriberId).toBeDefined();
      await admin.client('KILL', 'ID', subscriberId!);
    } finally {
      admin.disconnect();
    }
    await expect.poll(() => gaps, { timeout: 10_000 }).toBe(1);
    await target.publish(companyEvent('update_loads', 1, { ids: [2], action: 'edit' }));
    await expect.poll(() => events.length).toBe(1);
  });
});
