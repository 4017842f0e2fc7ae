import { lazy, Suspense, useState } from 'react';
import { useCompanyMapsKey } from '@/lib/geo/use-maps-key';
import { BaseMap } from './base-map';
import type { MapViewProps } from './map-types';

// Google Maps code is only fetched by companies that have a key.
const GoogleMapView = lazy(() =>
  import('./google-map').then((module) => ({ default: module.GoogleMapView })),
);

/**
 * The map of the app: Google Maps when the company has a maps key (company_instance.google_maps_key), the
 * offline base map otherwise, and the offline map again if Google cannot be loaded.
 */
export function MapView(props: MapViewProps) {
  const mapsKey = useCompanyMapsKey();
  const [googleUnavailable, setGoogleUnavailable] = useState(false);
  if (mapsKey && !googleUnavailable) {
    return (
      <Suspense fallback={<BaseMap {...props} />}>
        <GoogleMapView {...props} mapsKey={mapsKey} onUnavailable={() => setGoogleUnavailable(true)} />
      </Suspense>
    );
  }
  return <BaseMap {...props} />;
}
