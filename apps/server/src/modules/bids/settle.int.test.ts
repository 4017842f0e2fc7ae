import type { DriverBid } from '@app/domain/bids/driver-bids.schema';
import { describe, expect, it } from 'vitest';
import { listenTestApp } from '../../../test/test-app';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import { call, createBidsWorld, insertBoardLoad } from './driver-bids.fixtures';

// Every way a board load leaves the board settles its bids in the same transaction: a booking (a driver
// assigned directly, or a won proposition) makes the booked vehicle's driver and owner bids won and the
// others lost; a withdrawal (the board load canceled) and the expiry make them all lost. The bidders hear it
// on the driver page (driver_portal_update). A booking or a withdrawal without a won proposition loses the
// load's active propositions, and the board hears reject_bid for each.

// The expiry runs every 50 ms once the app listens (the last test makes it listen).
const { database, testApp, world } = setUpTestApp(createBidsWorld, { boardExpiry: { intervalMs: 50 } });
const recorded = recordEventsOfEachTest(testApp);
const app = () => testApp.app;

/** A board load forwarded to the driver's truck and the owner's truck, with a bid placed from each. */
async function boardLoadWithDriverBids() {
  const load = await insertBoardLoad(database.db, world.company.id);
  const forwarded = await call(app(), world.office.dispatcher, 'POST', 'bids/forward', {
    load_id: load,
    vehicle_ids: [world.truck.id, world.ownerTruck.id],
  });
  expect(forwarded.status, JSON.stringify(forwarded.body)).toBe(200);
  const place = async (who: typeof world.driver | typeof world.owner, vehicleId: number, price: number) => {
    const response = await call<DriverBid>(app(), who.session, 'POST', 'driver-portal/bids', {
      load_id: load,
      vehicle_id: vehicleId,
      price,
      eta_minutes: 90,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.id;
  };
  const driverBid = await place(world.driver, world.truck.id, 1000);
  const ownerBid = await place(world.owner, world.ownerTruck.id, 1100);
  return { load, driverBid, ownerBid };
}

/** An active proposition (a dispatcher's bid to the broker) on the load, offering the vehicle. */
async function insertProposition(loadId: number, vehicleId: number, driverId: number | null = null) {
  const row = await database.db
    .insertInto('bids')
    .values({
      company_id: world.company.id,
      load_id: loadId,
      kind: 'dispatcher',
      status: 1,
      vehicle_id: vehicleId,
      driver_id: driverId,
      dispatcher_id: world.officeUserIds.dispatcher,
      price_cents: 150_000,
      driver_price_cents: 120_000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function statusOf(bidId: number): Promise<number> {
  const row = await database.db
    .selectFrom('bids')
    .select('status')
    .where('id', '=', bidId)
    .executeTakeFirstOrThrow();
  return row.status;
}

async function loadRow(loadId: number) {
  return database.db
    .selectFrom('loads')
    .select(['status', 'board_status', 'vehicle_id'])
    .where('id', '=', loadId)
    .executeTakeFirstOrThrow();
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** The bidders told on the driver page, and of which bids, after the bids were placed. */
function portalUpdates(loadId: number) {
  return recorded.events
    .filter((event) => event.event === 'driver_portal_update')
    .map((event) => ({
      users: [...(event.userIds ?? [])].sort((a, b) => a - b),
      // The settled bids in any order (an UPDATE's RETURNING has none).
      data: (({ load_ids, bid_ids }: { load_ids: number[]; bid_ids: number[] }) => ({
        load_ids,
        bid_ids: sorted(bid_ids),
      }))(event.data),
    }))
    .filter((update) => update.data.load_ids.includes(loadId) && update.data.bid_ids.length === 2);
}

describe('a board load booked by a direct assignment', () => {
  it('wins the bid of the booked vehicle, loses the other, tells both bidders and loses the propositions', async () => {
    const { load, driverBid, ownerBid } = await boardLoadWithDriverBids();
    const propositions = [
      await insertProposition(load, world.notActive.id),
      await insertProposition(load, world.empty.id),
    ];
    const before = recorded.events.length;

    const response = await call(app(), world.office.dispatcher, 'PUT', `loads/${load}/change-driver`, {
      new_driver: world.driver.driverId,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(await loadRow(load)).toEqual({ status: 1, board_status: 'booked', vehicle_id: world.truck.id });
    expect([await statusOf(driverBid), await statusOf(ownerBid)]).toEqual([2, 3]);
    expect([await statusOf(propositions[0]!), await statusOf(propositions[1]!)]).toEqual([3, 3]);

    const after = recorded.events.slice(before);
    expect(portalUpdates(load)).toEqual([
      {
        users: sorted([world.driver.userId, world.owner.userId]),
        data: { load_ids: [load], bid_ids: sorted([driverBid, ownerBid]) },
      },
    ]);
    const rejected = after.filter((event) => event.event === 'reject_bid');
    expect(rejected.map((event) => (event.data as { bid_id: number }).bid_id)).toEqual(propositions);
    expect(rejected.at(-1)?.data).toMatchObject({
      load_id: load,
      dispatcher_bids: [],
      dispatcher_bids_count: 0,
    });
    expect(after.find((event) => event.event === 'dispatcher_bid')?.data).toMatchObject({
      load_id: load,
      dispatcher_bids_count: 0,
    });
  });

  it('loses every driver bid when the driver assigned has another vehicle', async () => {
    const { load, driverBid, ownerBid } = await boardLoadWithDriverBids();
    const response = await call(app(), world.office.dispatcher, 'PUT', `loads/${load}/change-driver`, {
      new_driver: (
        await database.db
          .selectFrom('vehicles')
          .select('active_driver_id')
          .where('id', '=', world.notActive.id)
          .executeTakeFirstOrThrow()
      ).active_driver_id!,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((await loadRow(load)).vehicle_id).toBe(world.notActive.id);
    expect([await statusOf(driverBid), await statusOf(ownerBid)]).toEqual([3, 3]);
    expect(portalUpdates(load)).toHaveLength(1);
  });
});

describe('a board load booked by a won proposition', () => {
  it('prepare-for-assign wins the driver bid of the proposition’s vehicle and loses the other', async () => {
    const { load, driverBid, ownerBid } = await boardLoadWithDriverBids();
    const won = await insertProposition(load, world.truck.id, world.driver.driverId);
    const response = await call(app(), world.office.dispatcher, 'PUT', `loads/${load}/prepare-for-assign`, {
      bid: won,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(await statusOf(won)).toBe(2);
    expect([await statusOf(driverBid), await statusOf(ownerBid)]).toEqual([2, 3]);
    expect(portalUpdates(load)).toHaveLength(1);
  });
});

describe('a board load withdrawn (canceled)', () => {
  it('leaves the board as withdrawn and loses its driver bids and propositions', async () => {
    const { load, driverBid, ownerBid } = await boardLoadWithDriverBids();
    const proposition = await insertProposition(load, world.notActive.id);
    const response = await call(app(), world.office.dispatcher, 'PUT', `loads/active/${load}/cancel`, {
      driver_price: 0,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(await loadRow(load)).toMatchObject({ status: 12, board_status: 'withdrawn' });
    expect([await statusOf(driverBid), await statusOf(ownerBid), await statusOf(proposition)]).toEqual([
      3, 3, 3,
    ]);
    expect(portalUpdates(load)).toEqual([
      {
        users: sorted([world.driver.userId, world.owner.userId]),
        data: { load_ids: [load], bid_ids: sorted([driverBid, ownerBid]) },
      },
    ]);
    const board = recorded.events.filter(
      (event) => event.event === 'update_loadboard' && event.data.load.id === load,
    );
    expect(board.at(-1)?.data).toMatchObject({ load: { id: load, board_status: 'withdrawn' } });
    expect(recorded.events.some((event) => event.event === 'reject_bid')).toBe(true);
  });

  it('restored, it goes back on the board as posted; its lost bids stay lost', async () => {
    const { load, driverBid } = await boardLoadWithDriverBids();
    const canceled = await call(app(), world.office.dispatcher, 'PUT', `loads/active/${load}/cancel`, {
      driver_price: 0,
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const restored = await call(app(), world.office.dispatcher, 'PUT', `loads/${load}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(await loadRow(load)).toMatchObject({ status: 1, board_status: 'posted' });
    expect(await statusOf(driverBid)).toBe(3);
    const board = recorded.events.filter(
      (event) => event.event === 'update_loadboard' && event.data.load.id === load,
    );
    expect(board.at(-1)?.data).toMatchObject({ load: { id: load, board_status: 'posted' } });
    const onBoard = await call<{ results: { id: number }[] }>(
      app(),
      world.office.dispatcher,
      'GET',
      `loads/loadboard?loads_id=${load}`,
    );
    expect(onBoard.body.results.map((row) => row.id)).toEqual([load]);
  });

  it('an active load canceled settles nothing', async () => {
    const { load, driverBid } = await boardLoadWithDriverBids();
    await database.db.updateTable('loads').set({ board_status: null }).where('id', '=', load).execute();
    const response = await call(app(), world.office.dispatcher, 'PUT', `loads/active/${load}/cancel`, {
      driver_price: 0,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((await loadRow(load)).board_status).toBeNull();
    expect(await statusOf(driverBid)).toBe(1);
    expect(portalUpdates(load)).toEqual([]);
  });
});

describe('a board load expired', () => {
  // Last: once the app listens, the expiry runs every 50 ms on every board load of this database.
  it('loses its driver bids and tells the bidders', async () => {
    const { load, driverBid, ownerBid } = await boardLoadWithDriverBids();
    const proposition = await insertProposition(load, world.notActive.id);
    // The pick-up passed 25 hours ago: more than the company's 24 hours.
    await database.db
      .updateTable('loads')
      .set({ pick_up_datetime: new Date(Date.now() - 25 * 3600_000) })
      .where('id', '=', load)
      .execute();
    await listenTestApp(testApp);
    await expect
      .poll(async () => (await loadRow(load)).board_status, { timeout: 5000, interval: 50 })
      .toBe('expired');
    expect([await statusOf(driverBid), await statusOf(ownerBid), await statusOf(proposition)]).toEqual([
      3, 3, 3,
    ]);
    await expect
      .poll(() => portalUpdates(load), { timeout: 2000, interval: 20 })
      .toEqual([
        {
          users: sorted([world.driver.userId, world.owner.userId]),
          data: { load_ids: [load], bid_ids: sorted([driverBid, ownerBid]) },
        },
      ]);
  });
});
