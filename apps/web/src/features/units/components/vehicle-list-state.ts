import { VEHICLE_STATUS_IDS, VEHICLE_TYPE_IDS } from '@app/domain/common/lookups';
import type { VehicleStatusId, VehicleType } from '@app/domain/common/lookups';
import {
  asId,
  asLimit,
  asRecord,
  asRegion,
  asSearch,
  knownItems,
  LIST_LIMITS,
  parseSavedRecord,
  pickedLabels,
  readSavedText,
  saveListState,
} from '@/components/lists/saved-list-state';
import type { ListLimit } from '@/components/lists/saved-list-state';
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

export const VEHICLE_LIST_LIMITS = LIST_LIMITS;
export type VehicleListLimit = ListLimit;

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

/** A saved set as stored; anything unreadable (an older format, a hand edit) falls back to no filters. */
export function parseVehicleListState(text: string | null): VehicleListState {
  const stored = parseSavedRecord(text);
  const saved = asRecord(stored.filters);
  const filters: VehicleListFilters = {
    ...EMPTY_VEHICLE_FILTERS,
    search: asSearch(saved.search),
    status: knownItems(saved.status, VEHICLE_STATUS_IDS),
    transport_type: knownItems(saved.transport_type, VEHICLE_TYPE_IDS),
    state: asRegion(saved.state),
  };
  for (const name of ID_FILTERS) filters[name] = asId(saved[name]);
  const labels = pickedLabels(stored.labels, PICKED, (name) => filters[name] !== null);
  return { filters, labels, limit: asLimit(stored.limit, VEHICLE_LIST_LIMITS) };
}

/**
 * The list a link opens (/units/vehicles/?search=<unit id>, from a tracking notice): that search alone, so
 * that no saved filter hides the unit; the saved page size stays.
 */
export function linkedVehicleListState(saved: VehicleListState, search: string): VehicleListState {
  return { ...saved, filters: { ...EMPTY_VEHICLE_FILTERS, search: asSearch(search) }, labels: {} };
}

export function readVehicleListState(): VehicleListState {
  return parseVehicleListState(readSavedText(VEHICLE_LIST_STORAGE_KEY));
}

export function saveVehicleListState(state: VehicleListState): void {
  saveListState(VEHICLE_LIST_STORAGE_KEY, state);
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
