import { DEFAULT_MAX_MILES_OUT } from '@app/domain/loadboard/loadboard.schema';
import type { BoardTruck } from '@app/domain/loadboard/nearest-truck.rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCompany } from '../../../test/factories';
import { setUpTestApp } from '../../../test/test-suite';
import type { Db } from '../../db/types';
import { createWorld, type World } from '../loads/loads.fixtures';
import {
  buildBoardIndex,
  selectBoardPage,
  wholeBoard,
  type BoardIndexRow,
  type BoardView,
} from './board-index';
import {
  dropBoardChangesBefore,
  readBoardChanges,
  readBoardIndex,
  readBoardRequest,
  type ReadTrucks,
} from './board-index.repository';
import { createBoardSnapshots } from './board-snapshots';
import { countBoard, countBoardPlaces, type BoardFilters } from './loadboard-list.repository';
import { findBoardTrucks, reachedPlaces } from './loadboard-trucks.repository';
import { findBoardPage, findBoardRows } from './loadboard.repository';
import { insertBoardLoad, insertTruck, PLACES, type Place } from './loadboard.fixtures';

// The board held in memory (board-index.ts) answers every filter as the SQL path does
// (loadboard-list.repository), and the board version (migration 0026) moves with every change the filters
// read, and only with those, so a board held at a version is the board while the version stays.

const TYPES = ['VAN', 'REEFER', 'FLATBED', 'BOX TRUCK'] as const;
const PLACE_LIST: Place[] = Object.values(PLACES);
const STATES = [...new Set(PLACE_LIST.map((place) => place.state)), 'NV'];

type Board = { ids: number[]; brokers: number[]; dispatchers: number[] };

/** A random but repeatable board: loads of every kind of value, nulls included, and trucks. */
async function fillRandomBoard(db: Db, world: World): Promise<Board> {
  const random = seeded(20261127);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const extraBrokers = await db
    .insertInto('broker_companies')
    .values([
      { company_id: world.company.id, name: 'Mid Brokerage', brokerage: 'M' },
      { company_id: world.company.id, name: 'South Brokerage', brokerage: 'S' },
      { company_id: world.company.id, name: 'No Brokerage' },
    ])
    .returning('id')
    .execute();
  const brokers = [...world.brokers.map((broker) => broker.id), ...extraBrokers.map((broker) => broker.id)];
  const dispatchers = [world.users.dispatcher.id, world.users.manager.id, world.users.admin.id];
  const ids: number[] = [];
  for (let index = 0; index < 90; index++) {
    const points: [Place, 'pick_up' | 'deliver_to'][] = Array.from(
      { length: 1 + Math.floor(random() * 3) },
      (_, order) => [pick(PLACE_LIST), order === 0 || random() < 0.3 ? 'pick_up' : 'deliver_to'],
    );
    ids.push(
      await insertBoardLoad(db, world.company.id, {
        vehicleType: random() < 0.1 ? null : pick(TYPES),
        miles: random() < 0.1 ? null : Math.floor(random() * 2000),
        brokerId: random() < 0.15 ? null : pick(brokers),
        workingGroupId: random() < 0.3 ? world.team.id : null,
        subgroupId: random() < 0.3 ? world.team.subgroupId : null,
        dispatcherId: random() < 0.3 ? null : pick(dispatchers),
        points,
        boardStatus: random() < 0.1 ? pick(['booked', 'withdrawn', 'expired'] as const) : 'posted',
      }),
    );
  }
  // Bids on a third of the loads: drivers' and owners' (pending or not) and dispatchers' (active or not).
  for (const loadId of ids.filter(() => random() < 0.35)) {
    const vehicle = pick(world.vehicles);
    const driver = pick(world.drivers);
    await db
      .insertInto('bids')
      .values([
        {
          company_id: world.company.id,
          load_id: loadId,
          kind: pick(['driver', 'owner'] as const),
          status: pick([1, 1, 2] as const),
          vehicle_id: vehicle.id,
          driver_id: driver.id,
          price_cents: 90_000 + Math.floor(random() * 50_000),
          miles_out: Math.floor(random() * 200),
          eta_at: new Date(Date.UTC(2026, 10, 28, Math.floor(random() * 24), 15, 30, 123)),
        },
        ...Array.from({ length: Math.floor(random() * 3) }, () => ({
          company_id: world.company.id,
          load_id: loadId,
          kind: 'dispatcher' as const,
          status: pick([1, 1, 3] as const),
          dispatcher_id: pick(dispatchers),
          vehicle_id: vehicle.id,
          price_cents: 100_000 + Math.floor(random() * 50_000),
        })),
      ])
      .execute();
  }
  for (const type of TYPES) {
    await insertTruck(db, world.company.id, { type, status: 1, at: pick(PLACE_LIST) });
  }
  await insertTruck(db, world.company.id, {
    type: 'VAN',
    status: 3,
    canBidWhileOnLoad: true,
    at: PLACES.denver,
  });
  return { ids, brokers, dispatchers };
}

