import {
  vehicleListResponseSchema,
  vehicleSchema,
  type Vehicle,
  type VehicleUpdateInput,
} from '@app/domain/units/units.schema';
import { describe, expect, it } from 'vitest';
import { login, type Session } from '../../../test/auth-helpers';
import { createUser, insertDriver, insertOwner, insertVehicle } from '../../../test/factories';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import { API, createFleetWorld } from './vehicles.fixtures';

const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const HOUR = 60 * 60 * 1000;

const { database, testApp, world } = setUpTestApp(createFleetWorld, { now: () => NOW });
const recorder = recordEventsOfEachTest(testApp);

async function put(path: string, payload: unknown, session: Session = world.sessions.dispatcher) {
  return testApp.app.inject({
    method: 'PUT',
    url: path,
    headers: session.headers,
    payload: payload as object,
  });
}

const carsPath = (path: string) => `${API}/cars/${path}`;

async function stored(id: number) {
  return database.db.selectFrom('vehicles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function listedDrivers(id: number): Promise<number[]> {
  const rows = await database.db
    .selectFrom('vehicle_drivers')
    .select('driver_id')
    .where('vehicle_id', '=', id)
    .orderBy('driver_id')
    .execute();
  return rows.map((row) => row.driver_id);
}

function updateBody(overrides: Partial<VehicleUpdateInput> = {}): VehicleUpdateInput {
  const [ivan, john] = world.drivers;
  return {
    unit_id: `  U-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}  `,
    transport_type: 'BOX TRUCK',
    model: 'Isuzu NPR',
    year: '2021',
    width: 96,
    height: '100',
    length: 312,
    payload: '10000',
    vin: '1hgcm82633a004352',
    license_plate: 'abc 123',
    license_state: 'il',
    license_expiry: '2027-01-31',
    insurance_expiry: '',
    equipment: { liftgate: true, straps: false },
    dispatcher: world.users.dispatcher.id,
    owner: world.owners[0]!.id,
    drivers: [ivan!.id, john!.id],
    active_driver: null,
    ...overrides,
  };
}

describe('PUT cars/{id}/update', () => {
  it('saves every detail; the team follows the dispatcher; the drivers become those sent', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id, {
      driver_ids: [world.drivers[0]!.id],
    });
    const body = updateBody({ active_driver: world.drivers[1]!.id });
    const response = await put(carsPath(`${vehicle.id}/update`), body, world.sessions.hr);
    expect(response.statusCode, response.body).toBe(200);
    const answer = vehicleSchema.parse(response.json());
    expect(answer).toMatchObject({
      id: vehicle.id,
      unit_id: body.unit_id.trim(),
      transport_type: 'BOX TRUCK',
      model: 'Isuzu NPR',
      year: 2021,
      width: 96,
      height: 100,
      length: 312,
      payload: 10000,
      vin: '1HGCM82633A004352',
      license_plate: 'ABC 123',
      license_state: 'IL',
      license_expiry: '2027-01-31',
      insurance_expiry: null,
      insurance_expiry_state: 'missing',
      equipment: { liftgate: true },
      dispatcher: { id: world.users.dispatcher.id },
      owner: { id: world.owners[0]!.id },
      working_group: world.team.id,
      active_driver: { id: world.drivers[1]!.id },
    });
    expect(answer.drivers.map((driver) => driver.id)).toEqual([world.drivers[1]!.id, world.drivers[0]!.id]);
    expect(await listedDrivers(vehicle.id)).toEqual(
      [world.drivers[0]!.id, world.drivers[1]!.id].sort((a, b) => a - b),
    );
    // The details reach colleagues' vehicle pages, and the drivers list the unit of each driver it names
    // (the unit ID changed: all of them).
    expect(recorder.events.map((event) => [event.event, event.data])).toEqual([
      ['update_units', { kind: 'vehicle', ids: [vehicle.id] }],
      ['update_units', { kind: 'driver', ids: [world.drivers[0]!.id, world.drivers[1]!.id] }],
    ]);
  });

  it('clears what is left out', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id, {
      model: 'Old',
      vin: '1HGCM82633A004352',
      dispatcher_id: world.users.dispatcher.id,
      working_group_id: world.team.id,
      owner_id: world.owners[0]!.id,
      active_driver_id: world.drivers[0]!.id,
      driver_ids: [world.drivers[0]!.id],
    });
    const response = await put(
      carsPath(`${vehicle.id}/update`),
      { unit_id: `CLR${Date.now()}`, transport_type: 'VAN' },
      world.sessions.manager,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      model: null,
      vin: null,
      dispatcher: null,
      working_group: null,
      owner: null,
      drivers: [],
      active_driver: null,
      equipment: {},
    });
    expect(await listedDrivers(vehicle.id)).toEqual([]);
  });

  it('answers 400 naming the field for bad input, and changes nothing', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id, { model: 'Kept' });
    const cases: [Partial<VehicleUpdateInput>, string, string][] = [
      [{ unit_id: '' }, 'unit_id', 'This field is required'],
      [{ vin: 'ABC' }, 'vin', 'VIN must be 17 letters and digits, without I, O or Q'],
      [{ year: 1900 }, 'year', 'Must be a year from 1950 to 2100'],
      [
        { active_driver: world.drivers[0]!.id, drivers: [] },
        'active_driver',
        'The active driver must be one of the drivers of the vehicle',
      ],
      [{ drivers: [1, 2, 3, 4, 5, 6], active_driver: null }, 'drivers', 'A vehicle has at most 5 drivers'],
      [{ license_expiry: '01/31/2027' }, 'license_expiry', 'Must be a date (YYYY-MM-DD)'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await put(
        carsPath(`${vehicle.id}/update`),
        updateBody(overrides),
        world.sessions.admin,
      );
      expect(response.statusCode, field).toBe(400);
      expect(response.json<{ fields: Record<string, string[]> }>().fields[field], field).toEqual([message]);
    }
    expect((await stored(vehicle.id)).model).toBe('Kept');
  });

  it("refuses another company's or an unfit dispatcher, owner or driver (400 naming the field), changing nothing", async () => {
    const vehicle = await insertVehicle(database.db, world.company.id, {
      model: 'Kept',
      driver_ids: [world.drivers[0]!.id],
    });
    const fired = await insertDriver(database.db, world.company.id, { status: 'Fired' });
    const inactiveOwner = await insertOwner(database.db, world.company.id, { is_active: false });
    const cases: [Partial<VehicleUpdateInput>, string, string][] = [
      [{ dispatcher: world.other.dispatcherId }, 'dispatcher', 'Choose one of your dispatchers.'],
      [{ dispatcher: world.users.accountant.id }, 'dispatcher', 'Choose one of your dispatchers.'],
      [{ owner: world.other.ownerId }, 'owner', 'Choose one of your owners.'],
      [{ owner: inactiveOwner.id }, 'owner', 'Choose one of your owners.'],
      [{ drivers: [world.other.driverId], active_driver: null }, 'drivers', 'Choose one of your drivers.'],
      [{ drivers: [fired.id], active_driver: fired.id }, 'drivers', 'Choose one of your drivers.'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await put(
        carsPath(`${vehicle.id}/update`),
        updateBody(overrides),
        world.sessions.admin,
      );
      expect(response.statusCode, `${field} ${JSON.stringify(overrides)}`).toBe(400);
      expect(response.json()).toMatchObject({ detail: message, fields: { [field]: [message] } });
    }
    expect((await stored(vehicle.id)).model).toBe('Kept');
    expect(await listedDrivers(vehicle.id)).toEqual([world.drivers[0]!.id]);
  });

  it('keeps a driver or owner the vehicle already has, even after they left', async () => {
    const driver = await insertDriver(database.db, world.company.id);
    const owner = await insertOwner(database.db, world.company.id);
    const vehicle = await insertVehicle(database.db, world.company.id, {
      owner_id: owner.id,
      active_driver_id: driver.id,
      driver_ids: [driver.id],
    });
    await database.db.updateTable('drivers').set({ status: 'Fired' }).where('id', '=', driver.id).execute();
    await database.db.updateTable('owners').set({ is_active: false }).where('id', '=', owner.id).execute();
    const response = await put(
      carsPath(`${vehicle.id}/update`),
      updateBody({ owner: owner.id, drivers: [driver.id], active_driver: driver.id, dispatcher: null }),
      world.sessions.admin,
    );
    expect(response.statusCode, response.body).toBe(200);
  });

  it('answers 400 when another vehicle has the unit ID (any case)', async () => {
    const taken = await insertVehicle(database.db, world.company.id, { unit_id: `TAKEN${Date.now()}` });
    const vehicle = await insertVehicle(database.db, world.company.id);
    const response = await put(
      carsPath(`${vehicle.id}/update`),
      updateBody({ unit_id: taken.unit_id.toLowerCase() }),
      world.sessions.admin,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'unit_id_taken',
      fields: { unit_id: ['Another vehicle already has this unit ID.'] },
    });
    // Another company's unit ID is free to use.
    const other = await database.db
      .selectFrom('vehicles')
      .select('unit_id')
      .where('id', '=', world.other.vehicleId)
      .executeTakeFirstOrThrow();
    const free = await put(
      carsPath(`${vehicle.id}/update`),
      updateBody({ unit_id: other.unit_id }),
      world.sessions.admin,
    );
    expect(free.statusCode, free.body).toBe(200);
  });

  it('answers 409 naming the unit when the active driver drives another vehicle', async () => {
    const driver = await insertDriver(database.db, world.company.id, {
      first_name: 'Maria',
      last_name: 'Lopez',
    });
    const busy = await insertVehicle(database.db, world.company.id, {
      unit_id: `BUSY${Date.now()}`,
      active_driver_id: driver.id,
      driver_ids: [driver.id],
    });
    const vehicle = await insertVehicle(database.db, world.company.id, { model: 'Kept' });
    const response = await put(
      carsPath(`${vehicle.id}/update`),
      updateBody({ drivers: [driver.id], active_driver: driver.id }),
      world.sessions.admin,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'active_driver_elsewhere',
      fields: { driver: ['Maria Lopez'], unit_id: [busy.unit_id] },
      detail: `Maria Lopez is the active driver of unit ${busy.unit_id}. Choose another active driver there first.`,
    });
    expect((await stored(vehicle.id)).model).toBe('Kept');
    // As a second driver it is fine.
    const second = await put(
      carsPath(`${vehicle.id}/update`),
      updateBody({ drivers: [driver.id, world.drivers[0]!.id], active_driver: world.drivers[0]!.id }),
      world.sessions.admin,
    );
    expect(second.statusCode, second.body).toBe(200);
  });

  it('is for admins, managers and HR (3, 4, 8): dispatchers, trackers and accountants get 403', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id);
    for (const role of ['dispatcher', 'tracker', 'accountant', 'conflictManager'] as const) {
      expect(
        (await put(carsPath(`${vehicle.id}/update`), updateBody(), world.sessions[role])).statusCode,
        role,
      ).toBe(403);
    }
  });

  it("answers 404 for another company's vehicle", async () => {
    const response = await put(
      carsPath(`${world.other.vehicleId}/update`),
      updateBody(),
      world.sessions.admin,
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('PUT cars/{id}/update-status', () => {
  it('sets Available or Not available, records who and when, and publishes car_status_change after commit', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id, { status: 1 });
    const response = await put(
      carsPath(`${vehicle.id}/update-status`),
      { status: 2 },
      world.sessions.tracker,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Vehicle>().status).toEqual({ id: 2, name: 'Not available' });
    const row = await stored(vehicle.id);
    expect(row).toMatchObject({ status: 2, status_updated_by: world.users.tracker.id });
    expect(row.status_updated_at?.toISOString()).toBe(NOW.toISOString());
    expect(recorder.events).toEqual([
      {
        event: 'car_status_change',
        data: { id: vehicle.id, status: { id: 2, name: 'Not available' } },
        companyId: world.company.id,
        roles: [3, 4, 5, 6, 7, 8],
      },
    ]);
  });

  it('publishes nothing when the status stays', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id, { status: 2 });
    expect((await put(carsPath(`${vehicle.id}/update-status`), { status: 2 })).statusCode).toBe(200);
    expect(recorder.events).toEqual([]);
  });

  it('sets free a Locked or In bid vehicle', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id, { status: 5 });
    expect(
      (await put(carsPath(`${vehicle.id}/update-status`), { status: 1 })).json<Vehicle>().status.id,
    ).toBe(1);
  });

  it('answers 409 for a vehicle on load, and changes nothing', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id, { status: 3 });
    const response = await put(carsPath(`${vehicle.id}/update-status`), { status: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      detail: 'The status of a vehicle on load changes with its load.',
    });
    expect((await stored(vehicle.id)).status).toBe(3);
    expect(recorder.events).toEqual([]);
  });

  it('answers 400 for a status a user may not choose', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id);
    const response = await put(carsPath(`${vehicle.id}/update-status`), { status: 3 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { status: ['Choose Available or Not available'] } });
  });

  it('is for the dispatch floor (3, 4, 5, 6); 404 for another company', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id);
    expect(
      (await put(carsPath(`${vehicle.id}/update-status`), { status: 2 }, world.sessions.hr)).statusCode,
    ).toBe(403);
    expect(
      (await put(carsPath(`${vehicle.id}/update-status`), { status: 2 }, world.sessions.accountant))
        .statusCode,
    ).toBe(403);
    expect((await put(carsPath(`${world.other.vehicleId}/update-status`), { status: 2 })).statusCode).toBe(
      404,
    );
  });
});

