import { CARGO_SPECS } from '@app/domain/loadboard/cargo-analysis.rules';
import {
  cargoAnalysisResponseSchema,
  type CargoAnalysisResponse,
} from '@app/domain/loadboard/insights.schema';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../test/auth-helpers';
import { setUpTestApp } from '../../../test/test-suite';
import type { NewRow } from '../../db/types';
import { createFleetWorld } from '../units/vehicles.fixtures';
import { insertInsightLoad } from './insights.fixtures';

const { database, testApp, world } = setUpTestApp(createFleetWorld);

const HOUR = 60 * 60 * 1000;

async function cargoLoad(
  values: Partial<NewRow<'loads'>>,
  options: { companyId?: number; boardStatus?: 'posted' | null } = {},
) {
  const pickUp = new Date(Date.now() + 24 * HOUR);
  return insertInsightLoad(database.db, options.companyId ?? world.company.id, {
    boardStatus: options.boardStatus,
    points: [
      { city: 'Dallas', state: 'TX', lat: 32.7767, lon: -96.797, date: pickUp },
      {
        city: 'Houston',
        state: 'TX',
        lat: 29.7604,
        lon: -95.3698,
        date: new Date(pickUp.getTime() + 6 * HOUR),
      },
    ],
    values,
  });
}

const get = (loadId: number, session: Session = world.sessions.dispatcher) =>
  testApp.app.inject({
    method: 'GET',
    url: `/backend/api/cargo/analysis/${loadId}`,
    headers: session.headers,
  });

async function analyse(loadId: number): Promise<CargoAnalysisResponse> {
  const response = await get(loadId);
  expect(response.statusCode, response.body).toBe(200);
  return cargoAnalysisResponseSchema.parse(response.json());
}

const fitting = (body: CargoAnalysisResponse) =>
  body.results.filter((fit) => fit.fits).map((fit) => fit.vehicle_type);

describe('GET cargo/analysis/{id}', () => {
  it('answers every vehicle type smallest first: two pallets fill 60.4% of a cargo van’s floor', async () => {
    const loadId = await cargoLoad({ length: 48, width: 40, height: 48, weight: 2000, pieces: 2 });
    const body = await analyse(loadId);
    expect(body.load_id).toBe(loadId);
    expect(body.cargo).toEqual({
      length: 48,
      width: 40,
      height: 48,
      weight: 2000,
      pieces: 2,
      stackable: false,
      hazardous: false,
      dock_level: false,
      vehicle_type: 'SPRINTER',
    });
    expect(body.results.map((fit) => fit.vehicle_type)).toEqual(CARGO_SPECS.map((spec) => spec.vehicle_type));
    expect(body.results[0]).toEqual({
      vehicle_type: 'CARGO VAN',
      fits: true,
      reasons: [],
      capacity_pieces: 3,
      floor_percent: 60.4,
      volume_percent: 58,
      payload_percent: 57.1,
      space: {
        length: 120,
        width: 53,
        height: 50,
        payload: 3500,
        dock_high: false,
        liftgate: false,
        hazmat: false,
      },
    });
    expect(fitting(body)).toHaveLength(CARGO_SPECS.length);
  });

  it('refuses the types a hazardous, dock-level, heavy load does not suit, with the reasons', async () => {
    const loadId = await cargoLoad({
      length: 48,
      width: 40,
      height: 60,
      weight: 9000,
      pieces: 6,
      is_danger: true,
      dock_level: true,
    });
    const body = await analyse(loadId);
    const byType = Object.fromEntries(body.results.map((fit) => [fit.vehicle_type, fit]));
    expect(byType['CARGO VAN']!.reasons).toEqual(['too_tall', 'too_heavy', 'not_dock_level', 'not_hazmat']);
    expect(byType['SMALL STRAIGHT']!.reasons).toEqual(['too_heavy', 'not_hazmat']);
    expect(byType.FLATBED!.reasons).toEqual(['not_dock_level']);
    expect(fitting(body)).toEqual(['LIFTGATE', 'LARGE STRAIGHT', 'REEFER', 'VAN', 'TRACTOR']);
    expect(byType['LARGE STRAIGHT']!.payload_percent).toBe(90);
  });

  it('stacks a stackable load: 6 boxes of 24 in fit a cargo van only when they may be put on top', async () => {
    const values = { length: 48, width: 40, height: 24, weight: 1200, pieces: 6 };
    const flat = await analyse(await cargoLoad(values));
    expect(flat.results[0]).toMatchObject({ vehicle_type: 'CARGO VAN', fits: false, reasons: ['no_room'] });
    const stacked = await analyse(await cargoLoad({ ...values, is_can_put_on_top: true }));
    expect(stacked.results[0]).toMatchObject({ fits: true, capacity_pieces: 6, floor_percent: 90.6 });
  });

  it('answers the payload alone for a posting without dimensions', async () => {
    const body = await analyse(await cargoLoad({ weight: 1750 }));
    expect(body.results[0]).toMatchObject({
      fits: true,
      capacity_pieces: null,
      floor_percent: null,
      volume_percent: null,
      payload_percent: 50,
    });
  });

  it('answers a vehicle type the lookup does not know (free text of an older posting) as none', async () => {
    const body = await analyse(await cargoLoad({ vehicle_type: 'HOTSHOT', weight: 100 }));
    expect(body.cargo.vehicle_type).toBeNull();
    expect(body.results.every((fit) => fit.fits)).toBe(true);
  });

  it('reads an active load too; 404 for another company’s load', async () => {
    const active = await cargoLoad({ weight: 100 }, { boardStatus: null });
    expect((await analyse(active)).load_id).toBe(active);
    const theirs = await cargoLoad({ weight: 100 }, { companyId: world.other.company.id });
    const response = await get(theirs);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
    expect((await get(999_999_999)).statusCode).toBe(404);
  });

  it('is for the load board’s roles (3, 4, 5, 6)', async () => {
    const loadId = await cargoLoad({ weight: 100 });
    for (const role of ['admin', 'manager', 'dispatcher', 'tracker'] as const)
      expect((await get(loadId, world.sessions[role])).statusCode, role).toBe(200);
    for (const role of ['accountant', 'hr', 'conflictManager'] as const)
      expect((await get(loadId, world.sessions[role])).statusCode, role).toBe(403);
  });
});