/** A small repeatable generator (mulberry32). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const { database, world } = setUpTestApp<World & { board: Board }>(async (db, app) => {
  const world = await createWorld(db, app);
  // A load of another company is never counted.
  const other = await createCompany(db);
  await insertBoardLoad(db, other.id, { points: [[PLACES.dallas, 'pick_up']] });
  return { ...world, board: await fillRandomBoard(db, world) };
});

const nonEmpty = <T>(values: readonly T[]) => fc.subarray([...values], { minLength: 1 });

function filtersArbitrary(board: Board, teamId: number, subgroupId: number): fc.Arbitrary<BoardFilters> {
  const values = {
    loads_id: nonEmpty([...board.ids, 999_999_999]),
    wg: fc.constantFrom([teamId], [teamId, 999_999_999], [999_999_999]),
    sub_wg: fc.constantFrom([subgroupId], [999_999_999]),
    brokerage: nonEmpty(['M', 'S'] as const),
    pickUpAt_state: nonEmpty(STATES),
    deliverTo_state: nonEmpty(STATES),
    car: nonEmpty(TYPES),
    not_car: nonEmpty(TYPES),
    max_miles: fc.integer({ min: 1, max: 2500 }),
    brokers: nonEmpty([...board.brokers, 999_999_999]),
    not_brokers: nonEmpty(board.brokers),
    max_miles_out: fc.integer({ min: 1, max: 1500 }),
    match: fc.constant(true),
  };
  const keys = Object.keys(values) as (keyof typeof values)[];
  // Up to four filters at once (all of them at once leave nothing to compare).
  return fc.tuple(fc.subarray(keys, { maxLength: 4 }), fc.record(values)).map(([chosen, all]) => {
    const filters: BoardFilters = {};
    for (const key of chosen) Object.assign(filters, { [key]: all[key] });
    // The API refuses car with not_car and brokers with not_brokers.
    if (filters.car) delete filters.not_car;
    if (filters.brokers) delete filters.not_brokers;
    return filters;
  });
}

/** The SQL path's answer: the count and the page's ids. */
async function answerBySql(db: Db, companyId: number, userId: number, filters: BoardFilters, paging: Paging) {
  if (!filters.match) {
    const count = await countBoard(db, companyId, filters);
    const rows = await findBoardPage(db, companyId, userId, filters, paging);
    return { count, ids: rows.map((row) => row.id) };
  }
  const trucks = await findBoardTrucks(db, companyId);
  const matched = reachedPlaces(
    trucks,
    filters.max_miles_out ?? DEFAULT_MAX_MILES_OUT,
    await countBoardPlaces(db, companyId, filters),
  );
  const count = matched.reduce((sum, place) => sum + place.loads, 0);
  const rows = await findBoardPage(db, companyId, userId, filters, paging, matched);
  return { count, ids: rows.map((row) => row.id) };
}

type Paging = { limit: number; offset: number };

