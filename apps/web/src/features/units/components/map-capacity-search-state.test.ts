import { describe, expect, it } from 'vitest';
import { applyCapacityChange, readCapacitySearch, writeCapacitySearch } from './map-capacity-search-state';

describe('the capacity search in the page address', () => {
  it('reads a place with filters, and writes it back the same', () => {
    const params = new URLSearchParams(
      'lat=41.88&lon=-87.63&address=Chicago%2C+IL&radius=200&type=VAN,REEFER&status=1,4,7&date=2026-11-25',
    );
    const state = readCapacitySearch(params);
    expect(state).toEqual({
      origin: 'place',
      place: { lat: 41.88, lon: -87.63, address: 'Chicago, IL' },
      loadId: null,
      filters: {
        radius: 200,
        transportTypes: ['VAN', 'REEFER'],
        statuses: [1, 4, 7],
        availableDate: '2026-11-25',
      },
    });
    expect(readCapacitySearch(writeCapacitySearch(state))).toEqual(state);
  });

  it('starts with the default radius of 150 miles, every type and status, available now', () => {
    expect(readCapacitySearch(new URLSearchParams())).toEqual({
      origin: 'place',
      place: null,
      loadId: null,
      filters: { radius: 150, transportTypes: [], statuses: [], availableDate: null },
    });
    expect(writeCapacitySearch(readCapacitySearch(new URLSearchParams())).toString()).toBe('');
  });

  it('searches from a load when only a load is given', () => {
    expect(readCapacitySearch(new URLSearchParams('load_id=42'))).toMatchObject({
      origin: 'load',
      loadId: 42,
    });
  });

  it('holds the radius to 1..300 miles and drops what it cannot read', () => {
    const state = readCapacitySearch(
      new URLSearchParams(
        'lat=north&lon=-87&radius=900&type=SPACESHIP,VAN&status=6,2&date=tomorrow&load_id=-3',
      ),
    );
    expect(state.place).toBeNull();
    expect(state.loadId).toBeNull();
    expect(state.filters).toEqual({
      radius: 300,
      transportTypes: ['VAN'],
      statuses: [2],
      availableDate: null,
    });
    expect(readCapacitySearch(new URLSearchParams('radius=0')).filters.radius).toBe(1);
  });

  it('puts a change on the search last written, so a change made before the last one is shown keeps it', () => {
    const empty = readCapacitySearch(new URLSearchParams());
    const bismarck = { lat: 46.8083, lon: -100.7837, address: 'Bismarck, ND 58501, USA' };
    // The place is written; the radius is then picked on the form that still shows no place.
    const written = { ...empty, place: bismarck };
    const radius = { ...empty, filters: { ...empty.filters, radius: 50 } };
    expect(applyCapacityChange(empty, radius, written)).toEqual({
      ...empty,
      place: bismarck,
      filters: { ...empty.filters, radius: 50 },
    });
    // What the change touched is the change's, even where the search written differs.
    const chicago = { lat: 41.88, lon: -87.63, address: 'Chicago, IL' };
    expect(applyCapacityChange(empty, { ...empty, place: chicago }, written).place).toEqual(chicago);
    // Once the page shows what was written, a change is taken as it is.
    expect(applyCapacityChange(written, { ...written, loadId: 7, origin: 'load' }, written)).toEqual({
      ...written,
      loadId: 7,
      origin: 'load',
    });
  });
});
