import { memo, useEffect, useMemo, useState } from 'react';
import { BUILT_IN_ATTRIBUTION } from './map-style';
import type { ViewTransform, ViewportSize } from './map-projection';
import { previewTiles } from './preview-tiles';

// The built-in map as pictures (preview-tiles.ts), drawn at once while the WebGL map loads: a dispatcher
// reads land, water, state lines and cities in the first second, and the WebGL map takes the pictures'
// place, the same map drawn sharp, when its first picture is complete (base-map.tsx). The pictures are
// ordinary images of the build: the browser fetches and decodes them off the page's thread, with no
// script between, and keeps them in its cache.

/** Each stored picture's address by "level/x/y"; the tiles of open water are not stored. */
const PICTURES: ReadonlyMap<string, string> = new Map(
  Object.entries(
    import.meta.glob<string>('./geodata/preview/*/*/*.webp', {
      query: '?url&no-inline',
      import: 'default',
      eager: true,
    }),
  ).map(([path, url]) => [path.replace(/^.*preview\/(\d+)\/(\d+)\/(\d+)\.webp$/, '$1/$2/$3'), url]),
);

export type BaseMapPreviewProps = {
  view: ViewTransform;
  size: ViewportSize;
  /** Every picture of the view is drawn, or could not be read. */
  onDrawn: () => void;
};

export const BaseMapPreview = memo(function BaseMapPreview({ view, size, onDrawn }: BaseMapPreviewProps) {
  const tiles = useMemo(
    () => (previewTiles(view, size) ?? []).filter((tile) => PICTURES.has(tile.key)),
    [view, size],
  );
  // The pictures the browser has decoded (or could not read: the map's water shows there instead).
  const [settled, setSettled] = useState<ReadonlySet<string>>(() => new Set());
  const drawn = tiles.every((tile) => settled.has(tile.key));
  useEffect(() => {
    if (drawn) onDrawn();
  }, [drawn, onDrawn]);

  const settle = (key: string) => setSettled((previous) => new Set(previous).add(key));
  return (
    <div aria-hidden data-map-preview="" style={{ position: 'absolute', inset: 0, overflow: 'hidden' }}>
      {tiles.map((tile) => (
        <img
          key={tile.key}
          src={PICTURES.get(tile.key)}
          alt=""
          decoding="async"
          draggable={false}
          // Drawn once decoded: the browser decodes off the page's thread, then the picture is ready to paint.
          onLoad={(event) => {
            const done = () => settle(tile.key);
            event.currentTarget.decode().then(done, done);
          }}
          onError={() => settle(tile.key)}
          style={{
            position: 'absolute',
            left: tile.left,
            top: tile.top,
            width: tile.width,
            height: tile.height,
            maxWidth: 'none',
          }}
        />
      ))}
      {/* The sources' credit, where the WebGL map shows it. */}
      <span
        style={{
          position: 'absolute',
          right: 8,
          bottom: 8,
          padding: '2px 6px',
          borderRadius: 12,
          background: 'rgba(255, 255, 255, 0.8)',
          font: '12px/18px sans-serif',
          color: 'rgba(0, 0, 0, 0.75)',
        }}
      >
        {BUILT_IN_ATTRIBUTION}
      </span>
    </div>
  );
});
