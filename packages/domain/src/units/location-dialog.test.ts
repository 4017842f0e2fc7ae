import { describe, expect, it } from 'vitest';
import {
  canChangeLocationType,
  isLocationSaveDisabled,
  isLocationTypeOptionDisabled,
  isOnLoad,
  LOCATION_TYPE_HINT,
  LOCATION_TYPES,
  LOCATION_UPDATE_CODES,
  LOCATION_UPDATE_MESSAGES,
  locationTypeAfterPlannedCleared,
  locationUpdateRefusal,
  locationTypeHint,
  locationUpdateStatus,
  selectableVehicleStatuses,
  validateLocationUpdate,
  type LocationSaveInput,
  type LocationUpdateCheck,
} from './location-dialog.rules';

const AVAILABLE = 1;
const NOT_AVAILABLE = 2;
const ON_LOAD = 3;

const CHICAGO = '1200 W Industrial Ave, Chicago, IL 60607, USA';
const DALLAS = 'Dallas, TX, USA';
const TOMORROW = '2026-03-11T08:00:00-05:00';

/** A dialog that may be saved: current address only, type current, vehicle Available. */
const saveable: LocationSaveInput = {
  currentAddress: CHICAGO,
  plannedAddress: '',
  availableDate: null,
  locationType: LOCATION_TYPES.current,
  vehicleStatus: AVAILABLE,
};

describe('location dialog: statuses', () => {
  it('only Available and Not available can be chosen', () => {
    expect(selectableVehicleStatuses.map((status) => [status.id, status.en])).toEqual([
      [1, 'Available'],
      [2, 'Not available'],
    ]);
  });
  it('status 3 is On load', () => {
    expect(isOnLoad(3)).toBe(true);
    expect(isOnLoad(1)).toBe(false);
    expect(isOnLoad(4)).toBe(false);
    expect(isOnLoad(null)).toBe(false);
  });
  it('the status is sent only when another selectable one is chosen', () => {
    expect(locationUpdateStatus(AVAILABLE, NOT_AVAILABLE)).toBe(2);
    expect(locationUpdateStatus(AVAILABLE, AVAILABLE)).toBeUndefined();
    expect(locationUpdateStatus(AVAILABLE, null)).toBeUndefined();
    expect(locationUpdateStatus(AVAILABLE, 5)).toBeUndefined();
  });
  it('an On load vehicle keeps its status: the dialog sends none', () => {
    expect(locationUpdateStatus(ON_LOAD, AVAILABLE)).toBeUndefined();
  });
});

describe('location dialog: location type', () => {
  it('types are 1 current, 2 planned, 3 both', () => {
    expect(LOCATION_TYPES).toEqual({ current: 1, planned: 2, both: 3 });
  });
  it('clearing the planned address resets the type to current', () => {
    expect(locationTypeAfterPlannedCleared('', LOCATION_TYPES.both)).toBe(1);
    expect(locationTypeAfterPlannedCleared(null, LOCATION_TYPES.planned)).toBe(1);
    expect(locationTypeAfterPlannedCleared('   ', LOCATION_TYPES.planned)).toBe(1);
  });
  it('the type stays while there is a planned address', () => {
    expect(locationTypeAfterPlannedCleared(DALLAS, LOCATION_TYPES.both)).toBe(3);
  });
  it('planned and both options need a planned address; current does not', () => {
    const noPlanned = { plannedAddress: '', locked: false };
    expect(isLocationTypeOptionDisabled(1, noPlanned)).toBe(false);
    expect(isLocationTypeOptionDisabled(2, noPlanned)).toBe(true);
    expect(isLocationTypeOptionDisabled(3, noPlanned)).toBe(true);
    expect(isLocationTypeOptionDisabled(2, { plannedAddress: DALLAS, locked: false })).toBe(false);
  });
  it('every option is disabled while the type is locked', () => {
    expect(isLocationTypeOptionDisabled(1, { plannedAddress: DALLAS, locked: true })).toBe(true);
    expect(isLocationTypeOptionDisabled(3, { plannedAddress: DALLAS, locked: true })).toBe(true);
  });
});

