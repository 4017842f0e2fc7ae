import { VEHICLE_STATUS_IDS, VEHICLE_TYPE_IDS } from '@app/domain/common/lookups';
import type { VehicleStatusId, VehicleType } from '@app/domain/common/lookups';
import type { QueryParams } from '@/lib/http-client';

// The filter set of the vehicles table, kept in local storage so that the table opens as it was left (the
// same saved-filter behaviour as the load lists).

export type VehicleListFilters = {
  /** Unit ID, VIN, licence plate, driver or owner name. */
  search: string;
  status: VehicleStatusId[];
  transport_type: VehicleType[];
  dispatcher: number | null;
  owner: number | null;
  driver: number | null;
  wg: number | null;
  sub_wg: number | null;
  /** The state or province of the current location. */
  state: string | null;
};

export type PickedVehicleFilter = 'dispatcher' | 'owner' | 'driver';

/** The names of the picked people, so that a saved set shows them before any search is made. */
export type PickedVehicleLabels = Partial<Record<PickedVehicleFilter, string>>;

export const VEHICLE_LIST_LIMITS = [25, 50, 100] as const;
export type VehicleListLimit = (typeof VEHICLE_LIST_LIMITS)[number];

export type VehicleListState = {
  filters: VehicleListFilters;
  labels: PickedVehicleLabels;
  limit: VehicleListLimit;
};

export const VEHICLE_LIST_STORAGE_KEY = 'units_vehicles_filters';

export const EMPTY_VEHICLE_FILTERS: VehicleListFilters = {
  search: '',
  status: [],
  transport_type: [],
  dispatcher: null,
  owner: null,
  driver: null,
  wg: null,
  sub_wg: null,
  state: null,
};

const ID_FILTERS = ['dispatcher', 'owner', 'driver', 'wg', 'sub_wg'] as const;
const PICKED = ['dispatcher', 'owner', 'driver'] as const;

function asId(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function knownItems<Item>(value: unknown, known: readonly Item[]): Item[] {
  if (!Array.isArray(value)) return [];
  return known.filter((item) => value.includes(item));
}

/** A saved set as stored; anything unreadable (an older format, a hand edit) falls back to no filters. */
export function parseVehicleListState(text: string | null): VehicleListState {
  let stored: Record<string, unknown> = {};
  try {
    stored = asRecord(text ? JSON.parse(text) : null);
  } catch {
    stored = {};
  }
  const saved = asRecord(stored.filters);
  const filters: VehicleListFilters = { ...EMPTY_VEHICLE_FILTERS };
  if (typeof saved.search === 'string') filters.search = saved.search.slice(0, 100);
  filters.status = knownItems(saved.status, VEHICLE_STATUS_IDS);
  filters.transport_type = knownItems(saved.transport_type, VEHICLE_TYPE_IDS);
  for (const name of ID_FILTERS) filters[name] = asId(saved[name]);
  filters.state = typeof saved.state === 'string' && /^[A-Z]{2}$/.test(saved.state) ? saved.state : null;

  const labels: PickedVehicleLabels = {};
  const savedLabels = asRecord(stored.labels);
  for (const name of PICKED) {
    const label = savedLabels[name];
    if (typeof label === 'string' && filters[name] !== null) labels[name] = label;
  }
  const limit = VEHICLE_LIST_LIMITS.find((candidate) => candidate === stored.limit) ?? VEHICLE_LIST_LIMITS[0];
  return { filters, labels, limit };
}

export function readVehicleListState(): VehicleListState {
  return parseVehicleListState(localStorage.getItem(VEHICLE_LIST_STORAGE_KEY));
}

export function saveVehicleListState(state: VehicleListState): void {
  try {
    localStorage.setItem(VEHICLE_LIST_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // A full or disabled storage only means the set is not remembered.
  }
}

/** The query string of GET cars/all: the filters that are set (lists comma-separated), page and limit. */
export function vehicleListQuery(filters: VehicleListFilters, page: number, limit: number): QueryParams {
  const query: QueryParams = { page, limit };
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.status.length > 0) query.status = filters.status.join(',');
  if (filters.transport_type.length > 0) query.transport_type = filters.transport_type.join(',');
  for (const name of ID_FILTERS) if (filters[name] !== null) query[name] = filters[name];
  if (filters.state) query.state = filters.state;
  return query;
}

/** How many filters (search aside) are set, for the badge of the filters button. */
export function countSetVehicleFilters(filters: VehicleListFilters): number {
  return (
    (filters.status.length > 0 ? 1 : 0) +
    (filters.transport_type.length > 0 ? 1 : 0) +
    ID_FILTERS.filter((name) => filters[name] !== null).length +
    (filters.state ? 1 : 0)
  );
}

export function hasAnyVehicleFilter(filters: VehicleListFilters): boolean {
  return countSetVehicleFilters(filters) > 0 || filters.search.trim() !== '';
}
