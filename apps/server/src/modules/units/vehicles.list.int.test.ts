import {
  activeDriverResponseSchema,
  vehicleListResponseSchema,
  vehicleSchema,
  type Vehicle,
  type VehicleListResponse,
} from '@app/domain/units/units.schema';
import { describe, expect, it } from 'vitest';
import { login } from '../../../test/auth-helpers';
import { createUser, insertDriver, insertOwner, insertVehicle } from '../../../test/factories';
import { buildTestApp } from '../../../test/test-app';
import { setUpTestApp } from '../../../test/test-suite';
import { countingPlugin } from '../../../test/database-probes';
import { API, createFleetWorld, currentAt, easternDate, PLACES, plannedAt } from './vehicles.fixtures';

// The services' clock, held still for the file (close to the real one: sign-in tokens follow real time).
const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const HOUR = 60 * 60 * 1000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

const { database, testApp, world } = setUpTestApp(createFleetWorld, { now: () => NOW });

async function get(path: string, session = world.sessions.dispatcher) {
  return testApp.app.inject({ method: 'GET', url: `${API}/${path}`, headers: session.headers });
}

async function list(query: string, session = world.sessions.dispatcher): Promise<VehicleListResponse> {
  const response = await get(`cars/all?${query}`, session);
  expect(response.statusCode, response.body).toBe(200);
  return vehicleListResponseSchema.parse(response.json());
}

const unitIds = (body: VehicleListResponse) => body.results.map((vehicle) => vehicle.unit_id);

