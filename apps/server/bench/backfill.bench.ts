/**
 * `gateway.backfill`: a gateway producing 1,000 points a second (`BENCH_BACKFILL_RATE`) comes back
 * after an hour offline (`BENCH_BACKFILL_SECONDS`, 3,600: 3.6 million points in its disk buffer)
 * and delivers its backlog through the edge agent's own buffer and forwarder
 * (`backfill-gateway-process.ts`), live values flowing meanwhile, while a fleet of other gateways
 * (`BENCH_BACKFILL_FLEET`, 1,000, one upload of 20 points each every `BENCH_BACKFILL_FLEET_INTERVAL_MS`)
 * trips alarms. Embedded stack (PGlite on disk + embedded broker), as `npm start` runs.
 *
 * Figures: backlog points per second delivered (connect → last backlog upload acknowledged), its
 * ratio to the live rate (target ≥ 5), the other gateways' alarm latency p99 during the backfill
 * beside the same fleet's p99 without it just before (target ≤ 500 ms), the live lane's delay
 * (stored → acknowledged) p99, and the check that the device's history holds exactly every point
 * produced (missing and duplicated: both must be 0).
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { FACTORY_PASSWORD } from '../src/test/factories.ts';
import { TestClient, pgliteOnDiskVariant, startTestServer } from '../src/test/test-server.ts';
import type { BackfillOrder, BackfillReply } from './backfill-gateway-process.ts';
import { FLEET_KEYS, FleetProcess, addAlarmRules, buildFleet } from './fleet.ts';
import { percentile, record } from './report.ts';

const RATE = Number(process.env.BENCH_BACKFILL_RATE ?? 1000);
const OUTAGE_SECONDS = Number(process.env.BENCH_BACKFILL_SECONDS ?? 3600);
const FLEET = Number(process.env.BENCH_BACKFILL_FLEET ?? 1000);
const FLEET_INTERVAL_MS = Number(process.env.BENCH_BACKFILL_FLEET_INTERVAL_MS ?? 4000);
/** How long the fleet's alarm latency is measured, with and without the backfill. */
const ALARM_SECONDS = Number(process.env.BENCH_BACKFILL_ALARM_SECONDS ?? 30);
const POINTS_PER_UPLOAD = 20;
const TRIP_PERIOD = 50;

function ask<T extends BackfillReply['type']>(
  child: ReturnType<typeof fork>,
  order: BackfillOrder,
  answer: T,
): Promise<Extract<BackfillReply, { type: T }>> {
  return new Promise((resolve, reject) => {
    child.once('message', (message: BackfillReply) => {
      if (message.type === answer) resolve(message as Extract<BackfillReply, { type: T }>);
      else reject(new Error(message.type === 'failed' ? message.message : `unexpected ${message.type}`));
    });
    child.send(order);
  });
}

