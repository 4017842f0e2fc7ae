import {
  boardLoadSchema,
  LOADBOARD_MESSAGES,
  loadboardResponseSchema,
  type BoardLoad,
  type LoadboardResponse,
} from '@app/domain/loadboard/loadboard.schema';
import type { LoadListResponse } from '@app/domain/loads/loads.schema';
import { routeDistanceMiles } from '@app/domain/geo/geo.rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../../test/factories';
import { setUpTestApp } from '../../../test/test-suite';
import { createWorld, LOADS_API, type World } from '../loads/loads.fixtures';
import { insertBoardLoad, insertTruck, LOADBOARD_API, PLACES } from './loadboard.fixtures';

type Board = {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
  g: number;
  booked: number;
  withdrawn: number;
  expired: number;
  active: number;
  theirs: number;
};

const { database, testApp, world } = setUpTestApp<World & { board: Board }>(async (db, app) => {
  const world = await createWorld(db, app);
  const [broker0, broker1] = world.brokers;
  await db
    .updateTable('broker_companies')
    .set({ brokerage: 'M', rating: 3 })
    .where('id', '=', broker0!.id)
    .execute();
  await db.updateTable('broker_companies').set({ brokerage: 'S' }).where('id', '=', broker1!.id).execute();
  const company = world.company.id;
  const { chicago, milwaukee, dallas, atlanta, miami, oklahomaCity, denver, phoenix, losAngeles } = PLACES;
  // Seven loads on the board, oldest first (ids grow), each told apart by the filters.
  const a = await insertBoardLoad(db, company, {
    vehicleType: 'VAN',
    miles: 300,
    brokerId: broker0!.id,
    workingGroupId: world.team.id,
    points: [
      [dallas, 'pick_up'],
      [oklahomaCity, 'deliver_to'],
    ],
    paysCents: 90_000,
  });
  const b = await insertBoardLoad(db, company, {
    vehicleType: 'REEFER',
    miles: 800,
    brokerId: broker1!.id,
    subgroupId: world.team.subgroupId,
    points: [
      [atlanta, 'pick_up'],
      [miami, 'deliver_to'],
    ],
  });
  const c = await insertBoardLoad(db, company, {
    vehicleType: 'VAN',
    miles: 90,
    brokerId: broker0!.id,
    dispatcherId: world.users.dispatcher.id,
    points: [
      [milwaukee, 'pick_up'],
      [chicago, 'deliver_to'],
    ],
  });
  const d = await insertBoardLoad(db, company, {
    vehicleType: 'FLATBED',
    miles: 1200,
    points: [
      [denver, 'pick_up'],
      [dallas, 'deliver_to'],
    ],
  });
  const e = await insertBoardLoad(db, company, {
    vehicleType: 'BOX TRUCK',
    miles: null,
    brokerId: broker0!.id,
    points: [
      [phoenix, 'pick_up'],
      [losAngeles, 'deliver_to'],
    ],
  });
  // Its second pick-up is near the van, its first is not.
  const f = await insertBoardLoad(db, company, {
    vehicleType: 'VAN',
    miles: 500,
    brokerId: broker1!.id,
    points: [
      [dallas, 'pick_up'],
      [milwaukee, 'pick_up'],
      [chicago, 'deliver_to'],
    ],
  });
  const g = await insertBoardLoad(db, company, {
    vehicleType: 'REEFER',
    miles: 700,
    brokerId: broker0!.id,
    points: [
      [dallas, 'pick_up'],
      [atlanta, 'deliver_to'],
    ],
  });
  const booked = await insertBoardLoad(db, company, { boardStatus: 'booked' });
  const withdrawn = await insertBoardLoad(db, company, { boardStatus: 'withdrawn', status: 12 });
  const expired = await insertBoardLoad(db, company, { boardStatus: 'expired' });
  const active = await insertBoardLoad(db, company, { boardStatus: null });
  // Trucks: a van available in Chicago; a reefer on load that may bid, in Dallas now but planned in Atlanta;
  // a flatbed not available in Denver; a box truck on load that may not bid in Phoenix.
  await insertTruck(db, company, { type: 'VAN', status: 1, at: chicago });
  await insertTruck(db, company, {
    type: 'REEFER',
    status: 3,
    canBidWhileOnLoad: true,
    at: dallas,
    plannedAt: atlanta,
  });
  await insertTruck(db, company, { type: 'FLATBED', status: 2, at: denver });
  await insertTruck(db, company, { type: 'BOX TRUCK', status: 3, at: phoenix });
  // Another carrier: its board load and its van in Dallas are never ours.
  const other = await createCompany(db);
  const theirs = await insertBoardLoad(db, other.id, {
    vehicleType: 'VAN',
    points: [[milwaukee, 'pick_up']],
  });
  await insertTruck(db, other.id, { type: 'VAN', status: 1, at: dallas });
  return { ...world, board: { a, b, c, d, e, f, g, booked, withdrawn, expired, active, theirs } };
});