/** Every load of a board held, newest first; null when none is held at the version asked. */
const idsHeld = (view: BoardView | null) =>
  view && selectBoardPage(view, {}, {}, { limit: 100_000, offset: 0 }).ids;

describe('the board held in memory', () => {
  it('answers every filter, alone and combined, with match and pages, as the SQL path does', async () => {
    const { db } = database;
    const companyId = world.company.id;
    const { index } = await readBoardIndex(db, companyId);
    expect(index.size).toBeGreaterThan(60);
    // One view for every run, as between two changes of the board: filters asked again (another page)
    // are answered from what the view kept of them.
    const view = wholeBoard(index);
    let nonEmptyAnswers = 0;
    // The trucks read before, given back as readBoardRequest's list does: the places measured for one
    // request's distance are answered again from what the index kept for the next.
    let lastTrucks: ReadTrucks | undefined;
    await fc.assert(
      fc.asyncProperty(
        filtersArbitrary(world.board, world.team.id, world.team.subgroupId),
        fc.constantFrom(5, 25, 100),
        fc.integer({ min: 0, max: 3 }),
        async (filters, limit, pageIndex) => {
          const paging = { limit, offset: pageIndex * limit };
          const expected = await answerBySql(db, companyId, world.users.dispatcher.id, filters, paging);
          const read = await readBoardRequest(db, companyId, filters, lastTrucks);
          if (lastTrucks) expect(read.trucks).toBe(lastTrucks);
          lastTrucks = read.trucks;
          const match = filters.match
            ? { trucks: read.trucks.trucks, maxMilesOut: filters.max_miles_out ?? DEFAULT_MAX_MILES_OUT }
            : undefined;
          expect(selectBoardPage(view, filters, read.sets, paging, match)).toEqual(expected);
          if (expected.count > 0) nonEmptyAnswers += 1;
        },
      ),
      { numRuns: 250, seed: 42 },
    );
    // The filters were not all so narrow that both answered nothing.
    expect(nonEmptyAnswers).toBeGreaterThan(100);
  });

  it('measures places again for trucks read anew: a truck that moved changes what match keeps', () => {
    const row: BoardIndexRow = {
      id: 1,
      working_group_id: null,
      subgroup_id: null,
      dispatcher_id: null,
      broker_company_id: null,
      vehicle_type: 'VAN',
      miles: 500,
      pick_up_cell: 41 * 1000 - 88,
      pick_up_lat: 41.88,
      pick_up_lon: -87.63,
      pick_up_states: ['IL'],
      deliver_to_states: ['TX'],
    };
    const view = wholeBoard(buildBoardIndex([row]));
    const paging = { limit: 25, offset: 0 };
    const select = (trucks: BoardTruck[]) =>
      selectBoardPage(view, { match: true }, {}, paging, { trucks, maxMilesOut: 100 }).ids;
    const farAway = [{ transport_type: 'VAN', lat: 29.76, lon: -95.37 }];
    expect(select(farAway)).toEqual([]);
    // Chicago's truck, read anew: another array, measured again for the same distance.
    expect(select([{ transport_type: 'VAN', lat: 41.9, lon: -87.7 }])).toEqual([1]);
    // A truck of another type reaches nothing.
    expect(select([{ transport_type: 'REEFER', lat: 41.9, lon: -87.7 }])).toEqual([]);
    expect(select(farAway)).toEqual([]);
  });

  it('answers the pages of filters asked again as a fresh pass would, and the members named as read', () => {
    const rows: BoardIndexRow[] = Array.from({ length: 30 }, (_, i) => ({
      id: 100 - i,
      working_group_id: null,
      subgroup_id: null,
      dispatcher_id: i % 3 === 0 ? 7 : i % 3 === 1 ? 8 : null,
      broker_company_id: i % 2 === 0 ? 1 : 2,
      vehicle_type: 'VAN',
      miles: 100 + i,
      pick_up_cell: null,
      pick_up_lat: null,
      pick_up_lon: null,
      pick_up_states: ['IL'],
      deliver_to_states: ['TX'],
    }));
    const index = buildBoardIndex(rows);
    const view = wholeBoard(index);
    const team: BoardFilters = { wg: [99] };
    const ofSeven = { teamMembers: new Set([7]) };
    for (let page = 0; page < 4; page++) {
      const paging = { limit: 3, offset: page * 3 };
      expect(selectBoardPage(view, team, ofSeven, paging)).toEqual(
        selectBoardPage(wholeBoard(index), team, ofSeven, paging),
      );
    }
    const first = { limit: 3, offset: 0 };
    expect(selectBoardPage(view, team, ofSeven, first)).toEqual({ count: 10, ids: [100, 97, 94] });
    // The team's members read anew: the same filters answer for the members now named.
    expect(selectBoardPage(view, team, { teamMembers: new Set([8]) }, first)).toEqual({
      count: 10,
      ids: [99, 96, 93],
    });
    // Pages past the ids a view keeps are chosen afresh, on the same count.
    const many = buildBoardIndex(
      Array.from({ length: 1_200 }, (_, i) => ({
        ...rows[0]!,
        id: 5_000 - i,
        miles: i % 2 === 0 ? 100 : 900,
      })),
    );
    const manyView = wholeBoard(many);
    const shortOnes = Array.from({ length: 600 }, (_, i) => 5_000 - 2 * i);
    for (const [offset, limit] of [
      [0, 100],
      [400, 100],
      [500, 100],
      [550, 100],
    ] as const) {
      expect(selectBoardPage(manyView, { max_miles: 500 }, {}, { limit, offset })).toEqual({
        count: 600,
        ids: shortOnes.slice(offset, offset + limit),
      });
    }
    const all = Array.from({ length: 1_200 }, (_, i) => 5_000 - i);
    for (const offset of [0, 900, 1_000, 1_100, 1_200]) {
      expect(selectBoardPage(manyView, {}, {}, { limit: 100, offset })).toEqual({
        count: 1_200,
        ids: all.slice(offset, offset + 100),
      });
    }
    // The same filters in another order are the same filters.
    expect(selectBoardPage(view, { brokers: [2, 1], max_miles: 110 }, {}, first)).toEqual(
      selectBoardPage(wholeBoard(index), { max_miles: 110, brokers: [1, 2] }, {}, first),
    );
  });

  it('reads the trucks again only when what the board reads of a vehicle changed (migration 0027)', async () => {
    const { db } = database;
    const company = await createCompany(db);
    const other = await createCompany(db);
    const vanId = await insertTruck(db, company.id, { type: 'VAN', status: 1, at: PLACE_LIST[0]! });
    const first = (await readBoardRequest(db, company.id, {})).trucks;
    expect(first.trucks).toHaveLength(1);
    const readAgain = async (previous: ReadTrucks) =>
      (await readBoardRequest(db, company.id, {}, previous)).trucks;
    expect(await readAgain(first)).toBe(first);
    // What the board does not read of a vehicle, and another company's vehicles, change nothing.
    await db.updateTable('vehicles').set({ model: 'Cascadia' }).where('id', '=', vanId).execute();
    await insertTruck(db, other.id, { type: 'VAN', status: 1, at: PLACE_LIST[1]! });
    expect(await readAgain(first)).toBe(first);
    // A new truck, a truck moved, a truck no longer available and a truck deleted: each is read.
    await insertTruck(db, company.id, { type: 'REEFER', status: 1, at: PLACE_LIST[1]! });
    const second = await readAgain(first);
    expect(second).not.toBe(first);
    expect(second.trucks.map((truck) => truck.transport_type).sort()).toEqual(['REEFER', 'VAN']);
    const { lat, lon } = PLACE_LIST[2]!;
    await db
      .updateTable('vehicles')
      .set({ location_lat: lat, location_lon: lon })
      .where('id', '=', vanId)
      .execute();
    const moved = await readAgain(second);
    expect(moved.trucks.find((truck) => truck.transport_type === 'VAN')).toMatchObject({ lat, lon });
    await db.updateTable('vehicles').set({ status: 2 }).where('id', '=', vanId).execute();
    const unavailable = await readAgain(moved);
    expect(unavailable.trucks.map((truck) => truck.transport_type)).toEqual(['REEFER']);
    await db.deleteFrom('vehicles').where('company_id', '=', company.id).where('id', '<>', vanId).execute();
    expect((await readAgain(unavailable)).trucks).toEqual([]);
  });

  it('reads a page by its ids with the same rows, points and bids as the page SQL chooses', async () => {
    const { db } = database;
    const companyId = world.company.id;
    let withBids = 0;
    for (const userId of [world.users.dispatcher.id, world.users.manager.id]) {
      for (let page = 0; page < 4; page++) {
        const paging = { limit: 25, offset: page * 25 };
        const rows = await findBoardPage(db, companyId, userId, {}, paging);
        expect(rows.length).toBeGreaterThan(0);
        const byIds = await findBoardRows(
          db,
          companyId,
          userId,
          rows.map((row) => row.id),
        );
        expect(byIds).toEqual(rows);
        withBids += rows.filter(
          (row) => row.pending_driver_bids.length > 0 && row.first_dispatcher_bid !== null,
        ).length;
      }
    }
    expect(withBids).toBeGreaterThan(3);
  });

  it('is answered at the version read or later; behind, it reads the changes once however many wait', async () => {
    const { db } = database;
    const company = await createCompany(db);
    // A clock that stands still: the reads take no time, so none waits for the last (the spacing).
    const snapshots = createBoardSnapshots({ db, now: () => 0 });
    const version = async () => (await readBoardRequest(db, company.id, {})).version;
    expect(await version()).toBe(0);
    // None held: SQL answers while the board is read whole.
    expect(await snapshots.current(company.id, 0)).toBeNull();
    await snapshots.refresh(company.id);
    expect(idsHeld(await snapshots.current(company.id, 0))).toEqual([]);

    const first = await insertBoardLoad(db, company.id, { vehicleType: 'VAN' });
    const afterPosting = await version();
    expect(afterPosting).toBeGreaterThan(0);
    // Behind by a change: three requests wait for one read of the loads changed.
    const waiting = [0, 1, 2].map(() => snapshots.current(company.id, afterPosting));
    expect(new Set([snapshots.refresh(company.id), snapshots.refresh(company.id)]).size).toBe(1);
    for (const view of await Promise.all(waiting)) expect(idsHeld(view)).toEqual([first]);
    // A request that read an older version takes the newer board.
    expect(idsHeld(await snapshots.current(company.id, 0))).toEqual([first]);
  });
});

