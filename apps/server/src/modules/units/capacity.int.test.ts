import {
  capacitySearchResponseSchema,
  vehicleMapResponseSchema,
  vehicleSchema,
  type CapacitySearchResponse,
} from '@app/domain/units/units.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, type Session } from '../../../test/auth-helpers';
import { createCompany, createUser, insertDriver, insertOwner, insertVehicle } from '../../../test/factories';
import { setUpTestApp } from '../../../test/test-suite';
import { insertLoad } from '../loads/loads.fixtures';
import { API, createFleetWorld, currentAt, PLACES, plannedAt } from './vehicles.fixtures';

const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const HOUR = 60 * 60 * 1000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);
/** Arrival after `miles` at 50 mph from `departure`. */
const arrival = (departure: Date, miles: number) =>
  new Date(departure.getTime() + (miles / 50) * HOUR).toISOString();

// Road miles from downtown Chicago by the product's estimate (haversine / 0.86 * 0.621371, floored).
const MILES_FROM_CHICAGO = { joliet: 39, milwaukee: 94, indianapolis: 191 };

const { database, testApp, world } = setUpTestApp(createFleetWorld, { now: () => NOW });

/** A carrier of its own with a signed-in dispatcher, so that each search sees only its own vehicles. */
async function freshCarrier(): Promise<{ companyId: number; session: Session }> {
  const company = await createCompany(database.db);
  const dispatcher = await createUser(database.db, { companyId: company.id, role: 5 });
  return { companyId: company.id, session: await login(testApp.app, dispatcher.email, dispatcher.password) };
}

async function get(path: string, session: Session) {
  return testApp.app.inject({ method: 'GET', url: `${API}/${path}`, headers: session.headers });
}

async function search(query: string, session: Session): Promise<CapacitySearchResponse> {
  const response = await get(`cars/capacity-search?${query}`, session);
  expect(response.statusCode, response.body).toBe(200);
  return capacitySearchResponseSchema.parse(response.json());
}

const CHICAGO = `lat=${PLACES.chicago.lat}&lon=${PLACES.chicago.lon}`;
const iso = (date: Date) => encodeURIComponent(date.toISOString());

describe('a vehicle found by the capacity search', () => {
  it('is the vehicle as GET cars/{id} answers it, with every person and the search fields beside it', async () => {
    const carrier = await freshCarrier();
    const db = database.db;
    const companyId = carrier.companyId;
    const dispatcher = await createUser(db, {
      companyId,
      role: 5,
      first_name: 'Dora',
      last_name: 'Dispatch',
    });
    const owner = await insertOwner(db, companyId, {
      first_name: 'Olga',
      last_name: 'Owens',
      company_name: 'Owens Haul',
    });
    const active = await insertDriver(db, companyId, {
      first_name: 'Abe',
      last_name: 'Active',
      owner_id: owner.id,
    });
    const second = await insertDriver(db, companyId, {
      first_name: 'Ben',
      last_name: 'Second',
      owner_id: owner.id,
    });
    const full = await insertVehicle(db, companyId, {
      unit_id: 'FULL',
      transport_type: 'REEFER',
      model: 'Freightliner M2',
      year: 2021,
      vin: '1FVACWDT0MHAA0001',
      license_plate: 'IL-4242',
      license_state: 'IL',
      license_expiry: '2027-03-31',
      insurance_expiry: '2026-12-01',
      dispatcher_id: dispatcher.id,
      owner_id: owner.id,
      active_driver_id: active.id,
      driver_ids: [active.id, second.id],
      ...currentAt(PLACES.joliet),
      location_updated_by: dispatcher.id,
      ...plannedAt(PLACES.milwaukee, at(30)),
      future_location_updated_by: dispatcher.id,
      future_location_updated_at: at(-1),
      location_status: 3,
      is_tracking_active: true,
    });
    const bare = await insertVehicle(db, companyId, { unit_id: 'BARE', ...currentAt(PLACES.chicago) });

    const found = await search(CHICAGO, carrier.session);
    expect(found.results.map((result) => result.id)).toEqual([bare.id, full.id]);
    for (const result of found.results) {
      const { deadhead_miles: _miles, eta: _eta, uses_planned_location: _planned, ...vehicle } = result;
      const response = await get(`cars/${result.id}`, carrier.session);
      expect(response.statusCode, response.body).toBe(200);
      expect(vehicle).toEqual(vehicleSchema.parse(response.json()));
    }
    const [, fullResult] = found.results;
    expect(fullResult).toMatchObject({
      dispatcher: { id: dispatcher.id, first_name: 'Dora', last_name: 'Dispatch' },
      owner: { id: owner.id, full_name: 'Olga Owens', company_name: 'Owens Haul' },
      active_driver: { id: active.id, full_name: 'Abe Active' },
      drivers: [
        { id: active.id, full_name: 'Abe Active' },
        { id: second.id, full_name: 'Ben Second' },
      ],
    });
  });
});

