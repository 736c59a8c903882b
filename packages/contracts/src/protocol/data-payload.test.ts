/**
 * The quick check of `up/data` answers what the schema answers, for uploads in the usual shape and
 * for every kind of deviation: wrong types, limits crossed by one, unknown fields, gaps and polls.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDataPayload } from './data-payload.ts';
import { MAX_POINTS_PER_UPLOAD, dataPayloadSchema } from './payloads.ts';

const text = (min: number, max: number) =>
  fc.oneof(
    fc.string({ minLength: min, maxLength: Math.min(max, min + 4) }),
    fc.string({ minLength: max, maxLength: max }),
  );

/** A valid point, at and inside every limit. */
const validPoint = fc.record(
  {
    k: text(1, 64),
    t: fc.oneof(fc.integer({ min: 1, max: 2_000_000_000_000 }), fc.constant(Number.MAX_SAFE_INTEGER)),
    v: fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
      text(0, 1024),
    ),
    e: text(0, 16),
  },
  { requiredKeys: ['k', 't', 'v'] },
);

const validPayload = fc.record({
  seq: fc.oneof(fc.nat(), fc.constant(0)),
  points: fc.array(validPoint, { minLength: 1, maxLength: 5 }),
});

/** One way to step outside the schema (or into what it strips), applied to a valid upload. */
const DEVIATIONS: Array<(payload: Record<string, unknown>, point: Record<string, unknown>) => void> = [
  (_, point) => (point.k = ''),
  (_, point) => (point.k = 'k'.repeat(65)),
  (_, point) => (point.k = 5),
  (_, point) => (point.t = 0),
  (_, point) => (point.t = -1),
  (_, point) => (point.t = 1.5),
  (_, point) => (point.t = 2 ** 53),
  (_, point) => (point.t = '1'),
  (_, point) => (point.v = 'v'.repeat(1025)),
  (_, point) => (point.v = [1]),
  (_, point) => (point.v = {}),
  (_, point) => (point.e = 'e'.repeat(17)),
  (_, point) => (point.e = null),
  (_, point) => (point.note = 'x'),
  (_, point) => delete point.v,
  (payload) => (payload.seq = -1),
  (payload) => (payload.seq = 0.5),
  (payload) => (payload.seq = '1'),
  (payload) => delete payload.seq,
  (payload) => (payload.points = {}),
  (payload) => (payload.points = [null]),
  (payload) => (payload.extra = 1),
  (payload) => (payload.gaps = [{ from: 1, to: 2, lost: 3 }]),
  (payload) => (payload.gaps = [{ from: 1, to: 2, lost: -3 }]),
  (payload) => (payload.polled = [{ driver: 'plc', t: 5 }]),
  (payload) => (payload.polled = [{ driver: '', t: 5 }]),
  (payload) => (payload.lane = 'backlog'),
  (payload) => (payload.lane = 'live'),
  (payload) => (payload.lane = 'later'),
  (payload) => (payload.lane = undefined),
  (payload) => (payload.gaps = [{ from: 1, to: 2, lost: 3, keys: ['a', 'b'] }]),
  (payload) => (payload.gaps = [{ from: 1, to: 2, lost: 3, keys: [''] }]),
];

const payloadLike = fc.oneof(
  validPayload,
  fc
    .tuple(validPayload, fc.nat({ max: DEVIATIONS.length - 1 }), fc.nat())
    .map(([payload, deviation, pointIndex]) => {
      const copy = JSON.parse(JSON.stringify(payload)) as { points: Array<Record<string, unknown>> };
      DEVIATIONS[deviation]!(copy, copy.points[pointIndex % copy.points.length]!);
      return copy;
    }),
);

function schemaAnswer(input: unknown) {
  const parsed = dataPayloadSchema.safeParse(input);
  return parsed.success ? parsed.data : null;
}

describe('parseDataPayload', () => {
  it('answers what the schema answers', () => {
    fc.assert(
      fc.property(payloadLike, (payload) => {
        // What a gateway's JSON text becomes: no undefined, no prototypes.
        const input: unknown = JSON.parse(JSON.stringify(payload));
        expect(parseDataPayload(input)).toEqual(schemaAnswer(input));
      }),
      { numRuns: 3000 },
    );
  });

  it('answers an upload in the usual shape as it is, without a copy', () => {
    const input = {
      seq: 7,
      points: [
        { k: 'temp', t: 1_767_225_600_000, v: 41.5 },
        { k: 'run', t: 1_767_225_600_000, v: null, e: 'timeout' },
      ],
    };
    expect(parseDataPayload(input)).toBe(input);
    expect(schemaAnswer(input)).toEqual(input);
  });

  it('refuses more points than an upload may carry, as the schema does', () => {
    const points = Array.from({ length: MAX_POINTS_PER_UPLOAD + 1 }, (_, index) => ({
      k: 'a',
      t: index + 1,
      v: 1,
    }));
    expect(parseDataPayload({ seq: 1, points })).toBeNull();
    expect(parseDataPayload({ seq: 1, points: points.slice(1) })).not.toBeNull();
  });

  it('leaves unknown fields out, as the schema does', () => {
    const answer = parseDataPayload({ seq: 1, points: [{ k: 'a', t: 1, v: 2, note: 'x' }], extra: true });
    expect(answer).toEqual({ seq: 1, points: [{ k: 'a', t: 1, v: 2 }] });
  });
});