async function board(query = '', session = world.sessions.dispatcher) {
  return testApp.app.inject({ method: 'GET', url: `${LOADBOARD_API}${query}`, headers: session.headers });
}

/** The ids the board answers for the query, checked against the response schema. */
async function idsOf(query: string): Promise<{ count: number; ids: number[] }> {
  const response = await board(query);
  expect(response.statusCode, response.body).toBe(200);
  const body = loadboardResponseSchema.parse(response.json());
  return { count: body.count, ids: body.results.map((load) => load.id) };
}

/** The expected ids, newest first, with their count. */
function expected(...names: (keyof Board)[]) {
  const ids = names.map((name) => world.board[name]).sort((x, y) => y - x);
  return { count: ids.length, ids };
}

describe('GET loads/loadboard', () => {
  it('answers the board loads of the company only, newest first, in the board shape', async () => {
    expect(await idsOf('')).toEqual(expected('a', 'b', 'c', 'd', 'e', 'f', 'g'));
    const response = await board(`?loads_id=${world.board.a}`);
    const [load] = response.json<LoadboardResponse>().results;
    expect(boardLoadSchema.parse(load)).toEqual(load);
    expect(load).toMatchObject({
      id: world.board.a,
      status: 1,
      board_status: 'posted',
      miles: 300,
      vehicle_type: 'VAN',
      pays: 900,
      rate_per_mile: 3,
      length: 48,
      width: 40,
      height: 36,
      weight: 1500,
      pieces: 4,
      equipment: { straps: true },
      already_saw: false,
      is_blacklisted: false,
      pending_driver_bids: [],
      dispatcher_bids: [],
      dispatcher_bids_count: 0,
      broker_company_instance: {
        id: world.brokers[0]!.id,
        name: world.brokers[0]!.name,
        rating: 3,
        in_blacklist: false,
      },
    });
    expect(load!.points.map((point) => [point.order, point.type, point.city, point.state])).toEqual([
      [1, 'pick_up', 'Dallas', 'TX'],
      [2, 'deliver_to', 'Oklahoma City', 'OK'],
    ]);
    expect(load!.age_minutes).toBe(0);
  });

  it('gives each load the deadhead of the nearest truck that could take it, of its own company only', async () => {
    const { chicago, atlanta, dallas } = PLACES;
    const deadheads = new Map(
      (await board()).json<LoadboardResponse>().results.map((load) => [load.id, load.deadhead_miles]),
    );
    // a: a van from Dallas; our van is in Chicago (the other carrier's van in Dallas is not ours).
    expect(deadheads.get(world.board.a)).toBe(routeDistanceMiles([chicago, dallas]));
    // b: a reefer from Atlanta; our reefer is in Dallas on load but will be free in Atlanta.
    expect(deadheads.get(world.board.b)).toBe(routeDistanceMiles([atlanta, atlanta]));
    // d and e: the flatbed is not available and the box truck may not bid on load: no truck could take them.
    expect(deadheads.get(world.board.d)).toBeNull();
    expect(deadheads.get(world.board.e)).toBeNull();
  });

  it("marks a blacklisted broker's loads", async () => {
    const [load] = (await board(`?loads_id=${world.board.b}`)).json<LoadboardResponse>().results;
    expect(load).toMatchObject({ is_blacklisted: true, broker_company_instance: { in_blacklist: true } });
  });

  it.each([
    [
      'loads_id',
      () => `loads_id=${world.board.a},${world.board.c},${world.board.booked},${world.board.theirs}`,
      ['a', 'c'],
    ],
    ["wg: the team's loads and its dispatchers' loads", () => `wg=${world.team.id}`, ['a', 'c']],
    [
      "sub_wg: the subgroup's loads and its members' loads",
      () => `sub_wg=${world.team.subgroupId}`,
      ['b', 'c'],
    ],
    ['brokerage M', () => 'brokerage=M', ['a', 'c', 'e', 'g']],
    ['brokerage S', () => 'brokerage=S', ['b', 'f']],
    ['pickUpAt_state TX', () => 'pickUpAt_state=TX', ['a', 'f', 'g']],
    ['pickUpAt_state WI: any pick-up', () => 'pickUpAt_state=wi', ['c', 'f']],
    ['deliverTo_state IL', () => 'deliverTo_state=IL', ['c', 'f']],
    ['deliverTo_state GA, FL', () => 'deliverTo_state=GA,FL', ['b', 'g']],
    ['car VAN', () => 'car=VAN', ['a', 'c', 'f']],
    ['car repeated', () => 'car=VAN&car=REEFER', ['a', 'b', 'c', 'f', 'g']],
    ['not_car VAN', () => 'not_car=VAN', ['b', 'd', 'e', 'g']],
    ['max_miles 500 (no miles: left out)', () => 'max_miles=500', ['a', 'c', 'f']],
    ['brokers', () => `brokers=${world.brokers[0]!.id}`, ['a', 'c', 'e', 'g']],
    ['not_brokers (no broker: kept)', () => `not_brokers=${world.brokers[0]!.id}`, ['b', 'd', 'f']],
    [
      'match: a fitting available truck within 150 miles of the first pick-up',
      () => 'match=true',
      ['b', 'c'],
    ],
    ['match within 50 miles', () => 'match=true&max_miles_out=50', ['b']],
    ['match within 100 miles', () => 'match=1&max_miles_out=100', ['b', 'c']],
    ['match off', () => 'match=false', ['a', 'b', 'c', 'd', 'e', 'f', 'g']],
    ['car and match', () => 'car=VAN&match=true', ['c']],
    ['states and brokerage', () => 'pickUpAt_state=TX,GA&brokerage=M', ['a', 'g']],
    [
      'miles, types and brokers',
      () => `max_miles=800&not_car=FLATBED&brokers=${world.brokers[1]!.id}`,
      ['b', 'f'],
    ],
    ['team, delivery state and type', () => `wg=${world.team.id}&deliverTo_state=IL&car=VAN`, ['c']],
    ['nothing matches', () => 'car=TRACTOR', []],
  ] as [string, () => string, (keyof Board)[]][])('filters by %s', async (_name, query, names) => {
    expect(await idsOf(`?${query()}`)).toEqual(expected(...names));
  });

  it('pages from 1 with the count of every match', async () => {
    const all = expected('a', 'b', 'c', 'd', 'e', 'f', 'g').ids;
    expect(await idsOf('?limit=3')).toEqual({ count: 7, ids: all.slice(0, 3) });
    expect(await idsOf('?limit=3&page=2')).toEqual({ count: 7, ids: all.slice(3, 6) });
    expect(await idsOf('?limit=3&page=3')).toEqual({ count: 7, ids: all.slice(6) });
    expect(await idsOf('?limit=3&page=4')).toEqual({ count: 7, ids: [] });
    expect(await idsOf('?limit=2&car=VAN&page=2')).toEqual({ count: 3, ids: [world.board.a] });
  });

  it.each([
    ['page=0', 'page', LOADBOARD_MESSAGES.pageInvalid],
    ['limit=501', 'limit', LOADBOARD_MESSAGES.limitInvalid],
    ['loads_id=1,abc', 'loads_id', LOADBOARD_MESSAGES.idsInvalid],
    ['wg=-1', 'wg', LOADBOARD_MESSAGES.idsInvalid],
    ['brokerage=X', 'brokerage', LOADBOARD_MESSAGES.brokeragesInvalid],
    ['pickUpAt_state=ZZ', 'pickUpAt_state', LOADBOARD_MESSAGES.statesInvalid],
    ['car=BOAT', 'car', LOADBOARD_MESSAGES.vehicleTypesInvalid],
    ['car=VAN&not_car=REEFER', 'not_car', LOADBOARD_MESSAGES.carAndNotCar],
    ['brokers=1&not_brokers=2', 'not_brokers', LOADBOARD_MESSAGES.brokersAndNotBrokers],
    ['max_miles=0', 'max_miles', LOADBOARD_MESSAGES.milesInvalid],
    ['max_miles_out=lots', 'max_miles_out', LOADBOARD_MESSAGES.milesInvalid],
    ['match=yes', 'match', LOADBOARD_MESSAGES.matchInvalid],
  ])('answers 400 naming the parameter for %s', async (query, field, message) => {
    const response = await board(`?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_error', fields: { [field]: [message] } });
  });

  it('is for the load board roles: a tracker and a manager yes, an accountant and HR no', async () => {
    expect((await board('', world.sessions.tracker)).statusCode).toBe(200);
    expect((await board('', world.sessions.manager)).statusCode).toBe(200);
    expect((await board('', world.sessions.admin)).statusCode).toBe(200);
    expect((await board('', world.sessions.accountant)).statusCode).toBe(403);
    expect((await board('', world.sessions.hr)).statusCode).toBe(403);
  });
});

describe('GET loads/loadboard/{id}', () => {
  it('answers a load that is or was on the board, with its board status', async () => {
    const get = (id: number) =>
      testApp.app.inject({
        method: 'GET',
        url: `${LOADBOARD_API}/${id}`,
        headers: world.sessions.dispatcher.headers,
      });
    expect((await get(world.board.c)).json<BoardLoad>()).toMatchObject({
      id: world.board.c,
      board_status: 'posted',
    });
    expect((await get(world.board.booked)).json<BoardLoad>().board_status).toBe('booked');
    expect((await get(world.board.expired)).json<BoardLoad>().board_status).toBe('expired');
    expect((await get(world.board.active)).statusCode).toBe(404);
    expect((await get(world.board.theirs)).statusCode).toBe(404);
  });
});

describe('the four load lists and the load page', () => {
  it('leave out loads on the board and taken off it unbooked; a booked one is an active load', async () => {
    const list = await testApp.app.inject({
      method: 'GET',
      url: `${LOADS_API}/active?limit=100`,
      headers: world.sessions.dispatcher.headers,
    });
    const ids = list.json<LoadListResponse>().results.map((load) => load.id);
    expect(ids).toEqual(expect.arrayContaining([world.board.booked, world.board.active]));
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'expired'] as const)
      expect(ids).not.toContain(world.board[name]);
    const canceled = await testApp.app.inject({
      method: 'GET',
      url: `${LOADS_API}/canceled?limit=100`,
      headers: world.sessions.dispatcher.headers,
    });
    expect(canceled.json<LoadListResponse>().results.map((load) => load.id)).not.toContain(
      world.board.withdrawn,
    );
    expect(list.json<LoadListResponse>().count).toBe(ids.length);
    const page = (id: number) =>
      testApp.app.inject({
        method: 'GET',
        url: `${LOADS_API}/active/${id}`,
        headers: world.sessions.dispatcher.headers,
      });
    expect((await page(world.board.a)).statusCode).toBe(404);
    expect((await page(world.board.booked)).statusCode).toBe(200);
  });

  it('a load booked off the board joins the active list and its count', async () => {
    const id = await insertBoardLoad(database.db, world.company.id);
    const count = async () =>
      (
        await testApp.app.inject({
          method: 'GET',
          url: `${LOADS_API}/active?limit=1`,
          headers: world.sessions.dispatcher.headers,
        })
      ).json<LoadListResponse>().count;
    const before = await count();
    await database.db.updateTable('loads').set({ board_status: 'booked' }).where('id', '=', id).execute();
    expect(await count()).toBe(before + 1);
    const points = await database.db
      .selectFrom('load_points')
      .select('list_class')
      .where('load_id', '=', id)
      .execute();
    expect(points.map((point) => point.list_class)).toEqual([1, 1]);
    expect((await idsOf(`?loads_id=${id}`)).count).toBe(0);
  });
});

describe('POST loads/loadboard/seen', () => {
  beforeAll(async () => {
    await database.db.deleteFrom('loadboard_seen').execute();
  });

  const seen = (ids: unknown[], session = world.sessions.dispatcher) =>
    testApp.app.inject({
      method: 'POST',
      url: `${LOADBOARD_API}/seen`,
      headers: session.headers,
      payload: { ids },
    });

  it('marks loads seen for the caller only: already_saw for them, not for a colleague', async () => {
    const response = await seen([world.board.c, world.board.a, world.board.c]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ids: [world.board.c, world.board.a] });
    const mine = (await board(`?car=VAN`)).json<LoadboardResponse>().results;
    expect(Object.fromEntries(mine.map((load) => [load.id, load.already_saw]))).toEqual({
      [world.board.a]: true,
      [world.board.c]: true,
      [world.board.f]: false,
    });
    const theirs = (await board(`?car=VAN`, world.sessions.manager)).json<LoadboardResponse>().results;
    expect(theirs.every((load) => !load.already_saw)).toBe(true);
    expect((await seen([world.board.c])).statusCode).toBe(200);
  });

  it("answers 404 for another company's load or a load never on the board, marking nothing", async () => {
    for (const id of [world.board.theirs, world.board.active]) {
      const response = await seen([world.board.g, id], world.sessions.tracker);
      expect(response.statusCode).toBe(404);
    }
    const marks = await database.db
      .selectFrom('loadboard_seen')
      .select('load_id')
      .where('user_id', '=', world.users.tracker.id)
      .execute();
    expect(marks).toEqual([]);
  });

  it('answers 400 naming ids for no ids or bad ones', async () => {
    for (const ids of [[], ['x'], [0]]) {
      const response = await seen(ids);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<{ fields: object }>().fields)[0]).toMatch(/^ids/);
    }
  });

  it('is for the load board roles', async () => {
    expect((await seen([world.board.a], world.sessions.accountant)).statusCode).toBe(403);
  });
});
