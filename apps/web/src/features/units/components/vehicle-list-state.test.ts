import { afterEach, describe, expect, it, vi } from 'vitest';
import { failingStorage } from '@/components/lists/list-test-data';
import {
  EMPTY_VEHICLE_FILTERS,
  linkedVehicleListState,
  parseVehicleListState,
  readVehicleListState,
  saveVehicleListState,
} from './vehicle-list-state';

// The saved filter set of the vehicles table, and the set a link to one unit opens.

describe('vehicle list state', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps what it can read of a saved set and drops the rest', () => {
    const state = parseVehicleListState(
      JSON.stringify({
        filters: {
          search: 'U-1',
          status: [1, 99],
          transport_type: ['VAN', 'UFO'],
          wg: -3,
          driver: 64,
          state: 'tx',
        },
        labels: { driver: 'Fred Fired', owner: 'Nobody' },
        limit: 40,
      }),
    );
    expect(state.filters).toEqual({
      ...EMPTY_VEHICLE_FILTERS,
      search: 'U-1',
      status: [1],
      transport_type: ['VAN'],
      driver: 64,
    });
    // A name is kept only for a filter still set; an unknown page size falls back to the first.
    expect(state.labels).toEqual({ driver: 'Fred Fired' });
    expect(state.limit).toBe(25);
  });

  it('opens a link on its search alone, with the saved page size', () => {
    const saved = parseVehicleListState(
      JSON.stringify({
        filters: { search: 'old', status: [2], owner: 5 },
        labels: { owner: 'Olga' },
        limit: 100,
      }),
    );
    expect(linkedVehicleListState(saved, 'U-101')).toEqual({
      filters: { ...EMPTY_VEHICLE_FILTERS, search: 'U-101' },
      labels: {},
      limit: 100,
    });
  });

  it('opens with no filters and saves nothing, without failing, when the storage is full or disabled', () => {
    vi.stubGlobal('localStorage', failingStorage());
    expect(readVehicleListState().filters).toEqual(EMPTY_VEHICLE_FILTERS);
    expect(() => saveVehicleListState(readVehicleListState())).not.toThrow();
  });
});
