/**
 * The report average is time-weighted: a value holds from its sample until the next one, the value
 * held before a range carries into it, and a unit (hour, day) averages the time in which the
 * variable had a value. A small reference model integrates the step function directly; the
 * property tests compare it with the engine and the merge (many runs), and with the real
 * computation on the embedded database from summaries, late points included (a few runs).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_INTERVAL_MINUTES,
  REPORT_LATE_SETTLE_MS,
  reportDefinitionSchema,
  type ReportGranularity,
} from '@lyyp/contracts/report';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { postJson } from '../device/catalogue-test-support.ts';
import { alarmFixture } from '../alarm/alarm-test-support.ts';
import { unitStarts } from './engine/calendar.ts';
import { compileReport, type Sample } from './engine/window-compute.ts';
import { computeSpan } from './report-computation.service.ts';
import { mergeIntoUnits, windowAtOrAfter } from './report-query.service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const KEY = 'waterTemperature';

interface Step {
  readonly ts: number;
  readonly value: number;
}

/**
 * The reference: the time-weighted average of the step function `steps` over each unit that has a
 * sample, counting time from `from` to `until` and only once a value exists.
 */
function referenceAverages(
  steps: readonly Step[],
  starts: readonly number[],
  unitEnd: (index: number) => number,
  from: number,
  until: number,
  windowMs: number,
  to: number,
): Map<number, number> {
  const sorted = [...steps].sort((a, b) => a.ts - b.ts);
  const answer = new Map<number, number>();
  starts.forEach((start, index) => {
    const end = unitEnd(index);
    // A unit is listed when a window starting inside it and inside [from, to) has a sample.
    const listed = sorted.some((step) => {
      const window = Math.floor(step.ts / windowMs) * windowMs;
      return window >= start && window < end && window >= from && window < to;
    });
    if (!listed) return;
    const lo = Math.max(start, from);
    const hi = Math.min(end, until);
    let area = 0;
    let held = 0;
    for (let index2 = 0; index2 < sorted.length; index2 += 1) {
      const segmentStart = Math.max(sorted[index2]!.ts, lo);
      const segmentEnd = Math.min(sorted[index2 + 1]?.ts ?? Number.POSITIVE_INFINITY, hi);
      if (segmentEnd <= segmentStart) continue;
      area += sorted[index2]!.value * (segmentEnd - segmentStart);
      held += segmentEnd - segmentStart;
    }
    answer.set(start, area / held);
  });
  return answer;
}

/** A random step function over two days: a few samples, some close together, some hours apart. */
const stepsArbitrary = (origin: number) =>
  fc
    .uniqueArray(
      fc.record({
        ts: fc.oneof(
          fc.integer({ min: 0, max: 2 * DAY - 1 }),
          fc.integer({ min: 0, max: 2 * 24 * 60 - 1 }).map((minute) => minute * MINUTE),
        ),
        value: fc.integer({ min: -500, max: 500 }).map((value) => value / 4),
      }),
      { minLength: 1, maxLength: 40, selector: (step) => step.ts },
    )
    .map((steps) => steps.map((step) => ({ ts: origin + step.ts, value: step.value })));

const boundsArbitrary = fc.record({
  intervalMinutes: fc.constantFrom(...REPORT_INTERVAL_MINUTES),
  granularity: fc.constantFrom<ReportGranularity>('hour', 'day'),
  // The range asked for, in minutes from the origin (cut to whole windows by the query).
  fromMinute: fc.integer({ min: 0, max: 36 * 60 }),
  lengthMinutes: fc.integer({ min: 1, max: 48 * 60 }),
});

const report = (intervalMinutes: number) =>
  reportDefinitionSchema.parse({
    id: 'twa',
    name: 'Average',
    intervalMinutes,
    variables: [{ key: KEY, aggregation: 'average' }],
  });

const closeTo = (actual: number | null | undefined, expected: number) =>
  actual !== null &&
  actual !== undefined &&
  Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));