describe('PUT cars/update-status (bulk)', () => {
  it('sets every vehicle, answers them by unit ID and publishes one event per vehicle that changed', async () => {
    const tag = `BLK${Date.now()}`;
    const a = await insertVehicle(database.db, world.company.id, { unit_id: `${tag}-A`, status: 1 });
    const b = await insertVehicle(database.db, world.company.id, { unit_id: `${tag}-B`, status: 2 });
    const response = await put(`${API}/cars/update-status`, { ids: [b.id, a.id, a.id], status: 2 });
    expect(response.statusCode, response.body).toBe(200);
    const body = vehicleListResponseSchema.parse(response.json());
    expect(body.count).toBe(2);
    expect(body.results.map((vehicle) => [vehicle.id, vehicle.status.id])).toEqual([
      [a.id, 2],
      [b.id, 2],
    ]);
    expect(recorder.events).toEqual([
      expect.objectContaining({
        event: 'car_status_change',
        data: { id: a.id, status: { id: 2, name: 'Not available' } },
      }),
    ]);
  });

  it('changes none when one is on load (409 naming the units on load)', async () => {
    const tag = `ONL${Date.now()}`;
    const free = await insertVehicle(database.db, world.company.id, { unit_id: `${tag}-free`, status: 1 });
    const onLoad = await insertVehicle(database.db, world.company.id, { unit_id: `${tag}-busy`, status: 3 });
    const response = await put(`${API}/cars/update-status`, { ids: [free.id, onLoad.id], status: 2 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'vehicles_on_load',
      fields: { units: [`${tag}-busy`] },
      detail: `These vehicles are on load and keep their status: ${tag}-busy.`,
    });
    expect((await stored(free.id)).status).toBe(1);
    expect(recorder.events).toEqual([]);
  });

  it("answers 404 when one is another company's, and changes none", async () => {
    const mine = await insertVehicle(database.db, world.company.id, { status: 1 });
    const response = await put(`${API}/cars/update-status`, {
      ids: [mine.id, world.other.vehicleId],
      status: 2,
    });
    expect(response.statusCode).toBe(404);
    expect((await stored(mine.id)).status).toBe(1);
  });

  it('answers 400 for no vehicles', async () => {
    const response = await put(`${API}/cars/update-status`, { ids: [], status: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { ids: ['Choose at least one vehicle'] } });
  });

  it('is for the dispatch floor', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id);
    expect(
      (await put(`${API}/cars/update-status`, { ids: [vehicle.id], status: 2 }, world.sessions.hr))
        .statusCode,
    ).toBe(403);
  });
});

