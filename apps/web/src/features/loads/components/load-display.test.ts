import { describe, expect, it } from 'vitest';
import { pointAddressLines } from './load-display';

const place = { city: 'Chicago', state: 'IL', zip_code: '60601', country: 'US' } as const;

describe('a point address, each part said once', () => {
  it('shows an address chosen from the lookup, which is only the place, as the place line alone', () => {
    expect(pointAddressLines({ ...place, address: 'Chicago, IL 60601, USA' })).toEqual({
      street: null,
      place: 'Chicago, IL 60601, US',
    });
  });

  it('keeps the street of a full address and drops the place that follows it', () => {
    expect(pointAddressLines({ ...place, address: '233 S Wacker Dr, Chicago, IL 60606, USA' })).toEqual({
      street: '233 S Wacker Dr',
      place: 'Chicago, IL 60601, US',
    });
  });

  it('keeps a street-only address as it is', () => {
    expect(pointAddressLines({ ...place, address: '440 Executive Dr' }).street).toBe('440 Executive Dr');
    expect(pointAddressLines({ ...place, address: '' }).street).toBeNull();
  });
});
