import { memo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { clusterColor, clusterRadiusPx, type MarkerGroup } from './map-clustering';
import { MarkerShape } from './map-marker';
import type { PlacedMarker } from './map-shapes';
import { MAP_COLORS } from './map-style';

// The markers and clusters of the SVG layer, at their places on the plane scaled by the zoom. The layer is
// moved as one group while the user pans (base-map.tsx translates it), and memoised, so a pan changes one
// attribute instead of every marker's position: hundreds of trucks still pan at the screen's frame rate.

export type MarkerCluster = Extract<MarkerGroup<PlacedMarker>, { kind: 'cluster' }>;

type MarkerLayerProps = {
  groups: readonly MarkerGroup<PlacedMarker>[];
  selectedId: string | null;
  showText: boolean;
  onMarkerClick?: ((id: string) => void) | undefined;
  onClusterClick: (cluster: MarkerCluster) => void;
};

export function containsSelected(group: MarkerGroup<PlacedMarker>, selectedId: string | null): boolean {
  if (selectedId === null) return false;
  return group.kind === 'single' ? group.id === selectedId : group.ids.includes(selectedId);
}

function activate(event: KeyboardEvent, action: () => void) {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    event.stopPropagation();
    action();
  }
}

export const MarkerLayer = memo(function MarkerLayer({
  groups,
  selectedId,
  showText,
  onMarkerClick,
  onClusterClick,
}: MarkerLayerProps) {
  const { t } = useTranslation();
  // Route points under the vehicles, the place searched from above them, the chosen marker on top.
  const layer = (group: MarkerGroup<PlacedMarker>) => {
    if (containsSelected(group, selectedId)) return 3;
    if (group.kind === 'cluster') return 1;
    const shape = group.item.marker.shape ?? 'circle';
    return shape === 'square' ? 0 : shape === 'pin' ? 2 : 1;
  };
  const ordered = [...groups].sort((a, b) => layer(a) - layer(b));
  return (
    <>
      {ordered.map((group) =>
        group.kind === 'single' ? (
          <MarkerShape
            key={group.id}
            marker={group.item.marker}
            x={group.x}
            y={group.y}
            selected={group.id === selectedId}
            showText={showText}
            onClick={onMarkerClick}
            onKeyDown={activate}
          />
        ) : (
          <g
            key={group.id}
            transform={`translate(${group.x},${group.y})`}
            role="button"
            tabIndex={0}
            aria-label={t('map.cluster', { count: group.items.length })}
            data-cluster={group.items.length}
            onClick={(event) => {
              event.stopPropagation();
              onClusterClick(group);
            }}
            onKeyDown={(event) => activate(event, () => onClusterClick(group))}
            style={{ cursor: 'pointer' }}
          >
            <title>{t('map.cluster', { count: group.items.length })}</title>
            <circle
              r={clusterRadiusPx(group.items.length)}
              fill={clusterColor(group.items.map((item) => item.marker.color))}
              fillOpacity={0.88}
              stroke={containsSelected(group, selectedId) ? MAP_COLORS.selected : '#ffffff'}
              strokeWidth={containsSelected(group, selectedId) ? 3 : 2}
            />
            <text
              textAnchor="middle"
              dy="0.35em"
              fontSize={12}
              fontWeight={600}
              fill="#ffffff"
              style={{ pointerEvents: 'none' }}
            >
              {group.items.length}
            </text>
          </g>
        ),
      )}
    </>
  );
});