describe('GET cars/capacity-search', () => {
  let carrier: { companyId: number; session: Session };
  let joliet: { id: number }, milwaukee: { id: number }, indianapolis: { id: number };
  let plannedSoon: { id: number }, plannedLater: { id: number }, plannedButCurrentType: { id: number };

  beforeAll(async () => {
    carrier = await freshCarrier();
    const db = database.db;
    const id = carrier.companyId;
    joliet = await insertVehicle(db, id, {
      unit_id: 'JOL',
      transport_type: 'VAN',
      ...currentAt(PLACES.joliet),
    });
    milwaukee = await insertVehicle(db, id, { unit_id: 'MKE', status: 2, ...currentAt(PLACES.milwaukee) });
    indianapolis = await insertVehicle(db, id, { unit_id: 'IND', ...currentAt(PLACES.indianapolis) });
    // In Dallas now; free in Joliet in 2 hours (both): counts at Joliet when the search's date allows.
    plannedSoon = await insertVehicle(db, id, {
      unit_id: 'PLN',
      ...currentAt(PLACES.dallas),
      ...plannedAt(PLACES.joliet, at(2)),
      location_status: 3,
    });
    // Free in Milwaukee only in two days (planned).
    plannedLater = await insertVehicle(db, id, {
      unit_id: 'LTR',
      ...currentAt(PLACES.dallas),
      ...plannedAt(PLACES.milwaukee, at(48)),
      location_status: 2,
    });
    // A planned location that does not count: the type is current.
    plannedButCurrentType = await insertVehicle(db, id, {
      unit_id: 'CUR',
      ...currentAt(PLACES.toronto),
      ...plannedAt(PLACES.joliet, at(-1)),
      location_status: 1,
    });
    // No location at all: never found.
    await insertVehicle(db, id, { unit_id: 'NOWHERE' });
  });

  it('answers the vehicles within 150 miles by deadhead miles, with ETA at 50 mph from now', async () => {
    const body = await search(`${CHICAGO}&address=${encodeURIComponent('Chicago, IL')}`, carrier.session);
    expect(body.origin).toEqual({ lat: PLACES.chicago.lat, lon: PLACES.chicago.lon, address: 'Chicago, IL' });
    expect(body.radius).toBe(150);
    expect(body.available_date).toBe(NOW.toISOString());
    expect(
      body.results.map((result) => [
        result.id,
        result.deadhead_miles,
        result.eta,
        result.uses_planned_location,
      ]),
    ).toEqual([
      [joliet.id, MILES_FROM_CHICAGO.joliet, arrival(NOW, 39), false],
      [milwaukee.id, MILES_FROM_CHICAGO.milwaukee, arrival(NOW, 94), false],
    ]);
    // 39 miles at 50 mph: 46.8 minutes.
    expect(Date.parse(body.results[0]!.eta) - NOW.getTime()).toBe(46.8 * 60 * 1000);
    expect(body.count).toBe(2);
    expect(body.results[0]).toMatchObject({
      unit_id: 'JOL',
      location: { city: 'Joliet' },
      status: { id: 1 },
    });
  });

  it('counts a planned location by its available date, leaving from there when the vehicle is free', async () => {
    const body = await search(`${CHICAGO}&available_date=${iso(at(3))}`, carrier.session);
    expect(body.available_date).toBe(at(3).toISOString());
    expect(
      body.results.map((result) => [
        result.id,
        result.deadhead_miles,
        result.eta,
        result.uses_planned_location,
      ]),
    ).toEqual([
      [joliet.id, 39, arrival(NOW, 39), false],
      // The same miles, but it leaves Joliet in 2 hours: later arrival, so second.
      [plannedSoon.id, 39, arrival(at(2), 39), true],
      [milwaukee.id, 94, arrival(NOW, 94), false],
    ]);
    // Free in Milwaukee only in two days: counted there by a date two days ahead.
    const later = await search(`${CHICAGO}&available_date=${iso(at(49))}`, carrier.session);
    expect(later.results.find((result) => result.id === plannedLater.id)).toMatchObject({
      deadhead_miles: 94,
      eta: arrival(at(48), 94),
      uses_planned_location: true,
    });
    expect(later.results.map((result) => result.id)).not.toContain(plannedButCurrentType.id);
  });

  it("shows the drivers' phone numbers by the company's rule", async () => {
    const driver = await insertDriver(database.db, carrier.companyId, { phone_number: '(555) 321-0000' });
    await database.db
      .updateTable('vehicles')
      .set({ active_driver_id: driver.id })
      .where('id', '=', joliet.id)
      .execute();
    const phone = async () =>
      (await search(CHICAGO, carrier.session)).results.find((result) => result.id === joliet.id)!
        .active_driver!.phone_number;
    expect(await phone()).toBeNull();
    await database.db
      .updateTable('companies')
      .set({ is_visible_phone_numbers: true })
      .where('id', '=', carrier.companyId)
      .execute();
    expect(await phone()).toBe('(555) 321-0000');
  });

  it('reads a date without time as the end of that Eastern day', async () => {
    const body = await search(`${CHICAGO}&available_date=2099-07-04`, carrier.session);
    // 23:59:59.999 EDT (UTC-4).
    expect(body.available_date).toBe('2099-07-05T03:59:59.999Z');
  });

  it('keeps to the radius (1 to 300 miles)', async () => {
    const ids = async (query: string) =>
      (await search(`${CHICAGO}&${query}`, carrier.session)).results.map((result) => result.id);
    expect(await ids('radius=30')).toEqual([]);
    expect(await ids('radius=39')).toEqual([joliet.id]);
    expect(await ids('radius=300')).toEqual([joliet.id, milwaukee.id, indianapolis.id]);
    expect((await search(`${CHICAGO}&radius=900`, carrier.session)).radius).toBe(300);
  });

  it('filters by vehicle type and status', async () => {
    const ids = async (query: string) =>
      (await search(`${CHICAGO}&radius=300&${query}`, carrier.session)).results.map((result) => result.id);
    expect(await ids('transport_type=VAN')).toEqual([joliet.id]);
    expect(await ids('status=2')).toEqual([milwaukee.id]);
    expect(await ids('status=1,2&transport_type=SPRINTER')).toEqual([milwaukee.id, indianapolis.id]);
  });

  it('finds a place from an address alone, and answers 400 naming address when nothing matches', async () => {
    const body = await search('address=Chicago%2C%20IL', carrier.session);
    expect(body.origin.address).toMatch(/Chicago, IL/);
    expect(body.results[0]!.id).toBe(joliet.id);
    const response = await get('cars/capacity-search?address=Qqqzzx%20Nowhere', carrier.session);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'address_not_found',
      fields: { address: ['No place matches this address; choose one from the address lookup.'] },
    });
  });

  it('answers 400 naming the field without a place, with two places, or with half a point', async () => {
    const cases: [string, string, string][] = [
      ['', 'lat', 'Choose a place or a load'],
      [`${CHICAGO}&load_id=1`, 'load_id', 'Choose either a place or a load, not both'],
      ['lat=41.8', 'lon', 'Give both lat and lon'],
      [
        `${CHICAGO}&available_date=tomorrow`,
        'available_date',
        'Must be a date (YYYY-MM-DD) or an ISO 8601 date-time with offset',
      ],
      // The capacity map asks for the 500 closest; more is refused.
      [`${CHICAGO}&limit=501`, 'limit', 'Too big: expected number to be <=500'],
    ];
    expect((await get(`cars/capacity-search?${CHICAGO}&limit=500`, carrier.session)).statusCode).toBe(200);
    for (const [query, field, message] of cases) {
      const response = await get(`cars/capacity-search?${query}`, carrier.session);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ fields: Record<string, string[]> }>().fields[field], query).toEqual([message]);
    }
  });

  it('never answers another company’s vehicles', async () => {
    const body = await search(`${CHICAGO}&radius=300&limit=200`, world.sessions.dispatcher);
    expect(body.results.map((result) => result.id)).not.toContain(joliet.id);
    const mine = await search(`${CHICAGO}&radius=300&limit=200`, carrier.session);
    expect(mine.results.map((result) => result.id)).not.toContain(world.other.vehicleId);
  });

  it('is for the maps’ roles (3, 4, 5, 6)', async () => {
    for (const role of ['admin', 'manager', 'dispatcher', 'tracker'] as const) {
      expect((await get(`cars/capacity-search?${CHICAGO}`, world.sessions[role])).statusCode, role).toBe(200);
    }
    for (const role of ['accountant', 'hr', 'conflictManager'] as const) {
      expect((await get(`cars/capacity-search?${CHICAGO}`, world.sessions[role])).statusCode, role).toBe(403);
    }
  });
});

