import type { BookingResponse, Proposition } from '@app/domain/bids/bids.schema';
import { VEHICLE_STATUS } from '@app/domain/common/lookups';
import { describe, expect, it } from 'vitest';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import {
  bidBody,
  call,
  createPropositionsWorld,
  insertBoardLoad,
  insertVehicleWithDriver,
  placeBid,
  vehicleStatus,
} from './propositions.fixtures';

// The broker's answer: a new price, lost (the vehicle back to Available), won (the load booked with the
// bid's vehicle, driver and price; the other bids lost), by e-mail or phone; prepare-for-assign; one
// winner when many book the same load at once.

const { database, testApp, world } = setUpTestApp(createPropositionsWorld);
const recorded = recordEventsOfEachTest(testApp);

async function boardLoadWithBids(count: number) {
  const loadId = await insertBoardLoad(database.db, world.company.id, { brokerId: world.brokers[0]!.id });
  const bids: { bid: Proposition; vehicleId: number; driverId: number }[] = [];
  for (let index = 0; index < count; index++) {
    const { vehicleId, driverId } = await insertVehicleWithDriver(database.db, world.company.id);
    const bid = await placeBid(
      testApp.app,
      world.sessions.dispatcher,
      bidBody(world, loadId, { car: vehicleId, price: 1500 + index * 100, driver_price: 1000 + index * 100 }),
    );
    bids.push({ bid, vehicleId, driverId });
  }
  recorded.events.length = 0;
  return { loadId, bids };
}

async function loadRow(id: number) {
  return database.db.selectFrom('loads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function statusesOf(loadId: number) {
  const rows = await database.db
    .selectFrom('bids')
    .select(['id', 'status'])
    .where('load_id', '=', loadId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.status);
}

describe('PUT propositions/{id}/update-price', () => {
  it('changes the price of an active bid and tells the board', async () => {
    const { bids } = await boardLoadWithBids(1);
    const response = await call<Proposition>(
      testApp.app,
      'PUT',
      `propositions/${bids[0]!.bid.id}/update-price`,
      world.sessions.dispatcher,
      {
        price: '$2,000.50',
        driver_price: 1600,
      },
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ price: 2000.5, driver_price: 1600, status: 1 });
    expect(recorded.events.map((event) => event.event)).toEqual(['dispatcher_bid']);
  });

  it('answers 400 naming price for a price of $0', async () => {
    const { bids } = await boardLoadWithBids(1);
    const response = await call(
      testApp.app,
      'PUT',
      `propositions/${bids[0]!.bid.id}/update-price`,
      world.sessions.dispatcher,
      { price: 0 },
    );
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ fields: { price: ['Must be more than $0'] } });
  });
});

