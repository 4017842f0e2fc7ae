import type { DriverBid, ForwardResponse, PortalLoad } from '@app/domain/bids/driver-bids.schema';
import type { ApiError } from '@app/domain/common/errors';
import { boardLoadSchema } from '@app/domain/loadboard/loadboard.schema';
import type { ListResponse } from '@app/domain/common/pagination';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp, recordEventsOfEachTest } from '../../../test/test-suite';
import { insertVehicle } from '../../../test/factories';
import { call, createBidsWorld, insertBoardLoad, type BidsWorld } from './driver-bids.fixtures';

// The clock of the app: real time plus an offset the limit tests move forward. Tokens expire by the app's
// clock, so the sessions made before a move are given a day to live (the default is 15 minutes).
let offsetMs = 0;
const MINUTE = 60_000;
const { database, testApp, world } = setUpTestApp(createBidsWorld, {
  now: () => new Date(Date.now() + offsetMs),
  auth: { accessTokenTtlSeconds: 24 * 60 * 60 },
});
const recorded = recordEventsOfEachTest(testApp);
const app = () => testApp.app;

let other: BidsWorld;
let otherLoad: number;

beforeAll(async () => {
  other = await createBidsWorld(database.db, testApp.app);
  otherLoad = await insertBoardLoad(database.db, other.company.id);
});

async function forward(loadId: number, vehicleIds: number[], session = world.office.dispatcher) {
  return call<ForwardResponse & ApiError>(app(), session, 'POST', 'bids/forward', {
    load_id: loadId,
    vehicle_ids: vehicleIds,
  });
}

async function bid(
  loadId: number,
  price: number | string = 1500,
  who: { session: BidsWorld['driver']['session'] } = world.driver,
  vehicleId = world.truck.id,
) {
  return call<DriverBid & ApiError>(app(), who.session, 'POST', 'driver-portal/bids', {
    load_id: loadId,
    vehicle_id: vehicleId,
    price,
    eta_minutes: 90,
  });
}

