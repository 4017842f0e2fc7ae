import { describe, expect, it } from 'vitest';
import { addressValueOf, fullAddress, placeInputOf, vehicleStatusTone } from './vehicle-display';

const STREET_ONLY = {
  address: '3450 Corporate Center Dr',
  city: 'Cleveland',
  state: 'OH',
  zip_code: '44114',
};

describe('vehicle display', () => {
  it('shows a location stored as a street line with its city, state and ZIP', () => {
    expect(fullAddress(STREET_ONLY)).toBe('3450 Corporate Center Dr, Cleveland, OH 44114');
    expect(fullAddress({ ...STREET_ONLY, address: '9 Lake Ave, Cleveland, OH 44114, USA' })).toBe(
      '9 Lake Ave, Cleveland, OH 44114, USA',
    );
    expect(fullAddress({ address: '', city: 'Toronto', state: 'ON', zip_code: null })).toBe('Toronto, ON');
  });

  it('sends the whole address line of a stored location the dialog saves unchanged', () => {
    const value = addressValueOf({ ...STREET_ONLY, country: 'US', lat: 41.5, lon: -81.7 });
    expect(value && placeInputOf(value)).toEqual({
      address: '3450 Corporate Center Dr, Cleveland, OH 44114',
      city: 'Cleveland',
      state: 'OH',
      zip_code: '44114',
      country: 'US',
      lat: 41.5,
      lon: -81.7,
    });
    expect(addressValueOf(null)).toBeNull();
  });

  it('colours free trucks green, loaded ones with the accent, bids amber and locked red', () => {
    expect([1, 2, 3, 4, 5, 7].map(vehicleStatusTone)).toEqual([
      'success',
      'default',
      'primary',
      'warning',
      'error',
      'warning',
    ]);
  });
});
