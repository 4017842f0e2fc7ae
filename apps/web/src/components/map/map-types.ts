import type { ReactNode } from 'react';

// What the maps draw: markers (vehicles, places), lines (routes) and circles (a search radius). The same
// description is drawn by the offline base map and by Google Maps, so a page does not know which it got.

export type LatLon = { lat: number; lon: number };

export type MapMarkerShape = 'circle' | 'square' | 'pin';

export type MapMarker = LatLon & {
  /** Unique on the map; given back by onMarkerClick. */
  id: string;
  /** The accessible name and the tooltip ('Unit 101, Available, Chicago, IL'). */
  label: string;
  color: string;
  /** circle: a vehicle; square: a load point; pin: the place searched from. */
  shape?: MapMarkerShape;
  /** A short text shown beside the marker when there is room (the unit ID). */
  text?: string;
  /** False keeps the marker out of clusters (the search origin, a route's points). */
  clusterable?: boolean;
  /** False draws the marker without making it a button. */
  clickable?: boolean;
};

export type MapLine = {
  id: string;
  points: readonly LatLon[];
  color: string;
  dashed?: boolean;
};

export type MapCircle = LatLon & {
  id: string;
  /** Straight-line radius on the ground. */
  radiusKm: number;
  color: string;
};

export type MapContentProps = {
  markers: readonly MapMarker[];
  lines?: readonly MapLine[];
  circles?: readonly MapCircle[];
  /** The marker drawn larger, with a ring (the row chosen in a list beside the map). */
  selectedId?: string | null;
  onMarkerClick?: (id: string) => void;
  /**
   * The view is fitted to the content when this changes (a new search), not on every new list of
   * markers, so a refetch does not move the map under the user's hand.
   */
  fitKey?: string;
  /** The map's accessible name. */
  label: string;
  height: number | string;
  /** False: a still picture without pan, zoom or buttons (a preview inside a page that scrolls). */
  interactive?: boolean;
};

/** What a map component takes: the content, and what is drawn over it. */
export type MapViewProps = MapContentProps & {
  /** Drawn over the map's lower left corner (a legend). */
  overlay?: ReactNode;
};
