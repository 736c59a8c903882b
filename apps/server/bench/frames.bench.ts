/**
 * Frame time of a running designer page: the monitoring site shows a page of 100 widgets (20
 * charts) fed by 50 signals that all change every second, in headless Chromium (Debian's, driven by
 * playwright-core). It reports the 95th-percentile frame time (the gap between animation frames,
 * target ≤ 20 ms) and how the page's JavaScript heap and DOM grow over the run (flat is the
 * target). `BENCH_FRAMES_SECONDS` sets the measured duration (600 by default; the target is read
 * over 10 minutes); `BENCH_FRAMES_WARMUP_SECONDS` the settling time before it (15);
 * `BENCH_FRAMES_WINDOW_MINUTES` every trend chart's live window (a chart's heap grows until its
 * window is full, so flatness shows once the warm-up is longer than the window). Frames that
 * overlap the bench's own forced garbage collections are left out. Afterwards the same page is
 * measured with its values standing still (`designer.frames-idle`), the floor the machine allows
 * in the same run: on a busy machine both rise together.
 *
 * The platform runs in this process on PGlite with its embedded broker and serves the built console
 * (`apps/web/dist`, built first when missing); a gateway of the test harness publishes the values.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { SESSION_COOKIE } from '@lyyp/contracts';
import { devices } from '../src/db/schema/index.ts';
import { newId } from '../src/lib/ids.ts';
import { postJson } from '../src/modules/device/catalogue-test-support.ts';
import { FACTORY_PASSWORD, buildAccount, buildGateway, buildProduct } from '../src/test/factories.ts';
import { TestGateway } from '../src/test/gateway-client.ts';
import { TestClient, databaseVariants, startTestServer } from '../src/test/test-server.ts';
import { BENCH_SIGNALS, benchDeviceModel, benchPageFile } from './frames-page.ts';
import { percentile, record } from './report.ts';

const SECONDS = Number(process.env.BENCH_FRAMES_SECONDS ?? 600);
const WARMUP_SECONDS = Number(process.env.BENCH_FRAMES_WARMUP_SECONDS ?? 15);
/** Every trend chart's live window in minutes; unset, each chart type's default. */
const WINDOW_MINUTES = process.env.BENCH_FRAMES_WINDOW_MINUTES
  ? Number(process.env.BENCH_FRAMES_WINDOW_MINUTES)
  : undefined;
