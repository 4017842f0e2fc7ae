import { describe, expect, it } from 'vitest';
import type { Session } from '../../../test/auth-helpers';
import { insertDriver, insertOwner, insertVehicle } from '../../../test/factories';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import type { RealtimeEvent } from '../../realtime/event-bus';
import { API, createFleetWorld } from './vehicles.fixtures';

// What colleagues' open pages are told when a vehicle's details, a driver or an owner changes: the
// product's own update_units, after commit, once per change, for the roles that see that kind; nothing for
// a refused change, and nothing of it where the spec's events (car_status_change, the location events)
// already tell the change.

const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const HOUR = 60 * 60 * 1000;

const { database, testApp, world } = setUpTestApp(createFleetWorld, { now: () => NOW });
const recorder = recordEventsOfEachTest(testApp);

async function send(method: 'POST' | 'PUT', path: string, payload: object, session?: Session) {
  const response = await testApp.app.inject({
    method,
    url: path.startsWith('/') ? path : `${API}/${path}`,
    headers: (session ?? world.sessions.manager).headers,
    payload,
  });
  return { status: response.statusCode, body: response.body };
}

/** The update_units the change published, as the hub receives them. */
const unitsOf = (events: readonly RealtimeEvent[]) =>
  events.filter((event) => event.event === 'update_units');

const units = (kind: 'vehicle' | 'driver' | 'owner', ids: number[]) => ({
  event: 'update_units',
  data: { kind, ids },
  companyId: world.company.id,
  // Vehicles, drivers and owners are seen by the same roles: the dispatch floor, accounting and HR.
  roles: [3, 4, 5, 6, 7, 8],
});

describe('vehicles: update_units { kind: vehicle }', () => {
  it('its tracking, bidding while on load and loads allowed: one event each, for the vehicle', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id);
    const until = new Date(NOW.getTime() + 5 * HOUR).toISOString();
    const changes = [
      () =>
        send('PUT', `cars/${vehicle.id}/tracking`, {
          is_tracking_active: false,
          inactive_tracking_until: until,
        }),
      () => send('PUT', `cars/${vehicle.id}/update-can-bid-while-on-load`, { can_bid_while_on_load: true }),
      () => send('PUT', `/backend/api/cars/${vehicle.id}/`, { loads_allowed_for_driver: false }),
    ];
    for (const change of changes) {
      const response = await change();
      expect(response.status, response.body).toBe(200);
    }
    const one = units('vehicle', [vehicle.id]);
    expect(recorder.events).toEqual([one, one, one]);
  });

  it('its details: the vehicle, and the drivers who left or joined it', async () => {
    const [stays, leaves, joins] = [
      await insertDriver(database.db, world.company.id),
      await insertDriver(database.db, world.company.id),
      await insertDriver(database.db, world.company.id),
    ];
    const unitId = `EV-${Date.now().toString(36)}`;
    const vehicle = await insertVehicle(database.db, world.company.id, {
      unit_id: unitId,
      driver_ids: [stays.id, leaves.id],
    });
    const response = await send(
      'PUT',
      `cars/${vehicle.id}/update`,
      { unit_id: unitId, transport_type: 'VAN', drivers: [stays.id, joins.id] },
      world.sessions.hr,
    );
    expect(response.status, response.body).toBe(200);
    expect(recorder.events).toEqual([units('vehicle', [vehicle.id]), units('driver', [leaves.id, joins.id])]);
  });

  it('its status and location publish the spec events, not update_units', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id, { status: 1 });
    expect((await send('PUT', `cars/${vehicle.id}/update-status`, { status: 2 })).status).toBe(200);
    expect(recorder.events.map((event) => event.event)).toEqual(['car_status_change']);
  });

  it('nothing for a refused change', async () => {
    const vehicle = await insertVehicle(database.db, world.company.id);
    const other = await insertVehicle(database.db, world.company.id);
    const refused = [
      // Another vehicle's unit ID (400), a pause in the past (400), another company's vehicle (404), HR on
      // the dispatch floor's switch (403).
      await send('PUT', `cars/${vehicle.id}/update`, { unit_id: other.unit_id, transport_type: 'VAN' }),
      await send('PUT', `cars/${vehicle.id}/tracking`, {
        is_tracking_active: false,
        inactive_tracking_until: new Date(NOW.getTime() - HOUR).toISOString(),
      }),
      await send('PUT', `cars/${world.other.vehicleId}/update-can-bid-while-on-load`, {
        can_bid_while_on_load: true,
      }),
      await send(
        'PUT',
        `cars/${vehicle.id}/update-can-bid-while-on-load`,
        { can_bid_while_on_load: true },
        world.sessions.hr,
      ),
    ];
    expect(refused.map((response) => response.status)).toEqual([400, 400, 404, 403]);
    expect(recorder.events).toEqual([]);
  });
});