describe('GET cars/all', () => {
  it('answers {count, results} in the vehicle shape, by unit ID, with people, places and expiry flags', async () => {
    const tag = `LST${Date.now()}`;
    const ivan = world.drivers[0]!;
    const john = world.drivers[1]!;
    const located = at(-1.5);
    const second = await insertVehicle(database.db, world.company.id, {
      unit_id: `${tag}-2`,
      transport_type: 'BOX TRUCK',
      status: 2,
      model: 'Isuzu NPR',
      year: 2021,
      width_in: 96,
      height_in: 100,
      length_in: 312,
      payload_lbs: 10000,
      vin: '1HGCM82633A004352',
      license_plate: 'ABC1234',
      license_state: 'IL',
      // Expired the day before; expiring within 30 days.
      license_expiry: easternDate(NOW, -1),
      insurance_expiry: easternDate(NOW, 30),
      equipment: JSON.stringify({ liftgate: true, straps: true }),
      dispatcher_id: world.users.dispatcher.id,
      owner_id: world.owners[0]!.id,
      active_driver_id: john.id,
      working_group_id: world.team.id,
      ...currentAt(PLACES.joliet, world.users.tracker.id, located),
      ...plannedAt(PLACES.milwaukee, at(21)),
      future_location_updated_by: world.users.dispatcher.id,
      future_location_updated_at: located,
      location_status: 3,
      is_tracking_active: false,
      inactive_tracking_until: at(32),
      loads_allowed_for_owner: false,
      driver_ids: [ivan.id, john.id],
    });
    const first = await insertVehicle(database.db, world.company.id, { unit_id: `${tag}-1` });

    const body = await list(`search=${tag}`);
    expect(body.count).toBe(2);
    expect(unitIds(body)).toEqual([`${tag}-1`, `${tag}-2`]);
    expect(body.results[0]).toMatchObject({
      id: first.id,
      status: { id: 1, name: 'Available' },
      drivers: [],
      active_driver: null,
      location: null,
      future_location: null,
      location_status: 1,
      license_expiry_state: 'missing',
      equipment: {},
    });
    const vehicle = body.results[1]!;
    expect(vehicle).toEqual({
      id: second.id,
      unit_id: `${tag}-2`,
      transport_type: 'BOX TRUCK',
      status: { id: 2, name: 'Not available' },
      model: 'Isuzu NPR',
      year: 2021,
      width: 96,
      height: 100,
      length: 312,
      payload: 10000,
      vin: '1HGCM82633A004352',
      license_plate: 'ABC1234',
      license_state: 'IL',
      license_expiry: easternDate(NOW, -1),
      insurance_expiry: easternDate(NOW, 30),
      license_expiry_state: 'expired',
      insurance_expiry_state: 'expiring',
      equipment: { liftgate: true, straps: true },
      dispatcher: {
        id: world.users.dispatcher.id,
        first_name: world.users.dispatcher.first_name,
        last_name: world.users.dispatcher.last_name,
      },
      owner: {
        id: world.owners[0]!.id,
        full_name: `Olga ${world.owners[0]!.last_name}`,
        company_name: world.owners[0]!.company_name,
      },
      // The active driver first; a dispatcher does not see phone numbers (the company does not show them).
      drivers: [
        { id: john.id, full_name: `John ${john.last_name}`, phone_number: null },
        { id: ivan.id, full_name: `Ivan ${ivan.last_name}`, phone_number: null },
      ],
      active_driver: { id: john.id, full_name: `John ${john.last_name}`, phone_number: null },
      working_group: world.team.id,
      location: {
        ...PLACES.joliet,
        updated_by: { first_name: world.users.tracker.first_name, last_name: world.users.tracker.last_name },
        last_update_time: located.toISOString(),
      },
      future_location: {
        ...PLACES.milwaukee,
        available_date: at(21).toISOString(),
        updated_by: {
          first_name: world.users.dispatcher.first_name,
          last_name: world.users.dispatcher.last_name,
        },
        last_update_time: located.toISOString(),
      },
      location_status: 3,
      is_tracking_active: false,
      inactive_tracking_until: at(32).toISOString(),
      can_bid_while_on_load: false,
      loads_allowed_for_driver: true,
      loads_allowed_for_owner: false,
    });
  });

  it('shows phone numbers to a manager (role 4), and to everyone when the company shows them', async () => {
    const tag = `PH${Date.now()}`;
    const driver = await insertDriver(database.db, world.company.id, { phone_number: '(555) 777-1234' });
    await insertVehicle(database.db, world.company.id, {
      unit_id: tag,
      active_driver_id: driver.id,
      driver_ids: [driver.id],
    });
    const phoneOf = async (session = world.sessions.dispatcher) =>
      (await list(`search=${tag}`, session)).results[0]!.active_driver!.phone_number;
    expect(await phoneOf(world.sessions.manager)).toBe('(555) 777-1234');
    expect(await phoneOf(world.sessions.dispatcher)).toBeNull();
    await database.db
      .updateTable('companies')
      .set({ is_visible_phone_numbers: true })
      .where('id', '=', world.company.id)
      .execute();
    try {
      expect(await phoneOf(world.sessions.dispatcher)).toBe('(555) 777-1234');
    } finally {
      await database.db
        .updateTable('companies')
        .set({ is_visible_phone_numbers: false })
        .where('id', '=', world.company.id)
        .execute();
    }
  });

  it('filters by status, vehicle type, dispatcher, owner, driver, team, subgroup and state', async () => {
    const tag = `FLT${Date.now()}`;
    const db = database.db;
    const driver = await insertDriver(db, world.company.id);
    const listedDriver = await insertDriver(db, world.company.id);
    const owner = await insertOwner(db, world.company.id);
    const a = await insertVehicle(db, world.company.id, {
      unit_id: `${tag}-A`,
      status: 2,
      transport_type: 'REEFER',
      dispatcher_id: world.users.dispatcher.id,
      working_group_id: world.team.id,
      ...currentAt(PLACES.toronto),
    });
    const b = await insertVehicle(db, world.company.id, {
      unit_id: `${tag}-B`,
      status: 5,
      transport_type: 'VAN',
      dispatcher_id: world.users.manager.id,
      owner_id: owner.id,
      active_driver_id: driver.id,
      ...currentAt(PLACES.dallas),
      driver_ids: [listedDriver.id],
    });
    const c = await insertVehicle(db, world.company.id, { unit_id: `${tag}-C`, ...currentAt(PLACES.dallas) });
    const ids = async (query: string) =>
      (await list(`search=${tag}&${query}`)).results.map((vehicle) => vehicle.id);

    expect(await ids('')).toEqual([a.id, b.id, c.id]);
    expect(await ids('status=2')).toEqual([a.id]);
    expect(await ids('status=2,5')).toEqual([a.id, b.id]);
    expect(await ids('status=2&status=5')).toEqual([a.id, b.id]);
    expect(await ids('transport_type=VAN')).toEqual([b.id]);
    expect(await ids('transport_type=VAN,REEFER')).toEqual([a.id, b.id]);
    expect(await ids(`dispatcher=${world.users.dispatcher.id}`)).toEqual([a.id]);
    expect(await ids(`owner=${owner.id}`)).toEqual([b.id]);
    // A driver listed on the vehicle, or its active driver.
    expect(await ids(`driver=${driver.id}`)).toEqual([b.id]);
    expect(await ids(`driver=${listedDriver.id}`)).toEqual([b.id]);
    expect(await ids(`wg=${world.team.id}`)).toEqual([a.id]);
    // The subgroup's vehicles are those its members (the dispatcher) dispatch.
    expect(await ids(`sub_wg=${world.team.subgroupId}`)).toEqual([a.id]);
    expect(await ids('state=TX')).toEqual([b.id, c.id]);
    expect(await ids('state=on')).toEqual([a.id]);
    expect(await ids('state=TX&status=5')).toEqual([b.id]);
  });

  it('searches the start of the unit ID, VIN, licence plate, driver and owner names, without case', async () => {
    const tag = `Q${Date.now().toString(36)}`;
    const db = database.db;
    const driver = await insertDriver(db, world.company.id, {
      first_name: 'Zebulon',
      last_name: `${tag}drv`,
    });
    const listed = await insertDriver(db, world.company.id, {
      first_name: 'Yolanda',
      last_name: `${tag}lst`,
    });
    const owner = await insertOwner(db, world.company.id, {
      first_name: 'Xavier',
      last_name: `${tag}own`,
      company_name: `${tag}Haulers LLC`,
    });
    const byUnit = await insertVehicle(db, world.company.id, { unit_id: `${tag}UNIT` });
    const byVin = await insertVehicle(db, world.company.id, { vin: `${tag}VIN`.toUpperCase() });
    const byPlate = await insertVehicle(db, world.company.id, { license_plate: `${tag}PL`.toUpperCase() });
    const byDriver = await insertVehicle(db, world.company.id, { active_driver_id: driver.id });
    const byListed = await insertVehicle(db, world.company.id, { driver_ids: [listed.id] });
    const byOwner = await insertVehicle(db, world.company.id, { owner_id: owner.id });
    const found = async (text: string) =>
      (await list(`search=${encodeURIComponent(text)}`)).results
        .map((vehicle) => vehicle.id)
        .sort((x, y) => x - y);

    expect(await found(`${tag}unit`.toUpperCase())).toEqual([byUnit.id]);
    expect(await found(`${tag}vin`)).toEqual([byVin.id]);
    expect(await found(`${tag}pl`)).toEqual([byPlate.id]);
    expect(await found(`${tag}drv`)).toEqual([byDriver.id]);
    expect(await found(`zebulon ${tag}`)).toEqual([byDriver.id]);
    expect(await found(`${tag}lst`)).toEqual([byListed.id]);
    expect(await found(`${tag}own`)).toEqual([byOwner.id]);
    expect(await found(`${tag}haulers`)).toEqual([byOwner.id]);
    // Only the start matches, and % or _ are taken literally.
    expect(await found(tag.slice(1))).toEqual([]);
    expect(await found(`${tag}%`)).toEqual([]);
  });

  it('pages from 1 with limit, counting every match', async () => {
    const tag = `PG${Date.now()}`;
    for (let index = 1; index <= 5; index++) {
      await insertVehicle(database.db, world.company.id, { unit_id: `${tag}-${index}` });
    }
    const page2 = await list(`search=${tag}&limit=2&page=2`);
    expect(page2.count).toBe(5);
    expect(unitIds(page2)).toEqual([`${tag}-3`, `${tag}-4`]);
    expect(unitIds(await list(`search=${tag}&limit=2&page=3`))).toEqual([`${tag}-5`]);
  });

  it('runs the same four queries for a page of 5 and of 100, whatever the filter', async () => {
    const db = database.db;
    const driver = await insertDriver(db, world.company.id);
    for (let index = 0; index < 110; index++) {
      await insertVehicle(db, world.company.id, {
        unit_id: `BULK${String(index).padStart(3, '0')}`,
        ...currentAt(PLACES.dallas),
        active_driver_id: driver.id,
        driver_ids: [driver.id, world.drivers[0]!.id],
      });
    }
    const counter = countingPlugin();
    const counted = await buildTestApp(database.db.withPlugin(counter), { now: () => NOW });
    try {
      const session = await login(counted.app, world.users.admin.email, world.users.admin.password);
      const queriesOf = async (query: string) => {
        const before = counter.count;
        const response = await counted.app.inject({
          method: 'GET',
          url: `${API}/cars/all?${query}`,
          headers: session.headers,
        });
        expect(response.statusCode).toBe(200);
        return { queries: counter.count - before, rows: response.json<VehicleListResponse>().results.length };
      };
      for (const filter of ['search=bulk', 'state=TX', `driver=${driver.id}`, 'status=1']) {
        const small = await queriesOf(`limit=5&${filter}`);
        const large = await queriesOf(`limit=100&${filter}`);
        expect([small.rows, large.rows], filter).toEqual([5, 100]);
        // The caller's session, then the company's settings, the count and the page with its people.
        expect(small.queries, filter).toBe(4);
        expect(large.queries, filter).toBe(4);
      }
    } finally {
      await counted.close();
    }
  });

  it('never shows another company’s vehicles', async () => {
    const body = await list('limit=500');
    expect(body.results.map((vehicle) => vehicle.id)).not.toContain(world.other.vehicleId);
  });

  it('answers 400 naming the field for a bad filter', async () => {
    const response = await get('cars/all?status=9');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_error',
      fields: { 'status.0': ['Unknown vehicle status'] },
    });
    const type = await get('cars/all?transport_type=BUS');
    expect(type.statusCode).toBe(400);
    expect(Object.keys(type.json<{ fields: object }>().fields)).toEqual(['transport_type.0']);
  });

  it('is for the vehicles page roles (3, 4, 5, 6, 7, 8): a conflict manager gets 403, no token 401', async () => {
    for (const role of ['admin', 'manager', 'dispatcher', 'tracker', 'accountant', 'hr'] as const) {
      expect((await get('cars/all?limit=1', world.sessions[role])).statusCode, role).toBe(200);
    }
    expect((await get('cars/all', world.sessions.conflictManager)).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'GET', url: `${API}/cars/all` })).statusCode).toBe(401);
  });

  it('lets a superuser without a role in', async () => {
    const superuser = await createUser(database.db, {
      companyId: world.company.id,
      role: null,
      is_superuser: true,
    });
    const session = await login(testApp.app, superuser.email, superuser.password);
    expect((await get('cars/all?limit=1', session)).statusCode).toBe(200);
  });
});