/** Frames of the same page with the values standing still, measured after the run. */
const IDLE_SECONDS = Math.max(10, Math.min(30, Math.round(SECONDS / 4)));
/** Heap samples over the run (after a garbage collection each), for the growth figure. */
const MEMORY_SAMPLES = 10;
const CHROMIUM = '/usr/bin/chromium';
const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../..');
const WEB_DIST = path.join(REPOSITORY_ROOT, 'apps/web/dist');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function ensureConsoleBuilt(): void {
  if (fs.existsSync(path.join(WEB_DIST, 'index.html'))) return;
  execFileSync('npm', ['run', 'build', '-w', '@lyyp/web'], {
    cwd: REPOSITORY_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

interface MemorySample {
  heapBytes: number;
  nodes: number;
}

/** The page's live heap after a full collection, and its DOM node count. */
async function sampleMemory(cdp: CDPSession): Promise<MemorySample> {
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const metrics = await cdp.send('Performance.getMetrics');
  const nodes = metrics.metrics.find((metric) => metric.name === 'Nodes')?.value ?? 0;
  return { heapBytes: heap.usedSize, nodes };
}

/**
 * Records the gap between animation frames in the page (run there as text: this file is compiled
 * for Node, without the DOM's types).
 */
const RECORD_FRAMES = `(() => {
  const frames = [];
  window.benchFrames = frames;
  let last;
  const tick = (at) => {
    if (last !== undefined) frames.push([at, at - last]);
    last = at;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

/** A frame as recorded: when it began (page clock, ms) and the gap since the previous one. */
type Frame = [at: number, gap: number];

/**
 * The gaps of the frames recorded since `since` (page clock), leaving out those that overlap a
 * window of the bench's own forced garbage collections: those pauses are the measurement's, not
 * the page's.
 */
async function frameGaps(page: Page, since: number, excluded: ReadonlyArray<[number, number]>) {
  const frames = await page.evaluate<Frame[]>('window.benchFrames');
  return frames
    .filter(([at, gap]) => at - gap >= since && !excluded.some(([from, to]) => at > from && at - gap < to))
    .map(([, gap]) => gap)
    .sort((a, b) => a - b);
}

export async function benchFrames() {
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`# designer.frames skipped: no Chromium at ${CHROMIUM}`);
    return;
  }
  ensureConsoleBuilt();
  const server = await startTestServer(databaseVariants()[0]!, { LOG_LEVEL: 'warn', WEB_DIST });
  const broker = await server.runtime.start();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  // A product of 50 signals, an end user's device, and the 100-widget page as its start page.
  const db = server.database.db;
  const developer = await buildAccount(db, 'developer');
  const owner = await buildAccount(db, 'terminal');
  const product = await buildProduct(db, developer.id, benchDeviceModel());
  const gateway = await buildGateway(db);
  const [device] = await db
    .insert(devices)
    .values({
      id: newId(),
      name: 'Bench boiler',
      gatewaySn: gateway.sn,
      productId: product.id,
      ownerAccountId: owner.id,
    })
    .returning();
  const developerClient = new TestClient(server);
  await developerClient.login(developer.username!, FACTORY_PASSWORD);
  const added = await developerClient.call('POST', '/product/page/add', {
    productId: product.id,
    title: 'Frames',
  });
  const pageId = (added.data as { id: string }).id;
  const file = benchPageFile(pageId, product.id, WINDOW_MINUTES);
  const saved = await postJson(server, developerClient, '/product/page/save', {
    id: pageId,
    version: '0',
    con: JSON.stringify(file.con),
    widgets: JSON.stringify(file.widgets),
    bind: JSON.stringify(file.bind),
  });
  if (saved.code !== '200') throw new Error(`the bench page was refused: ${saved.code} ${saved.message}`);
  const ownerClient = new TestClient(server);
  await ownerClient.login(owner.username!, FACTORY_PASSWORD);

  // 50 signals, every one changing every second.
  const link = await TestGateway.connect(`mqtt://127.0.0.1:${broker.port}`, gateway.sn, gateway.secret);
  await link.send('status', { status: 'online', ts: Date.now() });
  let seq = 0;
  const publish = async () => {
    seq += 1;
    const now = Date.now();
    const points = Array.from({ length: BENCH_SIGNALS }, (_, index) => ({
      k: `s${index}`,
      t: now,
      v: Math.round((50 + 45 * Math.sin(seq / 7 + index)) * 10) / 10,
    }));
    await link.send('data', { seq, points });
  };
  const feed = setInterval(() => void publish().catch(() => undefined), 1000);

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, locale: 'zh-CN' });
    await context.addCookies([{ name: SESSION_COOKIE, value: ownerClient.sessionToken!, url: origin }]);
    const page = await context.newPage();
    await page.goto(`${origin}/monitor/devices/${device!.id}/pages/${pageId}`);
    await page.waitForSelector(`[data-runtime-page="${pageId}"] [data-chart] canvas`, { timeout: 120_000 });
    await pause(WARMUP_SECONDS * 1000);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const pageClock = () => page.evaluate<number>('performance.now()');
    const collections: Array<[number, number]> = [];
    const sampleAt = async () => {
      const from = await pageClock();
      const sample = await sampleMemory(cdp);
      collections.push([from, await pageClock()]);
      return sample;
    };
    await page.evaluate(RECORD_FRAMES);
    const memory: MemorySample[] = [await sampleAt()];
    const began = await pageClock();
    const sampleEvery = (SECONDS * 1000) / MEMORY_SAMPLES;
    for (let sample = 1; sample <= MEMORY_SAMPLES; sample += 1) {
      await pause(sampleEvery);
      memory.push(await sampleAt());
    }
    const sorted = await frameGaps(page, began, collections);

    // The same page with nothing changing, in the same run: what the machine allows at all.
    clearInterval(feed);
    await pause(3000);
    const idleFrom = await pageClock();
    await pause(IDLE_SECONDS * 1000);
    const idle = await frameGaps(page, idleFrom, []);
    const points = Number(
      (await page
        .locator('[data-widget-type="ComplexLine"] [data-chart]')
        .first()
        .getAttribute('data-chart-points')) ?? 0,
    );
    const first = memory[0]!;
    const last = memory[memory.length - 1]!;
    // The second half alone: a page whose memory is flat grows by nothing once its windows are full.
    const middle = memory[Math.floor(memory.length / 2)]!;
    const config = {
      widgets: file.widgets.length,
      charts: 20,
      signals: BENCH_SIGNALS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      windowMinutes: WINDOW_MINUTES ?? 'type defaults (line 5, area and bar 60)',
      frames: sorted.length,
      /** Share of frames over the 20 ms target (frames come in steps of the 16.7 ms display period). */
      framesOver20ms: +(sorted.filter((gap) => gap > 20).length / Math.max(1, sorted.length)).toFixed(3),
      idleSeconds: IDLE_SECONDS,
      idleP95Ms: +percentile(idle, 0.95).toFixed(1),
      longestFrameMs: Math.round(sorted[sorted.length - 1] ?? 0),
      lineChartPoints: points,
      heapStartMB: +(first.heapBytes / 2 ** 20).toFixed(1),
      heapEndMB: +(last.heapBytes / 2 ** 20).toFixed(1),
      domNodesStart: first.nodes,
      domNodesEnd: last.nodes,
      browser: 'headless Chromium, software rendering',
    };
    record({
      scenario: 'designer.frames',
      metric: 'p50 frame',
      value: percentile(sorted, 0.5),
      unit: 'ms',
      config,
    });
    record({
      scenario: 'designer.frames',
      metric: 'p95 frame',
      value: percentile(sorted, 0.95),
      unit: 'ms',
      config,
    });
    record({
      scenario: 'designer.frames-idle',
      metric: 'p95 frame',
      value: percentile(idle, 0.95),
      unit: 'ms',
      config: { seconds: IDLE_SECONDS, frames: idle.length, note: 'same page, values not changing' },
    });
    record({
      scenario: 'designer.frames',
      metric: 'heap growth',
      value: (last.heapBytes - first.heapBytes) / 2 ** 20,
      unit: 'MB',
      config,
    });
    record({
      scenario: 'designer.frames',
      metric: 'heap growth, second half',
      value: (last.heapBytes - middle.heapBytes) / 2 ** 20,
      unit: 'MB',
      config,
    });
    await context.close();
  } finally {
    await browser.close();
    clearInterval(feed);
    await link.close();
    await server.close();
  }
}