describe('PUT propositions/{id}/update-bid-status', () => {
  it('3 lost: the bid is completed, its vehicle Available again, the board hears reject_bid', async () => {
    const { loadId, bids } = await boardLoadWithBids(1);
    const [{ bid, vehicleId }] = bids as [(typeof bids)[number]];
    expect(await vehicleStatus(database.db, vehicleId)).toBe(VEHICLE_STATUS.inBid);
    const response = await call<Proposition>(
      testApp.app,
      'PUT',
      `propositions/${bid.id}/update-bid-status`,
      world.sessions.dispatcher,
      { status: 3 },
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 3, via_phone: false });
    expect(await vehicleStatus(database.db, vehicleId)).toBe(VEHICLE_STATUS.available);
    const reject = recorded.events.find((event) => event.event === 'reject_bid');
    expect(reject?.data).toMatchObject({
      load_id: loadId,
      bid_id: bid.id,
      dispatcher_bids: [],
      dispatcher_bids_count: 0,
    });
    expect((await loadRow(loadId)).board_status).toBe('posted');

    const again = await call(
      testApp.app,
      'PUT',
      `propositions/${bid.id}/update-bid-status`,
      world.sessions.dispatcher,
      { status: 2 },
    );
    expect(again.status).toBe(409);
  });

  it('keeps a vehicle In bid while another of its bids is active', async () => {
    const first = await boardLoadWithBids(1);
    const vehicleId = first.bids[0]!.vehicleId;
    const otherLoad = await insertBoardLoad(database.db, world.company.id);
    await placeBid(testApp.app, world.sessions.dispatcher, bidBody(world, otherLoad, { car: vehicleId }));
    await call(
      testApp.app,
      'PUT',
      `propositions/${first.bids[0]!.bid.id}/update-bid-status`,
      world.sessions.dispatcher,
      { status: 3 },
    );
    expect(await vehicleStatus(database.db, vehicleId)).toBe(VEHICLE_STATUS.inBid);
  });

  it('2 won books the load with the bid: active load Waiting to accept, its vehicle, driver and prices; the other bids lost', async () => {
    const { loadId, bids } = await boardLoadWithBids(3);
    const [loser1, winner, loser2] = bids as [
      (typeof bids)[number],
      (typeof bids)[number],
      (typeof bids)[number],
    ];
    const response = await call<Proposition>(
      testApp.app,
      'PUT',
      `propositions/${winner.bid.id}/update-bid-status`,
      world.sessions.dispatcher,
      { status: 2 },
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 2, load: { board_status: 'booked', status: 1 } });

    const load = await loadRow(loadId);
    expect(load).toMatchObject({
      status: 1,
      board_status: 'booked',
      vehicle_id: winner.vehicleId,
      driver_id: winner.driverId,
      broker_price_cents: 160_000,
      driver_price_cents: 110_000,
    });
    expect(load.load_accounting_number).not.toBeNull();
    expect(await statusesOf(loadId)).toEqual([3, 2, 3]);
    expect(await vehicleStatus(database.db, winner.vehicleId)).toBe(VEHICLE_STATUS.onLoad);
    expect(await vehicleStatus(database.db, loser1.vehicleId)).toBe(VEHICLE_STATUS.available);
    expect(await vehicleStatus(database.db, loser2.vehicleId)).toBe(VEHICLE_STATUS.available);

    const names = recorded.events.map((event) => event.event);
    expect(names).toEqual(
      expect.arrayContaining([
        'update_loads',
        'update_loadboard',
        'dispatcher_bid',
        'reject_bid',
        'car_status_change',
      ]),
    );
    expect(names.filter((name) => name === 'reject_bid')).toHaveLength(2);
    const left = recorded.events.find((event) => event.event === 'update_loadboard');
    expect(left?.data).toMatchObject({ load: { id: loadId, board_status: 'booked' } });

    // It is an active load now: the active list and its page show it with the bid's vehicle and driver.
    const active = await call<{
      results: { id: number; car: { id: number } | null; driver: { id: number } | null }[];
    }>(testApp.app, 'GET', `loads/active?limit=500`, world.sessions.dispatcher);
    const listed = active.body.results.find((row) => row.id === loadId);
    expect(listed?.car?.id).toBe(winner.vehicleId);
    expect(listed?.driver?.id).toBe(winner.driverId);
  });

  it('via phone: the same booking, marked as answered by phone, and no e-mail', async () => {
    const { loadId, bids } = await boardLoadWithBids(1);
    const response = await call<Proposition>(
      testApp.app,
      'PUT',
      `propositions/${bids[0]!.bid.id}/update-bid-status-via-phone`,
      world.sessions.manager,
      { status: 2 },
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 2, via_phone: true });
    expect((await loadRow(loadId)).board_status).toBe('booked');
  });

  it('answers 400 naming status for 1, and 404 for another company’s proposition', async () => {
    const { bids } = await boardLoadWithBids(1);
    const bad = await call(
      testApp.app,
      'PUT',
      `propositions/${bids[0]!.bid.id}/update-bid-status`,
      world.sessions.dispatcher,
      { status: 1 },
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fields: { status: ['Must be 2 (won) or 3 (lost)'] } });
    const theirs = await call(
      testApp.app,
      'PUT',
      `propositions/${bids[0]!.bid.id}/update-bid-status`,
      world.other.session,
      { status: 3 },
    );
    expect(theirs.status).toBe(404);
    expect(await statusesOf(bids[0]!.bid.load.id)).toEqual([1]);
  });
});

