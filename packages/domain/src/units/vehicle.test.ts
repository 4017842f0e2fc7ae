import { describe, expect, it } from 'vitest';
import { routeDistanceMiles } from '../geo/geo.rules';
import {
  bulkStatusChangeRefusal,
  canDoVehicleAction,
  canViewPhoneNumber,
  deadheadMiles,
  effectivePosition,
  etaAt,
  expiryState,
  EXPIRY_WARNING_DAYS,
  formatDisplayDateTime,
  isExpiryFlagged,
  isUnitNotActive,
  locationAgeLabel,
  NOT_ACTIVE_TOOLTIP,
  phoneForViewer,
  rankByDeadhead,
  searchBoundingBox,
  trackingPauseError,
  trackingState,
  trackingStateLabel,
  vehicleStatusChangeRefusal,
  VEHICLE_ROLES,
  type CapacityVehicle,
} from './vehicle.rules';

// 10 March 2026, 12:00 in New York (EDT from 8 March: UTC-4).
const NOW = new Date('2026-03-10T16:00:00Z');

describe('licence and insurance expiry', () => {
  it('warns 30 days ahead', () => expect(EXPIRY_WARNING_DAYS).toBe(30));
  it('a date before today is expired', () => {
    expect(expiryState('2026-03-09', NOW)).toBe('expired');
  });
  it('today is the last valid day: expiring, not expired', () => {
    expect(expiryState('2026-03-10', NOW)).toBe('expiring');
  });
  it('a date within 30 days is expiring', () => {
    expect(expiryState('2026-04-09', NOW)).toBe('expiring');
  });
  it('a date 31 days ahead is ok', () => {
    expect(expiryState('2026-04-10', NOW)).toBe('ok');
  });
  it('no date is missing', () => {
    expect(expiryState(null, NOW)).toBe('missing');
    expect(expiryState('', NOW)).toBe('missing');
    expect(expiryState('not a date', NOW)).toBe('missing');
  });
  it('days are Eastern calendar days', () => {
    // 02:00 UTC on 11 March is still 10 March in New York.
    expect(expiryState('2026-03-10', new Date('2026-03-11T02:00:00Z'))).toBe('expiring');
    expect(expiryState('2026-03-10', new Date('2026-03-11T05:00:00Z'))).toBe('expired');
  });
  it('the day turns at Eastern midnight, one instant after another', () => {
    // Midnight in New York is 04:00 UTC in summer time and 05:00 UTC in standard time (from 1 November).
    expect(expiryState('2026-03-10', new Date('2026-03-11T03:59:59.999Z'))).toBe('expiring');
    expect(expiryState('2026-03-10', new Date('2026-03-11T04:00:00.000Z'))).toBe('expired');
    expect(expiryState('2026-11-01', new Date('2026-11-02T04:59:59.999Z'))).toBe('expiring');
    expect(expiryState('2026-11-01', new Date('2026-11-02T05:00:00.000Z'))).toBe('expired');
  });
  it('expired and expiring are flagged in the table', () => {
    expect(isExpiryFlagged('expired')).toBe(true);
    expect(isExpiryFlagged('expiring')).toBe(true);
    expect(isExpiryFlagged('ok')).toBe(false);
    expect(isExpiryFlagged('missing')).toBe(false);
  });
});

describe('loads for the driver and owner', () => {
  it('the not-active tooltip says the driver and owner cannot see any loads for this vehicle', () => {
    expect(NOT_ACTIVE_TOOLTIP.en).toBe(
      'This driver and the owner cannot see any loads for this vehicle in their loadboard.',
    );
    expect(NOT_ACTIVE_TOOLTIP.ru).toMatch(/водитель/);
    expect(NOT_ACTIVE_TOOLTIP.ru).toMatch(/владелец/);
  });
  it('a unit is not active when loads are forbidden for both driver and owner', () => {
    expect(isUnitNotActive({ loads_allowed_for_driver: false, loads_allowed_for_owner: false })).toBe(true);
    expect(isUnitNotActive({ loads_allowed_for_driver: false, loads_allowed_for_owner: true })).toBe(false);
    expect(isUnitNotActive({ loads_allowed_for_driver: true, loads_allowed_for_owner: true })).toBe(false);
  });
});

