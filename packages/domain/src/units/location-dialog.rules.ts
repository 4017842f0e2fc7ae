import {
  SELECTABLE_VEHICLE_STATUS_IDS,
  VEHICLE_STATUSES,
  type Lang,
  type LocationStatusId,
  type LookupEntry,
  type VehicleStatusId,
} from '../common/lookups';
import type { ErrorCode } from '../common/errors';

// The vehicle location dialog: current location, planned location with its available date, the location
// type (1 current, 2 planned, 3 both) and the status chips. The web applies these rules as the user edits;
// the server applies the same ones on PUT cars/{id}/update-location and answers 409 with the message.

export const LOCATION_TYPES = { current: 1, planned: 2, both: 3 } as const satisfies Record<
  string,
  LocationStatusId
>;

export const ON_LOAD_STATUS = 3;
const MANAGER_ROLE = 4;

/** The status chips a user may choose in the dialog: Available and Not available. */
export const selectableVehicleStatuses: LookupEntry<VehicleStatusId>[] = VEHICLE_STATUSES.filter((status) =>
  (SELECTABLE_VEHICLE_STATUS_IDS as readonly number[]).includes(status.id),
);

/** An On load vehicle shows a fixed On load chip instead of the choice. */
export function isOnLoad(status: number | null | undefined): boolean {
  return status === ON_LOAD_STATUS;
}

const isBlank = (text: string | null | undefined) =>
  text === null || text === undefined || text.trim() === '';

/** Planned (2) and both (3) need a planned address; current (1) does not. */
export function needsPlannedAddress(locationType: number): boolean {
  return locationType === LOCATION_TYPES.planned || locationType === LOCATION_TYPES.both;
}

/** Clearing the planned address resets the type to current (1); otherwise the type stays. */
export function locationTypeAfterPlannedCleared(
  plannedAddress: string | null | undefined,
  locationType: LocationStatusId,
): LocationStatusId {
  return isBlank(plannedAddress) ? LOCATION_TYPES.current : locationType;
}

export type LocationSaveInput = {
  currentAddress: string | null | undefined;
  plannedAddress: string | null | undefined;
  /** The planned location's available date (a full date-time). */
  availableDate: string | null | undefined;
  locationType: number;
  vehicleStatus: number | null | undefined;
};

/**
 * Save is disabled when there is no current address, when a planned address has no available date, or
 * when the vehicle is On load and the planned address is empty or the type is current. A planned or both
 * type without a planned address cannot be saved either (the dialog never gets there: clearing the planned
 * address resets the type).
 */
export function isLocationSaveDisabled(input: LocationSaveInput): boolean {
  if (isBlank(input.currentAddress)) return true;
  if (!isBlank(input.plannedAddress) && isBlank(input.availableDate)) return true;
  if (needsPlannedAddress(input.locationType) && isBlank(input.plannedAddress)) return true;
  if (isOnLoad(input.vehicleStatus)) {
    if (isBlank(input.plannedAddress)) return true;
    if (input.locationType === LOCATION_TYPES.current) return true;
  }
  return false;
}

export type LocationTypeLockInput = {
  vehicleStatus: number | null | undefined;
  role: number | null | undefined;
  /** The company setting can_dispatchers_search_loads_for_on_load_unit. */
  companyAllowsDispatchersOnLoadSearch: boolean;
  /** The operator of the installation may do everything. */
  isSuperuser?: boolean;
};

/**
 * The location type may be changed unless the vehicle is On load; for an On load vehicle only a manager
 * (role 4) may, or anyone when the company allows dispatchers to search loads for an on-load unit.
 */
export function canChangeLocationType(input: LocationTypeLockInput): boolean {
  if (!isOnLoad(input.vehicleStatus)) return true;
  return (
    input.isSuperuser === true || input.role === MANAGER_ROLE || input.companyAllowsDispatchersOnLoadSearch
  );
}

export const LOCATION_TYPE_HINT: Record<Lang, string> = {
  en: 'To change the location type of a vehicle on load, ask a manager.',
  ru: 'Чтобы изменить тип местоположения транспорта на грузе, обратитесь к менеджеру.',
};

/** The hint shown beside locked location type options: a request to a manager is needed. null if unlocked. */
export function locationTypeHint(input: LocationTypeLockInput, lang: Lang = 'en'): string | null {
  return canChangeLocationType(input) ? null : LOCATION_TYPE_HINT[lang];
}

/** Whether a location type option is disabled: all when locked; planned and both without a planned address. */
export function isLocationTypeOptionDisabled(
  locationType: number,
  context: { plannedAddress: string | null | undefined; locked: boolean },
): boolean {
  if (context.locked) return true;
  return needsPlannedAddress(locationType) && isBlank(context.plannedAddress);
}

/**
 * The status the dialog sends: the chosen one when it differs from the vehicle's and the vehicle is not On
 * load; otherwise nothing (the status stays).
 */
