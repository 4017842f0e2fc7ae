// What a lane pays, from the company's own history: GET rate/prediction/{id}.
//
// The history is the company's loads that were hauled and paid: Delivered (8) and Completed (10), picked up
// within the last year. TONU loads (9, 11) are left out: their price is the fee for a truck not used, not
// what the lane pays, and a few of them would drag a lane's rate down.
//
// Rates differ by lane, vehicle type and length of haul, so the comparison starts narrow and widens step by
// step until it rests on at least RATE_PREDICTION_MIN_LOADS loads:
//   lane   - the same pick-up and delivery state or province, the same vehicle type, miles within 25%;
//   region - pick-up and delivery in the same regions (the US Census divisions, Canada's east, west and
//            north), the same vehicle type, miles within 25%;
//   type   - the same vehicle type anywhere, miles within 15% (a tighter band, as the places are now any).
// A load with no vehicle type compares with loads of any type. The prediction is the rate per mile's
// median and interquartile range (the middle half of the loads), times the load's miles: a rate per mile
// compares loads of slightly different lengths fairly, and the quartiles are not moved by one odd load.

export const RATE_PREDICTION_MIN_LOADS = 5;
export const RATE_HISTORY_DAYS = 365;
/** The load statuses whose prices count: Delivered and Completed. */
export const RATE_HISTORY_STATUSES = [8, 10] as const;

export const RATE_LEVELS = ['lane', 'region', 'type'] as const;
export type RateLevel = (typeof RATE_LEVELS)[number];

/** How far (a fraction of the load's miles) a load's miles may differ at each level. */
export const MILES_BAND: Record<RateLevel, number> = { lane: 0.25, region: 0.25, type: 0.15 };

/** The regions of the US (Census divisions) and Canada that the region level compares. */
const REGION_STATES: Record<string, readonly string[]> = {
  new_england: ['CT', 'ME', 'MA', 'NH', 'RI', 'VT'],
  middle_atlantic: ['NJ', 'NY', 'PA'],
  east_north_central: ['IL', 'IN', 'MI', 'OH', 'WI'],
  west_north_central: ['IA', 'KS', 'MN', 'MO', 'NE', 'ND', 'SD'],
  south_atlantic: ['DE', 'DC', 'FL', 'GA', 'MD', 'NC', 'SC', 'VA', 'WV'],
  east_south_central: ['AL', 'KY', 'MS', 'TN'],
  west_south_central: ['AR', 'LA', 'OK', 'TX'],
  mountain: ['AZ', 'CO', 'ID', 'MT', 'NV', 'NM', 'UT', 'WY'],
  pacific: ['AK', 'CA', 'HI', 'OR', 'WA'],
  canada_east: ['ON', 'QC', 'NB', 'NS', 'PE', 'NL'],
  canada_west: ['MB', 'SK', 'AB', 'BC'],
  canada_north: ['YT', 'NT', 'NU'],
};

export const RATE_REGIONS = Object.keys(REGION_STATES);

const REGION_OF_STATE = new Map(
  Object.entries(REGION_STATES).flatMap(([region, states]) =>
    states.map((state) => [state, region] as const),
  ),
);

/** The region of a state or province code ('TX' is west_south_central), or null for one not known. */
export function regionOf(state: string | null): string | null {
  return state === null ? null : (REGION_OF_STATE.get(state.toUpperCase()) ?? null);
}

/** Every state of a region: what the history's query compares a point's state with. */
export function statesOfRegion(region: string): readonly string[] {
  return REGION_STATES[region] ?? [];
}

/** The miles a compared load may have at a level: [min, max], whole miles. */
export function milesBand(miles: number, level: RateLevel): { min: number; max: number } {
  const band = MILES_BAND[level];
  return { min: Math.floor(miles * (1 - band)), max: Math.ceil(miles * (1 + band)) };
}

/** The history's figures at one level: how many loads and the quartiles of their rate per mile (cents). */
export type LevelFigures = {
  level: RateLevel;
  count: number;
  /** Cents per mile; null when count is 0. */
  q1: number | null;
  median: number | null;
  q3: number | null;
};

export type RatePrediction =
  | {
      enough_data: true;
      level: RateLevel;
      loads_count: number;
      /** Cents. */
      price: number;
      price_low: number;
      price_high: number;
      /** Cents per mile. */
      rate_per_mile: number;
      rate_per_mile_low: number;
      rate_per_mile_high: number;
    }
  | {
      enough_data: false;
      level: null;
      /** The most loads any level found (fewer than the minimum). */
      loads_count: number;
    };

/**
 * The prediction from the levels' figures, narrowest first: the first level that rests on at least the
 * minimum of loads, its rate per mile and the price for the load's miles; otherwise not enough data.
 */
export function predictRate(levels: readonly LevelFigures[], miles: number): RatePrediction {
  for (const figures of levels) {
    if (figures.count < RATE_PREDICTION_MIN_LOADS) continue;
    const { q1, median, q3 } = figures;
    if (q1 === null || median === null || q3 === null) continue;
    return {
      enough_data: true,
      level: figures.level,
      loads_count: figures.count,
      price: Math.round(median * miles),
      price_low: Math.round(q1 * miles),
      price_high: Math.round(q3 * miles),
      rate_per_mile: Math.round(median),
      rate_per_mile_low: Math.round(q1),
      rate_per_mile_high: Math.round(q3),
    };
  }
  return {
    enough_data: false,
    level: null,
    loads_count: Math.max(0, ...levels.map((figures) => figures.count)),
  };
}

/**
 * A quantile by linear interpolation between the two nearest values, as PostgreSQL's percentile_cont: the
 * same figure whether the database or a test computes it.
 */
export function quantile(sorted: readonly number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  const position = (sorted.length - 1) * fraction;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower]!;
  const high = sorted[upper]!;
  return low + (high - low) * (position - lower);
}
