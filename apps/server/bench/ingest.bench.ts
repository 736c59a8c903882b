/**
 * Ingest and alarm figures with a realistic fleet: 1,000 gateways (`BENCH_INGEST_GATEWAYS`), each
 * its own MQTT connection in a separate process, sending 20 points per upload
 * (`BENCH_INGEST_POINTS`) with at most 8 unacknowledged, like the edge agent. On the embedded stack
 * (PGlite + embedded broker) and, when TEST_DATABASE_URL and TEST_MQTT_URL are set, on PostgreSQL
 * + Mosquitto (`BENCH_INGEST_STACKS=pglite` or `=postgres` runs one of them). Per stack, in one run
 * on one database:
 *
 * 1. the database's ceiling for the same rows into the real `points` table (`ceiling.ts`);
 * 2. ingest, publish → stored and acknowledged, without alarm rules: points/s and its ratio to the
 *    ceiling (targets: ≥ 0.5 on PostgreSQL, ≥ 0.8 on PGlite);
 * 3. the same with one rule per variable (`fleet-plan.ts`: values well below the limit, and each
 *    gateway trips one variable in one upload of 50 and releases it in the next): ratio to 2
 *    (target ≥ 0.8). 1, 2 and 3 run in turn, `BENCH_INGEST_PAIRS` times (default 3, the rules
 *    deleted before each flood without them); the figures are the median ceiling, the median floods
 *    and the medians of the pairs' ratios (each flood without rules ÷ the ceiling just before it,
 *    each flood with rules ÷ the flood without them just before it), and each measurement is
 *    printed with them;
 * 4. alarm latency at a steady 20,000 points/s (`BENCH_ALARM_RATE`) for 30 s
 *    (`BENCH_ALARM_SECONDS`): publish of a tripping value → record stored → alarm on a browser's
 *    live connection; p50 and p99 (target p99 ≤ 500 ms);
 * 5. the same latency at a rate this run showed the platform can sustain: half
 *    (`BENCH_ALARM_SUSTAINED_SHARE`) of the throughput with rules measured in 3, when that is below
 *    the rate of 4 (on a loaded machine 20,000 points/s is more than the platform gets through, and
 *    the latency of 4 is then the backlog's, not the alarm path's).
 *
 * Each of 1–5 starts on a settled database (`settle`: the hours the floods stored summarised, and on
 * PostgreSQL every table vacuumed and checkpointed), so none pays for the rows the one before it
 * wrote. PGlite keeps its data on disk, as `npm start` does (`pgliteOnDiskVariant`).
 *
 * Each of 1–3 also says how many CPU seconds the platform, the fleet, the broker and the database
 * spent on it (`cpu-usage.ts`): the parts share the machine's cores, so this shows what a figure is
 * bound by.
 *
 * On PostgreSQL the gateways and the platform use a Mosquitto of the bench's own (`mosquitto.ts`)
 * with the settings a production broker needs; `BENCH_OWN_BROKER=0` uses TEST_MQTT_URL as it is
 * configured instead. Each figure on Mosquitto says how many messages the broker dropped meanwhile.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { FACTORY_PASSWORD } from '../src/test/factories.ts';
import {
  TestClient,
  databaseVariants,
  pgliteOnDiskVariant,
  startTestServer,
  type DatabaseVariant,
  type TestServer,
} from '../src/test/test-server.ts';
import { seriesIdentity } from '../src/modules/telemetry/point-series.ts';
import { bestBatchCeilingPglite, copyCeilingPostgres, type Ceiling } from './ceiling.ts';
import { cpuSince, type CpuParts } from './cpu-usage.ts';
import {
  FLEET_KEYS,
  FleetProcess,
  addAlarmRules,
  buildFleet,
  removeAlarmRules,
  type Fleet,
} from './fleet.ts';
import { BenchMosquitto, PLATFORM_BROKER_SETTINGS, brokerDroppedMessages } from './mosquitto.ts';
import { percentile, record } from './report.ts';

const GATEWAYS = Number(process.env.BENCH_INGEST_GATEWAYS ?? 1000);
const UPLOADS = Number(process.env.BENCH_INGEST_UPLOADS ?? 50);
const POINTS_PER_UPLOAD = Number(process.env.BENCH_INGEST_POINTS ?? 20);
const ALARM_RATE = Number(process.env.BENCH_ALARM_RATE ?? 20_000);
const ALARM_SECONDS = Number(process.env.BENCH_ALARM_SECONDS ?? 30);
/** Share of the measured throughput with rules offered in the second latency run. */
const SUSTAINED_SHARE = Number(process.env.BENCH_ALARM_SUSTAINED_SHARE ?? 0.5);
/** One upload in this many trips a variable (per gateway), and the next releases it. */
const TRIP_PERIOD = Number(process.env.BENCH_ALARM_TRIP_PERIOD ?? 50);
/** The edge agent's default of unacknowledged uploads per gateway (apps/gateway forwarder). */
const WINDOW = 8;
/** Pairs of floods, without rules then with them, whose medians are reported. */
const PAIRS = Math.max(1, Number(process.env.BENCH_INGEST_PAIRS ?? 3));
/** Time one upload covers in the flood runs (20 points of 5 variables: 4 samples, 1 s apart). */
const UPLOAD_SPAN_MS = 4000;

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const JANUARY = Date.UTC(2026, 0, 1);

