// The capacity map benchmark in the browser: the gestures (a mouse drag and a touchpad-like wheel zoom, sent
// as a real mouse sends them), the frames the page draws meanwhile, the same drag on an empty page for
// comparison, and with MAP_BENCH_TRACE=1 where the time goes during one more gesture: the busy time of each
// thread (the page's main thread, the GPU process that draws WebGL, workers), the main thread by kind of
// work (script, style, layout, paint, commit), and its JavaScript by file.
import { setTimeout as delay } from 'node:timers/promises';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { percentile } from './bench-database';

export const MAP_REGION = '[role="region"][aria-label="Capacity map"]';
const REGION = MAP_REGION;
/** How long each gesture lasts. */
const GESTURE_MS = 3000;

// The frames while a gesture runs: each requestAnimationFrame callback's time, and in how many of those
// frames the picture had moved since the frame before: the map's view (the SVG layer's transform and zoom),
// or on the empty page of the input check, a mouse move arrived.
const startFrames = (view: string) => `(() => {
  const view = ${view};
  const frames = { times: [], moved: 0, on: true };
  window.benchFrames = frames;
  let last = view();
  const loop = (time) => {
    if (!frames.on) return;
    frames.times.push(time);
    const now = view();
    if (now !== last) frames.moved += 1;
    last = now;
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
})()`;
// During a gesture the drawn layers are moved by a CSS transform on their wrapper (data-map-layers), after
// it the SVG layer's own transform and zoom change: either is the picture moving.
export const MAP_VIEW = `() => {
  const svg = document.querySelector(${JSON.stringify(`${REGION} svg`)});
  const layer = svg && svg.querySelector(':scope > g');
  const layers = document.querySelector(${JSON.stringify(`${REGION} [data-map-layers]`)});
  return (layer ? layer.getAttribute('transform') : '') + ' ' + (svg ? svg.getAttribute('data-zoom') : '') +
    ' ' + (layers ? layers.style.transform : '');
}`;
const MOUSE_MOVES = `(() => {
  let moves = 0;
  window.addEventListener('mousemove', () => (moves += 1), true);
  return () => moves;
})()`;
const STOP_FRAMES = `(() => { window.benchFrames.on = false; return window.benchFrames; })()`;

/** Frames a second, the p95 and longest interval between frames, and the frames a second that moved. */
export type FrameStats = { fps: number; p95Ms: number; worstMs: number; movedPerSecond: number };

function frameStats({ times, moved }: { times: number[]; moved: number }): FrameStats {
  const intervals = times.slice(1).map((time, index) => time - times[index]!);
  const seconds = (times.at(-1)! - times[0]!) / 1000;
  return {
    fps: intervals.length / seconds,
    p95Ms: percentile(intervals, 0.95),
    worstMs: Math.max(...intervals),
    movedPerSecond: moved / seconds,
  };
}

/** The frames drawn while `gesture` runs; the gesture must move the map unless `still`. */
export async function framesDuring(
  page: Page,
  gesture: () => Promise<void>,
  view = MAP_VIEW,
  still = false,
): Promise<FrameStats> {
  await page.evaluate(startFrames(view));
  await gesture();
  const stats = frameStats(await page.evaluate<{ times: number[]; moved: number }>(STOP_FRAMES));
  if (!still && stats.movedPerSecond === 0) throw new Error('the gesture did not move the map');
  return stats;
}

/** What draws WebGL in this browser (SwiftShader, in software, on a machine without a GPU), or null. */
export async function webGlRenderer(browser: Browser): Promise<string | null> {
  const page = await browser.newPage();
  try {
    return await page.evaluate<string | null>(`(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      const info = gl && gl.getExtension('WEBGL_debug_renderer_info');
      return gl ? (info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : 'unknown') : null;
    })()`);
  } finally {
    await page.close();
  }
}

/**
 * The same drag on an empty page: the frames a second the browser and the input reach with nothing to draw,
 * and how many of them get a mouse move (the most the map can move in).
 */
export async function inputCheck(browser: Browser): Promise<FrameStats> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  try {
    await page.setContent(
      '<div role="region" aria-label="Capacity map" style="width: 700px; height: 600px"></div>',
    );
    return await framesDuring(page, () => drag(page), MOUSE_MOVES);
  } finally {
    await page.close();
  }
}

