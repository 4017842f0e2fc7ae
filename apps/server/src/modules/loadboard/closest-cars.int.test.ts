import { closestCarsResponseSchema, type ClosestCarsResponse } from '@app/domain/loadboard/insights.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertDriver, insertOwner, insertVehicle } from '../../../test/factories';
import { setUpTestApp } from '../../../test/test-suite';
import type { Session } from '../../../test/auth-helpers';
import { API, createFleetWorld, currentAt, PLACES, plannedAt } from '../units/vehicles.fixtures';
import { insertInsightLoad, type InsightPoint } from './insights.fixtures';

const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const HOUR = 60 * 60 * 1000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);
/** Arrival after `miles` at 50 mph from `departure`. */
const arrival = (departure: Date, miles: number) =>
  new Date(departure.getTime() + (miles / 50) * HOUR).toISOString();

const { database, testApp, world } = setUpTestApp(createFleetWorld, { now: () => NOW });

const point = (
  place: { city: string; state: string; lat: number; lon: number },
  date: Date,
): InsightPoint => ({
  city: place.city,
  state: place.state,
  lat: place.lat,
  lon: place.lon,
  date,
});

/** Chicago to Dallas, picked up in `hours`: a Sprinter load of 48x40x36 in, 1,500 lbs, with straps. */
const chicagoLoad = (hours: number) => ({
  points: [point(PLACES.chicago, at(hours)), point(PLACES.dallas, at(hours + 20))],
  values: {
    vehicle_type: 'SPRINTER',
    length: 48,
    width: 40,
    height: 36,
    weight: 1500,
    pieces: 2,
    equipment: JSON.stringify({ straps: true }),
  },
});

async function get(path: string, session: Session = world.sessions.dispatcher) {
  return testApp.app.inject({ method: 'GET', url: `${API}/${path}`, headers: session.headers });
}

