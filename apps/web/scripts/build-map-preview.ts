// Writes src/components/map/geodata/preview/<level>/<x>/<y>.webp: the built-in base map drawn once, at
// build time, as pictures (512-pixel WebP tiles of levels 1 to PREVIEW_MAX_LEVEL over the US and Canada;
// tiles of open water are left out). A map
// page shows the few pictures of its view at once, while MapLibre, its worker and its vector tiles are
// still loading (base-map-preview.tsx): the picture a dispatcher reads in the first second is this one,
// and the WebGL map takes its place when drawn. Run it again after changing the built-in map (its tiles,
// base-map.pmtiles, or its style in map-base-style.ts): `npx tsx apps/web/scripts/build-map-preview.ts`.
//
// The pictures are drawn by MapLibre itself with the app's style, in headless Chromium
// (/usr/bin/chromium, or CHROMIUM_PATH), in blocks of 4 by 4 tiles with a margin, so that labels near a
// tile's edge are whole. Labels use the machine's fonts: install fonts-roboto for the look most browsers
// draw.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildBaseStyle } from '../src/components/map/map-base-style';
import { MAP_COLORS } from '../src/components/map/map-style';
import {
  PREVIEW_BOUNDS,
  PREVIEW_MAX_LEVEL,
  PREVIEW_MIN_LEVEL,
  PREVIEW_TILE_SIZE,
} from '../src/components/map/preview-tiles';
import { tileOf } from '../src/components/map/built-in-tiles';

const require = createRequire(import.meta.url);
/** A file of an installed package, whatever files its exports name. */
const packageFile = (name: string, file: string) =>
  join(dirname(require.resolve(`${name}/package.json`)), file);
const geodata = (name: string) =>
  fileURLToPath(new URL(`../src/components/map/geodata/${name}`, import.meta.url));
const FILES: Record<string, { path: string; type: string }> = {
  '/maplibre-gl.mjs': { path: packageFile('maplibre-gl', 'dist/maplibre-gl.mjs'), type: 'text/javascript' },
  '/maplibre-gl-worker.mjs': {
    path: packageFile('maplibre-gl', 'dist/maplibre-gl-worker.mjs'),
    type: 'text/javascript',
  },
  '/pmtiles.js': { path: packageFile('pmtiles', 'dist/pmtiles.js'), type: 'text/javascript' },
  '/base-map.pmtiles': { path: geodata('base-map.pmtiles'), type: 'application/octet-stream' },
};
const target = geodata('preview');

/** Tiles a side of one drawn block, and the margin drawn around it (in pixels) so labels at its edges are whole. */
const BLOCK = 4;
const MARGIN = 256;
/** WebP quality: flat colours and small text stay clean at this level, at a fifth of lossless's bytes. */
const WEBP_QUALITY = 0.86;

const PAGE = `<!doctype html><html><head><meta charset="utf-8">
<style>html, body { margin: 0 } #map { width: ${BLOCK * PREVIEW_TILE_SIZE + 2 * MARGIN}px; height: ${BLOCK * PREVIEW_TILE_SIZE + 2 * MARGIN}px }</style>
<script src="/pmtiles.js"></script></head><body><div id="map"></div>
<script type="module">
  import * as maplibregl from '/maplibre-gl.mjs';
  maplibregl.setWorkerUrl('/maplibre-gl-worker.mjs');
  maplibregl.addProtocol('pmtiles', new pmtiles.Protocol().tile);
  window.maplibregl = maplibregl;
</script></body></html>`;

/** Serves the page, MapLibre and the archive (with the byte ranges the PMTiles reader asks for). */
function serve(request: IncomingMessage, response: ServerResponse) {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  if (path === '/') {
    response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    return;
  }
  const file = FILES[path];
  if (!file) {
    response.writeHead(404).end();
    return;
  }
  const bytes = readFileSync(file.path);
  const range = /^bytes=(\d+)-(\d+)?$/.exec(request.headers.range ?? '');
  if (!range) {
    response.writeHead(200, { 'content-type': file.type }).end(bytes);
    return;
  }
  const start = Number(range[1]);
  const end = Math.min(bytes.length - 1, range[2] === undefined ? bytes.length - 1 : Number(range[2]));
  response
    .writeHead(206, {
      'content-type': file.type,
      'content-range': `bytes ${start}-${end}/${bytes.length}`,
      'accept-ranges': 'bytes',
    })
    .end(bytes.subarray(start, end + 1));
}

