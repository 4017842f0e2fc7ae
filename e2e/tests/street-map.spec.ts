import path from 'node:path';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { PMTiles, type Source } from 'pmtiles';
import {
  expect,
  test,
  type Browser,
  type Locator,
  type Page,
  type Route,
  type TestInfo,
} from '@playwright/test';
import { DEMO_USERS } from '../helpers/demo-users';
import { buildPmtilesArchive, CHICAGO, requestedRange, tileOf } from '../helpers/pmtiles-archive';
import { signIn } from '../helpers/sign-in';

// A carrier with its own PMTiles archive (a vector tile extract in its own bucket) gets street maps: the
// admin sets "Map tiles (PMTiles URL)" in the company settings, and a dispatcher's capacity map draws the
// Protomaps basemap from that archive (highways and their names, the lake, the city), read by byte ranges,
// with no request to any other service. An archive that cannot be read leaves the built-in map.
// The bucket is stood in for by the browser's own routing: it answers from an archive built in memory.
// This spec changes a setting of the whole demo company: it runs in the company-wide project, alone.

const BUCKET = 'https://tiles.carrier.example';
const ARCHIVE_URL = `${BUCKET}/chicago.pmtiles`;
const MISSING_URL = `${BUCKET}/missing.pmtiles`;
const CHICAGO_MAP = '/units/map/?lat=41.88&lon=-87.63&address=Chicago%2C+IL%2C+USA&radius=50';
const TILES_FIELD = 'Map tiles (PMTiles URL)';

const archive = buildPmtilesArchive();

/** The archive as the pmtiles reader reads a file: byte ranges of the Buffer. */
function bufferSource(bytes: Buffer): Source {
  return {
    getKey: () => 'chicago.pmtiles',
    // A copy of the range, in an ArrayBuffer of its own, as a fetch gives it.
    getBytes: (offset, length) =>
      Promise.resolve({ data: new Uint8Array(bytes.subarray(offset, offset + length)).buffer }),
  };
}

/** Sets the company's map tiles URL as an admin does: on the company settings page, saved. */
async function setMapTilesUrl(page: Page, url: string): Promise<void> {
  await page.goto('/settings/company/');
  const field = page.getByRole('textbox', { name: TILES_FIELD });
  await expect(field).toBeVisible();
  await field.fill(url);
  await page.getByRole('form', { name: 'Company settings' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: TILES_FIELD })).toHaveValue(url);
}

/** Runs `body` with the company's map tiles set to `url` by the demo admin, and sets them back to none after. */
async function withCompanyMapTiles(browser: Browser, url: string, body: () => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await signIn(admin, DEMO_USERS.admin.email);
    await admin.waitForURL((address) => !address.pathname.startsWith('/login'));
    await setMapTilesUrl(admin, url);
    await body();
  } finally {
    await setMapTilesUrl(admin, '');
    await context.close();
  }
}

type Bucket = { ranges: { start: number; end: number }[]; tileRanges: () => number };

