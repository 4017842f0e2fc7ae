import path from 'node:path';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { api } from '../helpers/api';
import { createLoad } from '../helpers/loads';
import { signIn } from '../helpers/sign-in';
import { DEMO_USERS } from '../helpers/demo-users';

// The maps with no maps key and no tile archive (the demo carrier has neither): the WebGL base map of the
// app itself (land, water, states and provinces, towns and cities by size), drawn in a real browser, and
// not one request leaving the machine for it. Screenshots at three zoom levels are written beside the
// test's results (and to SHOTS when set) to be looked at.

const CHICAGO = '/units/map/?lat=41.88&lon=-87.63&address=Chicago%2C+IL%2C+USA&radius=150';

/** Every request the page makes that is not to the app itself (nor data: or blob: URLs it made). */
function outsideRequests(page: Page, origin: string): string[] {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !/^(data|blob):/.test(url)) outside.push(url);
  });
  return outside;
}

/** Waits until the WebGL base map is drawn (it replaces the preview pictures), with no loading notice. */
async function baseMapDrawn(map: Locator): Promise<void> {
  await expect(map.locator('svg[data-base-picture="webgl"]')).toBeVisible({ timeout: 20_000 });
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
  await expect(map.locator('[data-map-preview]')).toHaveCount(0);
  await expect(map.getByRole('progressbar')).toHaveCount(0);
}

async function shootZooms(page: Page, map: Locator, name: string, testInfo: TestInfo): Promise<void> {
  const zoomIn = map.getByRole('button', { name: 'Zoom in (+)' });
  for (const [step, clicks] of [
    ['1-fitted', 0],
    ['2-closer', 2],
    ['3-closest', 2],
  ] as const) {
    for (let click = 0; click < clicks; click++) await zoomIn.click();
    // The base map draws the new view's labels on its next frames.
    await page.waitForTimeout(800);
    const file = `${name}-${step}.png`;
    await map.screenshot({ path: testInfo.outputPath(file) });
    if (process.env.SHOTS) await map.screenshot({ path: path.join(process.env.SHOTS, file) });
  }
}

test.describe('maps without a key or a tile archive', () => {
  test('the capacity map around Chicago draws the land, lakes and towns, with no outside request', async ({
    page,
    baseURL,
  }, testInfo) => {
    const outside = outsideRequests(page, baseURL!);
    // The built-in map is vector tiles shipped with the app, read a few at a time by byte ranges.
    const archiveReads: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.pmtiles')) archiveReads.push(request.headers().range);
    });
    await signIn(page, DEMO_USERS.dispatcher.email);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(CHICAGO);
    const map = page.getByRole('region', { name: 'Capacity map' });
    await baseMapDrawn(map);
    expect(archiveReads.length).toBeGreaterThan(1);
    for (const range of archiveReads) expect(range).toMatch(/^bytes=\d+-\d+$/);
    await expect(map.getByRole('img', { name: 'Search origin: Chicago, IL, USA' })).toBeVisible();
    const zoomBefore = Number(await map.locator('svg').first().getAttribute('data-zoom'));
    await shootZooms(page, map, 'capacity-map-chicago', testInfo);
    // Two steps of two: the view is 16 times closer, and the base map followed without a reload.
    const zoomAfter = Number(await map.locator('svg').first().getAttribute('data-zoom'));
    expect(zoomAfter / zoomBefore).toBeCloseTo(16, 0);
    await expect(map.getByRole('progressbar')).toHaveCount(0);
    // The keyboard moves the same view.
    await map.focus();
    await page.keyboard.press('-');
    expect(Number(await map.locator('svg').first().getAttribute('data-zoom'))).toBeCloseTo(zoomAfter / 2, 1);
    expect(outside).toEqual([]);
  });

  test('the delivery map and a load page route are drawn the same way, with no outside request', async ({
    page,
    baseURL,
    request,
  }, testInfo) => {
    const outside = outsideRequests(page, baseURL!);
    const load = await createLoad(await api(request, DEMO_USERS.dispatcher.email));
    await signIn(page, DEMO_USERS.dispatcher.email);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    await page.goto('/units/delivery-map/');
    const delivery = page.getByRole('region', { name: 'Delivery map' });
    await baseMapDrawn(delivery);
    await shootZooms(page, delivery, 'delivery-map', testInfo);

    await page.goto(`/load/active/${load.id}`);
    const route = page.getByRole('region', { name: 'Route preview' });
    await baseMapDrawn(route);
    // A still picture: no zoom buttons on the load page.
    await expect(route.getByRole('button', { name: 'Zoom in (+)' })).toHaveCount(0);
    expect(outside).toEqual([]);
  });
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the capacity and delivery maps fit the screen, with the legend clear of the map credits', async ({
    page,
  }) => {
    await signIn(page, DEMO_USERS.dispatcher.email);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    for (const [path, name] of [
      [CHICAGO, 'Capacity map'],
      ['/units/delivery-map/', 'Delivery map'],
    ] as const) {
      await page.goto(path);
      const map = page.getByRole('region', { name });
      await baseMapDrawn(map);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      const legend = await map.getByRole('figure').boundingBox();
      const credits = await map.locator('.maplibregl-ctrl-attrib').boundingBox();
      expect(legend && credits, path).toBeTruthy();
      // The legend ends above the line of the credits (they share the map's bottom edge otherwise).
      expect(legend!.y + legend!.height, path).toBeLessThanOrEqual(credits!.y);
    }
  });
});