async function closest(loadId: number, query = ''): Promise<ClosestCarsResponse> {
  const response = await get(`loads/${loadId}/closest-cars${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return closestCarsResponseSchema.parse(response.json());
}

describe('GET loads/{id}/closest-cars', () => {
  const ids: Record<'fits' | 'van' | 'parked' | 'planned' | 'off', number> = {
    fits: 0,
    van: 0,
    parked: 0,
    planned: 0,
    off: 0,
  };
  let boardLoad: number;

  beforeAll(async () => {
    const db = database.db;
    const companyId = world.company.id;
    const driver = await insertDriver(db, companyId, { first_name: 'Abe', last_name: 'Able' });
    const second = await insertDriver(db, companyId);
    const third = await insertDriver(db, companyId);
    const owner = await insertOwner(db, companyId);
    const sprinter = {
      transport_type: 'SPRINTER' as const,
      length_in: 144,
      width_in: 52,
      height_in: 70,
      payload_lbs: 3000,
      equipment: JSON.stringify({ straps: true }),
    };
    ids.fits = (
      await insertVehicle(db, companyId, {
        ...sprinter,
        unit_id: 'FIT',
        ...currentAt(PLACES.joliet),
        active_driver_id: driver.id,
        driver_ids: [driver.id],
        dispatcher_id: world.users.dispatcher.id,
        owner_id: owner.id,
      })
    ).id;
    // At the pick-up, but a van.
    ids.van = (
      await insertVehicle(db, companyId, {
        ...sprinter,
        transport_type: 'VAN',
        unit_id: 'VAN',
        ...currentAt(PLACES.chicago),
        active_driver_id: second.id,
        driver_ids: [second.id],
      })
    ).id;
    // Not available, no driver, too weak.
    ids.parked = (
      await insertVehicle(db, companyId, {
        ...sprinter,
        unit_id: 'PARKED',
        status: 2,
        payload_lbs: 1000,
        ...currentAt(PLACES.milwaukee),
      })
    ).id;
    // On a load in Dallas now, free in Milwaukee in 4 hours: counted there, and its status does not refuse it.
    ids.planned = (
      await insertVehicle(db, companyId, {
        ...sprinter,
        unit_id: 'PLANNED',
        status: 3,
        equipment: JSON.stringify({}),
        ...currentAt(PLACES.dallas),
        ...plannedAt(PLACES.milwaukee, at(4)),
        location_status: 2,
        active_driver_id: third.id,
        driver_ids: [third.id],
      })
    ).id;
    // No figures on record, its loads kept from its owner's phone page.
    ids.off = (
      await insertVehicle(db, companyId, {
        unit_id: 'OFF',
        equipment: JSON.stringify({ straps: true }),
        ...currentAt(PLACES.joliet),
        active_driver_id: driver.id,
        owner_id: owner.id,
        loads_allowed_for_owner: false,
      })
    ).id;
    // Beyond the 150 miles: never answered.
    await insertVehicle(db, companyId, {
      ...sprinter,
      ...currentAt(PLACES.indianapolis),
      active_driver_id: driver.id,
    });
    boardLoad = await insertInsightLoad(db, companyId, chicagoLoad(6));
  });

  it('answers a board load’s vehicles closest first, with deadhead, ETA, people and why each fits or not', async () => {
    const body = await closest(boardLoad);
    expect(body.origin).toMatchObject({ lat: PLACES.chicago.lat, lon: PLACES.chicago.lon });
    expect(body.available_date).toBe(at(6).toISOString());
    expect(
      body.results.map((car) => [car.unit_id, car.deadhead_miles, car.eta, car.fit.fits, car.fit.reasons]),
    ).toEqual([
      ['VAN', 0, NOW.toISOString(), false, ['type_mismatch']],
      ['FIT', 39, arrival(NOW, 39), true, []],
      ['OFF', 39, arrival(NOW, 39), true, []],
      ['PARKED', 94, arrival(NOW, 94), false, ['too_heavy', 'not_available', 'no_driver']],
      ['PLANNED', 94, arrival(at(4), 94), false, ['missing_equipment']],
    ]);
    const byUnit = Object.fromEntries(body.results.map((car) => [car.unit_id, car]));
    expect(byUnit.FIT).toMatchObject({
      id: ids.fits,
      status: { id: 1, name: 'Available' },
      active_driver: { full_name: 'Abe Able' },
      dispatcher: { id: world.users.dispatcher.id },
      uses_planned_location: false,
    });
    expect(byUnit.PLANNED!.fit).toMatchObject({ missing_equipment: ['straps'] });
    expect(byUnit.PLANNED!.uses_planned_location).toBe(true);
    expect(byUnit.OFF!.fit).toEqual({
      fits: true,
      reasons: [],
      missing_equipment: [],
      unknown: ['dims', 'payload'],
      notes: ['loads_not_allowed_for_owner'],
    });
  });

  it('says which trucks would be late for a pick-up in half an hour', async () => {
    const soon = await insertInsightLoad(database.db, world.company.id, chicagoLoad(0.5));
    const body = await closest(soon);
    const late = body.results.filter((car) => car.fit.reasons.includes('late')).map((car) => car.unit_id);
    // 39 miles take 46.8 minutes; 94 miles nearly two hours. The van at the pick-up is on time.
    expect(late).toEqual(['FIT', 'OFF', 'PARKED']);
    // Free in Milwaukee only in 4 hours: not counted there by a pick-up in half an hour, so not answered.
    expect(body.results.map((car) => car.id)).not.toContain(ids.planned);
  });

  it('takes the capacity search’s filters', async () => {
    const body = await closest(boardLoad, '?radius=50&status=1');
    expect(body.results.map((car) => car.unit_id)).toEqual(['VAN', 'FIT', 'OFF']);
    const types = await closest(boardLoad, '?transport_type=VAN');
    expect(types.results.map((car) => car.unit_id)).toEqual(['VAN']);
    const bad = await get(`loads/${boardLoad}/closest-cars?limit=0`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ fields: object }>().fields)).toEqual(['limit']);
  });

  it('answers active loads and loads booked from the board too, never those withdrawn or expired', async () => {
    for (const boardStatus of [null, 'booked'] as const) {
      const loadId = await insertInsightLoad(database.db, world.company.id, {
        ...chicagoLoad(6),
        boardStatus,
      });
      expect((await closest(loadId)).results.map((car) => car.unit_id)).toContain('FIT');
    }
    for (const boardStatus of ['withdrawn', 'expired'] as const) {
      const loadId = await insertInsightLoad(database.db, world.company.id, {
        ...chicagoLoad(6),
        boardStatus,
      });
      expect((await get(`loads/${loadId}/closest-cars`)).statusCode, boardStatus).toBe(404);
    }
  });

  it("answers 404 for another company's load and 409 when the pick-up has no coordinates", async () => {
    const theirs = await insertInsightLoad(database.db, world.other.company.id, chicagoLoad(6));
    const response = await get(`loads/${theirs}/closest-cars`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });

    const unplaced = await insertInsightLoad(database.db, world.company.id, {
      points: [
        { city: 'Chicago', state: 'IL', lat: null, lon: null, date: at(6) },
        point(PLACES.dallas, at(30)),
      ],
    });
    const refused = await get(`loads/${unplaced}/closest-cars`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'pick_up_without_place',
      detail:
        "The load's pick-up has no coordinates: choose its address from the address lookup in the load form.",
    });
  });

  it('is for the load board’s roles (3, 4, 5, 6)', async () => {
    for (const role of ['admin', 'manager', 'dispatcher', 'tracker'] as const) {
      expect((await get(`loads/${boardLoad}/closest-cars`, world.sessions[role])).statusCode, role).toBe(200);
    }
    for (const role of ['accountant', 'hr', 'conflictManager'] as const) {
      expect((await get(`loads/${boardLoad}/closest-cars`, world.sessions[role])).statusCode, role).toBe(403);
    }
  });
});