describe('location dialog: Save', () => {
  it('is enabled with a current address', () => {
    expect(isLocationSaveDisabled(saveable)).toBe(false);
  });
  it('is disabled when there is no current address', () => {
    expect(isLocationSaveDisabled({ ...saveable, currentAddress: '' })).toBe(true);
    expect(isLocationSaveDisabled({ ...saveable, currentAddress: null })).toBe(true);
  });
  it('is disabled when a planned address has no available date', () => {
    const planned = { ...saveable, plannedAddress: DALLAS, locationType: LOCATION_TYPES.both };
    expect(isLocationSaveDisabled({ ...planned, availableDate: null })).toBe(true);
    expect(isLocationSaveDisabled({ ...planned, availableDate: '' })).toBe(true);
    expect(isLocationSaveDisabled({ ...planned, availableDate: TOMORROW })).toBe(false);
  });
  it('is disabled when the vehicle is On load and the planned address is empty', () => {
    expect(isLocationSaveDisabled({ ...saveable, vehicleStatus: ON_LOAD })).toBe(true);
  });
  it('is disabled when the vehicle is On load and the type is current', () => {
    expect(
      isLocationSaveDisabled({
        ...saveable,
        vehicleStatus: ON_LOAD,
        plannedAddress: DALLAS,
        availableDate: TOMORROW,
        locationType: LOCATION_TYPES.current,
      }),
    ).toBe(true);
  });
  it('is enabled for an On load vehicle with a dated planned address and type planned or both', () => {
    const onLoad = { ...saveable, vehicleStatus: ON_LOAD, plannedAddress: DALLAS, availableDate: TOMORROW };
    expect(isLocationSaveDisabled({ ...onLoad, locationType: LOCATION_TYPES.planned })).toBe(false);
    expect(isLocationSaveDisabled({ ...onLoad, locationType: LOCATION_TYPES.both })).toBe(false);
  });
  it('is enabled for a vehicle not on load with a dated planned address and type current', () => {
    expect(
      isLocationSaveDisabled({
        ...saveable,
        plannedAddress: DALLAS,
        availableDate: TOMORROW,
        locationType: 1,
      }),
    ).toBe(false);
  });
  it('is disabled for type planned without a planned address', () => {
    expect(isLocationSaveDisabled({ ...saveable, locationType: LOCATION_TYPES.planned })).toBe(true);
  });
});

describe('location dialog: who may change the location type', () => {
  const onLoad = { vehicleStatus: ON_LOAD, companyAllowsDispatchersOnLoadSearch: false };
  it('anyone may change it for a vehicle not on load', () => {
    expect(canChangeLocationType({ ...onLoad, vehicleStatus: AVAILABLE, role: 5 })).toBe(true);
    expect(canChangeLocationType({ ...onLoad, vehicleStatus: NOT_AVAILABLE, role: 6 })).toBe(true);
  });
  it('it is locked for an On load vehicle', () => {
    expect(canChangeLocationType({ ...onLoad, role: 5 })).toBe(false);
    expect(canChangeLocationType({ ...onLoad, role: 3 })).toBe(false);
  });
  it('role 4 may change it for an On load vehicle', () => {
    expect(canChangeLocationType({ ...onLoad, role: 4 })).toBe(true);
  });
  it('anyone may when the company allows dispatchers to search loads for an on-load unit', () => {
    expect(canChangeLocationType({ ...onLoad, role: 5, companyAllowsDispatchersOnLoadSearch: true })).toBe(
      true,
    );
  });
  it('a superuser may', () => {
    expect(canChangeLocationType({ ...onLoad, role: null, isSuperuser: true })).toBe(true);
  });
  it('otherwise a hint says a request is needed, in English and Russian', () => {
    expect(locationTypeHint({ ...onLoad, role: 5 })).toBe(
      'To change the location type of a vehicle on load, ask a manager.',
    );
    expect(locationTypeHint({ ...onLoad, role: 5 }, 'ru')).toBe(LOCATION_TYPE_HINT.ru);
    expect(LOCATION_TYPE_HINT.ru).toMatch(/менеджер/);
  });
  it('no hint when the type may be changed', () => {
    expect(locationTypeHint({ ...onLoad, role: 4 })).toBeNull();
  });
});

