import { lazy, Suspense, useState } from 'react';
import { useCompanyMapTilesUrl } from '@/lib/geo/use-map-tiles-url';
import { useCompanyMapsKey } from '@/lib/geo/use-maps-key';
import { BaseMap } from './base-map';
import type { MapViewProps } from './map-types';

// Google Maps code is only fetched by companies that have a key.
const GoogleMapView = lazy(() =>
  import('./google-map').then((module) => ({ default: module.GoogleMapView })),
);

/**
 * The map of the app: Google Maps when the company has a maps key (company_instance.google_maps_key), the
 * app's own map otherwise (full street maps from the company's PMTiles archive, company_instance.
 * map_tiles_url, or the built-in map of states, provinces and cities), and the app's own map again if
 * Google cannot be loaded.
 */
export function MapView(props: MapViewProps) {
  const mapsKey = useCompanyMapsKey();
  const tilesUrl = useCompanyMapTilesUrl();
  const [googleUnavailable, setGoogleUnavailable] = useState(false);
  if (mapsKey && !googleUnavailable) {
    return (
      <Suspense fallback={<BaseMap {...props} tilesUrl={tilesUrl} />}>
        <GoogleMapView {...props} mapsKey={mapsKey} onUnavailable={() => setGoogleUnavailable(true)} />
      </Suspense>
    );
  }
  return <BaseMap {...props} tilesUrl={tilesUrl} />;
}
