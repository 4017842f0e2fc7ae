import { describe, expect, it } from 'vitest';
import {
  milesBand,
  predictRate,
  quantile,
  regionOf,
  statesOfRegion,
  type LevelFigures,
} from './rate-prediction.rules';

const figures = (
  level: LevelFigures['level'],
  count: number,
  q1 = 200,
  median = 250,
  q3 = 300,
): LevelFigures => ({
  level,
  count,
  q1: count > 0 ? q1 : null,
  median: count > 0 ? median : null,
  q3: count > 0 ? q3 : null,
});

describe('predictRate', () => {
  it('answers the lane when it rests on at least 5 loads: median and quartiles times the miles', () => {
    expect(predictRate([figures('lane', 5), figures('region', 40), figures('type', 900)], 400)).toEqual({
      enough_data: true,
      level: 'lane',
      loads_count: 5,
      price: 100_000,
      price_low: 80_000,
      price_high: 120_000,
      rate_per_mile: 250,
      rate_per_mile_low: 200,
      rate_per_mile_high: 300,
    });
  });

  it('widens to the region, then to the type, when a level has fewer than 5 loads', () => {
    expect(
      predictRate([figures('lane', 4), figures('region', 6, 180, 190, 200), figures('type', 50)], 100),
    ).toMatchObject({ level: 'region', loads_count: 6, price: 19_000, rate_per_mile: 190 });
    expect(predictRate([figures('lane', 0), figures('region', 4), figures('type', 5)], 100)).toMatchObject({
      level: 'type',
      loads_count: 5,
    });
  });

  it('says not enough data with the most loads any level found', () => {
    expect(predictRate([figures('lane', 1), figures('region', 3), figures('type', 4)], 100)).toEqual({
      enough_data: false,
      level: null,
      loads_count: 4,
    });
  });

  it('doubles with the history: twice the rates, twice the price', () => {
    const once = predictRate([figures('lane', 8, 210, 233.5, 260)], 512);
    const twice = predictRate([figures('lane', 8, 420, 467, 520)], 512);
    if (!once.enough_data || !twice.enough_data) throw new Error('expected a prediction');
    expect(twice.price).toBe(once.price * 2);
    expect(twice.rate_per_mile_high).toBe(once.rate_per_mile_high * 2);
  });
});

describe('the comparison', () => {
  it('groups states and provinces in regions', () => {
    expect(regionOf('TX')).toBe('west_south_central');
    expect(regionOf('ok')).toBe('west_south_central');
    expect(regionOf('ON')).toBe('canada_east');
    expect(regionOf('ZZ')).toBeNull();
    expect(regionOf(null)).toBeNull();
    expect(statesOfRegion('new_england')).toEqual(['CT', 'ME', 'MA', 'NH', 'RI', 'VT']);
  });

  it('keeps miles within 25% at lane and region, 15% at type', () => {
    expect(milesBand(400, 'lane')).toEqual({ min: 300, max: 500 });
    expect(milesBand(400, 'region')).toEqual({ min: 300, max: 500 });
    expect(milesBand(239, 'type')).toEqual({ min: 203, max: 275 });
  });

  it('computes quartiles as PostgreSQL percentile_cont does', () => {
    const sorted = [100, 200, 300, 400, 1000];
    expect([0.25, 0.5, 0.75].map((fraction) => quantile(sorted, fraction))).toEqual([200, 300, 400]);
    expect(quantile([100, 200], 0.25)).toBe(125);
    expect(quantile([], 0.5)).toBeNull();
  });
});