describe('PUT loads/{id}/prepare-for-assign', () => {
  it('books the load with the bid and answers the booking; a second booking is 409 and changes nothing', async () => {
    const { loadId, bids } = await boardLoadWithBids(2);
    const response = await call<BookingResponse>(
      testApp.app,
      'PUT',
      `loads/${loadId}/prepare-for-assign`,
      world.sessions.dispatcher,
      { bid: bids[0]!.bid.id },
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      load_id: loadId,
      load_status: 1,
      proposition: { id: bids[0]!.bid.id, status: 2 },
    });
    const booked = await loadRow(loadId);

    const second = await call(
      testApp.app,
      'PUT',
      `loads/${loadId}/prepare-for-assign`,
      world.sessions.dispatcher,
      { bid: bids[1]!.bid.id },
    );
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: 'load_already_booked',
      detail: 'This load has already been booked.',
    });
    expect(await loadRow(loadId)).toEqual(booked);
    expect(await statusesOf(loadId)).toEqual([2, 3]);
  });

  it('answers 400 naming bid for a bid of another load, and 404 for another company’s load', async () => {
    const first = await boardLoadWithBids(1);
    const second = await boardLoadWithBids(1);
    const wrong = await call(
      testApp.app,
      'PUT',
      `loads/${first.loadId}/prepare-for-assign`,
      world.sessions.dispatcher,
      { bid: second.bids[0]!.bid.id },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ fields: { bid: ['Choose a bid made on this load'] } });
    const theirs = await call(
      testApp.app,
      'PUT',
      `loads/${world.other.loadId}/prepare-for-assign`,
      world.sessions.dispatcher,
      { bid: first.bids[0]!.bid.id },
    );
    expect(theirs.status).toBe(404);
    expect((await loadRow(first.loadId)).board_status).toBe('posted');
  });

  it('one winner under 50 concurrent bookings of the same load: exactly one 200, the rest 409, one booking', async () => {
    const { loadId, bids } = await boardLoadWithBids(5);
    const attempts = Array.from({ length: 50 }, (_, index) => {
      const bid = bids[index % bids.length]!.bid;
      return index % 2 === 0
        ? call(testApp.app, 'PUT', `loads/${loadId}/prepare-for-assign`, world.sessions.dispatcher, {
            bid: bid.id,
          })
        : call(testApp.app, 'PUT', `propositions/${bid.id}/update-bid-status`, world.sessions.dispatcher, {
            status: 2,
          });
    });
    const statuses = (await Promise.all(attempts)).map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);

    const bidStatuses = await statusesOf(loadId);
    expect(bidStatuses.filter((status) => status === 2)).toHaveLength(1);
    expect(bidStatuses.filter((status) => status === 3)).toHaveLength(4);
    const load = await loadRow(loadId);
    expect(load).toMatchObject({ board_status: 'booked', status: 1 });
    const winner = bids.find((bid) => bid.vehicleId === load.vehicle_id)!;
    const won = await database.db
      .selectFrom('bids')
      .select('status')
      .where('id', '=', winner.bid.id)
      .executeTakeFirstOrThrow();
    expect(won.status).toBe(2);
    expect(load.broker_price_cents).toBe(winner.bid.price * 100);
    const history = await database.db
      .selectFrom('load_history')
      .select('action')
      .where('load_id', '=', loadId)
      .where('action', '=', 'change_vehicle')
      .execute();
    expect(history).toHaveLength(1);
  });
});

describe('a driver assigned to a board load', () => {
  it('books it: off the board, an active load with the driver and the driver’s vehicle', async () => {
    const loadId = await insertBoardLoad(database.db, world.company.id);
    const driver = world.drivers[1]!;
    const response = await call(
      testApp.app,
      'PUT',
      `loads/${loadId}/change-driver`,
      world.sessions.dispatcher,
      { new_driver: driver.id },
    );
    expect(response.status).toBe(200);
    expect(await loadRow(loadId)).toMatchObject({
      board_status: 'booked',
      status: 1,
      driver_id: driver.id,
      vehicle_id: world.vehicles[1]!.id,
    });
    expect(recorded.events.map((event) => event.event)).toContain('update_loadboard');
  });
});