async function myLoads(who: { session: BidsWorld['driver']['session'] } = world.driver) {
  const response = await call<ListResponse<PortalLoad>>(app(), who.session, 'GET', 'driver-portal/loads');
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

describe('POST bids/forward', () => {
  it('forwards a board load to the vehicles and says which were skipped, with the spec not-active text', async () => {
    const load = await insertBoardLoad(database.db, world.company.id);
    const response = await forward(load, [
      world.truck.id,
      world.ownerTruck.id,
      world.notActive.id,
      world.empty.id,
    ]);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.load_id).toBe(load);
    expect(response.body.forwarded.map((item) => [item.unit_id, item.driver_sees, item.owner_sees])).toEqual([
      [world.truck.unit_id, true, true],
      [world.ownerTruck.unit_id, false, true],
    ]);
    expect(response.body.skipped).toEqual([
      {
        vehicle_id: world.notActive.id,
        unit_id: world.notActive.unit_id,
        reason: 'not_active',
        detail: 'This driver and the owner cannot see any loads for this vehicle in their loadboard.',
      },
      {
        vehicle_id: world.empty.id,
        unit_id: world.empty.unit_id,
        reason: 'no_driver_or_owner',
        detail: 'The vehicle has no active driver and no owner.',
      },
    ]);
    const stored = await database.db
      .selectFrom('load_forwards')
      .select('vehicle_id')
      .where('load_id', '=', load)
      .orderBy('vehicle_id')
      .execute();
    expect(stored.map((row) => row.vehicle_id)).toEqual(
      [world.truck.id, world.ownerTruck.id].sort((a, b) => a - b),
    );
    // The driver and the owner are told at once; nobody else.
    const portal = recorded.events.filter((event) => event.event === 'driver_portal_update');
    expect(portal).toHaveLength(1);
    expect([...(portal[0]?.userIds ?? [])].sort((a, b) => a - b)).toEqual(
      [world.driver.userId, world.owner.userId].sort((a, b) => a - b),
    );
    expect(portal[0]?.data).toEqual({ load_ids: [load], bid_ids: [] });
  });

  it('shows the load to the driver of the vehicle and to its owner for both vehicles, not to others', async () => {
    const load = await insertBoardLoad(database.db, world.company.id, [
      ['Dallas', 'TX'],
      ['Memphis', 'TN'],
    ]);
    expect((await forward(load, [world.truck.id, world.ownerTruck.id])).status).toBe(200);
    const mine = (await myLoads()).results.filter((item) => item.load_id === load);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      vehicle: world.truck,
      miles: 239,
      vehicle_type: 'VAN',
      weight: 100,
      dims: { length: 10, width: 10, height: 10 },
      my_bid: null,
      wait_seconds: 0,
    });
    expect(mine[0]?.points.map((point) => [point.type, point.city, point.state])).toEqual([
      ['pick_up', 'Dallas', 'TX'],
      ['deliver_to', 'Memphis', 'TN'],
    ]);
    // One degree of latitude north of the pick-up: 69 miles straight, 80 by the spec's road estimate.
    expect(mine[0]?.deadhead_miles).toBe(80);
    const owners = (await myLoads(world.owner)).results.filter((item) => item.load_id === load);
    expect(owners.map((item) => item.vehicle.unit_id).sort()).toEqual(
      [world.truck.unit_id, world.ownerTruck.unit_id].sort(),
    );
    expect((await myLoads(other.driver)).results.map((item) => item.load_id)).not.toContain(load);
  });

  it('hides forwarded loads once the unit forbids loads for the driver', async () => {
    const load = await insertBoardLoad(database.db, world.company.id);
    await forward(load, [world.truck.id]);
    await database.db
      .updateTable('vehicles')
      .set({ loads_allowed_for_driver: false })
      .where('id', '=', world.truck.id)
      .execute();
    try {
      expect((await myLoads()).results.map((item) => item.load_id)).not.toContain(load);
      expect((await myLoads(world.owner)).results.map((item) => item.load_id)).toContain(load);
      expect((await bid(load)).body.code).toBe('bid_not_forwarded');
    } finally {
      await database.db
        .updateTable('vehicles')
        .set({ loads_allowed_for_driver: true })
        .where('id', '=', world.truck.id)
        .execute();
    }
  });

  it("answers 404 for another company's load or vehicle and changes nothing", async () => {
    const load = await insertBoardLoad(database.db, world.company.id);
    expect((await forward(otherLoad, [world.truck.id])).status).toBe(404);
    expect((await forward(load, [world.truck.id, other.truck.id])).status).toBe(404);
    const count = await database.db
      .selectFrom('load_forwards')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('load_id', 'in', [load, otherLoad])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses a load that is not on the board with 409', async () => {
    const load = await insertBoardLoad(database.db, world.company.id);
    await database.db
      .updateTable('loads')
      .set({ board_status: 'withdrawn' })
      .where('id', '=', load)
      .execute();
    const response = await forward(load, [world.truck.id]);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: 'bid_load_off_board',
      detail: 'This load is no longer on the load board.',
    });
  });

  it('answers 400 naming the field for no vehicles', async () => {
    const response = await forward(1, []);
    expect(response.status).toBe(400);
    expect(response.body.fields?.vehicle_ids).toEqual(['Choose at least one vehicle']);
  });

  it('is for the roles of My bids: admin, manager, dispatcher; the tracker, accountant, HR and drivers get 403', async () => {
    const load = await insertBoardLoad(database.db, world.company.id);
    for (const session of [world.office.admin, world.office.manager]) {
      expect((await forward(load, [world.truck.id], session)).status).toBe(200);
    }
    for (const session of [
      world.office.tracker,
      world.office.accountant,
      world.office.hr,
      world.driver.session,
    ]) {
      expect((await forward(load, [world.truck.id], session)).status).toBe(403);
    }
  });
});

