// The first page a browser opens: the JavaScript it loads before that page (the built index.html's entry
// script and its modulepreloads, gzip) and the largest contentful paint of the sign-in page and of the
// active loads list, in Chromium on a slow mobile connection with a slowed processor. The web app is built
// when stale and served by the real server on a fresh database with the demo companies.
import { percentile } from './bench-database';
import type { Benchmark } from './run';
import { buildWebIfStale, demoTokens, startWebServer } from './web-bench-server';
import { measureInitialJavaScript } from './web-initial-javascript';
import { measurePage, openBrowser, THROTTLING, type PageMeasure } from './web-page-timing';

/** WEB_BENCH_RUNS: cold loads measured per page after one warm-up; the recorded figures use the default. */
const RUNS = Number(process.env.WEB_BENCH_RUNS ?? 7);
const TARGET_KB = 250;
const TARGET_LCP_MS = 2500;

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function summary(name: string, runs: PageMeasure[]): { text: string; p75: number } {
  const lcps = runs.map((run) => run.lcpMs);
  const p75 = percentile(lcps, 0.75);
  const scripts = percentile(
    runs.map((run) => run.scriptBytes),
    0.5,
  );
  const element = runs.at(-1)?.lcpElement ?? 'none';
  const ready = runs.map((run) => run.readyMs);
  const text =
    `${name}: LCP p50 ${seconds(percentile(lcps, 0.5))}, p75 ${seconds(p75)}, worst ` +
    `${seconds(Math.max(...lcps))} (largest element ${element}); its content drawn p50 ` +
    `${seconds(percentile(ready, 0.5))}, p75 ${seconds(percentile(ready, 0.75))}; JavaScript transferred ${kb(scripts)}`;
  return { text, p75 };
}

const benchmark: Benchmark = {
  name: `first page: initial JavaScript, and LCP of the sign-in page and the active loads list (${RUNS} cold loads each)`,
  target:
    `initial JavaScript (entry + modulepreloads) at most ${TARGET_KB} kB gzip; LCP p75 at most ` +
    `${TARGET_LCP_MS / 1000} s in Chromium on ${THROTTLING.name}`,
  async run() {
    await buildWebIfStale();
    const initial = measureInitialJavaScript();
    const server = await startWebServer();
    const browser = await openBrowser();
    try {
      const tokens = await demoTokens(server.app);
      const signInPage = { url: `${server.baseUrl}/login/`, ready: 'form button[type=submit]' };
      const activeLoads = {
        url: `${server.baseUrl}/my-loads/active/`,
        ready: 'table tbody tr a[href]',
        storage: tokens,
      };
      const measured = { signIn: [] as PageMeasure[], loads: [] as PageMeasure[] };
      // One unthrottled load of each page first: the server's and the database's first requests are slow.
      await measurePage(browser, { ...signInPage, throttled: false });
      await measurePage(browser, { ...activeLoads, throttled: false });
      for (let run = 0; run < RUNS; run += 1) {
        measured.signIn.push(await measurePage(browser, { ...signInPage, throttled: true }));
        measured.loads.push(await measurePage(browser, { ...activeLoads, throttled: true }));
      }
      const signIn = summary('sign-in page', measured.signIn);
      const loads = summary('active loads list (signed in as the demo admin)', measured.loads);
      const files = [...initial.files]
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .map((file) => `${file.file.replace('assets/', '')} ${kb(file.gzipBytes)}`)
        .join(', ');
      const figure = [
        `initial JavaScript ${kb(initial.gzipBytes)} gzip in ${initial.files.length} files (${files})`,
        `    ${signIn.text}`,
        `    ${loads.text}`,
      ].join('\n');
      const met =
        initial.gzipBytes <= TARGET_KB * 1000 && signIn.p75 <= TARGET_LCP_MS && loads.p75 <= TARGET_LCP_MS;
      return { figure, met };
    } finally {
      await browser.close();
      await server.close();
    }
  },
};

export default benchmark;
