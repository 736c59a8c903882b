/**
 * An outage at a high rate, through the disk buffer, the forwarder's two lanes and MQTT, on a clock
 * the test moves: 40 s at 1,000 points a second (40,000 points) come back with nothing missing and
 * nothing stored twice, each variable in time order, live values flowing from the first second
 * back while the backlog goes behind them in large uploads; a reconnect in the middle of the
 * backfill resends nothing already acknowledged; and a disk budget too small for the outage drops
 * the oldest points and reports exactly them as a gap (from, to, variables, count).
 *
 * Every wait is for an event (an upload at the platform, an acknowledgement), never for time.
 */
import type { DataPayload, Point } from '@lyyp/contracts/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackfillRig, type BackfillRig } from './testing/backfill-rig.ts';

const identity = (point: Point) => `${point.k}@${point.t}`;

/** The first arrival of each upload, in arrival order. */
function firstArrivals(uploads: ReadonlyArray<{ payload: DataPayload }>): DataPayload[] {
  const seen = new Set<string>();
  const first: DataPayload[] = [];
  for (const { payload } of uploads) {
    const id = `${payload.lane ?? 'live'}:${payload.seq}`;
    if (seen.has(id)) continue;
    seen.add(id);
    first.push(payload);
  }
  return first;
}

/** Each variable's times in the order they arrived, across `uploads`. */
function timesByKey(uploads: readonly DataPayload[]): Map<string, number[]> {
  const byKey = new Map<string, number[]>();
  for (const upload of uploads)
    for (const point of upload.points) {
      const list = byKey.get(point.k) ?? [];
      list.push(point.t);
      byKey.set(point.k, list);
    }
  return byKey;
}

const ascending = (times: readonly number[]) =>
  times.every((t, index) => index === 0 || times[index - 1]! < t);

describe('backfill after an outage at 1,000 points a second', () => {
  let rig: BackfillRig;

  afterEach(async () => {
    await rig.close();
  });

  it('delivers 40 s of backlog once and in order, live values first, across a reconnect mid-backfill', async () => {
    rig = await createBackfillRig({ keys: 20, rate: 1000, upload: { backlogInFlight: 2 } });
    await rig.connect();
    await rig.produce(2);
    await rig.drained();

    await rig.disconnect();
    await rig.produce(40);
    const outage = rig.produced.length;
    expect(rig.buffer.stats().unacknowledgedPoints).toBe(40_000);

    await rig.connect();
    // The first second back: its values go up before the backlog is through.
    await rig.produce(1);
    const firstLive = [...rig.liveSeqs].filter((seq) => seq > Math.max(...rig.platform.arrivals, 0));
    await rig.until(
      () => firstLive.every((seq) => rig.buffer.isAcknowledged(seq) || !rig.buffer.has(seq)),
      'the first live second acknowledged',
    );
    expect(rig.buffer.stats().unacknowledgedPoints).toBeGreaterThan(20_000);

    // Halfway through the backlog the link drops and comes back.
    await rig.until(() => rig.buffer.stats().unacknowledgedPoints < 25_000, 'part of the backlog stored');
    const acknowledgedBefore = new Set(rig.buffer.batches().filter((b) => rig.buffer.isAcknowledged(b.seq)));
    await rig.disconnect();
    await rig.produce(1);
    await rig.connect();
    for (let second = 0; second < 3; second += 1) await rig.produce(1);
    await rig.produce(0.5);
    await rig.drained();

    // Nothing missing, nothing stored twice, nothing acknowledged sent again.
    expect(rig.platform.stored.size).toBe(rig.produced.length);
    for (const point of rig.produced) expect(rig.platform.stored.get(identity(point))).toEqual(point);
    expect(rig.resentAfterAck).toEqual([]);
    expect(acknowledgedBefore.size).toBeGreaterThan(0);
    const arrivals = new Map<string, number>();
    for (const { payload } of rig.platform.uploads)
      for (const point of payload.points)
        arrivals.set(identity(point), (arrivals.get(identity(point)) ?? 0) + 1);
    // Only what was on its way when the link dropped can come twice (the platform stores it once).
    const twice = [...arrivals.values()].filter((count) => count > 1).length;
    expect(twice).toBeLessThanOrEqual(2 * 5000);

    // The backlog came in large uploads, each variable in time order; so did the live lane.
    const uploads = firstArrivals(rig.platform.uploads);
    const backlog = uploads.filter((upload) => upload.lane === 'backlog');
    expect(backlog.length).toBeGreaterThan(0);
    expect(Math.max(...backlog.map((upload) => upload.points.length))).toBe(5000);
    expect(backlog.every((upload) => upload.polled === undefined)).toBe(true);
    for (const times of timesByKey(backlog).values()) expect(ascending([...new Set(times)])).toBe(true);
    const live = uploads.filter((upload) => upload.lane === undefined);
    for (const times of timesByKey(live).values()) expect(ascending(times)).toBe(true);
    expect(outage).toBe(42_000);
  });

  it('with a disk budget too small for the outage, drops the oldest points and reports exactly them', async () => {
    rig = await createBackfillRig({
      keys: 20,
      rate: 1000,
      buffer: { maxBytes: 600_000, segmentBytes: 100_000 },
    });
    await rig.connect();
    await rig.produce(1);
    await rig.drained();
    await rig.disconnect();
    const outageStart = rig.produced.length;
    // 20 s of v0 … v9 only, then 10 s of all 20: the budget keeps about 15,000 points, so what is
    // lost is of v0 … v9 alone, and the gap must name exactly those.
    await rig.produce(20, 10);
    await rig.produce(10);
    const outage = rig.produced.slice(outageStart);
    await rig.connect();
    await rig.produce(1);
    await rig.drained();

    const gaps = rig.platform.gaps;
    expect(gaps.length).toBeGreaterThan(0);
    const missing = rig.produced.filter((point) => !rig.platform.stored.has(identity(point)));
    expect(missing.length).toBeGreaterThan(0);
    expect(gaps.reduce((sum, gap) => sum + gap.lost, 0)).toBe(missing.length);
    // The gaps cover exactly the points lost: their times and their variables.
    const from = Math.min(...gaps.map((gap) => gap.from));
    const to = Math.max(...gaps.map((gap) => gap.to));
    expect(from).toBe(Math.min(...missing.map((point) => point.t)));
    expect(to).toBe(Math.max(...missing.map((point) => point.t)));
    const gapKeys = new Set(gaps.flatMap((gap) => gap.keys ?? []));
    expect(gapKeys).toEqual(new Set(missing.map((point) => point.k)));
    expect(gapKeys.size).toBe(10);
    // What was lost is the oldest of the outage; everything after it arrived.
    expect(missing.every((point) => outage.includes(point))).toBe(true);
    const kept = outage.filter((point) => rig.platform.stored.has(identity(point)));
    expect(Math.min(...kept.map((point) => point.t))).toBeGreaterThan(to);
    expect(rig.platform.stored.size).toBe(rig.produced.length - missing.length);
  });
});
