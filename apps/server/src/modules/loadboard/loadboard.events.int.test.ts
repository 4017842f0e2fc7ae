import {
  boardLoadSchema,
  type BoardLoad,
  type LoadboardResponse,
} from '@app/domain/loadboard/loadboard.schema';
import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createCompany, insertVehicle } from '../../../test/factories';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import type { Db } from '../../db/types';
import { createWorld, type World } from '../loads/loads.fixtures';
import { insertBoardLoad, LOADBOARD_API, PLACES } from './loadboard.fixtures';
import { createLoadboardService } from './loadboard.service';

// The board's bids, the first pick-up the match reads, the expiry of loads whose pick-up passed and the
// update_loadboard it publishes.

const { database, testApp, world } = setUpTestApp<World>(createWorld);
const recorded = recordEventsOfEachTest(testApp);

const HOUR = 3_600_000;

function service(now = () => new Date(), db: Db = database.db) {
  return createLoadboardService({ db, bus: testApp.bus, now });
}

async function insertBid(
  loadId: number,
  values: { kind: 'driver' | 'owner' | 'dispatcher'; status: 1 | 2 | 3; price: number; vehicleId?: number },
): Promise<number> {
  const { id } = await database.db
    .insertInto('bids')
    .values({
      company_id: world.company.id,
      load_id: loadId,
      kind: values.kind,
      status: values.status,
      price_cents: values.price * 100,
      vehicle_id: values.vehicleId ?? world.vehicles[0]!.id,
      driver_id: values.kind === 'dispatcher' ? null : world.drivers[0]!.id,
      dispatcher_id: values.kind === 'dispatcher' ? world.users.dispatcher.id : null,
      miles_out: values.kind === 'dispatcher' ? null : 42,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

describe('bids on the board', () => {
  it('shows the pending driver and owner bids and the active dispatcher bid with the lowest id, with their count', async () => {
    const load = await insertBoardLoad(database.db, world.company.id);
    const lost = await insertBid(load, { kind: 'dispatcher', status: 3, price: 900 });
    const first = await insertBid(load, { kind: 'dispatcher', status: 1, price: 1000 });
    await insertBid(load, { kind: 'dispatcher', status: 1, price: 1100 });
    const driverBid = await insertBid(load, { kind: 'driver', status: 1, price: 800 });
    const ownerBid = await insertBid(load, {
      kind: 'owner',
      status: 1,
      price: 850,
      vehicleId: world.vehicles[1]!.id,
    });
    await insertBid(load, { kind: 'driver', status: 3, price: 700 });
    const response = await testApp.app.inject({
      method: 'GET',
      url: `${LOADBOARD_API}?loads_id=${load}`,
      headers: world.sessions.dispatcher.headers,
    });
    const [answered] = response.json<LoadboardResponse>().results;
    expect(boardLoadSchema.parse(answered)).toEqual(answered);
    expect(answered!.dispatcher_bids).toEqual([
      expect.objectContaining({
        id: first,
        price: 1000,
        status: 1,
        dispatcher_id: world.users.dispatcher.id,
        unit_id: world.vehicles[0]!.unit_id,
      }),
    ]);
    expect(answered!.dispatcher_bids_count).toBe(2);
    expect(answered!.dispatcher_bids[0]!.id).not.toBe(lost);
    expect(answered!.pending_driver_bids).toEqual([
      expect.objectContaining({
        id: driverBid,
        kind: 'driver',
        price: 800,
        miles_out: 42,
        driver_id: world.drivers[0]!.id,
        driver_name: `${world.drivers[0]!.first_name} ${world.drivers[0]!.last_name}`,
      }),
      expect.objectContaining({ id: ownerBid, kind: 'owner', unit_id: world.vehicles[1]!.unit_id }),
    ]);
  });

  it('reads a page of any size in the same number of queries (no query per load)', async () => {
    for (let index = 0; index < 6; index++) {
      const load = await insertBoardLoad(database.db, world.company.id);
      await insertBid(load, { kind: 'driver', status: 1, price: 500 + index });
      await insertBid(load, { kind: 'dispatcher', status: 1, price: 900 + index });
    }
    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => args.node,
      // Once per query sent (a query's subqueries are compiled into it).
      transformResult: (args) => {
        queries += 1;
        return Promise.resolve(args.result);
      },
    };
    const board = service(undefined, database.db.withPlugin(counting));
    const caller = { userId: world.users.dispatcher.id, companyId: world.company.id, role: 5 as const };
    const queriesFor = async (limit: number) => {
      queries = 0;
      const page = await board.list({ ...caller, isSuperuser: false, familyId: 'f' }, { page: 1, limit });
      expect(page.results).toHaveLength(limit);
      return queries;
    };
    // The first list starts reading the board into memory in the background, and that read's queries may
    // land in any one of the calls: the fewest of three calls is the page's own.
    const fewest = async (limit: number) =>
      Math.min(await queriesFor(limit), await queriesFor(limit), await queriesFor(limit));
    const one = await fewest(1);
    expect(await fewest(6)).toBe(one);
    expect(one).toBeLessThanOrEqual(6);
  });
});

describe("a load's first pick-up", () => {
  it('follows its points: the load keeps the place of its lowest pick-up, whoever writes the points', async () => {
    const load = await insertBoardLoad(database.db, world.company.id, {
      points: [
        [PLACES.dallas, 'pick_up'],
        [PLACES.milwaukee, 'pick_up'],
        [PLACES.chicago, 'deliver_to'],
      ],
    });
    const place = () =>
      database.db
        .selectFrom('loads')
        .select(['pick_up_lat', 'pick_up_lon', 'pick_up_cell'])
        .where('id', '=', load)
        .executeTakeFirstOrThrow();
    expect(await place()).toEqual({
      pick_up_lat: 32.7767,
      pick_up_lon: -96.797,
      pick_up_cell: 32 * 1000 - 97,
    });
    await database.db
      .deleteFrom('load_points')
      .where('load_id', '=', load)
      .where('point_order', '=', 1)
      .execute();
    expect(await place()).toEqual({
      pick_up_lat: 43.0389,
      pick_up_lon: -87.9065,
      pick_up_cell: 43 * 1000 - 88,
    });
    await database.db
      .updateTable('load_points')
      .set({ lat: 41.5, lon: -87.5 })
      .where('load_id', '=', load)
      .where('point_order', '=', 2)
      .execute();
    expect(await place()).toEqual({ pick_up_lat: 41.5, pick_up_lon: -87.5, pick_up_cell: 41 * 1000 - 88 });
  });
});

describe('the expiry of board loads', () => {
  it("takes off the board a load whose pick-up passed more than the company's hours ago (24 by default), telling the board", async () => {
    const at = new Date();
    const due = await insertBoardLoad(database.db, world.company.id, {
      pickUp: new Date(at.getTime() - 25 * HOUR),
    });
    const notYet = await insertBoardLoad(database.db, world.company.id, {
      pickUp: new Date(at.getTime() - 23 * HOUR),
    });
    const booked = await insertBoardLoad(database.db, world.company.id, {
      pickUp: new Date(at.getTime() - 48 * HOUR),
      boardStatus: 'booked',
    });
    // A company that keeps its board loads 48 hours.
    const patient = await createCompany(database.db);
    await database.db
      .updateTable('companies')
      .set({ board_expiry_hours: 48 })
      .where('id', '=', patient.id)
      .execute();
    const kept = await insertBoardLoad(database.db, patient.id, {
      pickUp: new Date(at.getTime() - 25 * HOUR),
    });
    const theirsDue = await insertBoardLoad(database.db, patient.id, {
      pickUp: new Date(at.getTime() - 49 * HOUR),
    });

    expect(await service(() => at).expireDueLoads()).toBe(2);
    const statuses = await database.db
      .selectFrom('loads')
      .select(['id', 'board_status'])
      .where('id', 'in', [due, notYet, booked, kept, theirsDue])
      .orderBy('id')
      .execute();
    expect(statuses).toEqual([
      { id: due, board_status: 'expired' },
      { id: notYet, board_status: 'posted' },
      { id: booked, board_status: 'booked' },
      { id: kept, board_status: 'posted' },
      { id: theirsDue, board_status: 'expired' },
    ]);
    const events = recorded.events.filter((event) => event.event === 'update_loadboard');
    expect(events.map((event) => [event.companyId, (event.data.load as BoardLoad).id])).toEqual(
      expect.arrayContaining([
        [world.company.id, due],
        [patient.id, theirsDue],
      ]),
    );
    expect(events).toHaveLength(2);
    for (const event of events) {
      expect(boardLoadSchema.parse(event.data.load).board_status).toBe('expired');
      expect(event.roles).toEqual([3, 4, 5, 6]);
    }
    // Off the board: not listed, not in the active list either.
    const list = await testApp.app.inject({
      method: 'GET',
      url: `${LOADBOARD_API}?loads_id=${due},${notYet}`,
      headers: world.sessions.dispatcher.headers,
    });
    expect(list.json<LoadboardResponse>().results.map((load) => load.id)).toEqual([notYet]);
    expect(await service(() => at).expireDueLoads()).toBe(0);
  });

  it('expires each load once when several processes run it at the same time', async () => {
    const at = new Date();
    const ids: number[] = [];
    for (let index = 0; index < 12; index++) {
      ids.push(
        await insertBoardLoad(database.db, world.company.id, {
          pickUp: new Date(at.getTime() - (30 + index) * HOUR),
        }),
      );
    }
    const runs = await Promise.all([1, 2, 3].map(() => service(() => at).expireDueLoads()));
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(12);
    const told = recorded.events
      .filter((event) => event.event === 'update_loadboard')
      .map((event) => (event.data.load as BoardLoad).id);
    expect([...told].sort((x, y) => x - y)).toEqual(ids);
  });
});

describe('boardLoadEvent', () => {
  it('tells the board a load in its shape, or a deleted load as withdrawn by its id', async () => {
    const load = await insertBoardLoad(database.db, world.company.id, { vehicleType: 'REEFER' });
    const loadboard = service();
    const event = await loadboard.boardLoadEvent(database.db, world.company.id, load);
    expect(event).toMatchObject({
      event: 'update_loadboard',
      companyId: world.company.id,
      roles: [3, 4, 5, 6],
    });
    expect(boardLoadSchema.parse((event.data as { load: unknown }).load)).toMatchObject({
      id: load,
      vehicle_type: 'REEFER',
      already_saw: false,
    });
    await database.db.deleteFrom('loads').where('id', '=', load).execute();
    const gone = await loadboard.boardLoadEvent(database.db, world.company.id, load);
    expect(gone.data).toEqual({ load: { id: load, board_status: 'withdrawn' } });
    // Another company's load is never told to this company in its shape.
    const other = await createCompany(database.db);
    await insertVehicle(database.db, other.id);
    const theirs = await insertBoardLoad(database.db, other.id);
    const told = await loadboard.boardLoad(world.company.id, null, theirs);
    expect(told).toBeUndefined();
  });
});
