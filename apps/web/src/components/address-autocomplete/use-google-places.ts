import { useEffect, useState } from 'react';
import { AUTOCOMPLETE_SETUP_DELAY_MS } from '@app/domain/geo/geo.rules';
import { createGooglePlacesSource, loadGoogleMaps, type PlacesSource } from '@/lib/geo/google-places';

/**
 * Google Places for a company with a maps key, set up 150 ms after the input appears; null until then,
 * without a key, or when the script cannot be loaded (the server's gazetteer answers meanwhile).
 */
export function useGooglePlaces(googleMapsKey: string | null | undefined): PlacesSource | null {
  const [source, setSource] = useState<PlacesSource | null>(null);
  const key = googleMapsKey?.trim() ?? '';

  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      loadGoogleMaps(key)
        .then(createGooglePlacesSource)
        .then((created) => {
          if (!cancelled) setSource(created);
        })
        .catch(() => {
          // Without Google the gazetteer keeps answering.
        });
    }, AUTOCOMPLETE_SETUP_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      setSource(null);
    };
  }, [key]);

  return key ? source : null;
}
