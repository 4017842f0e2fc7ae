import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LoadboardResponse } from '@app/domain/loadboard/loadboard.schema';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createCompany, insertDriver } from '../../../test/factories';
import { setUpTestApp } from '../../../test/test-suite';
import { createWorld, type World } from '../loads/loads.fixtures';
import { insertBoardLoad, insertTruck, LOADBOARD_API, PLACES } from './loadboard.fixtures';

// The board's answers kept by the server (board-answers.ts): served again while the database sends no
// notice of a change to the company's board, and never once a change is committed.

const MINUTE = 60_000;
let clock = new Date('2026-11-20T15:00:00Z');

const { database, testApp, world } = setUpTestApp<World & { load: number; otherCompany: number }>(
  async (db, app) => {
    const world = await createWorld(db, app);
    const load = await insertBoardLoad(db, world.company.id, {
      brokerId: world.brokers[0]!.id,
      postedAt: new Date(clock.getTime() - 5 * MINUTE),
      pickUp: new Date(clock.getTime() + 24 * 60 * MINUTE),
    });
    const otherCompany = (await createCompany(db)).id;
    return { ...world, load, otherCompany };
  },
  { now: () => clock },
);

async function board(query = '', session = world.sessions.dispatcher): Promise<LoadboardResponse> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `${LOADBOARD_API}${query}`,
    headers: session.headers,
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json<LoadboardResponse>();
}

const theLoad = (answer: LoadboardResponse) => answer.results.find((load) => load.id === world.load)!;

/** Changes the load's note without the triggers (no notice): only an answer read anew would show it. */
async function writeNoteQuietly(note: string) {
  await database.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await trx.updateTable('loads').set({ note }).where('id', '=', world.load).execute();
  });
}

const notice = (companyId: number) =>
  sql`SELECT pg_notify('loadboard', ${String(companyId)})`.execute(database.db);

