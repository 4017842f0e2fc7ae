import type { QueryClient } from '@tanstack/react-query';

// The cache keys of the units feature. Every vehicle list and card sits under ['units', 'vehicles'], so one
// invalidation after a change of a vehicle refreshes the table, the card and the map that may show it.

export const UNITS_API = '/backend/api/v2';

export const unitsQueryKeys = {
  vehicles: ['units', 'vehicles'] as const,
  vehicleLists: ['units', 'vehicles', 'list'] as const,
  vehicleList: (query: Record<string, unknown>) => ['units', 'vehicles', 'list', query] as const,
  vehicle: (id: number) => ['units', 'vehicles', 'detail', id] as const,
  /** The delivery map's positions (cars/imap). */
  vehicleMaps: ['units', 'vehicles', 'map'] as const,
  /** The capacity searches from a place. */
  capacitySearches: ['units', 'vehicles', 'capacity-search'] as const,
  /** The capacity searches from a load's pick-up: all of them, or those of one load. */
  closestCars: ['units', 'vehicles', 'closest-cars'] as const,
  closestCarsOf: (loadId: number) => ['units', 'vehicles', 'closest-cars', loadId] as const,
  drivers: ['units', 'drivers'] as const,
  driverLists: ['units', 'drivers', 'list'] as const,
  driverList: (query: Record<string, unknown>) => ['units', 'drivers', 'list', query] as const,
  driverHistories: ['units', 'drivers', 'history'] as const,
  driverHistory: (driverId: number, page: number) => ['units', 'drivers', 'history', driverId, page] as const,
  owners: ['units', 'owners'] as const,
  ownerList: (query: Record<string, unknown>) => ['units', 'owners', 'list', query] as const,
  ownerCompanies: (name: string) => ['units', 'owners', 'companies', name] as const,
};

/** After any change of a vehicle: every vehicle query (lists, cards, map positions). */
export function invalidateVehicles(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: unitsQueryKeys.vehicles });
}

/**
 * After a change of a driver or an owner: the people lists, and the vehicles, which show their names and
 * whose drivers may have changed.
 */
export function invalidatePeople(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: unitsQueryKeys.drivers }),
    queryClient.invalidateQueries({ queryKey: unitsQueryKeys.owners }),
    queryClient.invalidateQueries({ queryKey: unitsQueryKeys.vehicles }),
  ]).then(() => undefined);
}

/** Errors the units screens show themselves, in the dialog or beside the control, instead of the toast. */
export const SHOWN_BY_THE_PAGE = [400, 403, 404, 409] as const;