describe('reading a changing board', () => {
  it('brings the board held up to date by the loads changed since, answering as SQL does', async () => {
    const { db } = database;
    const companyId = world.company.id;
    const snapshots = createBoardSnapshots({ db });
    await snapshots.refresh(companyId);
    const random = seeded(7);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
    const changes: (() => Promise<unknown>)[] = [
      () => insertBoardLoad(db, companyId, { vehicleType: pick(TYPES), miles: Math.floor(random() * 2000) }),
      () =>
        db
          .updateTable('loads')
          .set({ vehicle_type: pick(TYPES) })
          .where('id', '=', pick(world.board.ids))
          .execute(),
      () =>
        db
          .updateTable('loads')
          .set({ miles: Math.floor(random() * 2000) })
          .where('id', '=', pick(world.board.ids))
          .execute(),
      () =>
        db
          .updateTable('loads')
          .set({ board_status: 'booked' })
          .where('id', '=', pick(world.board.ids))
          .execute(),
      () =>
        db
          .updateTable('loads')
          .set({ board_status: 'posted' })
          .where('id', '=', pick(world.board.ids))
          .execute(),
      () =>
        db
          .updateTable('load_points')
          .set({ state: pick(STATES) })
          .where('load_id', '=', pick(world.board.ids))
          .execute(),
      () => insertBoardPoint(db, pick(world.board.ids), pick(PLACE_LIST), 'deliver_to'),
    ];
    const filters = fc.sample(filtersArbitrary(world.board, world.team.id, world.team.subgroupId), {
      numRuns: 20,
      seed: 7,
    });
    let incremental = 0;
    for (let round = 0; round < 12; round++) {
      for (let change = 0; change < 3; change++) await pick(changes)();
      const { version } = await readBoardRequest(db, companyId, {});
      await snapshots.refresh(companyId);
      const view = await snapshots.current(companyId, version);
      expect(view).not.toBeNull();
      if (view!.recent || view!.removed) incremental += 1;
      for (const [position, filter] of filters.entries()) {
        // Every load in order, and a page in the middle.
        const paging = position % 2 === 0 ? { limit: 1000, offset: 0 } : { limit: 10, offset: 10 };
        const {
          trucks: { trucks },
          sets,
        } = await readBoardRequest(db, companyId, filter);
        const match = filter.match
          ? { trucks, maxMilesOut: filter.max_miles_out ?? DEFAULT_MAX_MILES_OUT }
          : undefined;
        const expected = await answerBySql(db, companyId, world.users.dispatcher.id, filter, paging);
        expect(selectBoardPage(view!, filter, sets, paging, match)).toEqual(expected);
      }
    }
    // The changes were read as changes, not the whole board each time.
    expect(incremental).toBe(12);
  });

  it('reads a board whole again when its changes no longer reach back, spaced by ten times the last whole read', async () => {
    const { db } = database;
    const company = await createCompany(db);
    let clock = 1_000_000;
    const snapshots = createBoardSnapshots({ db, now: () => clock });
    // The whole read takes 40 ms by the clock.
    const read = snapshots.refresh(company.id);
    clock += 40;
    await read;
    await insertBoardLoad(db, company.id);
    // The change was made two hours ago and dropped: the board held cannot be brought up to date by it.
    await dropChangesAsOld(db, company.id);
    const changed = (await readBoardRequest(db, company.id, {})).version;
    clock += 399;
    expect(await snapshots.current(company.id, changed)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // No whole read was started 399 ms after one of 40 ms: SQL answers.
    expect(await snapshots.current(company.id, changed)).toBeNull();
    // 400 ms after: a whole read starts in the background; SQL answers this request.
    clock += 1;
    expect(await snapshots.current(company.id, changed)).toBeNull();
    await snapshots.refresh(company.id);
    expect(idsHeld(await snapshots.current(company.id, changed))).toHaveLength(1);
  });
});

describe('the board version', () => {
  async function versionOf(db: Db, companyId: number) {
    return (await readBoardRequest(db, companyId, {})).version;
  }

  it('grows with every change the filters read of a board load', async () => {
    const { db } = database;
    const company = await createCompany(db);
    const broker = await db
      .insertInto('broker_companies')
      .values({ company_id: company.id, name: 'Acme Logistics' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = await insertBoardLoad(db, company.id, { points: [[PLACES.dallas, 'pick_up']] });
    const changes: [string, () => Promise<unknown>][] = [
      [
        'its vehicle type',
        () => db.updateTable('loads').set({ vehicle_type: 'REEFER' }).where('id', '=', id).execute(),
      ],
      ['its miles', () => db.updateTable('loads').set({ miles: 77 }).where('id', '=', id).execute()],
      [
        'its broker',
        () => db.updateTable('loads').set({ broker_company_id: broker.id }).where('id', '=', id).execute(),
      ],
      ['a point added', () => insertBoardPoint(db, id, PLACES.miami, 'deliver_to')],
      [
        'a point moved to another state',
        () =>
          db
            .updateTable('load_points')
            .set({ state: 'NV' })
            .where('load_id', '=', id)
            .where('type', '=', 'deliver_to')
            .execute(),
      ],
      [
        'a point removed',
        () =>
          db.deleteFrom('load_points').where('load_id', '=', id).where('type', '=', 'deliver_to').execute(),
      ],
      [
        'its first pick-up place',
        () =>
          // The point moves; the load's first pick-up place follows it (migration 0011's trigger).
          db
            .updateTable('load_points')
            .set({ lat: 40.5, lon: -90.5 })
            .where('load_id', '=', id)
            .where('type', '=', 'pick_up')
            .execute(),
      ],
      [
        'it left the board',
        () => db.updateTable('loads').set({ board_status: 'booked' }).where('id', '=', id).execute(),
      ],
      [
        'it came back',
        () => db.updateTable('loads').set({ board_status: 'posted' }).where('id', '=', id).execute(),
      ],
      ['it was deleted', () => db.deleteFrom('loads').where('id', '=', id).execute()],
    ];
    for (const [change, run] of changes) {
      const before = await versionOf(db, company.id);
      await run();
      expect(await versionOf(db, company.id), change).toBeGreaterThan(before);
    }
  });

  it('names the load each version changed, and no longer reaches back once the changes are dropped', async () => {
    const { db } = database;
    const company = await createCompany(db);
    const first = await insertBoardLoad(db, company.id, { points: [[PLACES.dallas, 'pick_up']] });
    const since = await versionOf(db, company.id);
    const second = await insertBoardLoad(db, company.id, { points: [[PLACES.miami, 'pick_up']] });
    await db.updateTable('loads').set({ board_status: 'booked' }).where('id', '=', first).execute();
    const changes = await readBoardChanges(db, company.id, since);
    expect(changes.complete).toBe(true);
    expect(changes.changedIds.sort()).toEqual([first, second].sort());
    expect(changes.rows.map((row) => [row.id, row.pick_up_states])).toEqual([[second, ['FL']]]);

    await dropChangesAsOld(db, company.id);
    expect((await readBoardChanges(db, company.id, since)).complete).toBe(false);
    expect((await readBoardChanges(db, company.id, await versionOf(db, company.id))).complete).toBe(true);
  });

  it('stays for changes the filters do not read, and for loads off the board', async () => {
    const { db } = database;
    const company = await createCompany(db);
    const posted = await insertBoardLoad(db, company.id);
    const booked = await insertBoardLoad(db, company.id, { boardStatus: 'booked' });
    const before = await versionOf(db, company.id);
    await db
      .updateTable('loads')
      .set({ pays_cents: 99_000, note: 'Call first' })
      .where('id', '=', posted)
      .execute();
    await db
      .updateTable('loads')
      .set({ vehicle_type: 'FLATBED', miles: 5 })
      .where('id', '=', booked)
      .execute();
    await db.updateTable('load_points').set({ state: 'NV' }).where('load_id', '=', booked).execute();
    await insertBoardLoad(db, company.id, { boardStatus: null });
    expect(await versionOf(db, company.id)).toBe(before);
  });
});

/**
 * The company's board changes made two hours ago, then the expiry job's drop of those older than an hour:
 * only this company's are taken, whatever other tests left.
 */
async function dropChangesAsOld(db: Db, companyId: number) {
  await db
    .updateTable('loadboard_changes')
    .set({ changed_at: new Date(Date.now() - 2 * 3_600_000) })
    .where('company_id', '=', companyId)
    .execute();
  await dropBoardChangesBefore(db, new Date(Date.now() - 3_600_000));
}

async function insertBoardPoint(db: Db, loadId: number, place: Place, type: 'pick_up' | 'deliver_to') {
  await db
    .insertInto('load_points')
    .values({
      load_id: loadId,
      point_order: 9,
      type,
      address: `9 Main St, ${place.city}, ${place.state}`,
      city: place.city,
      state: place.state,
      lat: place.lat,
      lon: place.lon,
      date: new Date(),
      is_active: false,
    })
    .execute();
}
