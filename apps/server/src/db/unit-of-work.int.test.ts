import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../test/factories';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { recordEvents } from '../../test/test-suite';
import { createInProcessEventBus, type EventBus, type RealtimeEvent } from '../realtime/event-bus';
import { createUnitOfWork, type ErrorLog } from './unit-of-work';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

const event = (companyId: number, ids: number[]): RealtimeEvent => ({
  event: 'update_loads',
  data: { ids, action: 'edit' },
  companyId,
});

const companyName = async (id: number) =>
  (await database.db.selectFrom('companies').select('name').where('id', '=', id).executeTakeFirst())?.name;

describe('unit of work', () => {
  it('publishes the events of a change only after its transaction commits', async () => {
    const company = await createCompany(database.db);
    const seen: { event: RealtimeEvent; committedName: string | undefined }[] = [];
    // Each event is checked against the database as another connection sees it while it is published.
    const bus: EventBus = {
      ...createInProcessEventBus(),
      async publish(published) {
        seen.push({ event: published, committedName: await companyName(company.id) });
      },
    };
    const unit = createUnitOfWork({ db: database.db, bus });

    const answer = await unit.run(async (trx, outbox) => {
      await trx.updateTable('companies').set({ name: 'Renamed' }).where('id', '=', company.id).execute();
      outbox.push(event(company.id, [1]), event(company.id, [2]));
      return 'done';
    });

    expect(answer).toBe('done');
    expect(seen.map((entry) => entry.event.data)).toEqual([
      { ids: [1], action: 'edit' },
      { ids: [2], action: 'edit' },
    ]);
    expect(seen.every((entry) => entry.committedName === 'Renamed')).toBe(true);
  });

  it('publishes nothing when the transaction rolls back, and the error reaches the caller', async () => {
    const company = await createCompany(database.db);
    const bus = createInProcessEventBus();
    const recorder = recordEvents(bus);
    const unit = createUnitOfWork({ db: database.db, bus });

    await expect(
      unit.run(async (trx, outbox) => {
        await trx.updateTable('companies').set({ name: 'Never' }).where('id', '=', company.id).execute();
        outbox.push(event(company.id, [1]));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');

    expect(recorder.events).toEqual([]);
    expect(await companyName(company.id)).not.toBe('Never');
  });

  it('logs a publish that fails after the commit and still answers the change, publishing the rest', async () => {
    const company = await createCompany(database.db);
    const delivered: RealtimeEvent[] = [];
    const failingOnce: EventBus = {
      ...createInProcessEventBus(),
      publish(published) {
        if ((published.data as { ids: number[] }).ids[0] === 1) return Promise.reject(new Error('bus down'));
        delivered.push(published);
        return Promise.resolve();
      },
    };
    const logged: { details: object; message: string }[] = [];
    const log: ErrorLog = { error: (details, message) => logged.push({ details, message }) };
    const unit = createUnitOfWork({ db: database.db, bus: failingOnce, log });

    const answer = await unit.run(async (trx, outbox) => {
      await trx.updateTable('companies').set({ name: 'Kept' }).where('id', '=', company.id).execute();
      outbox.push(event(company.id, [1]), event(company.id, [2]));
      return company.id;
    });

    expect(answer).toBe(company.id);
    expect(await companyName(company.id)).toBe('Kept');
    expect(delivered.map((published) => published.data)).toEqual([{ ids: [2], action: 'edit' }]);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.message).toBe('realtime publish failed');
    expect(logged[0]!.details).toMatchObject({ event: 'update_loads', companyId: company.id });
  });

  it('runWithin publishes after the transaction its opener begins has committed, and nothing when it did not run', async () => {
    const company = await createCompany(database.db);
    const bus = createInProcessEventBus();
    const recorder = recordEvents(bus);
    const unit = createUnitOfWork({ db: database.db, bus });

    const outcome = await unit.runWithin(
      async (work) => ({ result: await database.db.transaction().execute(work), replayed: false }),
      async (trx, outbox) => {
        await trx.updateTable('companies').set({ name: 'Within' }).where('id', '=', company.id).execute();
        outbox.push(event(company.id, [7]));
        return 7;
      },
    );
    expect(outcome).toEqual({ result: 7, replayed: false });
    expect(recorder.events.map((published) => published.data)).toEqual([{ ids: [7], action: 'edit' }]);

    // A replayed request answers what it stored without running the work: nothing is published again.
    const replay = await unit.runWithin(
      () => Promise.resolve({ result: 7, replayed: true }),
      (_trx, outbox) => {
        outbox.push(event(company.id, [8]));
        return Promise.resolve(8);
      },
    );
    expect(replay).toEqual({ result: 7, replayed: true });
    expect(recorder.events).toHaveLength(1);
  });
});
