import { describe, expect, it } from 'vitest';
import { VEHICLE_TYPE_IDS } from '../common/lookups';
import {
  analyseCargo,
  analyseCargoForAllTypes,
  CARGO_SPECS,
  floorPositions,
  type CargoLoad,
} from './cargo-analysis.rules';

const spec = (type: string) => CARGO_SPECS.find((entry) => entry.vehicle_type === type)!;

const pallets = (overrides: Partial<CargoLoad> = {}): CargoLoad => ({
  length: 48,
  width: 40,
  height: 48,
  weight: 2000,
  pieces: 2,
  stackable: false,
  hazardous: false,
  dock_level: false,
  ...overrides,
});

describe('the typical cargo space table', () => {
  it('has every vehicle type once, the cargo van at 10 ft x 53 in x 50 in and 3,500 lbs', () => {
    expect(CARGO_SPECS.map((entry) => entry.vehicle_type).sort()).toEqual([...VEHICLE_TYPE_IDS].sort());
    expect(spec('CARGO VAN')).toMatchObject({ length: 120, width: 53, height: 50, payload: 3500 });
    expect(spec('VAN')).toMatchObject({ length: 630, payload: 45_000, dock_high: true });
  });
});

describe('analyseCargo', () => {
  it('fills a cargo van with two standard pallets: floor, volume and payload percent', () => {
    // Two 48x40 pallets: 3,840 sq in of 6,360 = 60.4%; 48 in tall of 50: 3,840*48 / 318,000 = 58.0%.
    expect(analyseCargo(pallets(), spec('CARGO VAN'))).toEqual({
      vehicle_type: 'CARGO VAN',
      fits: true,
      reasons: [],
      // Turned 40 in along the 120 in floor, three pallets fit side by side.
      capacity_pieces: 3,
      floor_percent: 60.4,
      volume_percent: 58,
      payload_percent: 57.1,
    });
  });

  it('has no room for a fourth pallet in a cargo van unless the pallets stack (48 in ones cannot: 2 x 48 > 50)', () => {
    const four = analyseCargo(pallets({ pieces: 4 }), spec('CARGO VAN'));
    expect(four).toMatchObject({ fits: false, reasons: ['no_room'], capacity_pieces: 3 });
    expect(analyseCargo(pallets({ pieces: 4, stackable: true }), spec('CARGO VAN')).fits).toBe(false);
    const stackedLow = analyseCargo(pallets({ pieces: 4, height: 24, stackable: true }), spec('CARGO VAN'));
    // 24 in boxes stack two high: 3 floor spots x 2 tiers = 6 pieces; 2 stacks take 60.4% of the floor.
    expect(stackedLow).toMatchObject({ fits: true, capacity_pieces: 6, floor_percent: 60.4 });
  });

  it('refuses a type too small, too low and too weak, and a payload over 100 percent', () => {
    const big = pallets({ length: 130, width: 60, height: 80, weight: 4000, pieces: 1 });
    expect(analyseCargo(big, spec('CARGO VAN'))).toMatchObject({
      fits: false,
      reasons: ['too_large', 'too_tall', 'too_heavy'],
      capacity_pieces: null,
      payload_percent: 114.3,
    });
    expect(analyseCargo(big, spec('BOX TRUCK')).fits).toBe(true);
  });

  it('needs a dock-high floor or a lift-gate for a dock-level load, and a hazmat type for a hazardous one', () => {
    expect(analyseCargo(pallets({ dock_level: true }), spec('SPRINTER')).reasons).toEqual(['not_dock_level']);
    expect(analyseCargo(pallets({ dock_level: true }), spec('BOX TRUCK')).reasons).toEqual([]);
    expect(analyseCargo(pallets({ hazardous: true }), spec('BOX TRUCK')).reasons).toEqual(['not_hazmat']);
    expect(analyseCargo(pallets({ hazardous: true }), spec('LARGE STRAIGHT')).reasons).toEqual([]);
  });

  it('answers the payload alone for a load without dimensions', () => {
    const fit = analyseCargo(
      pallets({ length: null, width: null, height: null, weight: 1750 }),
      spec('CARGO VAN'),
    );
    expect(fit).toMatchObject({
      fits: true,
      capacity_pieces: null,
      floor_percent: null,
      volume_percent: null,
      payload_percent: 50,
    });
  });

  it('lists every type smallest first, the small ones refusing 12 pallets a 53 ft van takes', () => {
    const results = analyseCargoForAllTypes(pallets({ pieces: 12, weight: 12_000 }));
    expect(results.map((fit) => fit.vehicle_type)).toEqual(CARGO_SPECS.map((entry) => entry.vehicle_type));
    expect(results.filter((fit) => fit.fits).map((fit) => fit.vehicle_type)).toEqual([
      'FLATBED',
      'REEFER',
      'VAN',
      'TRACTOR',
    ]);
  });
});

describe('floorPositions', () => {
  it('lays pieces the better way round', () => {
    // 48x40 pallets in a 53 ft x 100 in van: 13 rows of two along (26), or 15 rows of two across (30).
    expect(floorPositions({ length: 48, width: 40 }, { length: 630, width: 100 })).toBe(30);
  });
});