interface Stack {
  readonly label: string;
  readonly variant: DatabaseVariant;
  readonly environment: Record<string, string>;
  readonly gatewayUrl: (port: number | null) => string;
  readonly ceilingTarget: number;
  /** An external broker's URL, to read its `$SYS` counters. */
  readonly brokerUrl?: string;
  readonly brokerSettings?: string;
  /** The external broker's process, when the bench started it (its CPU time is counted). */
  readonly brokerPid?: number;
}

/** Messages the external broker dropped since the last call (null: embedded, or it did not say). */
async function droppedSince(stack: Stack, previous: { count: number | null }) {
  if (!stack.brokerUrl) return {};
  const count = await brokerDroppedMessages(stack.brokerUrl).catch(() => null);
  const dropped = count !== null && previous.count !== null ? count - previous.count : null;
  previous.count = count;
  return { brokerDropped: dropped ?? 'unknown', brokerSettings: stack.brokerSettings };
}

function conditions(stack: Stack) {
  return {
    stack: stack.label,
    gateways: GATEWAYS,
    pointsPerUpload: POINTS_PER_UPLOAD,
    uploadsPerGateway: UPLOADS,
    window: WINDOW,
    machine: `${os.cpus().length} cores, shared with the broker, the database and the fleet process`,
    loadAverage: os.loadavg()[0]!.toFixed(1),
  };
}

/** Messages dropped over several floods: added up, unknown when one of them did not say. */
function addDropped(total: { count: number | null }, one: Awaited<ReturnType<typeof droppedSince>>) {
  if (!('brokerDropped' in one)) return;
  total.count =
    total.count === null || typeof one.brokerDropped !== 'number' ? null : total.count + one.brokerDropped;
}