async function mapCentre(page: Page): Promise<{ x: number; y: number }> {
  const box = await page.locator(REGION).boundingBox();
  if (!box) throw new Error('the capacity map is not on the page');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Runs `step` about every `everyMs` for GESTURE_MS without waiting for each input event to be handled, as a
 * real mouse keeps sending while the page is busy (Chromium merges the events it gets between two frames).
 * Waiting for each would send one event per frame the page manages, a few a second when it is slow.
 */
async function keepSending(everyMs: number, step: (elapsed: number) => Promise<void>): Promise<void> {
  const sent: Promise<void>[] = [];
  const started = Date.now();
  for (let elapsed = 0; elapsed < GESTURE_MS; elapsed = Date.now() - started) {
    sent.push(step(elapsed));
    await delay(everyMs);
  }
  await Promise.all(sent);
}

/** A drag with the mouse in circles of 120 px (it ends where it began), a move about every 8 ms. */
export async function drag(page: Page): Promise<void> {
  const centre = await mapCentre(page);
  const at = (elapsed: number) => {
    const angle = (2 * Math.PI * elapsed) / 1500;
    return { x: centre.x + 120 * Math.cos(angle), y: centre.y + 120 * Math.sin(angle) };
  };
  await page.mouse.move(at(0).x, at(0).y);
  await page.mouse.down();
  await keepSending(8, (elapsed) => page.mouse.move(at(elapsed).x, at(elapsed).y));
  await page.mouse.up();
}

/** A zoom in, then out, as a touchpad scrolls: a small wheel step about every 16 ms. */
export async function wheelZoom(page: Page): Promise<void> {
  const centre = await mapCentre(page);
  await page.mouse.move(centre.x + 60, centre.y - 40);
  await keepSending(16, (elapsed) => page.mouse.wheel(0, elapsed < GESTURE_MS / 2 ? -12 : 12));
}

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
};
type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
};

const top = (totals: Map<string, number>, count: number, seconds: number) =>
  [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${name} ${(ms / seconds).toFixed(0)}`)
    .join(', ');

function add(totals: Map<string, number>, key: string, ms: number) {
  totals.set(key, (totals.get(key) ?? 0) + ms);
}

/** Runs `gesture` traced and profiled, and prints where the time went, per second of the gesture. */
export async function traced(
  page: Page,
  cdp: CDPSession,
  name: string,
  gesture: () => Promise<void>,
): Promise<void> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, {
    categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  const started = Date.now();
  await gesture();
  const seconds = (Date.now() - started) / 1000;
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
    traceEvents: TraceEvent[];
  };

  const threads = new Map<string, string>();
  for (const event of traceEvents)
    if (event.ph === 'M' && event.name === 'thread_name')
      threads.set(`${event.pid}:${event.tid}`, event.args?.name ?? '?');
  // A thread's busy time: the union of its tasks (a task can run inside another's event); threads of one
  // name (the pool's workers) are added up.
  const tasks = new Map<string, [number, number][]>();
  const main = new Map<string, number>();
  for (const event of traceEvents) {
    if (event.ph !== 'X' || !event.dur) continue;
    const id = `${event.pid}:${event.tid}`;
    const thread = threads.get(id) ?? '?';
    if (event.name.endsWith('RunTask')) {
      const spans = tasks.get(id) ?? [];
      spans.push([event.ts, event.ts + event.dur]);
      tasks.set(id, spans);
    } else if (thread === 'CrRendererMain') add(main, event.name, event.dur / 1000);
  }
  const busy = new Map<string, number>();
  for (const [id, spans] of tasks) {
    let end = -Infinity;
    for (const [from, to] of spans.sort((a, b) => a[0] - b[0])) {
      if (to > end) add(busy, threads.get(id) ?? '?', (to - Math.max(from, end)) / 1000);
      end = Math.max(end, to);
    }
  }
  const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const files = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = nodes.get(id);
    const file = frame?.url ? frame.url.replace(/^.*\//, '') : (frame?.functionName ?? '?');
    add(files, file, (profile.timeDeltas[index] ?? 0) / 1000);
  });
  console.log(`  trace of one more ${name} (${seconds.toFixed(1)} s; ms per second of it):`);
  console.log(`    busy threads: ${top(busy, 8, seconds)}`);
  console.log(`    page main thread by work (nested work counted in each): ${top(main, 12, seconds)}`);
  console.log(
    `    JavaScript by file (self time; (program) is the browser's own work): ${top(files, 8, seconds)}`,
  );
}
