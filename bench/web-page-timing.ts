// One cold load of a page in Chromium (a new browser context: no cache, no storage), optionally on a slow
// mobile connection with a slowed processor, and what it cost: the largest contentful paint and the
// JavaScript transferred.
import { chromium, type Browser } from 'playwright-core';

export type Throttling = {
  name: string;
  latencyMs: number;
  downloadBytesPerSecond: number;
  uploadBytesPerSecond: number;
  cpuSlowdown: number;
};

/**
 * The connections a page is measured on (WEB_BENCH_PROFILE picks one; the targets are judged on the first):
 * - slow-4g: Lighthouse's mobile preset as Lighthouse states it (150 ms round trips, 1.6 Mbit/s down,
 *   0.75 Mbit/s up, a CPU four times slower), the profile behind the 2.5 s "good" largest contentful paint;
 * - devtools-fast-3g: the same preset with the factors DevTools applies when it throttles the browser itself
 *   (x3.75 latency, x0.9 throughput): every request costs 562.5 ms, a far harsher case than an office line.
 */
export const THROTTLING_PROFILES: Record<string, Throttling> = {
  'slow-4g': {
    name: 'Slow 4G: 150 ms round trips, 1.6 Mbit/s down, 0.75 Mbit/s up, CPU 4x slower',
    latencyMs: 150,
    downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
    uploadBytesPerSecond: (750 * 1024) / 8,
    cpuSlowdown: 4,
  },
  'devtools-fast-3g': {
    name: 'DevTools-applied Lighthouse mobile: 562.5 ms round trips, 1.47 Mbit/s down, 0.61 Mbit/s up, CPU 4x slower',
    latencyMs: 562.5,
    downloadBytesPerSecond: (1474.56 * 1024) / 8,
    uploadBytesPerSecond: (607.5 * 1024) / 8,
    cpuSlowdown: 4,
  },
};

const profileName = process.env.WEB_BENCH_PROFILE ?? 'slow-4g';
const chosen = THROTTLING_PROFILES[profileName];
if (!chosen) {
  throw new Error(
    `WEB_BENCH_PROFILE=${profileName} is not a profile; use ${Object.keys(THROTTLING_PROFILES).join(' or ')}`,
  );
}
export const THROTTLING: Throttling = chosen;

export type PageToMeasure = {
  url: string;
  /** A selector that shows once the page has drawn what it is for. */
  ready: string;
  /** localStorage entries set before the page's own scripts run (a signed-in session). */
  storage?: Record<string, string>;
  throttled: boolean;
};

/**
 * lcpMs: the browser's largest contentful paint; readyMs: the first frame in which the page's own content
 * (the `ready` selector) was drawn. The two differ when something painted earlier (the frame of
 * index.html) stays the largest element: readyMs is when the user has what the page is for.
 */
export type PageMeasure = { lcpMs: number; lcpElement: string; readyMs: number; scriptBytes: number };

export function openBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
}

type PageFigures = {
  lcp: { time: number; element: string } | null;
  readyMs: number | null;
  scriptBytes: number;
};

// Run in the page (the bench is compiled without the DOM's types): the last largest-contentful-paint entry,
// with the element it names, kept on window.benchLcp.
const OBSERVE_LCP = `
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const element = entry.element;
      const text = element && element.textContent ? ' "' + element.textContent.trim().slice(0, 30) + '"' : '';
      window.benchLcp = { time: entry.startTime, element: element ? element.tagName.toLowerCase() + text : 'none' };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

// The first animation frame in which the selector matches: the frame that draws it.
const observeReady = (selector: string) => `
  (function watch() {
    if (document.querySelector(${JSON.stringify(selector)})) window.benchReady = performance.now();
    else requestAnimationFrame(watch);
  })();
`;

const READ_FIGURES = `({
  lcp: window.benchLcp ?? null,
  readyMs: window.benchReady ?? null,
  scriptBytes: performance
    .getEntriesByType('resource')
    .filter((entry) => entry.name.endsWith('.js'))
    .reduce((sum, entry) => sum + entry.encodedBodySize, 0),
})`;

export async function measurePage(browser: Browser, target: PageToMeasure): Promise<PageMeasure> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
  try {
    const storage = Object.entries(target.storage ?? {})
      .map(([key, value]) => `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`)
      .join('\n');
    await context.addInitScript({ content: `${storage}\n${OBSERVE_LCP}\n${observeReady(target.ready)}` });
    const page = await context.newPage();
    if (target.throttled) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: THROTTLING.latencyMs,
        downloadThroughput: THROTTLING.downloadBytesPerSecond,
        uploadThroughput: THROTTLING.uploadBytesPerSecond,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
    }
    await page.goto(target.url, { waitUntil: 'commit', timeout: 60_000 });
    await page.locator(target.ready).first().waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    // The paint of the last change is reported a frame or two after it.
    await page.waitForTimeout(500);
    const figures = await page.evaluate<PageFigures>(READ_FIGURES);
    if (!figures.lcp) throw new Error(`${target.url}: the browser reported no largest contentful paint`);
    return {
      lcpMs: figures.lcp.time,
      lcpElement: figures.lcp.element,
      readyMs: figures.readyMs ?? Number.NaN,
      scriptBytes: figures.scriptBytes,
    };
  } finally {
    await context.close();
  }
}
