// One cold load of a page in Chromium (a new browser context: no cache, no storage), optionally on a slow
// mobile connection with a slowed processor, and what it cost: the largest contentful paint and the
// JavaScript transferred.
import { chromium, type Browser } from 'playwright-core';

/**
 * Lighthouse's mobile throttling as Chrome DevTools applies it (a "Fast 3G"-like connection): 150 ms round
 * trips and 1.6 / 0.75 Mbit/s scaled by DevTools' factors (x3.75 latency, x0.9 throughput), and a CPU four
 * times slower than this machine's.
 */
export const THROTTLING = {
  latencyMs: 562.5,
  downloadBytesPerSecond: (1474.56 * 1024) / 8,
  uploadBytesPerSecond: (607.5 * 1024) / 8,
  cpuSlowdown: 4,
};

export type PageToMeasure = {
  url: string;
  /** A selector that shows once the page has drawn what it is for. */
  ready: string;
  /** localStorage entries set before the page's own scripts run (a signed-in session). */
  storage?: Record<string, string>;
  throttled: boolean;
};

export type PageMeasure = { lcpMs: number; lcpElement: string; scriptBytes: number };

export function openBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
}

type PageFigures = { lcp: { time: number; element: string } | null; scriptBytes: number };

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

const READ_FIGURES = `({
  lcp: window.benchLcp ?? null,
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
    await context.addInitScript({ content: `${storage}\n${OBSERVE_LCP}` });
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
    return { lcpMs: figures.lcp.time, lcpElement: figures.lcp.element, scriptBytes: figures.scriptBytes };
  } finally {
    await context.close();
  }
}