describe('drivers: update_units { kind: driver }', () => {
  it('a driver added: the driver; with a vehicle, the vehicle and its owner too', async () => {
    const owner = await insertOwner(database.db, world.company.id);
    const vehicle = await insertVehicle(database.db, world.company.id, { owner_id: owner.id });
    const alone = await send(
      'POST',
      'hr/add-driver',
      { first_name: 'Solo', last_name: 'Driver', phone_number: '(555) 410-2021' },
      world.sessions.hr,
    );
    expect(alone.status, alone.body).toBe(200);
    const aloneId = (JSON.parse(alone.body) as { id: number }).id;
    expect(recorder.events).toEqual([units('driver', [aloneId])]);

    recorder.events.length = 0;
    const onVehicle = await send(
      'POST',
      'hr/add-driver',
      { first_name: 'Team', last_name: 'Driver', phone_number: '(555) 410-2022', car: vehicle.id },
      world.sessions.hr,
    );
    expect(onVehicle.status, onVehicle.body).toBe(200);
    const driverId = (JSON.parse(onVehicle.body) as { id: number }).id;
    expect(recorder.events).toEqual([
      units('driver', [driverId]),
      units('vehicle', [vehicle.id]),
      // The new driver takes the vehicle's owner, whose drivers count grows.
      units('owner', [owner.id]),
    ]);
  });

  it('its "sees loads" switches, when they change; nothing when they stay or are refused', async () => {
    const driver = await insertDriver(database.db, world.company.id, { is_active: true });
    const fired = await insertDriver(database.db, world.company.id, { status: 'Fired', is_active: false });
    const path = (id: number, name: string) => `users/${id}/${name}/`;
    expect((await send('PUT', path(driver.id, 'update-driver-is-active'), { is_active: false })).status).toBe(
      200,
    );
    expect(
      (
        await send('PUT', path(driver.id, 'update-driver-is-active-for-owner'), {
          is_active_for_owner: false,
        })
      ).status,
    ).toBe(200);
    expect(recorder.events).toEqual([units('driver', [driver.id]), units('driver', [driver.id])]);

    recorder.events.length = 0;
    expect((await send('PUT', path(driver.id, 'update-driver-is-active'), { is_active: false })).status).toBe(
      200,
    );
    expect((await send('PUT', path(fired.id, 'update-driver-is-active'), { is_active: true })).status).toBe(
      409,
    );
    expect(unitsOf(recorder.events)).toEqual([]);
  });
});

describe('owners: update_units { kind: owner }', () => {
  it("a new name: the owner's vehicles and drivers too, whose lists show it; other fields: the owner only", async () => {
    const owner = await insertOwner(database.db, world.company.id);
    const vehicle = await insertVehicle(database.db, world.company.id, { owner_id: owner.id });
    const driver = await insertDriver(database.db, world.company.id, { owner_id: owner.id });
    const renamed = await send('PUT', `users/owners/${owner.id}/update`, { last_name: 'Renamed' });
    expect(renamed.status, renamed.body).toBe(200);
    expect(recorder.events).toEqual([
      units('owner', [owner.id]),
      units('vehicle', [vehicle.id]),
      units('driver', [driver.id]),
    ]);

    recorder.events.length = 0;
    const wage = await send('PUT', `users/owners/${owner.id}/update`, { is_wage_visible: true });
    expect(wage.status, wage.body).toBe(200);
    expect(recorder.events).toEqual([units('owner', [owner.id])]);
  });

  it('an owner created or edited; nothing for an owner of another company', async () => {
    const created = await send(
      'POST',
      'users/owners/create',
      {
        first_name: 'Dora',
        last_name: 'Miles',
        company_name: 'Miles Freight Inc',
        phone_number: '(555) 444-1212',
      },
      world.sessions.accountant,
    );
    expect(created.status, created.body).toBe(200);
    const ownerId = (JSON.parse(created.body) as { id: number }).id;
    const edited = await send('PUT', `users/owners/${ownerId}/update`, { company_name: 'Miles Freight LLC' });
    expect(edited.status, edited.body).toBe(200);
    expect(recorder.events).toEqual([units('owner', [ownerId]), units('owner', [ownerId])]);

    recorder.events.length = 0;
    const theirs = await send('PUT', `users/owners/${world.other.ownerId}/update`, { company_name: 'X' });
    expect(theirs.status).toBe(404);
    expect(recorder.events).toEqual([]);
  });
});