describe('location update on the server', () => {
  const M = LOCATION_UPDATE_MESSAGES;
  const planned = { address: DALLAS, available_date: TOMORROW };
  const check = (overrides: {
    vehicle?: Partial<LocationUpdateCheck['vehicle']>;
    update?: Partial<LocationUpdateCheck['update']>;
    role?: number;
    companyAllowsDispatchersOnLoadSearch?: boolean;
  }): string | null =>
    validateLocationUpdate({
      vehicle: { status: AVAILABLE, location_status: 1, ...overrides.vehicle },
      update: {
        location: { address: CHICAGO },
        future_location: null,
        location_status: 1,
        ...overrides.update,
      },
      role: overrides.role ?? 5,
      companyAllowsDispatchersOnLoadSearch: overrides.companyAllowsDispatchersOnLoadSearch ?? false,
    });

  it('accepts a current address', () => expect(check({})).toBeNull());
  it('gives each refusal its own code with the message as its detail', () => {
    const base = {
      vehicle: { status: 3, location_status: 2 },
      update: { location: { address: CHICAGO }, future_location: planned, location_status: 2 },
      role: 5,
      companyAllowsDispatchersOnLoadSearch: false,
    };
    expect(locationUpdateRefusal(base)).toBeNull();
    expect(locationUpdateRefusal({ ...base, update: { ...base.update, status: 1 } })).toEqual({
      code: 'on_load_status_locked',
      detail: M.onLoadStatusLocked,
    });
    expect(locationUpdateRefusal({ ...base, update: { ...base.update, location: null } })).toEqual({
      code: 'location_current_address_required',
      detail: M.currentAddressRequired,
    });
    expect(Object.keys(LOCATION_UPDATE_CODES)).toEqual(Object.keys(M));
    expect(new Set(Object.values(LOCATION_UPDATE_CODES)).size).toBe(Object.keys(M).length);
  });
  it('refuses no current address', () => {
    expect(check({ update: { location: null } })).toBe(M.currentAddressRequired);
    expect(check({ update: { location: { address: ' ' } } })).toBe(
      'A vehicle location needs a current address.',
    );
  });
  it('refuses a planned address without an available date', () => {
    expect(check({ update: { future_location: { address: DALLAS, available_date: null } } })).toBe(
      'A planned location needs an available date.',
    );
  });
  it('refuses type planned or both without a planned address', () => {
    expect(check({ update: { location_status: 2 } })).toBe(M.plannedAddressRequired);
    expect(check({ update: { location_status: 3 } })).toBe(M.plannedAddressRequired);
  });
  it('refuses a status other than Available and Not available', () => {
    expect(check({ update: { status: 5 } })).toBe(M.statusNotSelectable);
  });
  it('accepts Not available for a vehicle that is Available', () => {
    expect(check({ update: { status: NOT_AVAILABLE } })).toBeNull();
  });
  it('refuses a status change for an On load vehicle', () => {
    expect(
      check({
        vehicle: { status: ON_LOAD, location_status: 3 },
        update: { future_location: planned, location_status: 3, status: AVAILABLE },
      }),
    ).toBe(M.onLoadStatusLocked);
  });
  it('refuses an On load vehicle without a planned address', () => {
    expect(check({ vehicle: { status: ON_LOAD } })).toBe(M.onLoadPlannedRequired);
  });
  it('refuses an On load vehicle with type current', () => {
    expect(check({ vehicle: { status: ON_LOAD }, update: { future_location: planned } })).toBe(
      M.onLoadCurrentType,
    );
  });
  it('refuses a type change on an On load vehicle by a dispatcher', () => {
    expect(
      check({
        vehicle: { status: ON_LOAD, location_status: 2 },
        update: { future_location: planned, location_status: 3 },
      }),
    ).toBe(M.locationTypeLocked);
  });
  it('accepts the type change by role 4', () => {
    expect(
      check({
        vehicle: { status: ON_LOAD, location_status: 2 },
        update: { future_location: planned, location_status: 3 },
        role: 4,
      }),
    ).toBeNull();
  });
  it('accepts the type change when the company allows dispatchers to search loads for an on-load unit', () => {
    expect(
      check({
        vehicle: { status: ON_LOAD, location_status: 1 },
        update: { future_location: planned, location_status: 2 },
        companyAllowsDispatchersOnLoadSearch: true,
      }),
    ).toBeNull();
  });
  it('accepts a new planned location for an On load vehicle when the type stays planned', () => {
    expect(
      check({
        vehicle: { status: ON_LOAD, location_status: 2 },
        update: { future_location: planned, location_status: 2 },
      }),
    ).toBeNull();
  });
  it('has a clear English sentence for every refusal', () => {
    for (const message of Object.values(M)) expect(message).toMatch(/^[A-Z].*\.$/);
  });
});
