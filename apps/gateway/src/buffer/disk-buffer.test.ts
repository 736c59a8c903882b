import { copyFile, mkdtemp, readdir, rm, stat, appendFile, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DataPayload, Point } from '@lyyp/contracts/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualScheduler } from '../core/testing/manual-scheduler.ts';
import { DiskBuffer, type DiskBufferOptions } from './disk-buffer.ts';
import { HEADER_BYTES } from './record-format.ts';

const BASE = 1_700_000_000_000;

/** `count` points of one variable, a second apart from `from`. */
const pointsFrom = (from: number, count = 3): Point[] =>
  Array.from({ length: count }, (_, index) => ({
    k: 'waterTemperature',
    t: from + index * 1000,
    v: 60 + index,
  }));

describe('disk buffer', () => {
  let directory: string;
  let scheduler: ManualScheduler;
  let warnings: string[];
  const opened: DiskBuffer[] = [];

  const openBuffer = async (options: Partial<DiskBufferOptions> = {}) => {
    const buffer = await DiskBuffer.open({
      directory,
      scheduler,
      onWarning: (message) => warnings.push(message),
      ...options,
    });
    opened.push(buffer);
    return buffer;
  };

  const payloadOf = async (buffer: DiskBuffer, seq: number): Promise<DataPayload> => {
    const batch = buffer.batches().find((item) => item.seq === seq);
    if (!batch) throw new Error(`no batch ${seq}`);
    return JSON.parse((await buffer.payload(batch)).toString('utf8')) as DataPayload;
  };

  const segmentFiles = async () => (await readdir(directory)).filter((name) => name.endsWith('.seg')).sort();

  beforeEach(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'lyyp-buffer-'));
    scheduler = new ManualScheduler(BASE);
    warnings = [];
  });

  afterEach(async () => {
    for (const buffer of opened.splice(0)) await buffer.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('keeps numbering after a restart, even when everything was acknowledged and released', async () => {
    const first = await openBuffer({ segmentBytes: 1 });
    for (let index = 0; index < 3; index += 1) await first.append(pointsFrom(BASE + index * 10_000));
    for (const seq of [1, 2, 3]) first.acknowledge(seq);
    await first.close();

    const second = await openBuffer();
    expect(second.stats()).toMatchObject({ unacknowledged: 0, nextSeq: 4 });
    const batch = await second.append(pointsFrom(BASE + 50_000));
    expect(batch.seq).toBe(4);
    expect(await payloadOf(second, 4)).toEqual({ seq: 4, points: pointsFrom(BASE + 50_000) });
  });

  it('numbers concurrent appends in call order and stores each payload as it will be sent', async () => {
    const buffer = await openBuffer();
    const batches = await Promise.all(
      [0, 1, 2, 3].map((index) => buffer.append(pointsFrom(BASE + index * 10_000, 2))),
    );
    expect(batches.map((batch) => batch.seq)).toEqual([1, 2, 3, 4]);
    expect(await payloadOf(buffer, 3)).toEqual({ seq: 3, points: pointsFrom(BASE + 20_000, 2) });
  });

  it('after a restart offers the unacknowledged batches again, oldest first, and never the acknowledged ones', async () => {
    const first = await openBuffer({ segmentBytes: 400 });
    for (let index = 0; index < 6; index += 1) await first.append(pointsFrom(BASE + index * 10_000));
    first.takeToSend(6);
    for (const seq of [1, 2, 4]) first.acknowledge(seq);
    await first.close();

    const second = await openBuffer();
    const resent = second.takeToSend(10);
    expect(resent.map((batch) => batch.seq)).toEqual([3, 5, 6]);
    expect((await payloadOf(second, 5)).points).toEqual(pointsFrom(BASE + 40_000));
  });

  it('removes a segment file once all of its batches are acknowledged', async () => {
    const buffer = await openBuffer({ segmentBytes: 1, ackSaveDelayMs: 100 });
    for (let index = 0; index < 3; index += 1) await buffer.append(pointsFrom(BASE + index * 10_000));
    expect(await segmentFiles()).toHaveLength(3);
    buffer.acknowledge(1);
    buffer.acknowledge(2);
    scheduler.advance(100);
    await expect.poll(segmentFiles).toHaveLength(1);
    expect(buffer.batches().map((batch) => batch.seq)).toEqual([3]);
  });

  it('ignores a torn write at the end of a segment and goes on numbering after the last whole batch', async () => {
    const first = await openBuffer();
    for (let index = 0; index < 3; index += 1) await first.append(pointsFrom(BASE + index * 10_000));
    await first.close();
    const [segment] = await segmentFiles();
    const file = path.join(directory, segment!);
    const whole = (await stat(file)).size;
    // The start of a fourth record whose write was cut short by a power failure.
    const content = await readFile(file);
    await appendFile(file, content.subarray(0, HEADER_BYTES + 20));

    const second = await openBuffer();
    expect(second.batches().map((batch) => batch.seq)).toEqual([1, 2, 3]);
    expect(warnings.some((warning) => warning.includes('cut off'))).toBe(true);
    expect((await stat(file)).size).toBe(whole);
    expect((await second.append(pointsFrom(BASE + 90_000))).seq).toBe(4);
    expect(second.takeToSend(10).map((batch) => batch.seq)).toEqual([1, 2, 3, 4]);
  });

  it('detects a last record whose bytes do not match its checksum', async () => {
    const first = await openBuffer();
    for (let index = 0; index < 2; index += 1) await first.append(pointsFrom(BASE + index * 10_000));
    await first.close();
    const file = path.join(directory, (await segmentFiles())[0]!);
    const content = await readFile(file);
    content.writeUInt8(content.readUInt8(content.length - 5) ^ 0xff, content.length - 5);
    await writeFile(file, content);

    const second = await openBuffer();
    expect(second.batches().map((batch) => batch.seq)).toEqual([1]);
  });

  it('when full drops the oldest batches and reports them as a gap in the next upload', async () => {
    const buffer = await openBuffer({ maxBytes: 4096, segmentBytes: 512 });
    let total = 0;
    for (let index = 0; index < 40; index += 1) {
      await buffer.append(pointsFrom(BASE + index * 10_000, 5));
      total += 5;
    }
    const kept = buffer.batches();
    const keptPoints = kept.reduce((sum, batch) => sum + batch.points, 0);
    const gaps = [];
    for (const batch of kept) gaps.push(...((await payloadOf(buffer, batch.seq)).gaps ?? []));
    // Every dropped point is accounted for in exactly one gap still on its way.
    const lost = gaps.reduce((sum, gap) => sum + gap.lost, 0);
    expect(lost + keptPoints).toBe(total);
    expect(Math.min(...gaps.map((gap) => gap.from))).toBe(BASE);
    const bytes = (
      await Promise.all((await segmentFiles()).map((name) => stat(path.join(directory, name))))
    ).reduce((sum, file) => sum + file.size, 0);
    expect(bytes).toBeLessThanOrEqual(4096);
    expect(kept.map((batch) => batch.seq)).toEqual(kept.map((_, index) => kept[0]!.seq + index));
  });

  it('does not bring back segments that a later batch dropped, even if deleting them was interrupted', async () => {
    const buffer = await openBuffer({ maxBytes: 2048, segmentBytes: 512 });
    await buffer.append(pointsFrom(BASE, 5));
    const [oldest] = await segmentFiles();
    const saved = path.join(directory, 'saved-copy');
    await copyFile(path.join(directory, oldest!), saved);
    for (let index = 1; index < 30; index += 1) await buffer.append(pointsFrom(BASE + index * 10_000, 5));
    await buffer.close();
    expect(await segmentFiles()).not.toContain(oldest);
    // As if the process died between writing the batch that names the drop and deleting the file.
    await copyFile(saved, path.join(directory, oldest!));

    const reopened = await openBuffer({ maxBytes: 2048, segmentBytes: 512 });
    expect(reopened.batches()[0]!.seq).toBeGreaterThan(1);
    expect(await segmentFiles()).not.toContain(oldest);
  });

  it('stores poll confirmations without points like any batch, and never counts them as lost when full', async () => {
    const first = await openBuffer({ maxBytes: 4096, segmentBytes: 512 });
    const confirmation = (index: number) => [{ driver: 'boiler', t: BASE + index * 1000 }];
    await first.append(pointsFrom(BASE, 5), confirmation(0));
    for (let index = 1; index < 60; index += 1) await first.append([], confirmation(index));
    await first.close();

    const second = await openBuffer({ maxBytes: 4096, segmentBytes: 512 });
    const kept = second.batches();
    expect(kept.at(-1)).toMatchObject({ seq: 60, points: 0 });
    expect(await payloadOf(second, 60)).toEqual({ seq: 60, points: [], polled: confirmation(59) });
    // Only the five points of the first batch were values; the dropped confirmations lose nothing.
    const gaps = [];
    for (const batch of kept) gaps.push(...((await payloadOf(second, batch.seq)).gaps ?? []));
    expect(kept[0]!.seq).toBeGreaterThan(1);
    expect(gaps).toEqual([{ from: BASE, to: BASE + 4000, lost: 5, keys: ['waterTemperature'] }]);
  });
});
