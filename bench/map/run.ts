// bench/map: the digital map at city scale. Seeds N terminals (default 250,000) on a throwaway PostgreSQL
// database, serves the real app and the built console, opens the dashboard in headless Chromium, and prints:
// the positions call (server time and compressed size, brotli and gzip), time to the first full render,
// frame times (p50, p95) over a scripted sequence of pans and zooms from the whole city to a street, and
// how long one pushed delta takes to show on the map.
//
//   npm run build -w apps/web && npx tsx bench/map/run.ts [--terminals 250000] [--width 1440 --height 900]
//   WEB_DIST=<dir> serves another build of the console (to compare two builds taken close together).
//   --trace <prefix> writes Chromium traces (open in DevTools' Performance panel) of the first full render
//   (<prefix>-render.json) and of the frames at city zoom and the zoom in (<prefix>-frames.json).
import http from 'node:http';
import os from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { MapState } from '@sl/contracts';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { mapDelta } from '../../apps/server/src/map/map-deltas.js';
import { seedDatabase } from '../../apps/server/src/seed/seed.js';
import { openThrowawayPostgres } from '../../apps/server/test/support/engines.js';
import { launchBrowser, signIn } from '../../e2e/support/browser.js';
import { pan, percentile, startFrames, stopFrames, wheel } from './frames.js';
import { seedCity } from './seed-city.js';

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: { terminals: { type: 'string', default: '250000' }, width: { type: 'string', default: '1440' }, height: { type: 'string', default: '900' }, runs: { type: 'string', default: '5' }, trace: { type: 'string' } },
});
const N = Number(args.terminals);
const ms = (v: number) => `${v.toFixed(0)} ms`;
/** Frames that took more than one 60 Hz interval (16.7 ms, with a margin for the timer's jitter). */
const longFrames = (frames: number[]) => frames.filter((f) => f > 20).length;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One GET with the given encoding: milliseconds to the last byte and bytes on the wire. */
function timedGet(url: string, token: string, encoding: string): Promise<{ ms: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => (res.statusCode === 200 ? resolve({ ms: performance.now() - t0, bytes }) : reject(new Error(`HTTP ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(`bench/map: ${N.toLocaleString('en-US')} terminals on PostgreSQL (${new URL(PG_ADMIN_URL).host}), console in headless Chromium ${args.width}x${args.height}; ${os.cpus().length} CPUs, load average ${load()}`);
const database = await openThrowawayPostgres(PG_ADMIN_URL, 'sl_bench_map');
const port = await freePort();
const config = loadConfig({ CAPTCHA: 'false', DEMO: 'false', ADMIN_PASSWORD: 'bench-123456', JWT_SECRET: 'bench-secret-that-is-at-least-32-characters', DATA_DIR: '/tmp/sl-bench-map', LOG_LEVEL: 'silent', ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}) });
let closeAll = async () => database.close();
try {
  await seedDatabase(database.db, config);
  let t = performance.now();
  await seedCity(database.db, N);
  console.log(`seeded in ${ms(performance.now() - t)}`);
  const app = await buildApp({ config, database });
  await app.listen({ port, host: '127.0.0.1' });
  closeAll = async () => {
    await app.close();
    await database.close();
  };
  const base = `http://127.0.0.1:${port}`;

  const browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: base, viewport: { width: Number(args.width), height: Number(args.height) } });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, 'admin', 'bench-123456');
  await page.waitForURL(/\/dashboard/);
  const token = decodeURIComponent((await context.cookies()).find((c) => c.name === 'Admin-Token')!.value);

  // The positions call, from the server's side of the wire (after the first call has loaded the lit states).
  await timedGet(`${base}/api/v1/map/points`, token, 'identity');
  for (const encoding of ['br', 'gzip', 'identity']) {
    const runs = [];
    for (let i = 0; i < Number(args.runs); i++) runs.push(await timedGet(`${base}/api/v1/map/points`, token, encoding));
    const times = runs.map((r) => r.ms);
    console.log(`positions call (${encoding.padEnd(8)}): median ${ms(percentile(times, 50))}, max ${ms(Math.max(...times))}, ${mb(runs[0].bytes)} on the wire`);
  }

  // First full render: navigation to the map drawn (fleet fetched, decoded, clustered on the worker, tiles drawn).
  await page.goto('/login');
  await page.goto('/dashboard');
  const traceCategories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'v8.execute', 'blink.user_timing', 'toplevel', 'gpu'];
  if (args.trace) await browser.startTracing(page, { path: `${args.trace}-render.json`, categories: traceCategories });
  t = performance.now();
  await page.goto('/dashboard');
  await page.waitForSelector('[data-testid=fleet-map][data-state=ready]', { timeout: 180_000 });
  const firstRender = performance.now() - t;
  if (args.trace) await browser.stopTracing();
  const map = page.locator('[data-testid=fleet-map]');
  const resource = await page.evaluate(() => {
    const r = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/v1/map/points')) as PerformanceResourceTiming | undefined;
    return r ? { ms: r.responseEnd - r.startTime, transfer: r.transferSize, encoded: r.encodedBodySize, decoded: r.decodedBodySize } : undefined;
  });
  const marks = await page.evaluate(`Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('map:')).map((m) => [m.name, Math.round(m.startTime)]))`) as Record<string, number>;
  console.log(`  in the page (ms since navigation): ${Object.entries(marks).map(([k, v]) => `${k.slice(4)} ${v}`).join(', ')}`);
  console.log(`first full render: ${ms(firstRender)} (positions call in the browser ${resource ? `${ms(resource.ms)}, ${mb(resource.encoded)} compressed, ${mb(resource.decoded)} decoded` : 'not seen'}); ${await map.getAttribute('data-points')} points, ${await map.getAttribute('data-rendered')} drawn in view`);

  // Frames over pans and zooms from the whole city to a street and back.
  const box = (await page.locator('[data-testid=fleet-map] canvas').boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const phases: Array<[string, () => Promise<void>]> = [
    ['pan at city zoom', async () => { await pan(page, centre, 300, 150); await pan(page, centre, -400, -100); await pan(page, centre, 100, -50); }],
    ['zoom in to a street', () => wheel(page, centre, -240, 16)],
    ['pan at street zoom', async () => { await pan(page, centre, 400, 0); await pan(page, centre, -200, 250); await pan(page, centre, 0, -250); }],
    ['zoom out to the city', () => wheel(page, centre, 240, 16)],
  ];
  const all: number[] = [];
  for (const [name, run] of phases) {
    await page.waitForSelector('[data-testid=fleet-map][data-state=ready]');
    if (args.trace && name === phases[0][0]) await browser.startTracing(page, { path: `${args.trace}-frames.json`, categories: traceCategories });
    await startFrames(page);
    await run();
    const frames = await stopFrames(page);
    if (args.trace && name === phases[1][0]) await browser.stopTracing();
    all.push(...frames);
    console.log(`frames, ${name.padEnd(20)}: ${frames.length} frames, p50 ${frames.length ? percentile(frames, 50).toFixed(1) : '-'} ms, p95 ${percentile(frames, 95).toFixed(1)} ms, max ${Math.max(...frames).toFixed(1)} ms, ${longFrames(frames)} over one 60 Hz frame`);
  }
  console.log(`frames, whole sequence        : ${all.length} frames, p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms, ${longFrames(all)} over one 60 Hz frame (goal: p95 at most 33 ms)`);

  // One delta: a lamp in view is focused, its state pushed as changed; time until the map draws it.
  const sn = `MAP${String(Math.floor(N / 2) + 7).padStart(7, '0')}`;
  const hits = (await page.evaluate(`fetch('/api/v1/map/search?keyword=${sn}', { headers: { authorization: 'Bearer ${token}' } }).then((r) => r.json()).then((b) => b.data)`)) as Array<{ terminalId: number }>;
  const target = hits[0];
  await page.getByTestId('map-search').locator('input').fill(sn);
  await page.getByTestId('search-hit').first().click();
  await page.waitForSelector(`[data-testid=fleet-map][data-focus-id="${target.terminalId}"][data-focus-state]`, { timeout: 60_000 });
  const before = await map.getAttribute('data-focus-state');
  const next = before === String(MapState.alarm) ? MapState.offline : MapState.alarm;
  t = performance.now();
  await app.services.push.publish('map', mapDelta([[target.terminalId, next]]), 'everyone');
  await page.waitForSelector(`[data-testid=fleet-map][data-focus-state="${next}"]`, { timeout: 60_000 });
  console.log(`one pushed delta drawn on the map: ${ms(performance.now() - t)} (state ${before} -> ${next}; the lamp through feature state, the clusters in the next batch)`);
  console.log(`load average at the end: ${load()}`);
  await browser.close();
} finally {
  await closeAll();
}
