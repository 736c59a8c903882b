import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hourOf, HOUR_MS, mergePoints, packHour, unpackHour, type ArchivedPoint } from './archive-codec.ts';

const HOUR = Date.UTC(2026, 2, 1, 7);

/** An hour's points: distinct times in the hour, numbers of any kind (decimals, huge, -0, null). */
const hourPoints = fc
  .uniqueArray(fc.integer({ min: 0, max: HOUR_MS - 1 }), { minLength: 1, maxLength: 300 })
  .chain((offsets) =>
    fc.tuple(
      fc.constant(offsets.sort((a, b) => a - b)),
      fc.array(
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 10),
          fc.integer({ min: -1_000_000, max: 1_000_000 }).map((n) => n / 1000),
          fc.constantFrom(0, -0, 1, null, Number.MAX_SAFE_INTEGER, 2 ** 60),
        ),
        { minLength: offsets.length, maxLength: offsets.length },
      ),
      fc.array(fc.option(fc.string(), { freq: 5 }), { minLength: offsets.length, maxLength: offsets.length }),
      fc.array(fc.option(fc.string(), { freq: 8 }), { minLength: offsets.length, maxLength: offsets.length }),
    ),
  )
  .map(([offsets, numbers, texts, errors]) =>
    offsets.map((offset, index): ArchivedPoint => ({
      ts: HOUR + offset,
      num: numbers[index]!,
      text: texts[index]!,
      error: errors[index]!,
    })),
  );

describe('archive codec', () => {
  it('gives back every point of an hour exactly, -0 and huge numbers included', () => {
    fc.assert(
      fc.property(hourPoints, (points) => {
        const packed = packHour(HOUR, points);
        const back = unpackHour(packed);
        expect(back).toHaveLength(points.length);
        back.forEach((point, index) => {
          const original = points[index]!;
          expect(point.ts).toBe(original.ts);
          expect(Object.is(point.num, original.num)).toBe(true);
          expect(point.text).toBe(original.text);
          expect(point.error).toBe(original.error);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('packs decimal readings as small whole-number deltas', () => {
    const points = Array.from({ length: 360 }, (_, index) => ({
      ts: HOUR + index * 10_000,
      num: Math.round((65 + Math.sin(index / 20) * 3) * 10) / 10,
      text: null,
      error: null,
    }));
    const packed = packHour(HOUR, points);
    expect(packed.scale).toBe(1);
    expect(packed.rawValues).toBeNull();
    expect(packed.texts).toBeNull();
    expect(new Set(packed.timeDeltas.slice(1))).toEqual(new Set([10_000]));
    expect(Math.max(...packed.valueDeltas!.slice(1).map((delta) => Math.abs(delta!)))).toBeLessThanOrEqual(
      20,
    );
  });

  it('refuses points outside the hour or out of order', () => {
    expect(() => packHour(HOUR, [{ ts: HOUR + HOUR_MS, num: 1, text: null, error: null }])).toThrow();
    expect(() =>
      packHour(HOUR, [
        { ts: HOUR + 2, num: 1, text: null, error: null },
        { ts: HOUR + 1, num: 1, text: null, error: null },
      ]),
    ).toThrow();
    expect(hourOf(HOUR + HOUR_MS - 1)).toBe(HOUR);
  });

  it('merges late points into an hour, the stored point kept for a repeated time', () => {
    fc.assert(
      fc.property(hourPoints, hourPoints, (existing, incoming) => {
        const merged = mergePoints(existing, incoming);
        const times = merged.map((point) => point.ts);
        expect(times).toEqual(
          [...new Set([...existing, ...incoming].map((point) => point.ts))].sort((a, b) => a - b),
        );
        const stored = new Map(existing.map((point) => [point.ts, point]));
        for (const point of merged) if (stored.has(point.ts)) expect(point).toBe(stored.get(point.ts));
        expect(unpackHour(packHour(HOUR, merged))).toHaveLength(merged.length);
      }),
      { numRuns: 100 },
    );
  });
});