describe('the closest vehicles in a busy place', () => {
  it('answers the closest `limit`, by miles, then arrival, then id, and counts those answered', async () => {
    const carrier = await freshCarrier();
    const driver = await insertDriver(database.db, carrier.companyId);
    // 30 vehicles north of downtown Chicago, two at each of 15 spots 0.5, 1.5, ... 14.5 road miles away (a
    // road mile is 0.86 / 0.621371 km of straight line, 0.012447° of latitude), plus Joliet and Milwaukee.
    const near: number[] = [];
    for (let index = 0; index < 30; index++) {
      const place = { ...PLACES.chicago, lat: PLACES.chicago.lat + ((index % 15) + 0.5) * 0.012447 };
      const vehicle = await insertVehicle(database.db, carrier.companyId, {
        unit_id: `N${String(index).padStart(2, '0')}`,
        ...currentAt(place),
        active_driver_id: index === 0 ? driver.id : null,
        driver_ids: index === 0 ? [driver.id] : [],
      });
      near.push(vehicle.id);
    }
    await insertVehicle(database.db, carrier.companyId, { ...currentAt(PLACES.joliet) });
    await insertVehicle(database.db, carrier.companyId, { ...currentAt(PLACES.milwaukee) });

    const top = await search(`${CHICAGO}&limit=20`, carrier.session);
    expect(top.count).toBe(20);
    expect(top.results).toHaveLength(20);
    const order = top.results.map((result) => [result.deadhead_miles, result.id] as const);
    const sorted = [...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(order).toEqual(sorted);
    // The 20 closest are those of the first 10 spots, 0 to 9 miles.
    const firstTenSpots = near.filter((_, index) => index % 15 < 10);
    expect(top.results.map((result) => result.id).sort((a, b) => a - b)).toEqual(firstTenSpots);
    expect(top.results.map((result) => result.deadhead_miles)).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9,
    ]);
    expect(top.results[0]).toMatchObject({ id: near[0], deadhead_miles: 0, eta: NOW.toISOString() });
    expect(top.results[19]).toMatchObject({ id: near[24], deadhead_miles: 9, eta: arrival(NOW, 9) });

    const all = await search(`${CHICAGO}&limit=200`, carrier.session);
    expect(all.count).toBe(32);
    expect(all.results.slice(-2).map((result) => result.deadhead_miles)).toEqual([39, 94]);
    expect((await search(`${CHICAGO}&limit=1`, carrier.session)).results.map((result) => result.id)).toEqual([
      near[0],
    ]);
  });
});

