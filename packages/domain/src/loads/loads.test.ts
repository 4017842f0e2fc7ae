import { describe, expect, it } from 'vitest';
import { haversineKm, routeDistanceMiles, transitTimeHours } from '../geo/geo.rules';
import {
  accountingStatusClass,
  clampDistance,
  formatHours,
  formatTransitTime,
  LOAD_POINT_TYPES,
  loadStatusClass,
  loadStatusDisplayName,
  padAccountingNumber,
} from './loads.rules';

describe('load status class by status', () => {
  it.each([1, 2, 3, 4, 5, 6, 7])('status %i (below 8) is active', (status) => {
    expect(loadStatusClass(status)).toBe('active');
  });
  it('status 8 is checkout', () => expect(loadStatusClass(8)).toBe('checkout'));
  it('status 9 is checkout', () => expect(loadStatusClass(9)).toBe('checkout'));
  it('status 10 is completed', () => expect(loadStatusClass(10)).toBe('completed'));
  it('status 11 is completed', () => expect(loadStatusClass(11)).toBe('completed'));
  it('status 12 is canceled', () => expect(loadStatusClass(12)).toBe('canceled'));
});

describe('load status class by accounting status', () => {
  it('accounting status 1 is checkout', () => expect(accountingStatusClass(1)).toBe('checkout'));
  it('accounting status 8 is completed', () => expect(accountingStatusClass(8)).toBe('completed'));
  it('accounting status 9 is canceled', () => expect(accountingStatusClass(9)).toBe('canceled'));
  it.each([0, 2, 3, 4, 5, 6, 7, 10, null, undefined])(
    'any other accounting status (%s) is active',
    (status) => {
      expect(accountingStatusClass(status)).toBe('active');
    },
  );
});

describe('load status display name', () => {
  it('status 2 with a number appends the number', () => {
    expect(loadStatusDisplayName(2, 2)).toBe('In Transit to Pick-up 2');
  });
  it('status 3 with a number appends the number', () => {
    expect(loadStatusDisplayName(3, 2)).toBe('Arrived to Pick-up 2');
  });
  it('status 5 with a number appends the number', () => {
    expect(loadStatusDisplayName(5, 3)).toBe('In Transit to Delivery 3');
  });
  it('status 6 with a number appends the number', () => {
    expect(loadStatusDisplayName(6, 3)).toBe('Arrived to Delivery 3');
  });
  it('status 4 with a number appends it in parentheses', () => {
    expect(loadStatusDisplayName(4, 2)).toBe('Loaded (2)');
  });
  it('status 7 with a number appends it in parentheses', () => {
    expect(loadStatusDisplayName(7, 2)).toBe('Unloaded (2)');
  });
  it('a status with no number is the plain name', () => {
    expect(loadStatusDisplayName(2)).toBe('In Transit to Pick-up');
    expect(loadStatusDisplayName(4, null)).toBe('Loaded');
  });
  it('other statuses ignore the number', () => {
    expect(loadStatusDisplayName(1, 2)).toBe('Waiting to accept');
    expect(loadStatusDisplayName(8, 2)).toBe('Delivered');
    expect(loadStatusDisplayName(12, 2)).toBe('Canceled');
  });
  it('an unknown status is Unknown', () => {
    expect(loadStatusDisplayName(13)).toBe('Unknown');
    expect(loadStatusDisplayName(0, 2)).toBe('Unknown');
    expect(loadStatusDisplayName(null)).toBe('Unknown');
  });
  it('names are in Russian too', () => {
    expect(loadStatusDisplayName(2, 2, 'ru')).toBe('Едет на погрузку 2');
    expect(loadStatusDisplayName(4, 2, 'ru')).toBe('Загружен (2)');
    expect(loadStatusDisplayName(99, undefined, 'ru')).toBe('Неизвестно');
  });
});

describe('accounting number', () => {
  it('is padded to 6 digits', () => expect(padAccountingNumber(42)).toBe('000042'));
  it('keeps a 6-digit number as it is', () => expect(padAccountingNumber(123456)).toBe('123456'));
  it('keeps a longer number whole', () => expect(padAccountingNumber(1234567)).toBe('1234567'));
  it('pads a number given as text', () => expect(padAccountingNumber('7')).toBe('000007'));
});

describe('distance helper', () => {
  it('0 becomes 1', () => expect(clampDistance(0)).toBe(1));
  it("'0' becomes 1", () => expect(clampDistance('0')).toBe(1));
  it('above 300 becomes 300', () => {
    expect(clampDistance(301)).toBe(300);
    expect(clampDistance('1000')).toBe(300);
  });
  it('otherwise the number', () => {
    expect(clampDistance(1)).toBe(1);
    expect(clampDistance(150)).toBe(150);
    expect(clampDistance('75')).toBe(75);
    expect(clampDistance(300)).toBe(300);
  });
  it('text that is not a number becomes 1', () => {
    expect(clampDistance('')).toBe(1);
    expect(clampDistance('abc')).toBe(1);
  });
});

describe('route distance estimate', () => {
  it('uses the earth radius of 6371 km', () => {
    // One degree of latitude is 6371 * pi / 180 km.
    expect(haversineKm({ lat: 40, lon: -75 }, { lat: 41, lon: -75 })).toBeCloseTo(111.19493, 4);
  });
  it('divides by 0.86, converts to miles by 0.621371 and floors', () => {
    // 111.19493 / 0.86 * 0.621371 = 80.34
    expect(
      routeDistanceMiles([
        { lat: 40, lon: -75 },
        { lat: 41, lon: -75 },
      ]),
    ).toBe(80);
  });
  it('sums the legs between consecutive points', () => {
    const newYork = { lat: 40.7128, lon: -74.006 };
    const philadelphia = { lat: 39.9526, lon: -75.1652 };
    const washington = { lat: 38.9072, lon: -77.0369 };
    expect(routeDistanceMiles([newYork, philadelphia])).toBe(93);
    expect(routeDistanceMiles([newYork, philadelphia, washington])).toBe(236);
  });
  it('floors the total, not each leg', () => {
    // Each 0.6 degree leg is 48.205 miles: five legs are 241.02 miles (5 * 48 would be 240).
    const points = [0, 0.6, 1.2, 1.8, 2.4, 3].map((offset) => ({ lat: 40 + offset, lon: -75 }));
    expect(routeDistanceMiles(points)).toBe(241);
  });
  it('is 0 for fewer than two points', () => {
    expect(routeDistanceMiles([])).toBe(0);
    expect(routeDistanceMiles([{ lat: 40, lon: -75 }])).toBe(0);
  });
});

describe('transit time', () => {
  it('is the miles at 50 mph', () => {
    expect(transitTimeHours(50)).toBe(1);
    expect(transitTimeHours(125)).toBe(2.5);
  });
  it("formats as 'H h M min'", () => {
    expect(formatTransitTime(125)).toBe('2 h 30 min');
    expect(formatTransitTime(20)).toBe('0 h 24 min');
    expect(formatHours(10)).toBe('10 h 0 min');
  });
  it('formats in Russian', () => expect(formatTransitTime(125, 'ru')).toBe('2 ч 30 мин'));
});

describe('load point types', () => {
  it('are pick_up and deliver_to with their names', () => {
    expect(LOAD_POINT_TYPES.map((type) => [type.id, type.en, type.ru])).toEqual([
      ['pick_up', 'Pick-up', 'Погрузка'],
      ['deliver_to', 'Delivery', 'Выгрузка'],
    ]);
  });
});