describe('time-weighted average against a reference model', () => {
  it('engine windows merged into hours and days equal the integral of the step function', () => {
    const origin = Date.UTC(2026, 0, 5);
    fc.assert(
      fc.property(stepsArbitrary(origin), boundsArbitrary, (steps, bounds) => {
        const compiled = compileReport(report(bounds.intervalMinutes));
        const windowMs = compiled.windowMs;
        const samples: Sample[] = [...steps]
          .sort((a, b) => a.ts - b.ts)
          .map((step) => ({ key: KEY, ts: step.ts, value: step.value }));
        // Computed from the start over every sample, as the sweep does, far past the data.
        const spanEnd = origin + 3 * DAY;
        const rows = computeSpan(compiled, origin, spanEnd, new Map(), samples);
        const start = origin + bounds.fromMinute * MINUTE;
        const end = Math.min(start + bounds.lengthMinutes * MINUTE, origin + 2 * DAY);
        if (end <= start) return;
        const starts = unitStarts(start, end, bounds.granularity, 'UTC');
        const from = Math.max(start, starts[0]!);
        const holdFrom = windowAtOrAfter(from, windowMs);
        const until = windowAtOrAfter(end, windowMs);
        const before = samples.filter((sample) => sample.ts < holdFrom).at(-1);
        const merged = mergeIntoUnits(
          rows.filter((row) => row.at >= from && row.at < end),
          starts,
          [{ key: KEY, name: KEY, unit: '', decimals: 2, aggregation: 'average' }],
          { windowMs, from: holdFrom, until, before: new Map(before ? [[KEY, before.value]] : []) },
        );
        const unitLength = bounds.granularity === 'hour' ? HOUR : DAY;
        const expected = referenceAverages(
          steps,
          starts,
          (index) => starts[index + 1] ?? starts[index]! + unitLength,
          holdFrom,
          until,
          windowMs,
          end,
        );
        expect(merged.map((row) => row.at)).toEqual([...expected.keys()]);
        for (const row of merged) {
          const want = expected.get(row.at)!;
          expect(closeTo(row.values[KEY], want), `${row.values[KEY]} ≠ ${want} at ${row.at}`).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a value that holds weighs by its time, not by its number of samples', () => {
    const origin = Date.UTC(2026, 0, 5);
    const compiled = compileReport(report(60));
    // 10 for 50 minutes, then six samples of 100 in the last 10 minutes: the mean of samples would
    // be (10 + 6 × 100) / 7 ≈ 87.1; the value held is 10 five sixths of the hour.
    const samples: Sample[] = [
      { key: KEY, ts: origin, value: 10 },
      ...[50, 52, 54, 56, 58, 59].map((minute) => ({ key: KEY, ts: origin + minute * MINUTE, value: 100 })),
    ];
    const rows = computeSpan(compiled, origin, origin + HOUR, new Map(), samples);
    const [row] = mergeIntoUnits(
      rows,
      [origin],
      [{ key: KEY, name: KEY, unit: '', decimals: 2, aggregation: 'average' }],
    );
    expect(row!.values[KEY]).toBeCloseTo((10 * 50 + 100 * 10) / 60, 12);
  });
});

describe.each(databaseVariants().slice(0, 1))('time-weighted average computed on $name', (variant) => {
  let server: TestServer;
  let fixture: Awaited<ReturnType<typeof alarmFixture>>;
  let seq = 0;
  let run = 0;
  /** Midnight (UTC) 60 days ago: each run uses two days of its own after it, all windows closed. */
  const origin = Math.floor((Date.now() - 60 * DAY) / DAY) * DAY;
  const stored: Step[] = [];

  beforeAll(async () => {
    server = await startTestServer(variant, { REPORT_SWEEP_INTERVAL_MS: '0', ALARM_SWEEP_INTERVAL_MS: '0' });
    fixture = await alarmFixture(server);
  });
  afterAll(async () => server.close());

  it("keeps a minute's integral exact when its points arrive in several batches, late ones inside it too", async () => {
    const minute = origin - DAY;
    const point = (second: number, value: number) => ({
      deviceId: fixture.device.id,
      key: KEY,
      ts: minute + second * 1000,
      value,
      error: null,
    });
    const area = async () => {
      const result = await server.database.db.execute(sql`
        select v_area as a from points_rollup where device_id = ${fixture.device.id} and key = ${KEY}
          and minute = ${new Date(minute).toISOString()}::timestamptz`);
      return (result as { rows: Array<{ a: number }> }).rows[0]?.a;
    };
    await server.runtime.history.store([point(10, 1), point(30, 2)]);
    expect(await area()).toBe(1 * 20_000);
    // A later stretch: the earlier one's last value holds until its first point.
    await server.runtime.history.store([point(40, 4), point(50, 8)]);
    expect(await area()).toBe(1 * 20_000 + 2 * 10_000 + 4 * 10_000);
    // An earlier stretch, then a late point between points already summarised.
    await server.runtime.history.store([point(0, 16)]);
    await server.runtime.history.store([point(20, 32)]);
    expect(await area()).toBe(16 * 10_000 + 1 * 10_000 + 32 * 10_000 + 2 * 10_000 + 4 * 10_000);
    // Runs of the property below start after these: the last value holds into the first run.
    stored.push(
      ...[0, 10, 20, 30, 40, 50].map((second, index) => ({
        ts: minute + second * 1000,
        value: [16, 1, 32, 2, 4, 8][index]!,
      })),
    );
    // A resent point adds nothing.
    await server.runtime.history.store([point(20, 32)]);
    expect(await area()).toBe(16 * 10_000 + 1 * 10_000 + 32 * 10_000 + 2 * 10_000 + 4 * 10_000);
  });

  it('reads the same averages from the summaries, also after late points', async () => {
    await fc.assert(
      fc.asyncProperty(
        stepsArbitrary(0),
        boundsArbitrary,
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        async (relative, bounds, late) => {
          const base = origin + (run += 1) * 3 * DAY;
          const steps = relative.map((step) => ({ ts: base + step.ts, value: step.value }));
          // Earlier runs' values lie days before and carry into this run's range until its first.
          stored.push(...steps);
          const ingest = (part: Step[]) =>
            part.length === 0
              ? Promise.resolve()
              : server.runtime.ingest.ingest(fixture.gateway.sn, {
                  seq: (seq += 1),
                  points: part.map((step) => ({ k: KEY, t: step.ts, v: step.value })),
                });
          // A fresh report per run, computed from what is stored, then late points replayed.
          const onTime = steps.filter((_, index) => !late[index]);
          const replayed = steps.filter((_, index) => late[index]);
          await ingest(onTime);
          const added = await postJson(server, fixture.developerClient, '/report/add', {
            productId: fixture.product.id,
            report: {
              name: `Average ${run}`,
              intervalMinutes: bounds.intervalMinutes,
              variables: [{ key: KEY, aggregation: 'average' }],
            },
          });
          expect(added.code, added.message).toBe('200');
          const reportId = (added.data as { id: string }).id;
          await server.reports.sweep();
          await ingest(replayed);
          server.clock.advance(REPORT_LATE_SETTLE_MS + 1);
          await server.reports.sweep();

          const start = base + bounds.fromMinute * MINUTE;
          const end = Math.min(start + bounds.lengthMinutes * MINUTE, base + 2 * DAY);
          const answer = await postJson(server, fixture.ownerClient, '/report/data', {
            equipmentId: fixture.device.id,
            reportId,
            granularity: bounds.granularity,
            start,
            end,
            timeZone: 'UTC',
            pageSize: 100,
          });
          expect(answer.code, answer.message).toBe('200');
          const list = (answer.data as { list: Array<{ at: number; values: Record<string, number | null> }> })
            .list;
          const windowMs = bounds.intervalMinutes * MINUTE;
          const starts = unitStarts(start, end, bounds.granularity, 'UTC');
          const from = windowAtOrAfter(Math.max(start, starts[0]!), windowMs);
          const unitLength = bounds.granularity === 'hour' ? HOUR : DAY;
          const expected = referenceAverages(
            stored,
            starts,
            (index) => starts[index + 1] ?? starts[index]! + unitLength,
            from,
            windowAtOrAfter(end, windowMs),
            windowMs,
            end,
          );
          expect(list.map((row) => row.at).reverse()).toEqual([...expected.keys()]);
          for (const row of list) {
            const want = expected.get(row.at)!;
            expect(closeTo(row.values[KEY], want), `${row.values[KEY]} ≠ ${want} at ${row.at}`).toBe(true);
          }
        },
      ),
      // No shrinking: each run moves on to days of its own.
      { numRuns: 4, endOnFailure: true },
    );
  }, 600_000);
});