describe('capacity from a load (GET cars/capacity-search?load_id, GET loads/{id}/closest-cars)', () => {
  it("searches from the load's pick-up, counting planned locations by the pick-up time", async () => {
    const carrier = await freshCarrier();
    const joliet = await insertVehicle(database.db, carrier.companyId, { ...currentAt(PLACES.joliet) });
    const planned = await insertVehicle(database.db, carrier.companyId, {
      ...currentAt(PLACES.dallas),
      ...plannedAt(PLACES.milwaukee, at(4)),
      location_status: 2,
    });
    const loadId = await insertLoad(database.db, carrier.companyId, { status: 1, pickUp: at(6) });
    await database.db
      .updateTable('load_points')
      .set({ address: PLACES.chicago.address, lat: PLACES.chicago.lat, lon: PLACES.chicago.lon })
      .where('load_id', '=', loadId)
      .where('point_order', '=', 1)
      .execute();

    const byQuery = await search(`load_id=${loadId}`, carrier.session);
    expect(byQuery.origin).toEqual({
      lat: PLACES.chicago.lat,
      lon: PLACES.chicago.lon,
      address: PLACES.chicago.address,
    });
    expect(byQuery.available_date).toBe(at(6).toISOString());
    expect(
      byQuery.results.map((result) => [result.id, result.deadhead_miles, result.uses_planned_location]),
    ).toEqual([
      [joliet.id, 39, false],
      [planned.id, 94, true],
    ]);

    const response = await get(`loads/${loadId}/closest-cars`, carrier.session);
    expect(response.statusCode, response.body).toBe(200);
    expect(capacitySearchResponseSchema.parse(response.json())).toEqual(byQuery);
    // An earlier date than the pick-up, given: the planned location does not count yet.
    const early = await get(`loads/${loadId}/closest-cars/?available_date=${iso(at(1))}`, carrier.session);
    expect(early.json<CapacitySearchResponse>().results.map((result) => result.id)).toEqual([joliet.id]);
  });

  it("answers 404 for another company's load and 409 when the pick-up has no coordinates", async () => {
    const carrier = await freshCarrier();
    const otherLoad = await insertLoad(database.db, world.other.company.id);
    expect((await get(`loads/${otherLoad}/closest-cars`, carrier.session)).statusCode).toBe(404);
    expect((await get(`cars/capacity-search?load_id=${otherLoad}`, carrier.session)).statusCode).toBe(404);

    const loadId = await insertLoad(database.db, carrier.companyId);
    await database.db
      .updateTable('load_points')
      .set({ lat: null, lon: null })
      .where('load_id', '=', loadId)
      .execute();
    const response = await get(`loads/${loadId}/closest-cars`, carrier.session);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'pick_up_without_place',
      detail:
        "The load's pick-up has no coordinates: choose its address from the address lookup in the load form.",
    });
  });

  it('is for the maps’ roles', async () => {
    const loadId = await insertLoad(database.db, world.company.id);
    expect((await get(`loads/${loadId}/closest-cars`, world.sessions.tracker)).statusCode).toBe(200);
    expect((await get(`loads/${loadId}/closest-cars`, world.sessions.accountant)).statusCode).toBe(403);
  });
});

