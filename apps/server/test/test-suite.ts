import { REALTIME_EVENT_DATA } from '@app/domain/realtime/realtime.schema';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { App } from '../src/app';
import type { Db } from '../src/db/types';
import type { EventBus, RealtimeEvent } from '../src/realtime/event-bus';
import { buildTestApp, type TestApp, type TestAppOptions } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';

export type TestSuite<World> = {
  /** The file's own database (fresh and migrated). */
  database: TestDatabase;
  /** The whole application on it. */
  testApp: TestApp;
  /** What `createWorld` made: the companies, users and sessions the file's tests share. */
  world: World;
};

/**
 * The setup of an integration test file: before its tests a fresh database, the application on it and the
 * file's world (`createWorld`, after the app is ready so that it can sign users in); after them the app is
 * closed and the database dropped. Call it at the top of the file; the objects it answers stand for the
 * real ones from the file's first hook on (a hook the file registers after this call runs after them).
 */
export function setUpTestApp<World extends object = Record<never, never>>(
  createWorld?: (db: Db, app: App) => Promise<World>,
  options: TestAppOptions = {},
): TestSuite<World> {
  const database = lateBound<TestDatabase>('database');
  const testApp = lateBound<TestApp>('testApp');
  const world = lateBound<World>('world');

  beforeAll(async () => {
    database.set(await createTestDatabase());
    testApp.set(await buildTestApp(database.value.db, options));
    world.set(createWorld ? await createWorld(database.value.db, testApp.value.app) : ({} as World));
  });

  afterAll(async () => {
    await testApp.current?.close();
    await database.current?.drop();
  });

  return { database: database.value, testApp: testApp.value, world: world.value };
}

/** What the bus publishes during each test: a fresh recording per test, stopped after it. */
export function recordEventsOfEachTest(testApp: Pick<TestApp, 'bus'>): { readonly events: RealtimeEvent[] } {
  let recorder: ReturnType<typeof recordEvents> | undefined;
  beforeEach(() => {
    recorder = recordEvents(testApp.bus);
  });
  afterEach(() => {
    recorder?.stop();
    // Every event a change published carries the data its schema in the domain describes (what the web
    // reads): the types say so at compile time, this checks what was actually sent.
    for (const event of recorder?.events ?? []) {
      const parsed = REALTIME_EVENT_DATA[event.event].safeParse(event.data);
      if (!parsed.success) {
        throw new Error(`${event.event} was published with data of another shape: ${parsed.error.message}`);
      }
    }
  });
  return {
    get events() {
      if (!recorder) throw new Error('Events are recorded inside tests only.');
      return recorder.events;
    },
  };
}

/** Records what the bus publishes until `stop` is called. */
export function recordEvents(bus: EventBus): { events: RealtimeEvent[]; stop(): void } {
  const events: RealtimeEvent[] = [];
  const stop = bus.subscribe((event) => events.push(event));
  return { events, stop };
}

/**
 * An object that exists before the value it stands for: `value` forwards every read to the value once
 * `set` has given it, so that a test file can name it at the top and use it inside its tests and hooks.
 */
function lateBound<T extends object>(name: string) {
  let current: T | undefined;
  const target = (): T => {
    if (current === undefined) {
      throw new Error(`The test's ${name} is not ready yet: use it inside a test or a hook.`);
    }
    return current;
  };
  const value = new Proxy({} as T, {
    get: (_, key) => Reflect.get(target(), key) as unknown,
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(target(), key),
  });
  return {
    value,
    get current() {
      return current;
    },
    set(next: T) {
      current = next;
    },
  };
}
