/**
 * The gateway of the backfill benchmark, in a process of its own like a real one: the edge agent's
 * own disk buffer and forwarder (`apps/gateway/src/buffer`). `fill` writes an outage into the buffer
 * as the agent's batcher would have (batches of 500 points, `rate` points a second, spread over the
 * variables); `backfill` connects to the platform, produces live points at the same rate meanwhile,
 * and answers once the whole backlog is acknowledged, with the live lane's delay from storing a
 * batch to its acknowledgement.
 */
import { performance } from 'node:perf_hooks';
import mqtt from 'mqtt';
import { downTopic, upTopic, type AckPayload, type Point } from '@lyyp/contracts/protocol';
import { DiskBuffer } from '../../gateway/src/buffer/disk-buffer.ts';
import { Forwarder } from '../../gateway/src/buffer/forwarder.ts';
import { systemScheduler } from '../../gateway/src/modbus/system-scheduler.ts';

export type BackfillOrder =
  | {
      type: 'fill';
      directory: string;
      keys: readonly string[];
      /** Points a second while offline and live. */
      rate: number;
      seconds: number;
      /** Time of the outage's first point, epoch ms. */
      from: number;
      maxBytes: number;
    }
  | { type: 'backfill'; url: string; sn: string; secret: string }
  | { type: 'close' };

export type BackfillReply =
  | { type: 'filled'; points: number; bytes: number; fillSeconds: number }
  | {
      type: 'backfilled';
      backlogPoints: number;
      seconds: number;
      livePoints: number;
      /** Live batches: stored → acknowledged, ms, ascending. */
      liveLags: number[];
      uploads: number;
    }
  | { type: 'failed'; message: string };

const BATCH_POINTS = 500;
let buffer: DiskBuffer | null = null;
let keys: readonly string[] = [];
let rate = 1000;

const send = (reply: BackfillReply) => process.send!(reply);

/** Points of `keys` at `t`, one each, values of a slowly moving process well below any alarm limit. */
function sample(t: number): Point[] {
  return keys.map((k, index) => ({
    k,
    t,
    v: Math.round((45 + 4 * Math.sin(t / 60_000 + index)) * 100) / 100,
  }));
}

async function fill(order: Extract<BackfillOrder, { type: 'fill' }>) {
  const started = performance.now();
  keys = order.keys;
  rate = order.rate;
  buffer = await DiskBuffer.open({ directory: order.directory, maxBytes: order.maxBytes });
  const stepMs = (1000 * keys.length) / rate;
  const steps = Math.round((order.seconds * 1000) / stepMs);
  let batch: Point[] = [];
  let appends: Array<Promise<unknown>> = [];
  for (let step = 0; step < steps; step += 1) {
    batch.push(...sample(Math.round(order.from + step * stepMs)));
    if (batch.length < BATCH_POINTS) continue;
    appends.push(buffer.append(batch));
    batch = [];
    // Group commits of many batches, without holding the whole hour in memory.
    if (appends.length >= 200) {
      await Promise.all(appends);
      appends = [];
    }
  }
  if (batch.length > 0) appends.push(buffer.append(batch));
  await Promise.all(appends);
  const stats = buffer.stats();
  send({
    type: 'filled',
    points: stats.unacknowledgedPoints,
    bytes: stats.bytes,
    fillSeconds: (performance.now() - started) / 1000,
  });
}

async function backfill(order: Extract<BackfillOrder, { type: 'backfill' }>) {
  const store = buffer!;
  const backlogPoints = store.stats().unacknowledgedPoints;
  const backlogEnd = store.stats().nextSeq;
  const client = await mqtt.connectAsync(order.url, {
    clientId: order.sn,
    username: order.sn,
    password: order.secret,
    reconnectPeriod: 0,
    keepalive: 120,
  });
  let uploads = 0;
  const forwarder = new Forwarder({
    buffer: store,
    scheduler: systemScheduler,
    send: (payload) => {
      uploads += 1;
      client.publish(upTopic(order.sn, 'data'), payload, { qos: 1 });
      return client.connected;
    },
  });
  const storedAt = new Map<number, number>();
  const liveLags: number[] = [];
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const backlogLeft = () =>
    store.batches().some((batch) => batch.seq < backlogEnd && !store.isAcknowledged(batch.seq));
  client.on('message', (_topic, payload) => {
    const { seq } = JSON.parse(payload.toString('utf8')) as AckPayload;
    forwarder.acknowledged(seq);
    const at = storedAt.get(seq);
    if (at !== undefined) {
      liveLags.push(performance.now() - at);
      storedAt.delete(seq);
    }
    if (!backlogLeft()) done();
  });
  await client.subscribeAsync(downTopic(order.sn, 'ack'), { qos: 1 });
  const started = performance.now();
  forwarder.connected();
  // Live values, as the agent's batcher closes them: every second (or 500 points).
  let livePoints = 0;
  let pending: Point[] = [];
  const stepMs = (1000 * keys.length) / rate;
  let next = Date.now();
  const live = setInterval(() => {
    for (const now = Date.now(); next <= now; next += stepMs) pending.push(...sample(Math.round(next)));
    while (pending.length > 0) {
      const batch = pending.slice(0, BATCH_POINTS);
      pending = pending.slice(BATCH_POINTS);
      livePoints += batch.length;
      const at = performance.now();
      void store.append(batch).then((stored) => {
        storedAt.set(stored.seq, at);
        forwarder.pump();
      });
    }
  }, 1000);
  await finished;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(live);
  // The last live batches too, so the platform holds exactly what was produced.
  await new Promise<void>((resolve) => {
    const check = () => (store.stats().unacknowledged === 0 ? resolve() : setTimeout(check, 50));
    check();
  });
  forwarder.stop();
  await client.endAsync();
  send({
    type: 'backfilled',
    backlogPoints,
    seconds,
    livePoints,
    liveLags: liveLags.sort((a, b) => a - b),
    uploads,
  });
}

process.on('message', (order: BackfillOrder) => {
  const run = async () => {
    if (order.type === 'fill') await fill(order);
    else if (order.type === 'backfill') await backfill(order);
    else {
      await buffer?.close();
      process.exit(0);
    }
  };
  run().catch((error: unknown) => send({ type: 'failed', message: String(error) }));
});