describe('the board answers kept by the server', () => {
  it('serves an answer again until a notice of the company says its board changed', async () => {
    await writeNoteQuietly('first');
    await notice(world.company.id);
    expect(theLoad(await board()).note).toBe('first');
    await writeNoteQuietly('second');
    expect(theLoad(await board()).note).toBe('first');
    await notice(world.otherCompany);
    expect(theLoad(await board()).note).toBe('first');
    await notice(world.company.id);
    expect(theLoad(await board()).note).toBe('second');
  });

  it('keeps an answer per user and per query', async () => {
    await writeNoteQuietly('first');
    await notice(world.company.id);
    expect(theLoad(await board()).note).toBe('first');
    await writeNoteQuietly('second');
    expect(theLoad(await board('', world.sessions.manager)).note).toBe('second');
    expect(theLoad(await board('?car=VAN')).note).toBe('second');
    expect(theLoad(await board()).note).toBe('first');
  });

  it("sends only the marking user's answers back to the database when a load is marked seen", async () => {
    await writeNoteQuietly('before the mark');
    await notice(world.company.id);
    expect(theLoad(await board()).note).toBe('before the mark');
    expect(theLoad(await board('', world.sessions.manager)).note).toBe('before the mark');
    await writeNoteQuietly('after the mark');
    await database.db
      .insertInto('loadboard_seen')
      .values({ user_id: world.users.dispatcher.id, load_id: world.load })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    const marked = theLoad(await board());
    expect([marked.already_saw, marked.note]).toEqual([true, 'after the mark']);
    const colleague = theLoad(await board('', world.sessions.manager));
    expect([colleague.already_saw, colleague.note]).toEqual([false, 'before the mark']);
  });

  it('compresses an answer as the browser accepts, once for as long as it holds', async () => {
    await notice(world.company.id);
    const ask = (acceptEncoding: string, query = '') =>
      testApp.app.inject({
        method: 'GET',
        url: `${LOADBOARD_API}${query}`,
        headers: { ...world.sessions.dispatcher.headers, 'accept-encoding': acceptEncoding },
      });
    const plain = (await ask('identity')).json<LoadboardResponse>();
    const brotli = await ask('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain);
    expect((await ask('gzip, deflate, br')).rawPayload.equals(brotli.rawPayload)).toBe(true);
    const gzip = await ask('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain);
    // An answer under 1 kB goes as it is, as every other one does.
    const empty = await ask('br', '?loads_id=999999999');
    expect(empty.headers['content-encoding']).toBeUndefined();
    expect(empty.json<LoadboardResponse>()).toEqual({ count: 0, results: [] });
  });

  it("writes each load's age at the time it is served", async () => {
    await notice(world.company.id);
    expect(theLoad(await board()).age_minutes).toBe(5);
    clock = new Date(clock.getTime() + 3 * MINUTE + 1_000);
    expect(theLoad(await board()).age_minutes).toBe(8);
  });

  // Each change is made as any writer would make it (here straight in the database, as another server
  // process, a script or the seed could), to a load of the test's own: the request right after the commit
  // answers with it.
  type Change = {
    name: string;
    make: (load: number) => Promise<unknown>;
    read: (answer: LoadboardResponse, load: number) => unknown;
  };
  const row = (answer: LoadboardResponse, load: number) => answer.results.find((item) => item.id === load);
  const driverBid = (load: number, driverId: number) =>
    database.db
      .insertInto('bids')
      .values({
        company_id: world.company.id,
        load_id: load,
        kind: 'driver',
        vehicle_id: world.vehicles[0]!.id,
        driver_id: driverId,
        price_cents: 100_000,
      })
      .execute();
  const changes: Change[] = [
    {
      name: 'a board load changed',
      make: (load) =>
        database.db.updateTable('loads').set({ note: 'changed' }).where('id', '=', load).execute(),
      read: (answer, load) => row(answer, load)?.note,
    },
    {
      name: 'a point of a board load changed',
      make: (load) =>
        database.db
          .updateTable('load_points')
          .set({ address: '9 Elm St' })
          .where('load_id', '=', load)
          .where('point_order', '=', 1)
          .execute(),
      read: (answer, load) => row(answer, load)?.points[0]!.address,
    },
    {
      name: 'a load posted',
      make: () => insertBoardLoad(database.db, world.company.id, { postedAt: clock }),
      read: (answer) => answer.count,
    },
    {
      name: "a driver's bid placed",
      make: (load) => driverBid(load, world.drivers[1]!.id),
      read: (answer, load) => row(answer, load)?.pending_driver_bids.length,
    },
    {
      name: "a bidding driver's name changed",
      make: async (load) => {
        const driver = (await insertDriver(database.db, world.company.id)).id;
        await driverBid(load, driver);
        await notice(world.company.id);
        await board();
        await database.db
          .updateTable('drivers')
          .set({ first_name: 'Renamed' })
          .where('id', '=', driver)
          .execute();
      },
      read: (answer, load) => row(answer, load)?.pending_driver_bids[0]?.driver_name,
    },
    {
      name: 'the load marked seen by the user',
      make: (load) =>
        database.db
          .insertInto('loadboard_seen')
          .values({ user_id: world.users.dispatcher.id, load_id: load })
          .execute(),
      read: (answer, load) => row(answer, load)?.already_saw,
    },
    {
      name: "its broker's rating changed",
      make: async (load) => {
        const broker = await database.db
          .insertInto('broker_companies')
          .values({ company_id: world.company.id, name: `Rated ${load}` })
          .returning('id')
          .executeTakeFirstOrThrow();
        await database.db
          .updateTable('loads')
          .set({ broker_company_id: broker.id })
          .where('id', '=', load)
          .execute();
        await notice(world.company.id);
        await board();
        await database.db
          .updateTable('broker_companies')
          .set({ rating: 4 })
          .where('id', '=', broker.id)
          .execute();
      },
      read: (answer, load) => row(answer, load)?.broker_company_instance?.rating,
    },
    {
      name: 'a truck placed near its pick-up',
      make: () =>
        insertTruck(database.db, world.company.id, { type: 'REEFER', status: 1, at: PLACES.denver }),
      read: (answer, load) => row(answer, load)?.deadhead_miles,
    },
  ];

  for (const change of changes) {
    it(`answers anew after ${change.name}`, async () => {
      const load = await insertBoardLoad(database.db, world.company.id, {
        vehicleType: 'REEFER',
        points: [
          [PLACES.denver, 'pick_up'],
          [PLACES.phoenix, 'deliver_to'],
        ],
        postedAt: clock,
      });
      await notice(world.company.id);
      const before = change.read(await board(), load);
      expect(change.read(await board(), load)).toEqual(before);
      await change.make(load);
      // The answer kept at the last notice is not served: the change's own notice came with its commit.
      const after = change.read(await board(), load);
      expect(after).not.toEqual(before);
      await notice(world.company.id);
      expect(change.read(await board(), load)).toEqual(after);
    });
  }

  it('answers anew after the dispatcher of a load joins the team a filter names', async () => {
    const load = await insertBoardLoad(database.db, world.company.id, {
      dispatcherId: world.users.tracker.id,
    });
    const ofTeam = async () => (await board(`?wg=${world.team.id}`)).results.map((row) => row.id);
    expect(await ofTeam()).not.toContain(load);
    await database.db
      .insertInto('working_group_members')
      .values({ working_group_id: world.team.id, user_id: world.users.tracker.id })
      .execute();
    expect(await ofTeam()).toContain(load);
  });
});
