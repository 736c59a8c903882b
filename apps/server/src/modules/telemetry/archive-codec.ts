/**
 * The archive's packed form of one series' hour of points (`points_archive`): times as
 * millisecond deltas (the first from the start of the hour), numbers as whole-number deltas at the
 * fewest decimal places that give every value back bit for bit (or as they are when none does),
 * texts and errors only when the hour has any. Integer arrays of small, repetitive numbers are
 * what PostgreSQL's TOAST compression shrinks best; the database decodes them in plain SQL
 * (`archived_point_rows`), exactly as `unpackHour` does here.
 */

export interface ArchivedPoint {
  readonly ts: number;
  readonly num: number | null;
  readonly text: string | null;
  readonly error: string | null;
}

export interface PackedHour {
  /** The start of the hour, epoch ms. */
  readonly hour: number;
  readonly count: number;
  readonly first: number;
  readonly last: number;
  readonly timeDeltas: number[];
  /** Decimal places of `valueDeltas`; null when the numbers are kept as they are in `rawValues`. */
  readonly scale: number | null;
  readonly valueDeltas: Array<number | null> | null;
  readonly rawValues: Array<number | null> | null;
  readonly texts: Array<string | null> | null;
  readonly errors: Array<string | null> | null;
}

export const HOUR_MS = 3_600_000;
/** Powers of ten the database divides by (the same literals in `archived_point_rows`). */
export const SCALES = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 1e7, 1e8, 1e9] as const;
const INT4_MAX = 2_147_483_647;

export const hourOf = (ts: number): number => ts - (((ts % HOUR_MS) + HOUR_MS) % HOUR_MS);

/** Whole-number deltas of the values at `scale` decimal places, or null when that scale loses any. */
function deltasAt(values: ReadonlyArray<number | null>, scale: number): Array<number | null> | null {
  const factor = SCALES[scale]!;
  const deltas = new Array<number | null>(values.length);
  let previous = 0;
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index]!;
    if (value === null) {
      deltas[index] = null;
      continue;
    }
    const whole = Math.round(value * factor);
    // -0 is kept as it is: a sum of whole numbers never gives it back.
    if (!Number.isSafeInteger(whole) || Object.is(value, -0) || !Object.is(whole / factor, value))
      return null;
    const delta = whole - previous;
    if (delta > INT4_MAX || delta < -INT4_MAX) return null;
    deltas[index] = delta;
    previous = whole;
  }
  return deltas;
}

/** Packs one series' points of one hour, in time order without repeated times. */
export function packHour(hour: number, points: readonly ArchivedPoint[]): PackedHour {
  if (points.length === 0) throw new Error('an archived hour has points');
  const timeDeltas = new Array<number>(points.length);
  let previous = hour;
  for (let index = 0; index < points.length; index += 1) {
    const ts = points[index]!.ts;
    if (hourOf(ts) !== hour || (index > 0 && ts <= previous)) throw new Error('points out of order');
    timeDeltas[index] = ts - previous;
    previous = ts;
  }
  const values = points.map((point) => point.num);
  let scale: number | null = null;
  let valueDeltas: Array<number | null> | null = null;
  for (let candidate = 0; candidate < SCALES.length && valueDeltas === null; candidate += 1) {
    valueDeltas = deltasAt(values, candidate);
    if (valueDeltas) scale = candidate;
  }
  const texts = points.some((point) => point.text !== null) ? points.map((point) => point.text) : null;
  const errors = points.some((point) => point.error !== null) ? points.map((point) => point.error) : null;
  return {
    hour,
    count: points.length,
    first: points[0]!.ts,
    last: points[points.length - 1]!.ts,
    timeDeltas,
    scale,
    valueDeltas,
    rawValues: valueDeltas ? null : values,
    texts,
    errors,
  };
}

/** The points of a packed hour, as `packHour` was given them. */
export function unpackHour(packed: PackedHour): ArchivedPoint[] {
  const points = new Array<ArchivedPoint>(packed.count);
  let ts = packed.hour;
  let whole = 0;
  const factor = packed.scale === null ? 1 : SCALES[packed.scale]!;
  for (let index = 0; index < packed.count; index += 1) {
    ts += packed.timeDeltas[index]!;
    let num: number | null;
    if (packed.valueDeltas) {
      const delta = packed.valueDeltas[index]!;
      if (delta === null) num = null;
      else {
        whole += delta;
        num = whole / factor;
      }
    } else num = packed.rawValues?.[index] ?? null;
    points[index] = { ts, num, text: packed.texts?.[index] ?? null, error: packed.errors?.[index] ?? null };
  }
  return points;
}

/**
 * Merges points into an hour's (a late point into an archived hour, or an hour archived twice):
 * one point per time, the one already there kept, as storage keeps the first delivery.
 */
export function mergePoints(
  existing: readonly ArchivedPoint[],
  incoming: readonly ArchivedPoint[],
): ArchivedPoint[] {
  const byTime = new Map<number, ArchivedPoint>();
  for (const point of incoming) if (!byTime.has(point.ts)) byTime.set(point.ts, point);
  for (const point of existing) byTime.set(point.ts, point);
  return [...byTime.values()].sort((a, b) => a.ts - b.ts);
}