describe('driver and owner bids: the limits', () => {
  it('accepts the first bid after a forward, refuses another within 15 minutes of the forward with the time left', async () => {
    offsetMs = 0;
    const load = await insertBoardLoad(database.db, world.company.id);
    await forward(load, [world.truck.id]);
    const first = await bid(load, '$1,500');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      load_id: load,
      kind: 'driver',
      status: 1,
      state: 'pending',
      price: 1500,
    });
    expect(first.body.vehicle).toEqual(world.truck);
    expect(first.body.bidder?.full_name).toBe('Dan Wheeler');

    offsetMs = 10 * MINUTE;
    const second = await bid(load, 1400);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('bid_limit');
    expect(second.body.detail).toBe(
      'Driver and owner bid limit: 15 minutes after a dispatcher forwards a bid, 5 minutes between other bids.',
    );
    expect(second.body.fields?.limit).toEqual(['after_forward']);
    const left = Number(second.body.fields?.seconds_left?.[0]);
    expect(left).toBeGreaterThan(5 * 60 - 5);
    expect(left).toBeLessThanOrEqual(5 * 60);
    expect((await myLoads()).results.find((item) => item.load_id === load)?.wait_limit).toBe('after_forward');

    // After the 15 minutes (and more than 5 since the first bid) the bid changes the pending one.
    offsetMs = 15 * MINUTE + 5_000;
    const third = await bid(load, 1400);
    expect(third.status, JSON.stringify(third.body)).toBe(200);
    expect(third.body.id).toBe(first.body.id);
    expect(third.body.price).toBe(1400);

    // Then 5 minutes between bids.
    offsetMs = 17 * MINUTE;
    const fourth = await bid(load, 1300);
    expect(fourth.status).toBe(409);
    expect(fourth.body.fields?.limit).toEqual(['between_bids']);
    const wait = Number(fourth.body.fields?.seconds_left?.[0]);
    expect(wait).toBeGreaterThan(3 * 60);
    expect(wait).toBeLessThanOrEqual(3 * 60 + 5);
    expect(fourth.body.fields?.wait?.[0]).toMatch(/^3:0\d$/);

    offsetMs = 20 * MINUTE + 10_000;
    expect((await bid(load, 1300)).status).toBe(200);
    offsetMs = 0;
  });

  it('a new forward asks for a bid again at once', async () => {
    offsetMs = 0;
    const load = await insertBoardLoad(database.db, world.company.id);
    await forward(load, [world.truck.id]);
    expect((await bid(load)).status).toBe(200);
    offsetMs = 1 * MINUTE;
    expect((await bid(load)).status).toBe(409);
    await forward(load, [world.truck.id]);
    offsetMs = 2 * MINUTE;
    expect((await bid(load, 1200)).status).toBe(200);
    offsetMs = 0;
  });

  it('counts per bidder: the owner bids on the same load beside the driver, as an owner', async () => {
    offsetMs = 0;
    const load = await insertBoardLoad(database.db, world.company.id);
    await forward(load, [world.truck.id, world.ownerTruck.id]);
    expect((await bid(load)).status).toBe(200);
    const owners = await bid(load, 1700, world.owner, world.ownerTruck.id);
    expect(owners.status, JSON.stringify(owners.body)).toBe(200);
    expect(owners.body).toMatchObject({
      kind: 'owner',
      vehicle: world.ownerTruck,
      driver: { full_name: 'Sam Nosignin' },
    });
  });

  it('publishes the board load with its pending driver bids to the board roles, and tells the bidder', async () => {
    const load = await insertBoardLoad(database.db, world.company.id);
    await forward(load, [world.truck.id]);
    const placed = await bid(load);
    const driverBid = recorded.events.find((event) => event.event === 'driver_bid');
    expect(driverBid).toMatchObject({ companyId: world.company.id, roles: [3, 4, 5, 6] });
    expect(driverBid?.data).toMatchObject({ load: { id: load } });
    // The load in the board's own shape, with the bid among its pending driver bids.
    const boardLoad = boardLoadSchema.parse((driverBid?.data as { load: unknown }).load);
    expect(boardLoad.pending_driver_bids).toEqual([
      expect.objectContaining({
        id: placed.body.id,
        kind: 'driver',
        unit_id: world.truck.unit_id,
        price: 1500,
      }),
    ]);
    expect(recorded.events.filter((event) => event.event === 'driver_portal_update').at(-1)).toMatchObject({
      userIds: [world.driver.userId],
      data: { load_ids: [load], bid_ids: [placed.body.id] },
    });
  });

  it('refuses a load not forwarded to the vehicle, a load off the board, and bad input', async () => {
    const load = await insertBoardLoad(database.db, world.company.id);
    expect((await bid(load)).body).toMatchObject({
      code: 'bid_not_forwarded',
      detail: 'This load was not forwarded to this vehicle.',
    });
    await forward(load, [world.truck.id]);
    await database.db.updateTable('loads').set({ board_status: 'expired' }).where('id', '=', load).execute();
    expect((await bid(load)).status).toBe(409);
    expect((await bid(load)).body.code).toBe('bid_load_off_board');
    const zero = await bid(load, 0);
    expect(zero.status).toBe(400);
    expect(zero.body.fields?.price).toEqual(['Must be more than $0']);
  });

  it("answers 404 for another company's load or a vehicle that is not mine; staff get 403", async () => {
    const load = await insertBoardLoad(database.db, world.company.id);
    await forward(load, [world.truck.id]);
    expect((await bid(otherLoad)).status).toBe(404);
    expect((await bid(load, 100, world.driver, world.ownerTruck.id)).status).toBe(404);
    expect((await bid(load, 100, other.driver, other.truck.id)).status).toBe(404);
    expect((await bid(load, 100, { session: world.office.dispatcher })).status).toBe(403);
  });
});

