import { LOCATION_UPDATE_MESSAGES } from '@app/domain/units/location-dialog.rules';
import {
  carStatusChangeEventSchema,
  futureLocationChangeEventSchema,
  locationChangeEventSchema,
  locationStatusChangeEventSchema,
  vehicleSchema,
  type LocationUpdateInput,
  type Vehicle,
} from '@app/domain/units/units.schema';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../test/auth-helpers';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import { insertVehicle } from '../../../test/factories';
import { API, createFleetWorld, currentAt, PLACES, plannedAt, type Place } from './vehicles.fixtures';

const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const HOUR = 60 * 60 * 1000;
const IN_A_DAY = new Date(NOW.getTime() + 24 * HOUR);
const VEHICLE_ROLES = [3, 4, 5, 6, 7, 8];

const { database, testApp, world } = setUpTestApp(createFleetWorld, { now: () => NOW });
const recorder = recordEventsOfEachTest(testApp);

async function save(id: number, body: LocationUpdateInput, session: Session = world.sessions.dispatcher) {
  return testApp.app.inject({
    method: 'PUT',
    url: `${API}/cars/${id}/update-location`,
    headers: session.headers,
    payload: body,
  });
}

const planned = (place: Place, availableDate: string | null = IN_A_DAY.toISOString()) => ({
  ...place,
  available_date: availableDate,
});

async function setCompanyAllowsOnLoadSearch(value: boolean) {
  await database.db
    .updateTable('companies')
    .set({ can_dispatchers_search_loads_for_on_load_unit: value })
    .where('id', '=', world.company.id)
    .execute();
}

