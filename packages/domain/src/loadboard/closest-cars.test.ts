import { describe, expect, it } from 'vitest';
import { footprintFits, statusAllows, vehicleFit, type FitLoad, type FitVehicle } from './closest-cars.rules';

const PICK_UP = '2026-06-01T14:00:00.000Z';

const load = (overrides: Partial<FitLoad> = {}): FitLoad => ({
  vehicle_type: 'SPRINTER',
  length: 48,
  width: 40,
  height: 36,
  weight: 1500,
  equipment: { straps: true },
  pick_up_date: PICK_UP,
  ...overrides,
});

const vehicle = (overrides: Partial<FitVehicle> = {}): FitVehicle => ({
  transport_type: 'SPRINTER',
  status: { id: 1 },
  length: 144,
  width: 52,
  height: 70,
  payload: 3000,
  equipment: { straps: true, dolly: true },
  can_bid_while_on_load: false,
  loads_allowed_for_driver: true,
  loads_allowed_for_owner: true,
  owner: { id: 1 },
  active_driver: { id: 2 },
  eta: '2026-06-01T12:00:00.000Z',
  uses_planned_location: false,
  ...overrides,
});

describe('vehicleFit', () => {
  it('fits a Sprinter of the right size, payload, equipment and time with nothing to say', () => {
    expect(vehicleFit(load(), vehicle())).toEqual({
      fits: true,
      reasons: [],
      missing_equipment: [],
      unknown: [],
      notes: [],
    });
  });

  it('refuses another type, a floor too large either way round, a load too tall and too heavy', () => {
    const fit = vehicleFit(
      load({ vehicle_type: 'BOX TRUCK', length: 150, width: 60, height: 71, weight: 3001 }),
      vehicle(),
    );
    expect(fit.fits).toBe(false);
    expect(fit.reasons).toEqual(['type_mismatch', 'too_large', 'too_tall', 'too_heavy']);
  });

  it('takes a load as heavy as the payload and as tall as the space, turned sideways when longer than wide', () => {
    const fit = vehicleFit(load({ length: 50, width: 140, height: 70, weight: 3000 }), vehicle());
    expect(fit.reasons).toEqual([]);
  });

  it('lists the equipment the vehicle lacks in the lookup order', () => {
    const fit = vehicleFit(load({ equipment: { liftgate: true, straps: true, ppe: true } }), vehicle());
    expect(fit.reasons).toEqual(['missing_equipment']);
    expect(fit.missing_equipment).toEqual(['ppe', 'liftgate']);
  });

  it('refuses a vehicle without a driver and one that arrives after the pick-up time', () => {
    const fit = vehicleFit(load(), vehicle({ active_driver: null, eta: '2026-06-01T14:00:00.001Z' }));
    expect(fit.reasons).toEqual(['no_driver', 'late']);
    // Exactly on time fits.
    expect(vehicleFit(load(), vehicle({ eta: PICK_UP })).fits).toBe(true);
  });

  it('says what the record lacks instead of refusing, and that nothing is asked of a load without figures', () => {
    const fit = vehicleFit(load(), vehicle({ length: null, height: null, payload: null }));
    expect(fit).toMatchObject({ fits: true, unknown: ['dims', 'payload'] });
    const bare = load({
      vehicle_type: null,
      length: null,
      width: null,
      height: null,
      weight: null,
      equipment: {},
    });
    expect(vehicleFit(bare, vehicle({ transport_type: 'VAN', payload: null })).fits).toBe(true);
    expect(vehicleFit(load({ pick_up_date: null }), vehicle()).unknown).toEqual(['arrival']);
  });

  it("notes the units' switches that keep the load from the driver's and owner's phone page", () => {
    const fit = vehicleFit(
      load(),
      vehicle({ loads_allowed_for_driver: false, loads_allowed_for_owner: false }),
    );
    expect(fit).toMatchObject({
      fits: true,
      notes: ['loads_not_allowed_for_driver', 'loads_not_allowed_for_owner'],
    });
    // No owner: nothing to say about the owner's switch.
    expect(vehicleFit(load(), vehicle({ owner: null, loads_allowed_for_owner: false })).notes).toEqual([]);
  });
});

describe('statusAllows', () => {
  const base = { can_bid_while_on_load: false, uses_planned_location: false };
  it('allows Available and In bid, never Not available or Locked', () => {
    expect([1, 2, 4, 5, 7].map((id) => statusAllows({ ...base, status: { id } }))).toEqual([
      true,
      false,
      true,
      false,
      true,
    ]);
  });
  it('allows On load only when it may bid while on a load or is free at its planned location by the pick-up', () => {
    expect(statusAllows({ ...base, status: { id: 3 } })).toBe(false);
    expect(statusAllows({ ...base, status: { id: 3 }, can_bid_while_on_load: true })).toBe(true);
    expect(statusAllows({ ...base, status: { id: 3 }, uses_planned_location: true })).toBe(true);
  });
});

describe('footprintFits', () => {
  it('fits length by width either way round', () => {
    expect(footprintFits({ length: 48, width: 40 }, { length: 144, width: 52 })).toBe(true);
    expect(footprintFits({ length: 40, width: 100 }, { length: 144, width: 52 })).toBe(true);
    expect(footprintFits({ length: 53, width: 53 }, { length: 144, width: 52 })).toBe(false);
  });
});
