import { readdirSync, readFileSync } from 'node:fs';
import { URL as FileUrl } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tileOf } from './built-in-tiles';
import { fitTransform, kmToPlaneUnits, toPlane, type ViewTransform } from './map-projection';
import {
  PREVIEW_BOUNDS,
  PREVIEW_MAX_LEVEL,
  PREVIEW_MAX_VIEW_ZOOM,
  PREVIEW_MIN_LEVEL,
  PREVIEW_TILE_SIZE,
  previewLevel,
  previewTiles,
} from './preview-tiles';

const SIZE = { width: 700, height: 640 };
const CHICAGO = { lat: 41.88, lon: -87.63 };

/** The view a map of this size fits around a place and a radius, as the capacity search does. */
function viewAround(place: { lat: number; lon: number }, radiusKm: number): ViewTransform {
  const centre = toPlane(place)!;
  const radius = kmToPlaneUnits(place, radiusKm);
  return fitTransform(
    [
      [centre[0] - radius, centre[1] - radius],
      [centre[0] + radius, centre[1] + radius],
    ],
    SIZE,
    { padding: 40 },
  );
}

describe('the preview pictures a view shows', () => {
  it('takes the level nearest the zoom, within the levels drawn', () => {
    expect(previewLevel(0.2)).toBe(PREVIEW_MIN_LEVEL);
    expect(previewLevel(3.4)).toBe(3);
    expect(previewLevel(4.6)).toBe(5);
    expect(previewLevel(5.9)).toBe(PREVIEW_MAX_LEVEL);
  });

  it('covers the whole view around Chicago (300 miles) with pictures that meet without a seam', () => {
    const view = viewAround(CHICAGO, 483);
    const tiles = previewTiles(view, SIZE)!;
    const level = previewLevel(Math.log2(view.k));
    expect(tiles.every((tile) => tile.level === level)).toBe(true);
    // The tile under Chicago is among them.
    const home = tileOf(CHICAGO.lat, CHICAGO.lon, level);
    expect(tiles.map((tile) => tile.key)).toContain(`${level}/${home.x}/${home.y}`);
    // Every pixel of the view is under exactly one picture.
    const covered = (x: number, y: number) =>
      tiles.filter(
        (tile) => x >= tile.left && x < tile.left + tile.width && y >= tile.top && y < tile.top + tile.height,
      ).length;
    for (let x = 0; x < SIZE.width; x += 7)
      for (let y = 0; y < SIZE.height; y += 7) expect(covered(x, y)).toBe(1);
    // Drawn at their size at that level, scaled by the rest of the zoom.
    const scale = view.k / 2 ** level;
    for (const tile of tiles) expect(Math.abs(tile.width - PREVIEW_TILE_SIZE * scale)).toBeLessThanOrEqual(1);
  });

  it('has none for views closer than the pictures were drawn for, nor tiles outside the US and Canada', () => {
    expect(previewTiles({ k: 2 ** (PREVIEW_MAX_VIEW_ZOOM + 0.5), x: -9000, y: -12000 }, SIZE)).toBeNull();
    const far = viewAround(CHICAGO, 483);
    // The same view moved far into the Atlantic, east of the pictures' bounds.
    const atlantic = previewTiles({ ...far, x: far.x - 40 * SIZE.width }, SIZE)!;
    const east = tileOf(PREVIEW_BOUNDS.south, PREVIEW_BOUNDS.east, previewLevel(Math.log2(far.k))).x;
    expect(atlantic.every((tile) => tile.x <= east)).toBe(true);
  });
});

describe('the preview pictures shipped with the app', () => {
  const folder = new FileUrl('./geodata/preview/', import.meta.url);
  const levels = readdirSync(folder).map(Number);

  it('are WebP pictures of every level, around the places dispatchers run', () => {
    expect(levels.sort()).toEqual(
      Array.from({ length: PREVIEW_MAX_LEVEL - PREVIEW_MIN_LEVEL + 1 }, (_, i) => PREVIEW_MIN_LEVEL + i),
    );
    for (const level of levels) {
      for (const place of [CHICAGO, { lat: 34.05, lon: -118.24 }, { lat: 43.65, lon: -79.38 }]) {
        const { x, y } = tileOf(place.lat, place.lon, level);
        const bytes = readFileSync(new FileUrl(`./geodata/preview/${level}/${x}/${y}.webp`, import.meta.url));
        expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
        expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
      }
    }
  });
});