describe('PUT cars/{id}/tracking', () => {
  it('pauses until a time ahead, and switching on clears the pause', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id, { is_tracking_active: true });
    const until = new Date(NOW.getTime() + 5 * HOUR).toISOString();
    const paused = await put(carsPath(`${vehicle.id}/tracking`), {
      is_tracking_active: false,
      inactive_tracking_until: until,
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ is_tracking_active: false, inactive_tracking_until: until });
    const off = await put(carsPath(`${vehicle.id}/tracking`), {
      is_tracking_active: false,
      inactive_tracking_until: null,
    });
    expect(off.json()).toMatchObject({ is_tracking_active: false, inactive_tracking_until: null });
    const on = await put(carsPath(`${vehicle.id}/tracking`), {
      is_tracking_active: true,
      inactive_tracking_until: until,
    });
    expect(on.json()).toMatchObject({ is_tracking_active: true, inactive_tracking_until: null });
  });

  it('answers 400 naming inactive_tracking_until for a pause that ends now or before', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id, { is_tracking_active: true });
    const response = await put(carsPath(`${vehicle.id}/tracking`), {
      is_tracking_active: false,
      inactive_tracking_until: NOW.toISOString(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'tracking_pause_in_past',
      fields: { inactive_tracking_until: ['The pause must end in the future'] },
    });
    expect((await stored(vehicle.id)).is_tracking_active).toBe(true);
    const missing = await put(carsPath(`${vehicle.id}/tracking`), { inactive_tracking_until: null });
    expect(missing.json()).toMatchObject({ fields: { is_tracking_active: ['This field is required'] } });
  });

  it('is for the dispatch floor; 404 for another company', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id);
    const body = { is_tracking_active: true };
    expect((await put(carsPath(`${vehicle.id}/tracking`), body, world.sessions.accountant)).statusCode).toBe(
      403,
    );
    expect((await put(carsPath(`${world.other.vehicleId}/tracking`), body)).statusCode).toBe(404);
  });
});

