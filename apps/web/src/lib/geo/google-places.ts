import { ADDRESS_AUTOCOMPLETE_COUNTRIES } from '@app/domain/geo/geo.rules';
import { COUNTRY_IDS, type AddressLookupResult } from '@app/domain/geo/geo.schema';
import type { Country } from '@app/domain/common/lookups';

// Google Places for companies that have a maps key (company_instance.google_maps_key). The Maps script is
// loaded only then, in English with the places library; without a key nothing is loaded and the server's
// gazetteer answers instead. Only the few parts of the Maps API used here are typed.

type LatLng = { lat(): number; lng(): number };
type PlaceAddressComponent = { longText: string | null; shortText: string | null; types: string[] };

/** The fields of a Google place that an address is made of. */
export type GooglePlaceFields = {
  addressComponents?: PlaceAddressComponent[] | null;
  location?: LatLng | null;
  formattedAddress?: string | null;
  displayName?: string | null;
};

type GooglePlace = GooglePlaceFields & { fetchFields(request: { fields: string[] }): Promise<unknown> };

type FormattableText = { text: string };

type PlacePrediction = {
  placeId: string;
  text: FormattableText;
  mainText: FormattableText | null;
  secondaryText: FormattableText | null;
  toPlace(): GooglePlace;
};

type PlacesLibrary = {
  AutocompleteSessionToken: new () => unknown;
  AutocompleteSuggestion: {
    fetchAutocompleteSuggestions(request: {
      input: string;
      includedRegionCodes: string[];
      language: string;
      sessionToken: unknown;
    }): Promise<{ suggestions: { placePrediction: PlacePrediction | null }[] }>;
  };
};

/** The Maps script's entry point: each library ('places', 'maps', 'marker', 'core') is loaded on demand. */
export type GoogleMapsApi = { maps: { importLibrary(name: string): Promise<unknown> } };

/** The window as the Maps script leaves it. */
type MapsWindow = { google?: GoogleMapsApi } & Record<string, unknown>;

export const GOOGLE_MAPS_SCRIPT_ID = 'google-maps-script';
const LOADED_CALLBACK = '__googleMapsLoaded';

/** The Maps JS script address: the company's key, English, the places library. */
export function googleMapsScriptUrl(key: string): string {
  const params = new URLSearchParams({
    key,
    libraries: 'places',
    language: 'en',
    loading: 'async',
    callback: LOADED_CALLBACK,
  });
  return `https://maps.googleapis.com/maps/api/js?${params.toString()}`;
}

let loadingScript: { key: string; promise: Promise<GoogleMapsApi> } | null = null;

/** Loads the Maps script once per page (a second key is ignored: the script cannot be loaded twice). */
export function loadGoogleMaps(key: string, doc: Document = document): Promise<GoogleMapsApi> {
  if (!key.trim()) return Promise.reject(new Error('No maps key'));
  const win = doc.defaultView as unknown as MapsWindow | null;
  if (!win) return Promise.reject(new Error('No window'));
  if (win.google?.maps) return Promise.resolve(win.google);
  loadingScript ??= {
    key,
    promise: new Promise<GoogleMapsApi>((resolve, reject) => {
      win[LOADED_CALLBACK] = () =>
        win.google ? resolve(win.google) : reject(new Error('Maps did not load'));
      const script = doc.createElement('script');
      script.id = GOOGLE_MAPS_SCRIPT_ID;
      script.src = googleMapsScriptUrl(key);
      script.async = true;
      script.onerror = () => {
        loadingScript = null;
        script.remove();
        reject(new Error('The maps script could not be loaded'));
      };
      doc.head.appendChild(script);
    }),
  };
  return loadingScript.promise;
}

/** Forgets the loaded script (tests). */
export function resetGoogleMapsLoader(): void {
  loadingScript = null;
}

const isCountry = (code: string | null | undefined): code is Country =>
  (COUNTRY_IDS as readonly string[]).includes(code ?? '');

/** A Google place as the lookup result the rest of the app uses; null outside the US and Canada. */
export function placeToLookupResult(place: GooglePlaceFields): AddressLookupResult | null {
  const parts = place.addressComponents ?? [];
  const part = (type: string, form: 'longText' | 'shortText' = 'longText') =>
    parts.find((component) => component.types.includes(type))?.[form] ?? null;
  const country = part('country', 'shortText');
  const location = place.location;
  if (!isCountry(country) || !location) return null;
  const locality = part('locality') ?? part('postal_town') ?? part('sublocality') ?? part('neighborhood');
  return {
    formatted_address: place.formattedAddress ?? place.displayName ?? '',
    lat: location.lat(),
    lon: location.lng(),
    components: {
      postal_code: part('postal_code'),
      locality,
      administrative_area_level_1: part('administrative_area_level_1', 'shortText'),
      country,
      street_number: part('street_number'),
      route: part('route', 'shortText'),
      name: place.displayName ?? locality,
    },
  };
}

export type PlaceSuggestion = {
  placeId: string;
  label: string;
  secondary: string;
  /** The chosen place's address; null when it is not in the US or Canada. */
  resolve(): Promise<AddressLookupResult | null>;
};

export type PlacesSource = { suggest(text: string): Promise<PlaceSuggestion[]> };

const PLACE_FIELDS = ['addressComponents', 'location', 'formattedAddress', 'displayName'];

/** Suggestions from Google Places, US and Canada only; one billing session per chosen place. */
export async function createGooglePlacesSource(google: GoogleMapsApi): Promise<PlacesSource> {
  const places = (await google.maps.importLibrary('places')) as PlacesLibrary;
  let sessionToken: unknown = new places.AutocompleteSessionToken();
  return {
    async suggest(text) {
      const { suggestions } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
        input: text,
        includedRegionCodes: [...ADDRESS_AUTOCOMPLETE_COUNTRIES],
        language: 'en',
        sessionToken,
      });
      return suggestions.flatMap(({ placePrediction: prediction }) =>
        prediction
          ? [
              {
                placeId: prediction.placeId,
                label: prediction.text.text,
                secondary: prediction.secondaryText?.text ?? '',
                async resolve() {
                  const place = prediction.toPlace();
                  await place.fetchFields({ fields: PLACE_FIELDS });
                  sessionToken = new places.AutocompleteSessionToken();
                  return placeToLookupResult(place);
                },
              },
            ]
          : [],
      );
    },
  };
}