/** Answers the bucket's URL from the archive, by byte ranges (206), as a storage bucket does. */
async function serveBucket(page: Page, bytes: Buffer, tileDataOffset: number): Promise<Bucket> {
  const ranges: Bucket['ranges'] = [];
  const cors = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': 'range',
    'Access-Control-Expose-Headers': 'Content-Range, Content-Length, ETag',
  };
  await page.route(`${BUCKET}/**`, async (route: Route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    if (new URL(request.url()).pathname !== '/chicago.pmtiles') {
      return route.fulfill({ status: 404, headers: cors, body: 'Not Found' });
    }
    const headers = {
      ...cors,
      'Accept-Ranges': 'bytes',
      'Content-Type': 'application/octet-stream',
      ETag: '"chicago-1"',
    };
    const range = requestedRange((await request.headerValue('range')) ?? undefined, bytes.length);
    if (!range) return route.fulfill({ status: 200, headers, body: bytes });
    ranges.push(range);
    return route.fulfill({
      status: 206,
      headers: { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${bytes.length}` },
      body: bytes.subarray(range.start, range.end + 1),
    });
  });
  return { ranges, tileRanges: () => ranges.filter((range) => range.start >= tileDataOffset).length };
}

/** Answers every request to the bucket with 404: an archive address that is wrong. */
async function missingBucket(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route(`${BUCKET}/**`, (route) => {
    asked.push(route.request().url());
    return route.fulfill({ status: 404, headers: { 'Access-Control-Allow-Origin': '*' }, body: 'Not Found' });
  });
  return asked;
}

/** Every request the page makes to neither the app, nor the bucket, nor data: or blob: URLs it made. */
function outsideRequests(page: Page, origin: string): string[] {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith(`${BUCKET}/`) && !/^(data|blob):/.test(url))
      outside.push(url);
  });
  return outside;
}

async function openChicagoMap(page: Page): Promise<Locator> {
  await signIn(page, DEMO_USERS.dispatcher.email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(CHICAGO_MAP);
  const map = page.getByRole('region', { name: 'Capacity map' });
  // The WebGL map has replaced the built-in map's preview pictures.
  await expect(map.locator('svg[data-base-picture="webgl"]')).toBeVisible({ timeout: 20_000 });
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
  await expect(map.getByRole('progressbar')).toHaveCount(0);
  return map;
}

async function shoot(map: Locator, file: string, testInfo: TestInfo): Promise<void> {
  await map.screenshot({ path: testInfo.outputPath(file) });
  if (process.env.SHOTS) await map.screenshot({ path: path.join(process.env.SHOTS, file) });
}

test.describe('street maps from the carrier’s own PMTiles archive', () => {
  test('the archive built for these tests reads back with the pmtiles reader', async () => {
    const reader = new PMTiles(bufferSource(archive.bytes));
    const header = await reader.getHeader();
    expect(header).toMatchObject({
      specVersion: 3,
      tileType: 1,
      tileCompression: 1,
      internalCompression: 1,
      minZoom: 0,
      maxZoom: 12,
      clustered: true,
      numAddressedTiles: archive.tiles.length,
      tileDataOffset: archive.tileDataOffset,
    });
    // Every tile written is found by its z/x/y and read back byte for byte.
    for (const tile of archive.tiles) {
      const read = await reader.getZxy(tile.z, tile.x, tile.y);
      expect(Buffer.from(read!.data).equals(tile.data), `tile ${tile.z}/${tile.x}/${tile.y}`).toBe(true);
    }
    const far = await reader.getZxy(12, 0, 0);
    expect(far).toBeUndefined();
    // Downtown at zoom 11: the layers of the Protomaps schema, with the expressway, the avenue and the lake.
    const { x, y } = tileOf(CHICAGO.lat, CHICAGO.lon, 11);
    const downtown = await reader.getZxy(11, x, y);
    const layers = new VectorTile(new PbfReader(new Uint8Array(downtown!.data))).layers;
    expect(Object.keys(layers).sort()).toEqual(['earth', 'places', 'roads', 'water']);
    const roads = layers.roads!;
    const names = Array.from({ length: roads.length }, (_, index) => roads.feature(index).properties);
    expect(names).toContainEqual(
      expect.objectContaining({ kind: 'highway', ref: 'I 90', name: 'Kennedy Expressway' }),
    );
    expect(names).toContainEqual(expect.objectContaining({ kind: 'major_road', name: 'Michigan Avenue' }));
    expect(layers.water!.feature(0).properties).toMatchObject({ kind: 'water' });
    expect(layers.places!.feature(0).properties).toMatchObject({ kind: 'locality', name: 'Chicago' });
  });

  test('a dispatcher’s capacity map draws the streets of Chicago from the archive, with no other service', async ({
    browser,
    page,
    baseURL,
  }, testInfo) => {
    await withCompanyMapTiles(browser, ARCHIVE_URL, async () => {
      const outside = outsideRequests(page, baseURL!);
      const bucket = await serveBucket(page, archive.bytes, archive.tileDataOffset);
      const map = await openChicagoMap(page);
      // The header and root directory first, then tiles, all by byte ranges of the one file.
      await expect.poll(() => bucket.tileRanges(), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(bucket.ranges[0]).toEqual({ start: 0, end: 16_383 });
      // The Protomaps style credits its data in the map's attribution.
      await expect(map.getByText('OpenStreetMap contributors', { exact: false })).toBeAttached();
      await page.waitForTimeout(800);
      await shoot(map, 'street-map-1.png', testInfo);

      // Five steps of two, from the 50-mile circle to downtown: the Protomaps style names the highways and
      // avenues from zoom 11 on, reached at the fourth step.
      const zoomIn = map.getByRole('button', { name: 'Zoom in (+)' });
      const fitted = bucket.tileRanges();
      for (const step of [2, 3, 4, 5, 6]) {
        await zoomIn.click();
        // The pointer leaves the button for a bare spot of the map, so that no tooltip covers the picture.
        await map.hover({ position: { x: 12, y: 200 } });
        await expect(map.getByRole('progressbar')).toHaveCount(0);
        // The base map reads the closer tiles and draws them and their labels on its next frames.
        await page.waitForTimeout(1_200);
        await shoot(map, `street-map-${step}.png`, testInfo);
      }
      expect(bucket.tileRanges()).toBeGreaterThan(fitted);
      // Still the archive's map, not the built-in one.
      await expect(map.locator('svg[data-base-map="webgl"]')).toBeVisible();
      await expect(map.getByText('Natural Earth, GeoNames')).toHaveCount(0);
      expect(outside).toEqual([]);
    });
  });

  test('an archive address that answers 404 leaves the built-in map drawn', async ({
    browser,
    page,
    baseURL,
  }, testInfo) => {
    await withCompanyMapTiles(browser, MISSING_URL, async () => {
      const outside = outsideRequests(page, baseURL!);
      const asked = await missingBucket(page);
      const map = await openChicagoMap(page);
      expect(asked.length).toBeGreaterThan(0);
      await expect(map.getByText('Natural Earth, GeoNames')).toBeVisible({ timeout: 20_000 });
      await expect(map.getByRole('progressbar')).toHaveCount(0);
      await expect(map.locator('svg[data-base-map="webgl"]')).toBeVisible();
      // The built-in map's land, lakes and towns are drawn on the frames after its style is in.
      await page.waitForTimeout(1_500);
      await shoot(map, 'street-map-fallback.png', testInfo);
      expect(outside).toEqual([]);
    });
  });
});
