import { VEHICLE_STATUS_IDS, VEHICLE_TYPE_IDS } from '@app/domain/common/lookups';
import type { VehicleStatusId, VehicleType } from '@app/domain/common/lookups';
import { clampDistance } from '@app/domain/loads/loads.rules';
import { DEFAULT_CAPACITY_RADIUS_MILES } from '@app/domain/units/units.schema';
import type { CapacityFilters, CapacityPlace } from '../api/capacity-search';

// The capacity search lives in the page address (/units/map/?lat=..&lon=..&radius=..), so a search can be
// reloaded, shared, and opened from a load (?load_id=42). Anything unreadable in the address reads as unset.

export type CapacityOrigin = 'place' | 'load';

export type CapacitySearchState = {
  origin: CapacityOrigin;
  place: CapacityPlace | null;
  loadId: number | null;
  filters: CapacityFilters;
};

/** The radius choices in miles (the product's distance range is 1..300). */
export const RADIUS_CHOICES = [25, 50, 100, 150, 200, 250, 300] as const;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function numberParam(params: URLSearchParams, name: string): number | null {
  const text = params.get(name);
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

function listParam<Item extends string | number>(
  params: URLSearchParams,
  name: string,
  allowed: readonly Item[],
): Item[] {
  const parts = (params.get(name) ?? '').split(',').map((part) => part.trim());
  return allowed.filter((item) => parts.includes(String(item)));
}

export function readCapacitySearch(params: URLSearchParams): CapacitySearchState {
  const lat = numberParam(params, 'lat');
  const lon = numberParam(params, 'lon');
  const loadId = numberParam(params, 'load_id');
  const validLoadId = loadId !== null && Number.isInteger(loadId) && loadId > 0 ? loadId : null;
  const place =
    lat !== null && lon !== null && Math.abs(lat) <= 90 && Math.abs(lon) <= 180
      ? { lat, lon, address: params.get('address') ?? '' }
      : null;
  const radius = numberParam(params, 'radius');
  const date = params.get('date');
  return {
    origin: params.get('from') === 'load' || (validLoadId !== null && place === null) ? 'load' : 'place',
    place,
    loadId: validLoadId,
    filters: {
      radius: radius === null ? DEFAULT_CAPACITY_RADIUS_MILES : clampDistance(radius),
      transportTypes: listParam<VehicleType>(params, 'type', VEHICLE_TYPE_IDS),
      statuses: listParam<VehicleStatusId>(params, 'status', VEHICLE_STATUS_IDS),
      availableDate: date && DATE_ONLY.test(date) ? date : null,
    },
  };
}

export function writeCapacitySearch(state: CapacitySearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.origin === 'load') params.set('from', 'load');
  if (state.place) {
    params.set('lat', String(state.place.lat));
    params.set('lon', String(state.place.lon));
    if (state.place.address) params.set('address', state.place.address);
  }
  if (state.loadId !== null) params.set('load_id', String(state.loadId));
  if (state.filters.radius !== DEFAULT_CAPACITY_RADIUS_MILES)
    params.set('radius', String(state.filters.radius));
  if (state.filters.transportTypes.length > 0) params.set('type', state.filters.transportTypes.join(','));
  if (state.filters.statuses.length > 0) params.set('status', state.filters.statuses.join(','));
  if (state.filters.availableDate) params.set('date', state.filters.availableDate);
  return params;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A change the form made from the search it showed (`shown` to `next`), put on the search last written to
 * the address (`latest`): only what the change touched is taken from it. A change made before the one
 * before it is on screen (a radius picked while the place just chosen is still being shown) so keeps that
 * one, instead of writing the older search back over it.
 */
export function applyCapacityChange(
  shown: CapacitySearchState,
  next: CapacitySearchState,
  latest: CapacitySearchState,
): CapacitySearchState {
  const pick = <Key extends keyof CapacitySearchState>(key: Key) =>
    same(next[key], shown[key]) ? latest[key] : next[key];
  const pickFilter = <Key extends keyof CapacityFilters>(key: Key) =>
    same(next.filters[key], shown.filters[key]) ? latest.filters[key] : next.filters[key];
  return {
    origin: pick('origin'),
    place: pick('place'),
    loadId: pick('loadId'),
    filters: {
      radius: pickFilter('radius'),
      transportTypes: pickFilter('transportTypes'),
      statuses: pickFilter('statuses'),
      availableDate: pickFilter('availableDate'),
    },
  };
}
