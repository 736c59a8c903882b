/**
 * The agent's store-and-forward path at a high rate, on a clock the test moves: the disk buffer and
 * the forwarder with its two lanes, talking MQTT to the fake platform like the agent does
 * (numbered `up/data`, `down/ack`). Points are made directly (`produce`), so an outage of tens of
 * seconds at 1,000 points a second is tens of thousands of points, not a poll loop's trickle.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { downTopic, upTopic, type AckPayload, type DataPayload, type Point } from '@lyyp/contracts/protocol';
import { DiskBuffer, type DiskBufferOptions } from '../../buffer/disk-buffer.ts';
import { Forwarder, type ForwarderOptions } from '../../buffer/forwarder.ts';
import { Conditions } from '../../core/testing/conditions.ts';
import { ManualScheduler } from '../../core/testing/manual-scheduler.ts';
import { FakePlatform } from './fake-platform.ts';

const SN = '100000000077';
const SECRET = 'gw-secret-77';

export interface BackfillRigOptions {
  /** Variables sampled; each gives `rate / keys` points a second. */
  readonly keys: number;
  /** Points a second. */
  readonly rate: number;
  /** Points per stored batch (the agent's batcher closes one every 500 points). */
  readonly batchPoints?: number;
  readonly buffer?: Partial<DiskBufferOptions>;
  readonly upload?: Partial<Omit<ForwarderOptions, 'buffer' | 'send' | 'scheduler'>>;
}

export interface BackfillRig {
  readonly platform: FakePlatform;
  readonly buffer: DiskBuffer;
  readonly forwarder: Forwarder;
  readonly clock: ManualScheduler;
  /** Every point stored in the buffer, in the order made. */
  readonly produced: Point[];
  /** Sequence numbers of the batches made while the link was up (live when made). */
  readonly liveSeqs: Set<number>;
  /**
   * Uploads the forwarder sent although it had already heard them acknowledged. (The platform's
   * own count also sees an acknowledgement the link dropped before it arrived, which is no fault.)
   */
  readonly resentAfterAck: number[];
  /**
   * Makes `seconds` of points from the clock's time on (the clock moves with them), stored in
   * batches: of the first `keys` variables (all by default), one point each per step.
   */
  produce(seconds: number, keys?: number): Promise<void>;
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  until(condition: () => boolean, what: string): Promise<void>;
  drained(): Promise<void>;
  close(): Promise<void>;
}

export async function createBackfillRig(options: BackfillRigOptions): Promise<BackfillRig> {
  const platform = await FakePlatform.start({ sn: SN, secret: SECRET });
  const directory = await mkdtemp(path.join(os.tmpdir(), 'lyyp-backfill-'));
  const clock = new ManualScheduler(Date.UTC(2026, 11, 1, 8, 0, 0));
  const conditions = new Conditions();
  platform.onChange(conditions.check);
  const buffer = await DiskBuffer.open({
    directory,
    scheduler: clock,
    ackSaveDelayMs: 20,
    ...options.buffer,
  });
  let client: MqttClient | null = null;
  const heardAcknowledged = new Set<number>();
  const resentAfterAck: number[] = [];
  const forwarder = new Forwarder({
    buffer,
    scheduler: clock,
    ackTimeoutMs: 3_600_000,
    ...options.upload,
    send: (payload) => {
      if (!client?.connected) return false;
      const { seq } = JSON.parse(payload.toString('utf8')) as DataPayload;
      if (heardAcknowledged.has(seq)) resentAfterAck.push(seq);
      client.publish(upTopic(SN, 'data'), payload, { qos: 1 });
      return true;
    },
  });
  const produced: Point[] = [];
  const liveSeqs = new Set<number>();
  const batchPoints = options.batchPoints ?? 500;
  const stepMs = Math.round((1000 * options.keys) / options.rate);
  let pending: Point[] = [];

  const store = async (points: Point[]) => {
    const live = client?.connected ?? false;
    const batch = await buffer.append(points);
    if (live) liveSeqs.add(batch.seq);
    forwarder.pump();
    conditions.check();
  };

  return {
    platform,
    buffer,
    forwarder,
    clock,
    produced,
    liveSeqs,
    resentAfterAck,
    async produce(seconds, keys = options.keys) {
      const until = clock.now() + seconds * 1000;
      while (clock.now() < until) {
        const t = clock.now();
        for (let key = 0; key < keys; key += 1) {
          const point = { k: `v${key}`, t, v: Math.round(Math.sin(t / 10_000 + key) * 1000) / 10 || 0 };
          produced.push(point);
          pending.push(point);
        }
        if (pending.length >= batchPoints) {
          const batch = pending;
          pending = [];
          await store(batch);
        }
        clock.advance(stepMs);
      }
    },
    async connect() {
      await platform.comeBack().catch(() => undefined);
      const connection = mqtt.connect(platform.url, {
        clientId: SN,
        username: SN,
        password: SECRET,
        reconnectPeriod: 0,
      });
      await new Promise<void>((resolve, reject) => {
        connection.once('connect', () => resolve());
        connection.once('error', reject);
      });
      await connection.subscribeAsync(downTopic(SN, 'ack'), { qos: 1 });
      connection.on('message', (_topic, message) => {
        const { seq } = JSON.parse(message.toString('utf8')) as AckPayload;
        heardAcknowledged.add(seq);
        forwarder.acknowledged(seq);
        conditions.check();
      });
      client = connection;
      forwarder.connected();
    },
    async disconnect() {
      const connection = client;
      client = null;
      forwarder.disconnected();
      await platform.goOffline();
      await connection?.endAsync(true);
    },
    until: (condition, what) => conditions.until(condition, what),
    drained: () => conditions.until(() => buffer.stats().unacknowledged === 0, 'every batch acknowledged'),
    async close() {
      conditions.takePending();
      forwarder.stop();
      await client?.endAsync(true);
      await buffer.close();
      await platform.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