describe('PUT cars/{id}/update-location', () => {
  it('saves the current location with who and when, and publishes location_change after commit', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id, {
      ...currentAt(PLACES.dallas, world.users.manager.id, new Date(NOW.getTime() - 5 * HOUR)),
    });
    const response = await save(
      vehicle.id,
      { location: PLACES.chicago, location_status: 1 },
      world.sessions.tracker,
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = vehicleSchema.parse(response.json());
    const location = {
      ...PLACES.chicago,
      updated_by: { first_name: world.users.tracker.first_name, last_name: world.users.tracker.last_name },
      last_update_time: NOW.toISOString(),
    };
    expect(answer.location).toEqual(location);
    expect(answer.future_location).toBeNull();
    expect(answer.status).toEqual({ id: 1, name: 'Available' });
    expect(recorder.events).toEqual([
      {
        event: 'location_change',
        data: { id: vehicle.id, location },
        companyId: world.company.id,
        roles: VEHICLE_ROLES,
      },
    ]);
    expect(locationChangeEventSchema.parse(recorder.events[0]!.data)).toBeTruthy();
  });

  it('renews who and when of an unchanged current location: saving confirms where the truck is', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id, {
      ...currentAt(PLACES.chicago, world.users.manager.id, new Date(NOW.getTime() - 5 * HOUR)),
    });
    const answer = (await save(vehicle.id, { location: PLACES.chicago, location_status: 1 })).json<Vehicle>();
    expect(answer.location).toMatchObject({
      updated_by: { first_name: world.users.dispatcher.first_name },
      last_update_time: NOW.toISOString(),
    });
    expect(recorder.events.map((event) => event.event)).toEqual(['location_change']);
  });

  it('saves a planned location with its available date, the type and the status, each with its event', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id, {
      ...currentAt(PLACES.dallas),
      status: 2,
    });
    const response = await save(vehicle.id, {
      location: PLACES.joliet,
      future_location: planned(PLACES.milwaukee),
      location_status: 3,
      status: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = vehicleSchema.parse(response.json());
    const stamp = {
      updated_by: {
        first_name: world.users.dispatcher.first_name,
        last_name: world.users.dispatcher.last_name,
      },
      last_update_time: NOW.toISOString(),
    };
    expect(answer.future_location).toEqual({
      ...PLACES.milwaukee,
      available_date: IN_A_DAY.toISOString(),
      ...stamp,
    });
    expect(answer.location_status).toBe(3);
    expect(answer.status).toEqual({ id: 1, name: 'Available' });
    const row = await database.db
      .selectFrom('vehicles')
      .selectAll()
      .where('id', '=', vehicle.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status_updated_by: world.users.dispatcher.id, location_status: 3 });

    expect(recorder.events.map((event) => [event.event, event.data])).toEqual([
      ['location_change', { id: vehicle.id, location: { ...PLACES.joliet, ...stamp } }],
      ['future_location_change', { id: vehicle.id, future_location: answer.future_location }],
      ['location_status_change', { id: vehicle.id, location_status: 3 }],
      ['car_status_change', { id: vehicle.id, status: { id: 1, name: 'Available' } }],
    ]);
    const [, future, type, status] = recorder.events;
    expect(futureLocationChangeEventSchema.safeParse(future!.data).success).toBe(true);
    expect(locationStatusChangeEventSchema.safeParse(type!.data).success).toBe(true);
    expect(carStatusChangeEventSchema.safeParse(status!.data).success).toBe(true);
  });

  it('clears the planned location when none is sent, with future_location_change', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id, {
      ...currentAt(PLACES.dallas),
      ...plannedAt(PLACES.milwaukee, IN_A_DAY),
      location_status: 3,
    });
    const answer = (
      await save(vehicle.id, { location: PLACES.dallas, future_location: null, location_status: 1 })
    ).json<Vehicle>();
    expect(answer.future_location).toBeNull();
    expect(answer.location_status).toBe(1);
    expect(recorder.events.map((event) => [event.event, event.data])).toEqual([
      ['location_change', { id: vehicle.id, location: answer.location }],
      ['future_location_change', { id: vehicle.id, future_location: null }],
      ['location_status_change', { id: vehicle.id, location_status: 1 }],
    ]);
  });

  it('keeps the planned location’s who and when, and publishes nothing for it, when it is unchanged', async () => {
    const before = new Date(NOW.getTime() - 3 * HOUR);
    const vehicle = await insertVehicle(database.db, world.company.id, {
      ...currentAt(PLACES.dallas),
      ...plannedAt(PLACES.milwaukee, IN_A_DAY),
      future_location_updated_by: world.users.manager.id,
      future_location_updated_at: before,
      location_status: 2,
    });
    const answer = (
      await save(vehicle.id, {
        location: PLACES.dallas,
        future_location: planned(PLACES.milwaukee),
        location_status: 2,
      })
    ).json<Vehicle>();
    expect(answer.future_location).toMatchObject({
      updated_by: { first_name: world.users.manager.first_name },
      last_update_time: before.toISOString(),
    });
    expect(recorder.events.map((event) => event.event)).toEqual(['location_change']);
  });

  it('answers 400 naming the field for what the dialog never sends', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id);
    const cases: [unknown, string, string][] = [
      [{ location_status: 1 }, 'location', 'A vehicle location needs a current address'],
      [
        { location: PLACES.chicago, location_status: 2 },
        'future_location',
        'Planned and both location types need a planned address',
      ],
      [
        { location: PLACES.chicago, future_location: planned(PLACES.joliet, null), location_status: 3 },
        'future_location.available_date',
        'A planned location needs an available date',
      ],
      [
        { location: PLACES.chicago, location_status: 1, status: 3 },
        'status',
        'Choose Available or Not available',
      ],
      [
        { location: { ...PLACES.chicago, lat: null }, location_status: 1 },
        'location.lat',
        'Choose an address from the suggestions',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await save(vehicle.id, body as LocationUpdateInput);
      expect(response.statusCode, field).toBe(400);
      expect(response.json<{ fields: Record<string, string[]> }>().fields[field], field).toEqual([message]);
    }
    expect(recorder.events).toEqual([]);
  });

  describe('a vehicle on load', () => {
    it('keeps its status: 409, nothing changes and nothing is published', async () => {
      const vehicle = await insertVehicle(database.db, world.company.id, {
        status: 3,
        ...currentAt(PLACES.dallas),
        ...plannedAt(PLACES.milwaukee, IN_A_DAY),
        location_status: 2,
      });
      const response = await save(vehicle.id, {
        location: PLACES.chicago,
        future_location: planned(PLACES.milwaukee),
        location_status: 2,
        status: 1,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        detail: LOCATION_UPDATE_MESSAGES.onLoadStatusLocked,
        code: 'on_load_status_locked',
      });
      expect(response.json<{ detail: string }>().detail).toBe(
        'The status of a vehicle on load cannot be changed here.',
      );
      const row = await database.db
        .selectFrom('vehicles')
        .selectAll()
        .where('id', '=', vehicle.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 3, location_city: 'Dallas' });
      expect(recorder.events).toEqual([]);
    });

    it('needs a planned location (409)', async () => {
      const vehicle = await insertVehicle(database.db, world.company.id, {
        status: 3,
        ...currentAt(PLACES.dallas),
      });
      const response = await save(
        vehicle.id,
        { location: PLACES.chicago, location_status: 1 },
        world.sessions.manager,
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'on_load_planned_location_required',
        detail: 'A vehicle on load needs a planned location: where and when it will be free.',
      });
    });

    it('may not have the current type, even for a manager (409)', async () => {
      const vehicle = await insertVehicle(database.db, world.company.id, {
        status: 3,
        ...currentAt(PLACES.dallas),
        ...plannedAt(PLACES.milwaukee, IN_A_DAY),
        location_status: 2,
      });
      const response = await save(
        vehicle.id,
        { location: PLACES.chicago, future_location: planned(PLACES.milwaukee), location_status: 1 },
        world.sessions.manager,
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'on_load_location_type_current',
        detail: 'The location type of a vehicle on load must be planned or both.',
      });
    });

    it('has its location type locked for a dispatcher (409), open to a manager (role 4)', async () => {
      const vehicle = await insertVehicle(database.db, world.company.id, {
        status: 3,
        ...currentAt(PLACES.dallas),
        ...plannedAt(PLACES.milwaukee, IN_A_DAY),
        location_status: 2,
      });
      const body = {
        location: PLACES.chicago,
        future_location: planned(PLACES.milwaukee),
        location_status: 3 as const,
      };
      const locked = await save(vehicle.id, body, world.sessions.dispatcher);
      expect(locked.statusCode).toBe(409);
      expect(locked.json()).toMatchObject({
        code: 'location_type_locked',
        detail:
          'Only a manager can change the location type of a vehicle on load, unless the company allows dispatchers to search loads for an on-load unit.',
      });
      // The same type is fine for a dispatcher: only a change is locked.
      const same = await save(vehicle.id, { ...body, location_status: 2 }, world.sessions.dispatcher);
      expect(same.statusCode, same.body).toBe(200);
      const manager = await save(vehicle.id, body, world.sessions.manager);
      expect(manager.statusCode, manager.body).toBe(200);
      expect(manager.json<Vehicle>()).toMatchObject({
        location_status: 3,
        status: { id: 3, name: 'On load' },
      });
    });

    it('has its location type open to a dispatcher when the company allows dispatchers to search loads for it', async () => {
      const vehicle = await insertVehicle(database.db, world.company.id, {
        status: 3,
        ...currentAt(PLACES.dallas),
        ...plannedAt(PLACES.milwaukee, IN_A_DAY),
        location_status: 2,
      });
      await setCompanyAllowsOnLoadSearch(true);
      try {
        const response = await save(vehicle.id, {
          location: PLACES.chicago,
          future_location: planned(PLACES.milwaukee),
          location_status: 3,
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json<Vehicle>().location_status).toBe(3);
      } finally {
        await setCompanyAllowsOnLoadSearch(false);
      }
    });
  });

  it('is for the dispatch floor (3, 4, 5, 6): HR and accountants get 403', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id);
    for (const role of ['hr', 'accountant', 'conflictManager'] as const) {
      const response = await save(
        vehicle.id,
        { location: PLACES.chicago, location_status: 1 },
        world.sessions[role],
      );
      expect(response.statusCode, role).toBe(403);
    }
    for (const role of ['admin', 'manager', 'dispatcher', 'tracker'] as const) {
      const response = await save(
        vehicle.id,
        { location: PLACES.chicago, location_status: 1 },
        world.sessions[role],
      );
      expect(response.statusCode, role).toBe(200);
    }
  });

  it("answers 404 for another company's vehicle", async () => {
    const response = await save(world.other.vehicleId, { location: PLACES.chicago, location_status: 1 });
    expect(response.statusCode).toBe(404);
    expect(recorder.events).toEqual([]);
  });
});
