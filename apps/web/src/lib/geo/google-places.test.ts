import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createGooglePlacesSource,
  GOOGLE_MAPS_SCRIPT_ID,
  loadGoogleMaps,
  placeToLookupResult,
  resetGoogleMapsLoader,
  type GoogleMapsApi,
  type GooglePlaceFields,
} from './google-places';

afterEach(() => resetGoogleMapsLoader());

const latLng = (lat: number, lng: number) => ({ lat: () => lat, lng: () => lng });

const CHICAGO_PLACE: GooglePlaceFields = {
  formattedAddress: '1200 W Industrial Ave, Chicago, IL 60607, USA',
  displayName: '1200 W Industrial Ave',
  location: latLng(41.8745, -87.6503),
  addressComponents: [
    { longText: '1200', shortText: '1200', types: ['street_number'] },
    { longText: 'West Industrial Avenue', shortText: 'W Industrial Ave', types: ['route'] },
    { longText: 'Chicago', shortText: 'Chicago', types: ['locality', 'political'] },
    { longText: 'Illinois', shortText: 'IL', types: ['administrative_area_level_1', 'political'] },
    { longText: 'United States', shortText: 'US', types: ['country', 'political'] },
    { longText: '60607', shortText: '60607', types: ['postal_code'] },
  ],
};

/** A document that records the script instead of loading it: no request leaves the test. */
function fakeDocument() {
  const appended: { id: string; src: string; async: boolean }[] = [];
  const view: Record<string, unknown> = {};
  const doc = {
    defaultView: view,
    createElement: () => ({ id: '', src: '', async: false, remove: vi.fn() }),
    head: { appendChild: (element: { id: string; src: string; async: boolean }) => appended.push(element) },
  };
  return { doc: doc as unknown as Document, view, appended };
}

describe('Google Maps script', () => {
  it('is loaded once, in English, with the places library and the company key', async () => {
    const { doc, view, appended } = fakeDocument();
    const first = loadGoogleMaps('company-key', doc);
    const second = loadGoogleMaps('company-key', doc);
    expect(appended).toHaveLength(1);
    expect(appended[0]!.id).toBe(GOOGLE_MAPS_SCRIPT_ID);
    const src = new URL(appended[0]!.src);
    expect(`${src.origin}${src.pathname}`).toBe('https://maps.googleapis.com/maps/api/js');
    expect(src.searchParams.get('key')).toBe('company-key');
    expect(src.searchParams.get('language')).toBe('en');
    expect(src.searchParams.get('libraries')).toBe('places');

    const google = { maps: { importLibrary: vi.fn() } };
    view.google = google;
    (view[src.searchParams.get('callback')!] as () => void)();
    await expect(first).resolves.toBe(google);
    await expect(second).resolves.toBe(google);
  });

  it('is never loaded without a key', async () => {
    const { doc, appended } = fakeDocument();
    await expect(loadGoogleMaps('', doc)).rejects.toThrow();
    await expect(loadGoogleMaps('   ', doc)).rejects.toThrow();
    expect(appended).toHaveLength(0);
  });
});

describe('a Google place', () => {
  it('becomes the lookup result: formatted address, coordinates and components', () => {
    expect(placeToLookupResult(CHICAGO_PLACE)).toEqual({
      formatted_address: '1200 W Industrial Ave, Chicago, IL 60607, USA',
      lat: 41.8745,
      lon: -87.6503,
      components: {
        postal_code: '60607',
        locality: 'Chicago',
        administrative_area_level_1: 'IL',
        country: 'US',
        street_number: '1200',
        route: 'W Industrial Ave',
        name: '1200 W Industrial Ave',
      },
    });
  });

  it('outside the US and Canada, or without coordinates, is no address', () => {
    const paris = {
      ...CHICAGO_PLACE,
      addressComponents: [{ longText: 'France', shortText: 'FR', types: ['country'] }],
    };
    expect(placeToLookupResult(paris)).toBeNull();
    expect(placeToLookupResult({ ...CHICAGO_PLACE, location: null })).toBeNull();
  });
});

describe('Google Places suggestions', () => {
  it('are asked for the US and Canada only, in English, and resolve to the place', async () => {
    const fetchAutocompleteSuggestions = vi.fn(() =>
      Promise.resolve({
        suggestions: [
          {
            placePrediction: {
              placeId: 'place-1',
              text: { text: '1200 W Industrial Ave, Chicago, IL, USA' },
              mainText: { text: '1200 W Industrial Ave' },
              secondaryText: { text: 'Chicago, IL, USA' },
              toPlace: () => ({ ...CHICAGO_PLACE, fetchFields: () => Promise.resolve({}) }),
            },
          },
          { placePrediction: null },
        ],
      }),
    );
    const google: GoogleMapsApi = {
      maps: {
        importLibrary: () =>
          Promise.resolve({
            AutocompleteSessionToken: class {},
            AutocompleteSuggestion: { fetchAutocompleteSuggestions },
          }),
      },
    };
    const source = await createGooglePlacesSource(google);
    const suggestions = await source.suggest('1200 W Industrial');
    expect(fetchAutocompleteSuggestions).toHaveBeenCalledWith(
      expect.objectContaining({
        input: '1200 W Industrial',
        includedRegionCodes: ['us', 'ca'],
        language: 'en',
      }),
    );
    expect(suggestions.map((suggestion) => suggestion.label)).toEqual([
      '1200 W Industrial Ave, Chicago, IL, USA',
    ]);
    await expect(suggestions[0]!.resolve()).resolves.toMatchObject({ lat: 41.8745, lon: -87.6503 });
  });
});