function droppedOf(stack: Stack, total: { count: number | null }) {
  if (!stack.brokerUrl) return {};
  return { brokerDropped: total.count ?? 'unknown', brokerSettings: stack.brokerSettings };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The flood of median throughput (its CPU seconds go with it). */
function medianRun(runs: readonly FloodRun[]): FloodRun {
  const sorted = [...runs].sort((a, b) => a.pointsPerSecond - b.pointsPerSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

type FloodRun = Awaited<ReturnType<typeof flood>>;

/**
 * One flood of `UPLOADS` uploads per gateway: its points/s, and the CPU seconds each part spent on it
 * (null where they cannot be read).
 */
async function flood(fleetProcess: FleetProcess, day: number, tripPeriod: number, parts: CpuParts) {
  const cpu = await cpuSince(parts);
  const answer = await fleetProcess.ask(
    {
      type: 'flood',
      uploads: UPLOADS,
      window: WINDOW,
      start: JANUARY + day * DAY,
      keys: FLEET_KEYS,
      pointsPerUpload: POINTS_PER_UPLOAD,
      spanMs: UPLOAD_SPAN_MS,
      tripPeriod,
    },
    'flooded',
  );
  return { pointsPerSecond: answer.points / answer.seconds, cpuSeconds: await cpu() };
}

/**
 * The ceiling measured before the `pair`-th pair of floods, into a time range of its own (an hour of
 * day 2; the floods store days 1 and 3 onwards).
 */
async function measureCeiling(
  server: TestServer,
  stack: Stack,
  fleet: Fleet,
  parts: CpuParts,
  pair: number,
): Promise<CeilingRun> {
  const deviceIds = fleet.gateways.map((gateway) => gateway.deviceId);
  const known = await server.runtime.history.series.idsOf(
    deviceIds.flatMap((deviceId) => FLEET_KEYS.map((key) => [deviceId, key] as const)),
  );
  const rows = {
    deviceIds,
    keys: FLEET_KEYS,
    seriesIds: deviceIds.flatMap((deviceId) =>
      FLEET_KEYS.map((key) => known.get(seriesIdentity(deviceId, key))!),
    ),
    perSeries: Math.ceil((UPLOADS * POINTS_PER_UPLOAD) / FLEET_KEYS.length),
    start: JANUARY + 2 * DAY + pair * HOUR,
  };
  await server.runtime.history.ensurePartitions([rows.start]);
  const cpu = await cpuSince(parts);
  let cpuSeconds: Record<string, number> | null = null;
  const ceiling =
    stack.variant.name === 'postgres'
      ? await copyCeilingPostgres(server.database.location, rows, async () => {
          cpuSeconds = await cpu();
        })
      : await bestBatchCeilingPglite(server.database, server.runtime.history, rows);
  return { ceiling, cpuSeconds: cpuSeconds ?? (await cpu()) };
}

interface CeilingRun {
  readonly ceiling: Ceiling;
  readonly cpuSeconds: Record<string, number> | null;
}

/** The ceiling of median throughput (its method and CPU seconds go with it). */
function medianCeiling(runs: readonly CeilingRun[]): CeilingRun {
  const sorted = [...runs].sort((a, b) => a.ceiling.rowsPerSecond - b.ceiling.rowsPerSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * The hour and day summaries of the hours the floods wrote, computed now rather than during the
 * next scenario. A flood stores days of gateway time in seconds, and the report sweep summarises
 * such replayed hours once they have settled (`REPORT_LATE_SETTLE_MS` after their last point),
 * 200 hours every 5 s: the next scenario would otherwise measure the sweep's catching up on six
 * floods, which a steady stream of uploads never leaves behind.
 */
async function summariseFloods(server: TestServer) {
  await server.database.db.execute(sql`update history_dirty set marked_at = marked_at - interval '1 hour'`);
  const began = performance.now();
  let marks = 0;
  for (;;) {
    const swept = await server.reports.sweep();
    marks += swept.marks;
    if (swept.marks === 0) break;
  }
  if (process.env.BENCH_DEBUG_SWEEP === '1')
    console.log(`# summarised ${marks} hours in ${Math.round(performance.now() - began)} ms`);
}

/**
 * Finishes what the last scenario left before the next one is measured, so that a flood does not pay
 * for the `COPY` or the flood before it: the summaries of the hours it stored, and on PostgreSQL the
 * autovacuum of the rows just written and of the latest values, minute summaries and alarm states it
 * updated, and a checkpoint (PGlite has no background work of that kind). What a flood's own rows
 * cost while it runs still counts.
 */
async function settle(server: TestServer, stack: Stack) {
  await summariseFloods(server);
  if (stack.variant.name !== 'postgres') return;
  await server.database.db.execute(sql`vacuum (analyze)`);
  await server.database.db.execute(sql`checkpoint`);
}

async function measureAlarmLatency(
  stack: Stack,
  fleetProcess: FleetProcess,
  rate: number,
  label: string,
  broker: { count: number | null },
) {
  const intervalMs = Math.round(((GATEWAYS * POINTS_PER_UPLOAD) / rate) * 1000);
  const answer = await fleetProcess.ask(
    {
      type: 'paced',
      seconds: ALARM_SECONDS,
      intervalMs,
      settleMs: 10_000,
      keys: FLEET_KEYS,
      pointsPerUpload: POINTS_PER_UPLOAD,
      spanMs: intervalMs,
      tripPeriod: TRIP_PERIOD,
    },
    'paced',
  );
  // Each alarm's latency in the order the trips were sent (when in the run the slow ones came).
  if (process.env.BENCH_ALARM_LATENCIES === '1')
    console.log(
      `# ${label}: latencies in send order (ms) ${JSON.stringify(answer.latencies.map(Math.round))}`,
    );
  const latencies = answer.latencies.sort((a, b) => a - b);
  const config = {
    ...conditions(stack),
    path: 'MQTT publish → stored, evaluated, record written → bus → WebSocket',
    offered: label,
    pointsPerSecond: Math.round(answer.points / answer.sendSeconds),
    seconds: ALARM_SECONDS,
    ackedWithin: `${answer.ackedSeconds.toFixed(1)} s`,
    alarms: latencies.length,
    missing: answer.missing,
    rulesPerVariable: 1,
    tripShare: `1 upload in ${TRIP_PERIOD} per gateway trips one variable, the next releases it`,
    ...(await droppedSince(stack, broker)),
  };
  record({
    scenario: 'alarm.publish-to-websocket',
    metric: 'p50',
    value: percentile(latencies, 0.5),
    unit: 'ms',
    config,
  });
  record({
    scenario: 'alarm.publish-to-websocket',
    metric: 'p99',
    value: percentile(latencies, 0.99),
    unit: 'ms',
    config: { ...config, target: '≤ 500' },
  });
}

async function runStack(stack: Stack) {
  const server = await startTestServer(stack.variant, {
    LOG_LEVEL: 'warn',
    ALARM_SWEEP_INTERVAL_MS: '0',
    ...stack.environment,
  });
  const address = await server.runtime.start();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const httpAddress = server.app.server.address();
  const httpPort = typeof httpAddress === 'object' && httpAddress ? httpAddress.port : 0;
  const fleet = await buildFleet(server.database.db, GATEWAYS);
  const browser = new TestClient(server);
  await browser.login(fleet.owner.username, FACTORY_PASSWORD);
  const fleetProcess = FleetProcess.start();
  try {
    const connected = await fleetProcess.ask(
      {
        type: 'connect',
        url: stack.gatewayUrl(address.port),
        gateways: fleet.gateways,
        live: {
          url: `ws://127.0.0.1:${httpPort}/lyyp/developer/live`,
          cookie: `lyyp_session=${browser.sessionToken!}`,
        },
      },
      'connected',
    );
    if (connected.failed > 0) console.log(`# ${stack.label}: ${connected.failed} gateways could not connect`);

    const broker = { count: null as number | null };
    const parts: CpuParts = {
      platform: process.pid,
      fleet: fleetProcess.pid,
      broker: stack.brokerPid,
      database: stack.variant.name === 'postgres' ? 'postgres' : undefined,
    };
    // Warm-up: device contexts, partitions, connections, compiled statements.
    await flood(fleetProcess, 1, 0, parts);
    // The ceiling, then floods without and with rules, in turn: each pair runs on the same database
    // at about the same size and just after its own ceiling, and one slow measurement (the machine is
    // shared by four processes, and its disk with other machines) moves the medians little.
    const ceilingRuns: CeilingRun[] = [];
    const withoutRuns: FloodRun[] = [];
    const withRuns: FloodRun[] = [];
    const droppedWithoutRules = { count: 0 as number | null };
    const droppedWithRules = { count: 0 as number | null };
    for (let pair = 0; pair < PAIRS; pair += 1) {
      if (pair > 0) await removeAlarmRules(server.database.db, fleet.productId);
      await settle(server, stack);
      ceilingRuns.push(await measureCeiling(server, stack, fleet, parts, pair));
      await settle(server, stack);
      await droppedSince(stack, broker);
      withoutRuns.push(await flood(fleetProcess, 3 + 2 * pair, TRIP_PERIOD, parts));
      addDropped(droppedWithoutRules, await droppedSince(stack, broker));
      await addAlarmRules(server.database.db, fleet.productId);
      await settle(server, stack);
      withRuns.push(await flood(fleetProcess, 4 + 2 * pair, TRIP_PERIOD, parts));
      addDropped(droppedWithRules, await droppedSince(stack, broker));
    }
    const withoutRulesRun = medianRun(withoutRuns);
    const withoutRules = withoutRulesRun.pointsPerSecond;
    const withRulesRun = medianRun(withRuns);
    const withRules = withRulesRun.pointsPerSecond;
    const ratios = withRuns.map((run, index) => run.pointsPerSecond / withoutRuns[index]!.pointsPerSecond);
    const { ceiling, cpuSeconds: ceilingCpuSeconds } = medianCeiling(ceilingRuns);
    const ceilingRatios = withoutRuns.map(
      (run, index) => run.pointsPerSecond / ceilingRuns[index]!.ceiling.rowsPerSecond,
    );

    const config = {
      ...conditions(stack),
      ...droppedOf(stack, droppedWithoutRules),
      floods: withoutRuns.map((run) => Math.round(run.pointsPerSecond)),
      ...(withoutRulesRun.cpuSeconds ? { cpuSeconds: withoutRulesRun.cpuSeconds } : {}),
    };
    record({
      scenario: 'ingest.database-ceiling',
      metric: 'throughput',
      value: ceiling.rowsPerSecond,
      unit: 'rows/s',
      config: {
        stack: stack.label,
        method: ceiling.method,
        rows: ceiling.rows,
        table: 'points',
        measurements: ceilingRuns.map((run) => Math.round(run.ceiling.rowsPerSecond)),
        of: 'median of the measurements, one before each pair of floods',
        ...(ceilingCpuSeconds ? { cpuSeconds: ceilingCpuSeconds } : {}),
      },
    });
    record({
      scenario: 'ingest.publish-to-stored',
      metric: 'throughput',
      value: withoutRules,
      unit: 'points/s',
      config,
    });
    record({
      scenario: 'ingest.publish-to-stored',
      metric: 'ratio to ceiling',
      value: median(ceilingRatios),
      unit: '×',
      config: {
        ...config,
        ceiling: ceiling.method,
        pairs: ceilingRatios.map((ratio) => Number(ratio.toFixed(2))),
        of: 'median of the pairs (each flood without rules ÷ the ceiling measured just before it)',
        target: `≥ ${stack.ceilingTarget}`,
      },
    });
    const rulesConfig = {
      ...config,
      ...droppedOf(stack, droppedWithRules),
      floods: withRuns.map((run) => Math.round(run.pointsPerSecond)),
      ...(withRulesRun.cpuSeconds ? { cpuSeconds: withRulesRun.cpuSeconds } : {}),
      rulesPerVariable: 1,
      tripShare: `1 upload in ${TRIP_PERIOD} per gateway trips one variable, the next releases it`,
    };
    record({
      scenario: 'ingest.with-alarm-rules',
      metric: 'throughput',
      value: withRules,
      unit: 'points/s',
      config: rulesConfig,
    });
    record({
      scenario: 'ingest.with-alarm-rules',
      metric: 'ratio to no rules',
      value: median(ratios),
      unit: '×',
      config: {
        ...rulesConfig,
        pairs: ratios.map((ratio) => Number(ratio.toFixed(2))),
        of: 'median of the pairs (each flood with rules ÷ the flood without rules just before it)',
        target: '≥ 0.8',
      },
    });
    await settle(server, stack);
    await measureAlarmLatency(stack, fleetProcess, ALARM_RATE, 'the target rate', broker);
    const sustainable = Math.round((withRules * SUSTAINED_SHARE) / 100) * 100;
    if (sustainable < ALARM_RATE && sustainable > 0) {
      await settle(server, stack);
      await measureAlarmLatency(
        stack,
        fleetProcess,
        sustainable,
        `${SUSTAINED_SHARE} × this run's throughput with rules`,
        broker,
      );
    }
  } finally {
    await fleetProcess.close();
    await server.close();
  }
}

/** Which stacks run (`BENCH_INGEST_STACKS`, comma-separated): both by default. */
const STACKS = (process.env.BENCH_INGEST_STACKS ?? 'pglite,postgres').split(',').map((name) => name.trim());

export async function benchIngest() {
  const [, postgres] = databaseVariants();
  // On disk, as `npm start` keeps it (`pgliteOnDiskVariant`).
  const pglite = pgliteOnDiskVariant();
  if (STACKS.includes('pglite'))
    await runStack({
      label: 'PGlite + embedded broker',
      variant: pglite,
      environment: {},
      gatewayUrl: (port) => `mqtt://127.0.0.1:${port}`,
      ceilingTarget: 0.8,
    });
  const testMqttUrl = process.env.TEST_MQTT_URL;
  if (!STACKS.includes('postgres')) return;
  if (postgres && testMqttUrl) {
    const ownBroker = process.env.BENCH_OWN_BROKER === '0' ? null : await BenchMosquitto.start();
    const mqttUrl = ownBroker?.url ?? testMqttUrl;
    try {
      await runStack({
        label: 'PostgreSQL + Mosquitto',
        variant: postgres,
        environment: { MQTT_URL: mqttUrl, MQTT_SHARE_GROUP: `bench-${Date.now()}` },
        gatewayUrl: () => mqttUrl,
        ceilingTarget: 0.5,
        brokerUrl: mqttUrl,
        brokerSettings: ownBroker ? PLATFORM_BROKER_SETTINGS.join(', ') : 'as TEST_MQTT_URL is configured',
        brokerPid: ownBroker?.pid,
      });
    } finally {
      await ownBroker?.close();
    }
  } else {
    console.log('# skipped PostgreSQL + Mosquitto: set TEST_DATABASE_URL and TEST_MQTT_URL');
  }
}
