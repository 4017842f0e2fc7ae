import { describe, expect, it } from 'vitest';
import { routeDistanceMiles } from '../geo/geo.rules';
import { nearestTruckMiles, type BoardTruck } from './nearest-truck.rules';

// Dallas TX pick-up; trucks in Fort Worth (about 30 road miles), Austin (about 180) and Houston.
const DALLAS = { lat: 32.7767, lon: -96.797 };
const FORT_WORTH = { lat: 32.7555, lon: -97.3308 };
const AUSTIN = { lat: 30.2672, lon: -97.7431 };
const HOUSTON = { lat: 29.7604, lon: -95.3698 };

const truck = (transport_type: string, place: { lat: number; lon: number }): BoardTruck => ({
  transport_type,
  ...place,
});

describe("the board row's deadhead: the nearest truck of the load's type", () => {
  it('answers the road miles of the nearest truck of the same type, whatever the order', () => {
    const trucks = [truck('VAN', AUSTIN), truck('VAN', FORT_WORTH), truck('VAN', HOUSTON)];
    const miles = nearestTruckMiles(DALLAS, 'VAN', trucks);
    expect(miles).toBe(routeDistanceMiles([FORT_WORTH, DALLAS]));
    expect(miles).toBeGreaterThan(20);
    expect(miles).toBeLessThan(45);
  });

  it('counts only trucks of the load’s vehicle type', () => {
    const trucks = [truck('SPRINTER', FORT_WORTH), truck('VAN', AUSTIN)];
    expect(nearestTruckMiles(DALLAS, 'VAN', trucks)).toBe(routeDistanceMiles([AUSTIN, DALLAS]));
    expect(nearestTruckMiles(DALLAS, 'REEFER', trucks)).toBeNull();
  });

  it('answers null without a pick-up place or a vehicle type', () => {
    const trucks = [truck('VAN', FORT_WORTH)];
    expect(nearestTruckMiles(null, 'VAN', trucks)).toBeNull();
    expect(nearestTruckMiles(DALLAS, null, trucks)).toBeNull();
    expect(nearestTruckMiles(DALLAS, 'VAN', [])).toBeNull();
  });
});