describe('PUT cars/{id}/update-can-bid-while-on-load', () => {
  it('switches bidding while on load', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id);
    const on = await put(carsPath(`${vehicle.id}/update-can-bid-while-on-load`), {
      can_bid_while_on_load: true,
    });
    expect(on.json()).toMatchObject({ can_bid_while_on_load: true });
    expect((await stored(vehicle.id)).can_bid_while_on_load).toBe(true);
    const bad = await put(carsPath(`${vehicle.id}/update-can-bid-while-on-load`), {});
    expect(bad.json()).toMatchObject({ fields: { can_bid_while_on_load: ['This field is required'] } });
    expect(
      (
        await put(
          carsPath(`${vehicle.id}/update-can-bid-while-on-load`),
          { can_bid_while_on_load: false },
          world.sessions.hr,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await put(carsPath(`${world.other.vehicleId}/update-can-bid-while-on-load`), {
          can_bid_while_on_load: true,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('PUT /backend/api/cars/{id}/ (loads for the driver and the owner)', () => {
  it('changes only the flags sent', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id);
    const path = `/backend/api/cars/${vehicle.id}/`;
    const driverOff = await put(path, { loads_allowed_for_driver: false });
    expect(driverOff.statusCode, driverOff.body).toBe(200);
    expect(driverOff.json()).toMatchObject({
      loads_allowed_for_driver: false,
      loads_allowed_for_owner: true,
    });
    const ownerOff = await put(path, { loads_allowed_for_owner: false });
    expect(ownerOff.json()).toMatchObject({
      loads_allowed_for_driver: false,
      loads_allowed_for_owner: false,
    });
    const bothOn = await put(`/backend/api/cars/${vehicle.id}`, {
      loads_allowed_for_driver: true,
      loads_allowed_for_owner: true,
    });
    expect(bothOn.json()).toMatchObject({ loads_allowed_for_driver: true, loads_allowed_for_owner: true });
  });

  it('answers 400 for nothing to change, 403 outside the dispatch floor, 404 for another company', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id);
    const empty = await put(`/backend/api/cars/${vehicle.id}/`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ detail: 'Nothing to change' });
    expect(
      (await put(`/backend/api/cars/${vehicle.id}/`, { loads_allowed_for_owner: false }, world.sessions.hr))
        .statusCode,
    ).toBe(403);
    expect(
      (await put(`/backend/api/cars/${world.other.vehicleId}/`, { loads_allowed_for_owner: false }))
        .statusCode,
    ).toBe(404);
  });
});

describe('a superuser', () => {
  it('passes every role check', async () => {
    const superuser = await createUser(database.db, {
      companyId: world.company.id,
      role: 7,
      is_superuser: true,
    });
    const session = await login(testApp.app, superuser.email, superuser.password);
    const vehicle = await insertVehicle(database.db, world.company.id);
    expect((await put(carsPath(`${vehicle.id}/update`), updateBody(), session)).statusCode).toBe(200);
    expect((await put(carsPath(`${vehicle.id}/update-status`), { status: 2 }, session)).statusCode).toBe(200);
  });
});