export function locationUpdateStatus(
  vehicleStatus: number,
  chosenStatus: number | null | undefined,
): VehicleStatusId | undefined {
  if (isOnLoad(vehicleStatus) || chosenStatus === null || chosenStatus === undefined) return undefined;
  if (chosenStatus === vehicleStatus) return undefined;
  return (SELECTABLE_VEHICLE_STATUS_IDS as readonly number[]).includes(chosenStatus)
    ? (chosenStatus as VehicleStatusId)
    : undefined;
}

// ---------------------------------------------------------------- on the server

export const LOCATION_UPDATE_MESSAGES = {
  currentAddressRequired: 'A vehicle location needs a current address.',
  availableDateRequired: 'A planned location needs an available date.',
  plannedAddressRequired: 'Planned and both location types need a planned address.',
  statusNotSelectable: 'Only Available and Not available can be chosen.',
  onLoadStatusLocked: 'The status of a vehicle on load cannot be changed here.',
  locationTypeLocked:
    'Only a manager can change the location type of a vehicle on load, unless the company allows dispatchers to search loads for an on-load unit.',
  onLoadPlannedRequired: 'A vehicle on load needs a planned location: where and when it will be free.',
  onLoadCurrentType: 'The location type of a vehicle on load must be planned or both.',
} as const;

export type LocationUpdateCheck = {
  /** The vehicle as stored. */
  vehicle: { status: number; location_status: number };
  /** The change asked for (PUT cars/{id}/update-location). */
  update: {
    location: { address: string } | null;
    future_location: { address: string; available_date: string | null } | null;
    location_status: number;
    status?: number;
  };
  role: number | null | undefined;
  isSuperuser?: boolean;
  companyAllowsDispatchersOnLoadSearch: boolean;
};

type LocationUpdateMessageKey = keyof typeof LOCATION_UPDATE_MESSAGES;

/** The code of each refused location update (common/errors.ts): a client decides and translates by it. */
export const LOCATION_UPDATE_CODES = {
  currentAddressRequired: 'location_current_address_required',
  availableDateRequired: 'location_available_date_required',
  plannedAddressRequired: 'location_planned_address_required',
  statusNotSelectable: 'vehicle_status_not_selectable',
  onLoadStatusLocked: 'on_load_status_locked',
  locationTypeLocked: 'location_type_locked',
  onLoadPlannedRequired: 'on_load_planned_location_required',
  onLoadCurrentType: 'on_load_location_type_current',
} as const satisfies Record<LocationUpdateMessageKey, ErrorCode>;

/**
 * Why the server refuses a location update (409 with its code and message), or null to accept it: the
 * dialog's Save rules, the status choice, and the location type lock of an On load vehicle.
 */
export function locationUpdateRefusal(
  check: LocationUpdateCheck,
): { code: (typeof LOCATION_UPDATE_CODES)[LocationUpdateMessageKey]; detail: string } | null {
  const key = refusalKey(check);
  return key ? { code: LOCATION_UPDATE_CODES[key], detail: LOCATION_UPDATE_MESSAGES[key] } : null;
}

/** The message of locationUpdateRefusal: why the dialog's Save is disabled, in the words the server uses. */
export function validateLocationUpdate(check: LocationUpdateCheck): string | null {
  return locationUpdateRefusal(check)?.detail ?? null;
}

function refusalKey(check: LocationUpdateCheck): LocationUpdateMessageKey | null {
  const { vehicle, update } = check;
  const planned = update.future_location;
  if (update.location === null || isBlank(update.location.address)) return 'currentAddressRequired';
  if (planned !== null && !isBlank(planned.address) && isBlank(planned.available_date)) {
    return 'availableDateRequired';
  }
  const plannedAddress = planned?.address;
  if (needsPlannedAddress(update.location_status) && isBlank(plannedAddress)) return 'plannedAddressRequired';
  const newStatus = update.status;
  const statusChanges = newStatus !== undefined && newStatus !== vehicle.status;
  if (!isOnLoad(vehicle.status)) {
    const selectable = (SELECTABLE_VEHICLE_STATUS_IDS as readonly number[]).includes(newStatus ?? -1);
    return statusChanges && !selectable ? 'statusNotSelectable' : null;
  }
  if (statusChanges) return 'onLoadStatusLocked';
  const typeChanges = update.location_status !== vehicle.location_status;
  const lockInput = {
    vehicleStatus: vehicle.status,
    role: check.role,
    isSuperuser: check.isSuperuser,
    companyAllowsDispatchersOnLoadSearch: check.companyAllowsDispatchersOnLoadSearch,
  };
  if (typeChanges && !canChangeLocationType(lockInput)) return 'locationTypeLocked';
  if (isBlank(plannedAddress)) return 'onLoadPlannedRequired';
  if (update.location_status === LOCATION_TYPES.current) return 'onLoadCurrentType';
  return null;
}