describe('PUT bids/driver-bid/{id}/reject and GET bids/driver-bid/history', () => {
  it('rejects a pending bid with the reason; the bidder sees it rejected; a second reject is 409', async () => {
    offsetMs = 0;
    const load = await insertBoardLoad(database.db, world.company.id);
    await forward(load, [world.truck.id]);
    const placed = await bid(load);
    const noReason = await call<ApiError>(
      app(),
      world.office.dispatcher,
      'PUT',
      `bids/driver-bid/${placed.body.id}/reject`,
      {
        reason: ' ',
      },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields?.reason).toEqual(['Enter the reason']);

    const rejected = await call<DriverBid>(
      app(),
      world.office.dispatcher,
      'PUT',
      `bids/driver-bid/${placed.body.id}/reject`,
      {
        reason: 'Rate too high',
      },
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 3, state: 'rejected', rejected_reason: 'Rate too high' });
    expect(recorded.events.map((event) => event.event)).toEqual(
      expect.arrayContaining(['reject_bid', 'update_loadboard', 'driver_portal_update']),
    );
    expect(recorded.events.find((event) => event.event === 'reject_bid')?.data).toMatchObject({
      load_id: load,
      bid_id: placed.body.id,
    });
    expect(recorded.events.filter((event) => event.event === 'driver_portal_update').at(-1)).toMatchObject({
      userIds: [world.driver.userId],
    });

    const mine = await call<ListResponse<DriverBid>>(
      app(),
      world.driver.session,
      'GET',
      'driver-portal/bids',
    );
    expect(mine.body.results.find((item) => item.id === placed.body.id)).toMatchObject({
      state: 'rejected',
      rejected_reason: 'Rate too high',
    });
    const again = await call<ApiError>(
      app(),
      world.office.dispatcher,
      'PUT',
      `bids/driver-bid/${placed.body.id}/reject`,
      {
        reason: 'Again',
      },
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('driver_bid_not_pending');
    // After a rejection the next bid is a new one, still under the limits.
    offsetMs = 16 * MINUTE;
    const next = await bid(load, 1450);
    expect(next.status).toBe(200);
    expect(next.body.id).not.toBe(placed.body.id);
    offsetMs = 0;
  });

  it("answers 404 for another company's bid and 403 for roles outside My bids", async () => {
    const load = await insertBoardLoad(database.db, other.company.id);
    await forward(load, [other.truck.id], other.office.dispatcher);
    const theirs = await bid(load, 900, other.driver, other.truck.id);
    expect(theirs.status).toBe(200);
    const response = await call(
      app(),
      world.office.dispatcher,
      'PUT',
      `bids/driver-bid/${theirs.body.id}/reject`,
      { reason: 'x' },
    );
    expect(response.status).toBe(404);
    const tracker = await call(
      app(),
      world.office.tracker,
      'PUT',
      `bids/driver-bid/${theirs.body.id}/reject`,
      { reason: 'x' },
    );
    expect(tracker.status).toBe(403);
    expect((await call(app(), world.driver.session, 'GET', 'bids/driver-bid/history')).status).toBe(403);
  });

  it('lists the bids newest first with count, filtered by status, kind, vehicle, load and date', async () => {
    offsetMs = 0;
    const load = await insertBoardLoad(database.db, world.company.id);
    await forward(load, [world.truck.id, world.ownerTruck.id]);
    const driverBid = await bid(load, 1000);
    const ownerBid = await bid(load, 1100, world.owner, world.ownerTruck.id);
    const history = async (query: string) => {
      const response = await call<ListResponse<DriverBid> & ApiError>(
        app(),
        world.office.manager,
        'GET',
        `bids/driver-bid/history?${query}`,
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body;
    };
    const byLoad = await history(`load_id=${load}`);
    expect(byLoad.count).toBe(2);
    expect(byLoad.results.map((item) => item.id)).toEqual([ownerBid.body.id, driverBid.body.id]);
    expect((await history(`load_id=${load}&kind=owner`)).results.map((item) => item.id)).toEqual([
      ownerBid.body.id,
    ]);
    expect(
      (await history(`load_id=${load}&vehicle_id=${world.truck.id}`)).results.map((item) => item.id),
    ).toEqual([driverBid.body.id]);
    expect((await history(`load_id=${load}&status=1`)).count).toBe(2);
    expect((await history(`load_id=${load}&status=2`)).count).toBe(0);
    expect((await history(`load_id=${load}&date_to=2020-01-01`)).count).toBe(0);
    const limited = await history('limit=1&page=2');
    expect(limited.results).toHaveLength(1);
    expect(limited.count).toBeGreaterThan(2);
  });

  it("answers the load's accounting number with each bid, and null while the load has none", async () => {
    offsetMs = 0;
    const numbered = await insertBoardLoad(database.db, world.company.id);
    await database.db
      .updateTable('loads')
      .set({ load_accounting_number: 4321 })
      .where('id', '=', numbered)
      .execute();
    // A load made without a number (as fixtures make them) keeps null.
    const unnumbered = await insertBoardLoad(database.db, world.company.id);
    await forward(numbered, [world.truck.id]);
    await forward(unnumbered, [world.truck.id]);
    const placed = await bid(numbered, 1000);
    expect(placed.body.load_accounting_number).toBe(4321);
    await bid(unnumbered, 1000);
    const read = async (load: number) =>
      (
        await call<ListResponse<DriverBid>>(
          app(),
          world.office.manager,
          'GET',
          `bids/driver-bid/history?load_id=${load}`,
        )
      ).body.results.map((item) => [item.load_id, item.load_accounting_number]);
    expect(await read(numbered)).toEqual([[numbered, 4321]]);
    expect(await read(unnumbered)).toEqual([[unnumbered, null]]);
  });

  it('answers 400 naming a bad filter', async () => {
    const response = await call<ApiError>(
      app(),
      world.office.manager,
      'GET',
      'bids/driver-bid/history?status=7',
    );
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fields ?? {})).toEqual(['status']);
  });

  it('reads a pending bid on a load booked with its vehicle as won, with another as lost', async () => {
    const load = await insertBoardLoad(database.db, world.company.id);
    await forward(load, [world.truck.id, world.ownerTruck.id]);
    const won = await bid(load, 1000);
    const lost = await bid(load, 1100, world.owner, world.ownerTruck.id);
    await database.db
      .updateTable('loads')
      .set({ board_status: 'booked', vehicle_id: world.truck.id })
      .where('id', '=', load)
      .execute();
    const history = await call<ListResponse<DriverBid>>(
      app(),
      world.office.manager,
      'GET',
      `bids/driver-bid/history?load_id=${load}`,
    );
    const states = Object.fromEntries(history.body.results.map((item) => [item.id, item.state]));
    expect(states).toEqual({ [won.body.id]: 'won', [lost.body.id]: 'lost' });
    expect(
      (
        await call<ListResponse<DriverBid>>(
          app(),
          world.office.manager,
          'GET',
          `bids/driver-bid/history?load_id=${load}&status=2`,
        )
      ).body.results.map((item) => item.id),
    ).toEqual([won.body.id]);
    // The booked load is no longer on the driver page.
    expect((await myLoads()).results.map((item) => item.load_id)).not.toContain(load);
  });
});

describe('GET driver-portal/vehicles', () => {
  it('lists the vehicles I drive or own and whether loads reach me; staff get 403', async () => {
    const mine = await call<{ results: { unit_id: string; as: string; sees_loads: boolean }[] }>(
      app(),
      world.owner.session,
      'GET',
      'driver-portal/vehicles',
    );
    expect(mine.body.results.map((item) => [item.unit_id, item.as, item.sees_loads])).toEqual(
      [
        [world.truck.unit_id, 'owner', true],
        [world.ownerTruck.unit_id, 'owner', true],
      ].sort(),
    );
    const extra = await insertVehicle(database.db, world.company.id, {
      owner_id: world.owner.ownerId,
      loads_allowed_for_owner: false,
    });
    const after = await call<{ results: { id: number; sees_loads: boolean }[] }>(
      app(),
      world.owner.session,
      'GET',
      'driver-portal/vehicles',
    );
    expect(after.body.results.find((item) => item.id === extra.id)?.sees_loads).toBe(false);
    expect((await call(app(), world.office.manager, 'GET', 'driver-portal/vehicles')).status).toBe(403);
  });
});