/** The longitude and latitude of a point of the tile grid of a level (x and y in tiles, fractions allowed). */
function gridPoint(level: number, x: number, y: number): [number, number] {
  const n = 2 ** level;
  const lon = (x / n) * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI;
  return [lon, lat];
}

const server = createServer(serve);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1, viewport: { width: 1600, height: 1600 } });
  await page.goto(origin);
  await page.waitForFunction('window.maplibregl !== undefined');
  const style = buildBaseStyle({ kind: 'built-in', tilesUrl: '/base-map.pmtiles' }, origin);
  await page.evaluate(
    `new Promise((resolve) => {
      window.map = new maplibregl.Map({ container: 'map', style: ${JSON.stringify(style)}, interactive: false,
        attributionControl: false, renderWorldCopies: false, fadeDuration: 0, canvasContextAttributes: { preserveDrawingBuffer: true } });
      window.map.once('idle', resolve);
    })`,
  );

  rmSync(target, { recursive: true, force: true });
  let written = 0;
  let bytes = 0;
  for (let level = PREVIEW_MIN_LEVEL; level <= PREVIEW_MAX_LEVEL; level++) {
    const northWest = tileOf(PREVIEW_BOUNDS.north, PREVIEW_BOUNDS.west, level);
    const southEast = tileOf(PREVIEW_BOUNDS.south, PREVIEW_BOUNDS.east, level);
    for (let blockX = northWest.x; blockX <= southEast.x; blockX += BLOCK) {
      for (let blockY = northWest.y; blockY <= southEast.y; blockY += BLOCK) {
        // MapLibre's zoom counts 512-pixel tiles: at the level's zoom a tile of the grid is 512 pixels.
        const [lon, lat] = gridPoint(level, blockX + BLOCK / 2, blockY + BLOCK / 2);
        const drawn = await page.evaluate<{ x: number; y: number; webp: string }[]>(
          `(async () => {
            const map = window.map;
            map.jumpTo({ center: [${lon}, ${lat}], zoom: ${level} });
            await new Promise((resolve) => map.once('idle', resolve));
            const source = map.getCanvas();
            const tile = document.createElement('canvas');
            tile.width = tile.height = ${PREVIEW_TILE_SIZE};
            const context = tile.getContext('2d', { willReadFrequently: true });
            const water = ${JSON.stringify(MAP_COLORS.water)}.match(/[0-9a-f]{2}/g).map((hex) => parseInt(hex, 16));
            const found = [];
            for (let dx = 0; dx < ${BLOCK}; dx++) for (let dy = 0; dy < ${BLOCK}; dy++) {
              const x = ${blockX} + dx, y = ${blockY} + dy;
              if (x >= 2 ** ${level} || y >= 2 ** ${level}) continue;
              context.drawImage(source, ${MARGIN} + dx * ${PREVIEW_TILE_SIZE}, ${MARGIN} + dy * ${PREVIEW_TILE_SIZE},
                ${PREVIEW_TILE_SIZE}, ${PREVIEW_TILE_SIZE}, 0, 0, ${PREVIEW_TILE_SIZE}, ${PREVIEW_TILE_SIZE});
              // Open water only: not stored, the map's water colour shows through.
              const pixels = context.getImageData(0, 0, ${PREVIEW_TILE_SIZE}, ${PREVIEW_TILE_SIZE}).data;
              let land = false;
              for (let i = 0; i < pixels.length && !land; i += 4)
                land = Math.abs(pixels[i] - water[0]) + Math.abs(pixels[i + 1] - water[1]) + Math.abs(pixels[i + 2] - water[2]) > 6;
              if (!land) continue;
              const blob = await new Promise((resolve) => tile.toBlob(resolve, 'image/webp', ${WEBP_QUALITY}));
              const bytes = new Uint8Array(await blob.arrayBuffer());
              let binary = '';
              for (const byte of bytes) binary += String.fromCharCode(byte);
              found.push({ x, y, webp: btoa(binary) });
            }
            return found;
          })()`,
        );
        for (const { x, y, webp } of drawn) {
          const data = Buffer.from(webp, 'base64');
          mkdirSync(`${target}/${level}/${x}`, { recursive: true });
          writeFileSync(`${target}/${level}/${x}/${y}.webp`, data);
          written += 1;
          bytes += data.length;
        }
      }
    }
    console.log(`level ${level} drawn`);
  }
  console.log(`${written} tiles, ${bytes} bytes, written to ${target}`);
} finally {
  await browser.close();
  server.close();
}