describe('phone numbers (canViewNumber)', () => {
  const hidden = { is_visible_phone_numbers: false };
  it('role 4 sees them', () => expect(canViewPhoneNumber(4, hidden)).toBe(true));
  it('other roles do not', () => {
    for (const role of [3, 5, 6, 7, 8, 13]) expect(canViewPhoneNumber(role, hidden)).toBe(false);
  });
  it('everyone sees them when the company shows phones to all users', () => {
    expect(canViewPhoneNumber(5, { is_visible_phone_numbers: true })).toBe(true);
  });
  it('a superuser sees them', () => expect(canViewPhoneNumber(null, hidden, true)).toBe(true));
  it('a hidden number is null', () => {
    expect(phoneForViewer('(555) 123-4567', false)).toBeNull();
    expect(phoneForViewer('(555) 123-4567', true)).toBe('(555) 123-4567');
  });
});

describe('location age', () => {
  it('reads Now, N min ago, N hours ago, then a date', () => {
    expect(locationAgeLabel('2026-03-10T15:59:30Z', NOW)).toBe('Now');
    expect(locationAgeLabel('2026-03-10T15:55:00Z', NOW)).toBe('5 min ago');
    expect(locationAgeLabel('2026-03-10T13:00:00Z', NOW)).toBe('3 hours ago');
    expect(locationAgeLabel('2026-03-08T16:00:00Z', NOW)).toBe('03/08/2026');
  });
  it('in Russian', () => {
    expect(locationAgeLabel('2026-03-10T15:55:00Z', NOW, 'ru')).toBe('5 мин назад');
    // Past a day the date reads day first, as every Russian date beside it.
    expect(locationAgeLabel('2026-03-08T16:00:00Z', NOW, 'ru')).toBe('08.03.2026');
  });
  it('a location never set', () => {
    expect(locationAgeLabel(null, NOW)).toBe('Never updated');
    expect(locationAgeLabel(null, NOW, 'ru')).toBe('Не обновлялось');
  });
});

describe('tracking', () => {
  it('is on when active', () => {
    expect(trackingState({ is_tracking_active: true, inactive_tracking_until: null }, NOW)).toEqual({
      state: 'on',
    });
  });
  it('is paused until a time ahead', () => {
    const until = '2026-03-10T20:00:00Z';
    expect(trackingState({ is_tracking_active: false, inactive_tracking_until: until }, NOW)).toEqual({
      state: 'paused',
      until,
    });
  });
  it('is off when switched off with no end', () => {
    expect(trackingState({ is_tracking_active: false, inactive_tracking_until: null }, NOW)).toEqual({
      state: 'off',
    });
  });
  it('is on again once the pause has ended', () => {
    expect(
      trackingState({ is_tracking_active: false, inactive_tracking_until: '2026-03-10T15:00:00Z' }, NOW),
    ).toEqual({ state: 'on' });
  });
  it('labels show the pause end in Eastern time as hh:mma MM/DD/YYYY', () => {
    expect(formatDisplayDateTime('2026-03-10T20:30:00Z')).toBe('04:30PM 03/10/2026');
    expect(formatDisplayDateTime('2026-01-15T05:05:00Z')).toBe('12:05AM 01/15/2026');
    expect(trackingStateLabel({ state: 'paused', until: '2026-03-10T20:30:00Z' })).toBe(
      'Paused until 04:30PM 03/10/2026',
    );
    expect(trackingStateLabel({ state: 'on' })).toBe('On');
    expect(trackingStateLabel({ state: 'off' }, 'ru')).toBe('Выключен');
  });
  it('a pause must end in the future', () => {
    expect(trackingPauseError('2026-03-10T15:00:00Z', NOW)).toBe('The pause must end in the future');
    expect(trackingPauseError('2026-03-10T16:00:00Z', NOW)).toBe('The pause must end in the future');
    expect(trackingPauseError('2026-03-10T17:00:00Z', NOW)).toBeNull();
    expect(trackingPauseError(null, NOW)).toBeNull();
  });
});

describe('status changes', () => {
  it('a vehicle On load keeps its status', () => {
    expect(vehicleStatusChangeRefusal(3)).toBe('The status of a vehicle on load changes with its load.');
  });
  it('Available, Not available, In bid and Locked vehicles may be set', () => {
    for (const status of [1, 2, 4, 5, 7]) expect(vehicleStatusChangeRefusal(status)).toBeNull();
  });
  it('a bulk change is refused when any vehicle is on load, naming them', () => {
    expect(
      bulkStatusChangeRefusal([
        { unit_id: '101', status: 1 },
        { unit_id: '102', status: 3 },
        { unit_id: '103', status: 3 },
      ]),
    ).toBe('These vehicles are on load and keep their status: 102, 103.');
    expect(bulkStatusChangeRefusal([{ unit_id: '101', status: 2 }])).toBeNull();
  });
});

