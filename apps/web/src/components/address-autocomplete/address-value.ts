import type { Country } from '@app/domain/common/lookups';
import type { AddressLookupResult } from '@app/domain/geo/geo.schema';

/**
 * An address chosen from the suggestions.
 * - address: the street line ('1200 W Industrial Ave'), '' when a city or postal code was chosen;
 * - formatted_address: the whole address on one line ('1200 W Industrial Ave, Chicago, IL 60607, USA'):
 *   this is what a load point's `address` and `fullAddress` take (the spec's full address, as the
 *   domain's pointFieldsFromLookup fills them), and what the input shows.
 */
export type AddressValue = {
  address: string;
  city: string;
  state: string;
  zip_code: string;
  country: Country;
  lat: number;
  lon: number;
  formatted_address: string;
};

/** The value the input emits for a chosen suggestion. */
export function addressValueFromLookup(result: AddressLookupResult): AddressValue {
  const { components } = result;
  return {
    address: [components.street_number, components.route].filter(Boolean).join(' '),
    city: components.locality ?? components.name ?? '',
    state: components.administrative_area_level_1 ?? '',
    zip_code: components.postal_code ?? '',
    country: components.country,
    lat: result.lat,
    lon: result.lon,
    formatted_address: result.formatted_address,
  };
}
