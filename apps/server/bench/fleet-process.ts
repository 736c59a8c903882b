/**
 * Child process of the ingest and alarm benchmarks: a fleet of gateways, one MQTT connection each,
 * sending uploads the way the edge agent does (numbered, at most `window` unacknowledged per
 * gateway), and optionally one browser connection on the live channel that stamps alarm events.
 * It runs apart from the platform, as gateways and browsers would, so their work is not charged to
 * the platform's process; all times are taken here, on one clock.
 */
import mqtt, { type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { downTopic, upTopic } from '@lyyp/contracts/protocol';
import {
  NORMAL_VALUE,
  RELEASE_VALUE,
  TRIP_VALUE,
  isTripUpload,
  type FleetOrder,
  type FleetReply,
} from './fleet-plan.ts';

interface Link {
  readonly sn: string;
  readonly deviceId: string;
  readonly client: MqttClient;
  /** Highest acknowledged sequence number. */
  acked: number;
  waiters: Array<{ seq: number; resolve: () => void }>;
  /** Uploads sent and not yet acknowledged, and when the last ack (or send) came. */
  unacked: Map<number, string>;
  progressAt: number;
}

/** Like the agent: uploads whose ack does not come within this are sent again. */
const RESEND_AFTER_MS = 10_000;

const links: Link[] = [];
let live: WebSocket | null = null;
/** Arrival time of each alarm raised on the live channel, by device and raise time. */
const raisedArrivals = new Map<string, number>();

const reply = (message: FleetReply) => process.send?.(message);

function send(link: Link, seq: number, payload: string) {
  if (link.unacked.size === 0) link.progressAt = performance.now();
  link.unacked.set(seq, payload);
  link.client.publish(upTopic(link.sn, 'data'), payload, { qos: 1 });
}

// A broker may drop a message (a full queue); the agent sends again what was not acknowledged.
setInterval(() => {
  const now = performance.now();
  for (const link of links) {
    if (link.unacked.size === 0 || now - link.progressAt < RESEND_AFTER_MS) continue;
    link.progressAt = now;
    for (const payload of link.unacked.values())
      link.client.publish(upTopic(link.sn, 'data'), payload, { qos: 1 });
  }
}, 1000).unref();

function untilAcked(link: Link, seq: number): Promise<void> {
  if (link.acked >= seq) return Promise.resolve();
  return new Promise((resolve) => link.waiters.push({ seq, resolve }));
}

async function connect(order: Extract<FleetOrder, { type: 'connect' }>) {
  let failed = 0;
  const parallel = 100;
  for (let start = 0; start < order.gateways.length; start += parallel) {
    await Promise.all(
      order.gateways.slice(start, start + parallel).map(async ({ sn, secret, deviceId }) => {
        try {
          const client = await mqtt.connectAsync(order.url, {
            clientId: sn,
            username: sn,
            password: secret,
            reconnectPeriod: 0,
            keepalive: 120,
            connectTimeout: 60_000,
          });
          const link: Link = {
            sn,
            deviceId,
            client,
            acked: 0,
            waiters: [],
            unacked: new Map(),
            progressAt: 0,
          };
          const ackTopic = downTopic(sn, 'ack');
          client.on('message', (topic, payload) => {
            if (topic !== ackTopic) return;
            const { seq } = JSON.parse(payload.toString()) as { seq: number };
            link.unacked.delete(seq);
            link.progressAt = performance.now();
            if (seq > link.acked) link.acked = seq;
            const due = link.waiters.filter((waiter) => waiter.seq <= link.acked);
            if (due.length === 0) return;
            link.waiters = link.waiters.filter((waiter) => waiter.seq > link.acked);
            for (const waiter of due) waiter.resolve();
          });
          await client.subscribeAsync(ackTopic, { qos: 1 });
          links.push(link);
        } catch {
          failed += 1;
        }
      }),
    );
  }
  if (order.live) {
    const socket = new WebSocket(order.live.url, { headers: { cookie: order.live.cookie } });
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as {
        type: string;
        event?: string;
        deviceId?: string;
        record?: { raisedAt: number };
      };
      if (message.type === 'alarm' && message.event === 'raised' && message.record)
        raisedArrivals.set(`${message.deviceId}|${message.record.raisedAt}`, performance.now());
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    live = socket;
  }
  reply({ type: 'connected', connected: links.length, failed });
}

/**
 * The points of one upload: the same number of samples of each key, spread evenly over the `spanMs`
 * that ends at `end` (an agent polling its variables and sending what it read since the last upload).
 */
function uploadPoints(
  order: { keys: readonly string[]; pointsPerUpload: number; tripPeriod: number; spanMs: number },
  gatewayIndex: number,
  upload: number,
  end: number,
) {
  const samples = Math.max(1, Math.ceil(order.pointsPerUpload / order.keys.length));
  const spacing = Math.max(1, Math.floor(order.spanMs / samples));
  const tripping = isTripUpload(order.tripPeriod, gatewayIndex, upload);
  const releasing = isTripUpload(order.tripPeriod, gatewayIndex, upload - 1);
  const tripKey = order.keys[(gatewayIndex + upload) % order.keys.length];
  const releaseKey = order.keys[(gatewayIndex + upload - 1) % order.keys.length];
  const points: Array<{ k: string; t: number; v: number }> = [];
  let firstTripAt: number | null = null;
  for (let sample = 0; sample < samples; sample += 1) {
    const t = end - (samples - 1 - sample) * spacing;
    for (let keyIndex = 0; keyIndex < order.keys.length; keyIndex += 1) {
      if (points.length >= order.pointsPerUpload) break;
      const k = order.keys[keyIndex]!;
      let v = NORMAL_VALUE + ((gatewayIndex * 7 + upload * 3 + sample + keyIndex) % 20) / 2;
      if (tripping && k === tripKey) {
        v = TRIP_VALUE;
        firstTripAt ??= t;
      } else if (releasing && k === releaseKey) v = RELEASE_VALUE;
      points.push({ k, t, v });
    }
  }
  return { points, firstTripAt, tripKey };
}

async function flood(order: Extract<FleetOrder, { type: 'flood' }>) {
  const began = performance.now();
  let points = 0;
  await Promise.all(
    links.map(async (link, gatewayIndex) => {
      const first = link.acked + 1;
      for (let upload = 0; upload < order.uploads; upload += 1) {
        const seq = first + upload;
        if (seq - order.window > 0) await untilAcked(link, seq - order.window);
        const end = order.start + upload * order.spanMs;
        const { points: batch } = uploadPoints(order, gatewayIndex, upload, end);
        points += batch.length;
        send(link, seq, JSON.stringify({ seq, points: batch }));
      }
      await untilAcked(link, first + order.uploads - 1);
    }),
  );
  reply({ type: 'flooded', seconds: (performance.now() - began) / 1000, points });
}

/**
 * Every gateway sends one upload each `intervalMs`, spread evenly over the interval, for `seconds`;
 * their sample times are the wall clock. Answers the delay from the publish of each tripping
 * upload to the alarm's arrival on the live channel.
 */
async function paced(order: Extract<FleetOrder, { type: 'paced' }>) {
  raisedArrivals.clear();
  const trips: Array<{ key: string; sentAt: number }> = [];
  const sequences = links.map((link) => link.acked);
  const began = performance.now();
  const wallStart = Date.now();
  const rounds = Math.floor((order.seconds * 1000) / order.intervalMs);
  let points = 0;
  let sent = 0;
  const total = rounds * links.length;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = performance.now() - began;
      // Everything due by now, in order of its due time.
      while (sent < total) {
        const round = Math.floor(sent / links.length);
        const gatewayIndex = sent % links.length;
        const due = round * order.intervalMs + (gatewayIndex / links.length) * order.intervalMs;
        if (due > elapsed) break;
        const link = links[gatewayIndex]!;
        sequences[gatewayIndex]! += 1;
        const end = wallStart + Math.round(due);
        const upload = uploadPoints(order, gatewayIndex, round, end);
        points += upload.points.length;
        const sentAt = performance.now();
        send(
          link,
          sequences[gatewayIndex]!,
          JSON.stringify({ seq: sequences[gatewayIndex], points: upload.points }),
        );
        if (upload.firstTripAt !== null)
          trips.push({ key: `${link.deviceId}|${upload.firstTripAt}`, sentAt });
        sent += 1;
      }
      if (sent < total) setTimeout(tick, 5);
      else resolve();
    };
    tick();
  });
  const sendSeconds = (performance.now() - began) / 1000;
  // Wait for the platform to acknowledge everything sent, then for stragglers on the live channel.
  await Promise.all(links.map((link, index) => untilAcked(link, sequences[index]!)));
  const ackedSeconds = (performance.now() - began) / 1000;
  const waitUntil = performance.now() + order.settleMs;
  while (performance.now() < waitUntil && trips.some((trip) => !raisedArrivals.has(trip.key)))
    await new Promise((resolve) => setTimeout(resolve, 50));
  const latencies: number[] = [];
  let missing = 0;
  for (const trip of trips) {
    const arrived = raisedArrivals.get(trip.key);
    if (arrived === undefined) missing += 1;
    else latencies.push(arrived - trip.sentAt);
  }
  reply({ type: 'paced', points, sendSeconds, ackedSeconds, latencies, missing });
}

process.on('message', (order: FleetOrder) => {
  const run = async () => {
    switch (order.type) {
      case 'connect':
        return connect(order);
      case 'flood':
        return flood(order);
      case 'paced':
        return paced(order);
      case 'close':
        live?.close();
        await Promise.all(links.map((link) => link.client.endAsync(true)));
        process.disconnect();
        return;
    }
  };
  run().catch((error: unknown) => {
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  });
});