describe('GET cars/imap', () => {
  it('answers every located vehicle for the map, with the load it is on and its next point as a place', async () => {
    const carrier = await freshCarrier();
    const driver = await insertDriver(database.db, carrier.companyId, {
      first_name: 'Ivan',
      last_name: 'Petrov',
    });
    const onLoad = await insertVehicle(database.db, carrier.companyId, {
      unit_id: 'A1',
      status: 3,
      ...currentAt(PLACES.joliet, null, at(-1)),
      ...plannedAt(PLACES.milwaukee, at(5)),
      location_status: 3,
      active_driver_id: driver.id,
    });
    const free = await insertVehicle(database.db, carrier.companyId, {
      unit_id: 'B2',
      ...currentAt(PLACES.dallas),
    });
    await insertVehicle(database.db, carrier.companyId, { unit_id: 'C3' });
    // In transit to delivery: the delivery point is the next one.
    const loadId = await insertLoad(database.db, carrier.companyId, { status: 5, vehicleId: onLoad.id });
    await database.db
      .updateTable('load_points')
      .set({ is_active: false })
      .where('load_id', '=', loadId)
      .execute();
    const delivery = await database.db
      .updateTable('load_points')
      .set({ is_active: true, zip_code: '77002' })
      .where('load_id', '=', loadId)
      .where('point_order', '=', 2)
      .returning(['address', 'lat', 'lon', 'date'])
      .executeTakeFirstOrThrow();

    const response = await get('cars/imap', carrier.session);
    expect(response.statusCode, response.body).toBe(200);
    const body = vehicleMapResponseSchema.parse(response.json());
    expect(body.count).toBe(2);
    expect(body.results).toEqual([
      {
        id: onLoad.id,
        unit_id: 'A1',
        transport_type: 'SPRINTER',
        status: { id: 3, name: 'On load' },
        lat: PLACES.joliet.lat,
        lon: PLACES.joliet.lon,
        address: PLACES.joliet.address,
        last_update_time: at(-1).toISOString(),
        location_status: 3,
        future_location: {
          lat: PLACES.milwaukee.lat,
          lon: PLACES.milwaukee.lon,
          address: PLACES.milwaukee.address,
          available_date: at(5).toISOString(),
        },
        active_driver: { id: driver.id, full_name: 'Ivan Petrov' },
        load: {
          id: loadId,
          status: 5,
          next_point: {
            type: 'deliver_to',
            address: delivery.address,
            city: 'Houston',
            state: 'TX',
            zip_code: '77002',
            country: 'US',
            lat: delivery.lat,
            lon: delivery.lon,
            date: delivery.date!.toISOString(),
          },
        },
      },
      expect.objectContaining({
        id: free.id,
        unit_id: 'B2',
        load: null,
        active_driver: null,
        future_location: null,
      }),
    ]);
  });

  it('filters by status and type, and by a box when all four bounds are given', async () => {
    const carrier = await freshCarrier();
    const chicago = await insertVehicle(database.db, carrier.companyId, {
      ...currentAt(PLACES.chicago),
      transport_type: 'VAN',
    });
    const dallas = await insertVehicle(database.db, carrier.companyId, {
      ...currentAt(PLACES.dallas),
      status: 2,
    });
    const ids = async (query: string) => {
      const response = await get(`cars/imap?${query}`, carrier.session);
      expect(response.statusCode, response.body).toBe(200);
      return vehicleMapResponseSchema.parse(response.json()).results.map((item) => item.id);
    };
    expect(await ids('min_lat=40&max_lat=45&min_lon=-90&max_lon=-85')).toEqual([chicago.id]);
    expect(await ids('status=2')).toEqual([dallas.id]);
    expect(await ids('transport_type=VAN')).toEqual([chicago.id]);
    const half = await get('cars/imap?min_lat=40', carrier.session);
    expect(half.statusCode).toBe(400);
    expect(half.json()).toMatchObject({
      fields: { min_lat: ['Give all four bounds: min_lat, max_lat, min_lon and max_lon'] },
    });
  });

  it("never shows another company's vehicles, and is for the maps' roles", async () => {
    const response = await get('cars/imap', world.sessions.manager);
    expect(response.statusCode).toBe(200);
    expect(vehicleMapResponseSchema.parse(response.json()).results.map((item) => item.id)).not.toContain(
      world.other.vehicleId,
    );
    expect((await get('cars/imap', world.sessions.hr)).statusCode).toBe(403);
    expect((await get('cars/imap', world.sessions.accountant)).statusCode).toBe(403);
  });
});