test('the preview pictures are the first picture, at once, and the WebGL map takes their place', async ({
  page,
  baseURL,
}, testInfo) => {
  const outside = outsideRequests(page, baseURL!);
  await signIn(page, DEMO_USERS.dispatcher.email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  // MapLibre's code is held back: until it comes, the map is the preview.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let askedForMapLibre = false;
  await page.route(/\/assets\/webgl-base-map-[^/]+\.js$/, async (route) => {
    askedForMapLibre = true;
    await held;
    await route.continue();
  });
  await page.goto(CHICAGO);
  const map = page.getByRole('region', { name: 'Capacity map' });
  await expect(map.locator('svg[data-base-picture="preview"]')).toBeVisible();
  await expect(map.getByRole('progressbar')).toHaveCount(0);
  const pictures = map.locator('[data-map-preview] img');
  expect(await pictures.count()).toBeGreaterThan(1);
  // Every picture is decoded and laid out side by side over the map.
  for (const picture of await pictures.all()) {
    expect(await picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(
      512,
    );
  }
  await expect(map.getByRole('img', { name: 'Search origin: Chicago, IL, USA' })).toBeVisible();
  await expect(map.locator('canvas.maplibregl-canvas')).toHaveCount(0);
  // MapLibre is asked for once the preview is drawn, not before.
  await expect.poll(() => askedForMapLibre).toBe(true);
  await map.screenshot({ path: testInfo.outputPath('capacity-map-preview.png') });
  if (process.env.SHOTS)
    await map.screenshot({ path: path.join(process.env.SHOTS, 'capacity-map-preview.png') });

  release();
  await baseMapDrawn(map);
  expect(outside).toEqual([]);
});

test('a drag moves the drawn map without redrawing it, and draws the new view when it ends', async ({
  page,
}) => {
  await signIn(page, DEMO_USERS.dispatcher.email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(CHICAGO);
  const map = page.getByRole('region', { name: 'Capacity map' });
  await baseMapDrawn(map);
  const layers = map.locator('[data-map-layers]');
  const markerGroup = map.locator('svg > g').nth(1);
  const translation = async () => {
    const value = (await markerGroup.getAttribute('transform')) ?? '';
    const [x, y] = /translate\(([-\d.e]+),\s*([-\d.e]+)\)/.exec(value)!.slice(1).map(Number);
    return { x: x!, y: y! };
  };
  const before = await translation();
  const box = (await map.boundingBox())!;
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 60, start.y + 30, { steps: 6 });
  await page.mouse.move(start.x + 120, start.y + 60, { steps: 6 });
  // Mid-drag: the picture is moved as drawn, by the compositor, and the markers are not redrawn.
  await expect(layers).toHaveAttribute('style', /translate\(120px, 60px\) scale\(1\)/);
  expect(await translation()).toEqual(before);

  await page.mouse.up();
  // Ended: the view is drawn where the drag left it, and the picture is no longer moved.
  await expect(layers).not.toHaveAttribute('style', /translate/);
  const after = await translation();
  expect(after.x - before.x).toBeCloseTo(120, 0);
  expect(after.y - before.y).toBeCloseTo(60, 0);
  await expect(map.getByRole('img', { name: 'Search origin: Chicago, IL, USA' })).toBeVisible();
});
