import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CurveAnswerSchema } from '@lyyp/contracts';
import { REPORT_LATE_SETTLE_MS } from '@lyyp/contracts/report';
import { FACTORY_PASSWORD, buildBoundDevice } from '../../test/factories.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import type { PointRow } from '../telemetry/history.repository.ts';
import { summaryLevelFor, summaryParts } from './history-summary.repository.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('summary levels', () => {
  it('picks the coarsest level no wider than a bucket', () => {
    expect(summaryLevelFor(59_999)).toBeNull();
    expect(summaryLevelFor(MINUTE)).toBe('minute');
    expect(summaryLevelFor(HOUR)).toBe('hour');
    expect(summaryLevelFor(3 * DAY)).toBe('day');
  });

  it('reads complete days and hours from their summaries and the recent rest from minutes', () => {
    const now = Date.UTC(2026, 5, 10, 12, 30);
    const parts = summaryParts('day', Date.UTC(2026, 5, 1, 6), now, now);
    expect(
      parts.map((part) => [part.table, new Date(part.from).toISOString(), new Date(part.to).toISOString()]),
    ).toEqual([
      ['points_day', '2026-06-01T00:00:00.000Z', '2026-06-10T00:00:00.000Z'],
      ['points_hour', '2026-06-10T00:00:00.000Z', '2026-06-10T10:00:00.000Z'],
      ['points_rollup', '2026-06-10T10:00:00.000Z', '2026-06-10T12:30:00.001Z'],
    ]);
    expect(summaryParts('minute', now - HOUR, now, now).map((part) => part.table)).toEqual(['points_rollup']);
  });
});

describe.each(databaseVariants())('curves over long ranges on $name', (variant) => {
  let server: TestServer;
  let deviceId: string;
  let owner: TestClient;
  // Sixty days of a value every ten minutes, ending two days ago; no data from day 20 to day 30.
  const start = Math.floor((Date.now() - 62 * DAY) / DAY) * DAY;
  const end = start + 60 * DAY;
  const spikeAt = start + 45 * DAY + 7 * HOUR;

  beforeAll(async () => {
    server = await startTestServer(variant, { REPORT_SWEEP_INTERVAL_MS: '0', ALARM_SWEEP_INTERVAL_MS: '0' });
    const bound = await buildBoundDevice(server.database.db);
    deviceId = bound.device.id;
    const rows: PointRow[] = [];
    for (let ts = start; ts < end; ts += 10 * MINUTE) {
      if (ts >= start + 20 * DAY && ts < start + 30 * DAY) continue;
      rows.push({
        deviceId,
        key: 'flueTemperature',
        ts,
        value: ts === spikeAt ? 1000 : 100 + ((ts / MINUTE) % 50),
        error: null,
      });
    }
    for (let offset = 0; offset < rows.length; offset += 2000) {
      const batch = rows.slice(offset, offset + 2000);
      await server.runtime.history.store(batch);
      await server.reports.computation.markStored({ points: batch, receivedAt: server.clock.now() });
    }
    // The points are late (months old): their hours are handled once the marks have settled.
    server.clock.advance(REPORT_LATE_SETTLE_MS);
    await server.reports.sweep();
    owner = new TestClient(server);
    expect((await owner.login(bound.owner.username!, FACTORY_PASSWORD)).code).toBe('200');
  });
  afterAll(async () => server.close());

  const curve = async (from: number, to: number, width: number) => {
    const answer = await owner.call('POST', '/history/curve', {
      equipmentId: deviceId,
      keys: 'flueTemperature',
      start: from,
      end: to,
      width,
    });
    expect(answer.code).toBe('200');
    const parsed = CurveAnswerSchema.parse(answer.data);
    const series = parsed.series[0]!;
    if (series.mode !== 'bucket') throw new Error('expected buckets');
    return series;
  };

  it('reads hour summaries for two months on 100 pixels, keeps the spike and leaves the gap empty', async () => {
    const series = await curve(start, end - 1, 100);
    expect(series.level).toBe('hour');
    expect(series.bucketMs).toBe(Math.ceil((60 * DAY) / 100));
    expect(Math.max(...series.buckets.map((bucket) => bucket[2]))).toBe(1000);
    expect(Math.min(...series.buckets.map((bucket) => bucket[1]))).toBe(100);
    const inGap = series.buckets.filter(
      ([ts]) => ts > start + 20 * DAY + series.bucketMs! && ts < start + 30 * DAY - series.bucketMs!,
    );
    expect(inGap).toEqual([]);
  });

  it('reads day summaries for two years and minute summaries for a few days, with the same extremes', async () => {
    const extremes = (buckets: Array<[number, number, number]>) => [
      Math.min(...buckets.map((bucket) => bucket[1])),
      Math.max(...buckets.map((bucket) => bucket[2])),
    ];
    const yearly = await curve(end - 730 * DAY, end - 1, 100);
    expect(yearly.level).toBe('day');
    expect(extremes(yearly.buckets)).toEqual([100, 1000]);
    const days = await curve(start + 44.5 * DAY, start + 46 * DAY, 50);
    expect(days.level).toBe('minute');
    expect(extremes(days.buckets)).toEqual([100, 1000]);
  });
});