describe('GET cars/{id}', () => {
  it('answers the vehicle, with or without the trailing slash', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id, { ...currentAt(PLACES.chicago) });
    for (const path of [`cars/${vehicle.id}`, `cars/${vehicle.id}/`]) {
      const response = await get(path, world.sessions.accountant);
      expect(response.statusCode, path).toBe(200);
      const body: Vehicle = vehicleSchema.parse(response.json());
      expect(body).toMatchObject({ id: vehicle.id, unit_id: vehicle.unit_id, location: { city: 'Chicago' } });
    }
  });

  it("answers 404 for another company's vehicle and for one that does not exist", async () => {
    expect((await get(`cars/${world.other.vehicleId}`)).statusCode).toBe(404);
    expect((await get('cars/999999999')).statusCode).toBe(404);
  });

  it('answers 403 to a role outside the vehicles page before looking', async () => {
    expect((await get(`cars/${world.other.vehicleId}`, world.sessions.conflictManager)).statusCode).toBe(403);
  });
});

describe('GET cars/active-driver/{id}/', () => {
  it("answers the vehicle's active driver, or null", async () => {
    const driver = world.drivers[0]!;
    const withDriver = await insertVehicle(database.db, world.company.id, {
      active_driver_id: driver.id,
      driver_ids: [driver.id],
    });
    const without = await insertVehicle(database.db, world.company.id);
    const response = await get(`cars/active-driver/${withDriver.id}/`, world.sessions.manager);
    expect(response.statusCode).toBe(200);
    expect(activeDriverResponseSchema.parse(response.json())).toEqual({
      vehicle_id: withDriver.id,
      active_driver: { id: driver.id, full_name: `Ivan ${driver.last_name}`, phone_number: '555-100-2000' },
    });
    expect((await get(`cars/active-driver/${without.id}/`)).json()).toEqual({
      vehicle_id: without.id,
      active_driver: null,
    });
    expect((await get(`cars/active-driver/${world.other.vehicleId}/`)).statusCode).toBe(404);
  });
});

describe('GET statuses/cars', () => {
  it('answers the six vehicle statuses with their names', async () => {
    const response = await get('statuses/cars', world.sessions.hr);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: 1, name: 'Available' },
      { id: 2, name: 'Not available' },
      { id: 3, name: 'On load' },
      { id: 4, name: 'In bid' },
      { id: 5, name: 'Locked' },
      { id: 7, name: 'In bid' },
    ]);
  });
});