export async function benchBackfill() {
  const server = await startTestServer(pgliteOnDiskVariant(), {
    LOG_LEVEL: 'warn',
    ALARM_SWEEP_INTERVAL_MS: '0',
  });
  const address = await server.runtime.start();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const httpAddress = server.app.server.address();
  const httpPort = typeof httpAddress === 'object' && httpAddress ? httpAddress.port : 0;
  const fleet = await buildFleet(server.database.db, FLEET + 1);
  const gateway = fleet.gateways.at(-1)!;
  await addAlarmRules(server.database.db, fleet.productId);
  const browser = new TestClient(server);
  await browser.login(fleet.owner.username, FACTORY_PASSWORD);
  const fleetProcess = FleetProcess.start();
  const directory = await mkdtemp(path.join(os.tmpdir(), 'lyyp-backfill-bench-'));
  const child = fork(path.join(import.meta.dirname, 'backfill-gateway-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const connected = await fleetProcess.ask(
      {
        type: 'connect',
        url: `mqtt://127.0.0.1:${address.port}`,
        gateways: fleet.gateways.slice(0, FLEET),
        live: {
          url: `ws://127.0.0.1:${httpPort}/lyyp/developer/live`,
          cookie: `lyyp_session=${browser.sessionToken!}`,
        },
      },
      'connected',
    );
    if (connected.failed > 0)
      console.log(`# backfill: ${connected.failed} gateways of the fleet could not connect`);
    const paced = {
      type: 'paced' as const,
      seconds: ALARM_SECONDS,
      intervalMs: FLEET_INTERVAL_MS,
      settleMs: 10_000,
      keys: FLEET_KEYS,
      pointsPerUpload: POINTS_PER_UPLOAD,
      spanMs: FLEET_INTERVAL_MS,
      tripPeriod: TRIP_PERIOD,
    };
    // The outage, ending now: written while nothing else runs.
    const filled = await ask(
      child,
      {
        type: 'fill',
        directory,
        keys: FLEET_KEYS,
        rate: RATE,
        seconds: OUTAGE_SECONDS,
        from: Date.now() - OUTAGE_SECONDS * 1000 - 60_000,
        maxBytes: 1024 * 1024 * 1024,
      },
      'filled',
    );
    const quiet = await fleetProcess.ask(paced, 'paced');
    // The fleet's alarms again, this time with the backfill under way from the start.
    const backfilling = ask(
      child,
      { type: 'backfill', url: `mqtt://127.0.0.1:${address.port}`, sn: gateway.sn, secret: gateway.secret },
      'backfilled',
    );
    const started = Date.now();
    const during = await fleetProcess.ask(paced, 'paced');
    const alarmsMeasuredFor = (Date.now() - started) / 1000;
    const backfill = await backfilling;

    // Points are unique on (device, key, time): a point delivered twice is stored once.
    const counted = await server.database.db.execute(
      sql`select count(*)::int as count from points where device_id = ${gateway.deviceId}`,
    );
    const count = Number((counted as { rows: Array<{ count: number }> }).rows[0]?.count ?? 0);
    const produced = backfill.backlogPoints + backfill.livePoints;
    const pointsPerSecond = backfill.backlogPoints / backfill.seconds;
    const conditions = {
      stack: 'PGlite on disk + embedded broker',
      outage: `${OUTAGE_SECONDS} s at ${RATE} points/s: ${filled.points} points, ${(filled.bytes / 2 ** 20).toFixed(0)} MiB on the gateway's disk (written in ${filled.fillSeconds.toFixed(1)} s)`,
      backfillSeconds: Number(backfill.seconds.toFixed(1)),
      uploads: backfill.uploads,
      liveDuringBackfill: `${backfill.livePoints} points at ${RATE} points/s`,
      stored: count,
      missing: produced - count,
      otherGateways: `${FLEET} × ${POINTS_PER_UPLOAD} points every ${FLEET_INTERVAL_MS} ms (${Math.round((FLEET * POINTS_PER_UPLOAD * 1000) / FLEET_INTERVAL_MS)} points/s), one alarm rule per variable`,
      machine: `${os.cpus().length} cores, shared by the platform, the fleet, the gateway and the database`,
      loadAverage: os.loadavg()[0]!.toFixed(1),
    };
    record({
      scenario: 'gateway.backfill',
      metric: 'points/s',
      value: Math.round(pointsPerSecond),
      unit: 'points/s',
      config: conditions,
    });
    record({
      scenario: 'gateway.backfill',
      metric: 'ratio to live rate',
      value: Number((pointsPerSecond / RATE).toFixed(1)),
      unit: '×',
      config: { liveRate: RATE, target: '≥ 5' },
    });
    const sortedDuring = [...during.latencies].sort((a, b) => a - b);
    const sortedQuiet = [...quiet.latencies].sort((a, b) => a - b);
    record({
      scenario: 'gateway.backfill',
      metric: 'other gateways alarm p99',
      value: percentile(sortedDuring, 0.99),
      unit: 'ms',
      config: {
        target: '≤ 500',
        alarms: sortedDuring.length,
        missing: during.missing,
        measuredSeconds: Number(alarmsMeasuredFor.toFixed(1)),
        backfillCoveredMeasurement: backfill.seconds >= alarmsMeasuredFor,
        p50: percentile(sortedDuring, 0.5),
        withoutBackfill: {
          p50: percentile(sortedQuiet, 0.5),
          p99: percentile(sortedQuiet, 0.99),
          alarms: sortedQuiet.length,
        },
      },
    });
    record({
      scenario: 'gateway.backfill',
      metric: 'live lane p99',
      value: percentile(backfill.liveLags, 0.99),
      unit: 'ms',
      config: {
        path: 'live batch stored on the gateway → acknowledged, during the backfill',
        batches: backfill.liveLags.length,
      },
    });
    record({
      scenario: 'gateway.backfill',
      metric: 'missing',
      value: produced - count,
      unit: 'points',
      config: { produced },
    });
  } finally {
    child.send({ type: 'close' } satisfies BackfillOrder);
    await new Promise((resolve) => child.once('exit', resolve));
    await fleetProcess.close();
    await server.close();
    await rm(directory, { recursive: true, force: true });
  }
}