// Places for the capacity search.
const CHICAGO = { lat: 41.8781, lon: -87.6298 };
const MILWAUKEE = { lat: 43.0389, lon: -87.9065 };
const INDIANAPOLIS = { lat: 39.7684, lon: -86.1581 };
const DETROIT = { lat: 42.3314, lon: -83.0458 };

const vehicle = (id: number, overrides: Partial<CapacityVehicle> = {}): CapacityVehicle => ({
  id,
  location: CHICAGO,
  future_location: null,
  location_status: 1,
  ...overrides,
});

describe('capacity search: where a vehicle counts', () => {
  const planned = { ...MILWAUKEE, available_date: '2026-03-11T14:00:00Z' };
  it('at its current location with type current', () => {
    expect(effectivePosition(vehicle(1, { future_location: planned }), '2026-03-12T00:00:00Z')).toEqual({
      ...CHICAGO,
      planned: false,
      available_at: null,
    });
  });
  it('at its planned location with type planned when free by the available date', () => {
    const position = effectivePosition(
      vehicle(1, { future_location: planned, location_status: 2 }),
      '2026-03-12T00:00:00Z',
    );
    expect(position).toEqual({ ...MILWAUKEE, planned: true, available_at: new Date(planned.available_date) });
  });
  it('at its planned location with type both, free exactly at the available date', () => {
    const position = effectivePosition(
      vehicle(1, { future_location: planned, location_status: 3 }),
      planned.available_date,
    );
    expect(position?.planned).toBe(true);
  });
  it('at its current location when the planned one is free only after the available date', () => {
    const position = effectivePosition(
      vehicle(1, { future_location: planned, location_status: 3 }),
      '2026-03-11T13:59:59Z',
    );
    expect(position).toEqual({ ...CHICAGO, planned: false, available_at: null });
  });
  it('nowhere without coordinates', () => {
    expect(effectivePosition(vehicle(1, { location: null }), NOW)).toBeNull();
    expect(effectivePosition(vehicle(1, { location: { lat: null, lon: null } }), NOW)).toBeNull();
  });
});

describe('capacity search: distance and arrival', () => {
  it('deadhead miles are the product road estimate', () => {
    expect(deadheadMiles(CHICAGO, INDIANAPOLIS)).toBe(routeDistanceMiles([CHICAGO, INDIANAPOLIS]));
    // About 265 km in a straight line: / 0.86 * 0.621371 = 191.6, floored.
    expect(deadheadMiles(CHICAGO, INDIANAPOLIS)).toBe(191);
  });
  it('ETA is at 50 mph: 125 miles take 2 h 30 min', () => {
    expect(etaAt(NOW, 125).toISOString()).toBe('2026-03-10T18:30:00.000Z');
  });
  it('0 miles arrive now', () => expect(etaAt(NOW, 0).getTime()).toBe(NOW.getTime()));
});

describe('capacity search: ranking', () => {
  const vehicles = [
    vehicle(1, { location: DETROIT }),
    vehicle(2, { location: INDIANAPOLIS }),
    vehicle(3, { location: MILWAUKEE }),
    vehicle(4, { location: null }),
  ];
  it('orders by deadhead miles, closest first, leaving out vehicles without a position', () => {
    const ranked = rankByDeadhead(vehicles, CHICAGO, { availableBy: NOW, now: NOW });
    expect(ranked.map((match) => match.vehicle.id)).toEqual([3, 2, 1]);
    expect(ranked[0]!.deadhead_miles).toBe(deadheadMiles(MILWAUKEE, CHICAGO));
  });
  it('keeps those within the radius', () => {
    const radius = deadheadMiles(INDIANAPOLIS, CHICAGO);
    const ranked = rankByDeadhead(vehicles, CHICAGO, { availableBy: NOW, now: NOW, radiusMiles: radius });
    expect(ranked.map((match) => match.vehicle.id)).toEqual([3, 2]);
  });
  it('answers at most the limit', () => {
    const ranked = rankByDeadhead(vehicles, CHICAGO, { availableBy: NOW, now: NOW, limit: 1 });
    expect(ranked.map((match) => match.vehicle.id)).toEqual([3]);
  });
  it('a vehicle at its current location leaves now', () => {
    const [match] = rankByDeadhead([vehicle(2, { location: INDIANAPOLIS })], CHICAGO, {
      availableBy: NOW,
      now: NOW,
    });
    expect(match!.eta).toEqual(etaAt(NOW, match!.deadhead_miles));
    expect(match!.uses_planned_location).toBe(false);
  });
  it('a vehicle counted at its planned location leaves when it is free there', () => {
    const free = '2026-03-11T14:00:00Z';
    const [match] = rankByDeadhead(
      [
        vehicle(5, {
          location: DETROIT,
          location_status: 3,
          future_location: { ...MILWAUKEE, available_date: free },
        }),
      ],
      CHICAGO,
      { availableBy: '2026-03-12T00:00:00Z', now: NOW },
    );
    expect(match!.uses_planned_location).toBe(true);
    expect(match!.deadhead_miles).toBe(deadheadMiles(MILWAUKEE, CHICAGO));
    expect(match!.eta).toEqual(etaAt(new Date(free), match!.deadhead_miles));
  });
  it('a planned location already free leaves now', () => {
    const [match] = rankByDeadhead(
      [
        vehicle(5, {
          location_status: 2,
          future_location: { ...MILWAUKEE, available_date: '2026-03-09T00:00:00Z' },
        }),
      ],
      CHICAGO,
      { availableBy: NOW, now: NOW },
    );
    expect(match!.eta).toEqual(etaAt(NOW, match!.deadhead_miles));
  });
  it('equal miles go by earlier arrival, then id', () => {
    const later = { ...MILWAUKEE, available_date: '2026-03-11T00:00:00Z' };
    const ranked = rankByDeadhead(
      [
        vehicle(9, { location: MILWAUKEE }),
        vehicle(8, { location: null, location_status: 2, future_location: later }),
        vehicle(7, { location: MILWAUKEE }),
      ],
      CHICAGO,
      { availableBy: '2026-03-12T00:00:00Z', now: NOW },
    );
    expect(ranked.map((match) => match.vehicle.id)).toEqual([7, 9, 8]);
  });
});

describe('capacity search: bounding box', () => {
  it('holds every place within the radius, at its edge too', () => {
    const radius = deadheadMiles(CHICAGO, INDIANAPOLIS);
    const box = searchBoundingBox(CHICAGO, radius);
    expect(INDIANAPOLIS.lat).toBeGreaterThanOrEqual(box.min_lat);
    // A place due east at the radius, and due south.
    const east = { lat: CHICAGO.lat, lon: CHICAGO.lon + 0.01 };
    while (deadheadMiles(CHICAGO, { ...east, lon: east.lon + 0.01 }) <= radius) east.lon += 0.01;
    expect(east.lon).toBeLessThanOrEqual(box.max_lon);
    const south = { lat: CHICAGO.lat - 0.01, lon: CHICAGO.lon };
    while (deadheadMiles(CHICAGO, { ...south, lat: south.lat - 0.01 }) <= radius) south.lat -= 0.01;
    expect(south.lat).toBeGreaterThanOrEqual(box.min_lat);
  });
  it('leaves out what is well beyond the radius', () => {
    const box = searchBoundingBox(CHICAGO, 100);
    expect(DETROIT.lon).toBeGreaterThan(box.max_lon);
    expect(INDIANAPOLIS.lat).toBeLessThan(box.min_lat);
  });
});

describe('who may do what with vehicles', () => {
  it("views with the vehicles page's roles and searches capacity with the maps' roles", () => {
    expect(VEHICLE_ROLES.view).toEqual([3, 4, 5, 6, 7, 8]);
    expect(VEHICLE_ROLES.capacity).toEqual([3, 4, 5, 6]);
  });
  it('the dispatch floor keeps location, status and tracking; admins, managers and HR keep the details', () => {
    expect(canDoVehicleAction('operate', { role: 6 })).toBe(true);
    expect(canDoVehicleAction('operate', { role: 8 })).toBe(false);
    expect(canDoVehicleAction('editDetails', { role: 8 })).toBe(true);
    expect(canDoVehicleAction('editDetails', { role: 5 })).toBe(false);
    expect(canDoVehicleAction('view', { role: 13 })).toBe(false);
  });
  it('a superuser may do everything; no role may do nothing', () => {
    expect(canDoVehicleAction('editDetails', { role: null, is_superuser: true })).toBe(true);
    expect(canDoVehicleAction('view', { role: null })).toBe(false);
  });
});
