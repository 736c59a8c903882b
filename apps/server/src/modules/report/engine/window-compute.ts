/**
 * The pure core of report computation: one window of one device's samples → the rows the report
 * stores for it. No I/O, no clock: the samples, the values held before the window and the window
 * come in as arguments (`purity.test.ts` keeps it so).
 *
 * Every stored cell keeps enough to be merged with its neighbours (first, last, min, max, sum,
 * count and the sum of increments), so hour, day and month tables are merges of stored windows.
 * Increments are taken from the value held before each sample, also across window edges, so the
 * difference of a counter over a day is the sum of its windows' differences.
 */
import { reportTriggerFormula, type ReportAggregation, type ReportDefinition } from '@lyyp/contracts/report';
import { compileFormula, evaluateCondition, type Formula } from '@lyyp/formula';

/** A numeric sample (booleans as 0 and 1). */
export interface Sample {
  readonly key: string;
  readonly ts: number;
  readonly value: number;
}

export interface CellStats {
  first: number;
  firstAt: number;
  last: number;
  lastAt: number;
  min: number;
  max: number;
  sum: number;
  count: number;
  /** Sum of increments from the value held before each counted sample. */
  diff: number;
  /**
   * The time-integral of the held value over `heldMs` (value × ms): each value holds from its
   * sample until the next sample, the value held before the window carries in from the window's
   * start, and the last one holds to the window's end. NaN in rows stored before averages were
   * time-weighted (they show the mean of their samples).
   */
  area: number;
  /** Milliseconds of the window during which the variable held a value (0: a moment, not a span). */
  heldMs: number;
}

export interface ComputedRow {
  /** The window's start (periodic, interval storage) or the moment of the event (change, single). */
  readonly at: number;
  readonly cells: Record<string, CellStats>;
}

export interface CompiledReport {
  readonly definition: ReportDefinition;
  /** Listed variable keys. */
  readonly keys: readonly string[];
  /** Every key the computation reads: listed keys and the trigger formula's variables. */
  readonly reads: readonly string[];
  readonly trigger: Formula | null;
  readonly windowMs: number;
}

/** Compiles a report once for many windows. A trigger that does not compile never holds. */
export function compileReport(definition: ReportDefinition): CompiledReport {
  const keys = definition.variables.map((variable) => variable.key);
  const source = reportTriggerFormula(definition);
  const compiled = source === null ? null : compileFormula(source);
  const trigger = compiled?.ok ? compiled.formula : null;
  const reads = [...new Set([...keys, ...(trigger?.variables ?? [])])];
  return { definition, keys, reads, trigger, windowMs: definition.intervalMinutes * 60_000 };
}

/** The start of the window holding `ts`: windows are aligned to the epoch (whole minutes in UTC). */
export function windowStartOf(ts: number, windowMs: number): number {
  return Math.floor(ts / windowMs) * windowMs;
}

function single(value: number, ts: number, diff: number): CellStats {
  return {
    first: value,
    firstAt: ts,
    last: value,
    lastAt: ts,
    min: value,
    max: value,
    sum: value,
    count: 1,
    diff,
    area: 0,
    heldMs: 0,
  };
}

function add(cell: CellStats | undefined, value: number, ts: number, diff: number): CellStats {
  if (!cell) return single(value, ts, diff);
  if (ts < cell.firstAt) {
    cell.first = value;
    cell.firstAt = ts;
  }
  if (ts >= cell.lastAt) {
    cell.last = value;
    cell.lastAt = ts;
  }
  cell.min = Math.min(cell.min, value);
  cell.max = Math.max(cell.max, value);
  cell.sum += value;
  cell.count += 1;
  cell.diff += diff;
  return cell;
}

/** Merges `next` (later in time) into `into`. */
export function mergeCell(into: CellStats | undefined, next: CellStats): CellStats {
  if (!into) return { ...next };
  if (next.firstAt < into.firstAt) {
    into.first = next.first;
    into.firstAt = next.firstAt;
  }
  if (next.lastAt >= into.lastAt) {
    into.last = next.last;
    into.lastAt = next.lastAt;
  }
  into.min = Math.min(into.min, next.min);
  into.max = Math.max(into.max, next.max);
  into.sum += next.sum;
  into.count += next.count;
  into.diff += next.diff;
  into.area += next.area;
  into.heldMs += next.heldMs;
  return into;
}

/**
 * Adds to a merged cell a stretch without samples during which `value` held (a window without a
 * sample of the variable between two that have one): it counts toward the time-weighted average.
 */
export function holdCell(cell: CellStats, value: number, ms: number): void {
  if (ms <= 0) return;
  cell.area += value * ms;
  cell.heldMs += ms;
}

/** A cell for a unit in which the variable held `value` for `ms` without a sample of its own. */
export function heldOnlyCell(value: number, ms: number): CellStats {
  return {
    first: value,
    firstAt: Number.POSITIVE_INFINITY,
    last: value,
    lastAt: Number.NEGATIVE_INFINITY,
    min: Number.POSITIVE_INFINITY,
    max: Number.NEGATIVE_INFINITY,
    sum: 0,
    count: 0,
    diff: 0,
    area: value * ms,
    heldMs: ms,
  };
}

/** The value a table shows for a merged cell. */
export function presentCell(cell: CellStats | undefined, aggregation: ReportAggregation): number | null {
  if (!cell) return null;
  // A unit in which the variable only held a value (no sample of its own): only the average.
  if (cell.count === 0) return aggregation === 'average' && cell.heldMs > 0 ? cell.area / cell.heldMs : null;
  switch (aggregation) {
    case 'difference':
      return cell.diff;
    case 'first':
      return cell.first;
    case 'last':
      return cell.last;
    case 'max':
      return cell.max;
    case 'min':
      return cell.min;
    case 'average':
      return averageOf(cell);
  }
}

/**
 * The time-weighted average: the integral of the held value over the time it held. A cell of a
 * moment (change mode, single storage) has no span and shows its value; a row stored before
 * averages were time-weighted (its integral unknown, NaN) shows the mean of its samples.
 */
export function averageOf(cell: CellStats): number {
  if (cell.heldMs > 0 && Number.isFinite(cell.area)) return cell.area / cell.heldMs;
  return cell.sum / cell.count;
}

/**
 * A periodic window: every listed key's statistics over the window. The numbers are built the way
 * the history summaries build them (`points_rollup` → `points_hour`), so the database computes the
 * same values from summaries: the sum adds each minute's sum (its values in time order) in time
 * order, and the difference is the last value less the value held before the window (without one,
 * the window's first: a device's first sample adds nothing). For a counter that is the sum of its
 * increments, computed without rounding each of them.
 */
function periodicWindow(
  report: CompiledReport,
  windowStart: number,
  before: ReadonlyMap<string, number>,
  samples: readonly Sample[],
): ComputedRow[] {
  const listed = new Set(report.keys);
  const cells: Record<string, CellStats> = {};
  const minuteSums = new Map<string, { minute: number; sums: number[] }>();
  const integrals = new Map<string, MinuteIntegral>();
  for (const sample of samples) {
    if (!listed.has(sample.key)) continue;
    integrate(integrals, sample);
    const cell = cells[sample.key];
    if (cell) {
      if (sample.ts < cell.firstAt) {
        cell.first = sample.value;
        cell.firstAt = sample.ts;
      }
      if (sample.ts >= cell.lastAt) {
        cell.last = sample.value;
        cell.lastAt = sample.ts;
      }
      cell.min = Math.min(cell.min, sample.value);
      cell.max = Math.max(cell.max, sample.value);
      cell.count += 1;
    } else cells[sample.key] = single(sample.value, sample.ts, 0);
    const minute = Math.floor(sample.ts / 60_000) * 60_000;
    const partial = minuteSums.get(sample.key);
    if (!partial) minuteSums.set(sample.key, { minute, sums: [sample.value] });
    else if (partial.minute === minute) partial.sums[partial.sums.length - 1]! += sample.value;
    else {
      partial.minute = minute;
      partial.sums.push(sample.value);
    }
  }
  const keys = Object.keys(cells);
  if (keys.length === 0) return [];
  for (const key of keys) {
    const cell = cells[key]!;
    const sums = minuteSums.get(key)!.sums;
    let sum = sums[0]!;
    for (let index = 1; index < sums.length; index += 1) sum += sums[index]!;
    cell.sum = sum;
    cell.diff = cell.last - (before.get(key) ?? cell.first);
    const windowEnd = windowStart + report.windowMs;
    const held = before.get(key);
    const integral = integrals.get(key)!;
    const inner = integral.inner + (integral.minuteArea + integral.join);
    cell.area =
      (held === undefined ? 0 : held * (cell.firstAt - windowStart)) +
      inner +
      cell.last * (windowEnd - cell.lastAt);
    cell.heldMs = windowEnd - (held === undefined ? cell.firstAt : windowStart);
  }
  return [{ at: windowStart, cells }];
}

/**
 * A variable's time-integral over a window's samples, built the way the summaries build it, so the
 * database's figure from summaries is the same number: within a minute each value × the ms until
 * the next sample, added in time order (`points_rollup.v_area`); across minutes, each minute's
 * integral plus the previous minute's last value held until its first sample, added in time order.
 */
interface MinuteIntegral {
  minute: number;
  minuteArea: number;
  /** The previous minute's last value × the ms from its last sample to this minute's first. */
  join: number;
  lastValue: number;
  lastAt: number;
  /** The closed minutes' integrals and joins, added in time order. */
  inner: number;
}

function integrate(integrals: Map<string, MinuteIntegral>, sample: Sample): void {
  const minute = Math.floor(sample.ts / 60_000) * 60_000;
  const integral = integrals.get(sample.key);
  if (!integral) {
    integrals.set(sample.key, {
      minute,
      minuteArea: 0,
      join: 0,
      lastValue: sample.value,
      lastAt: sample.ts,
      inner: 0,
    });
    return;
  }
  const step = integral.lastValue * (sample.ts - integral.lastAt);
  if (integral.minute === minute) integral.minuteArea += step;
  else {
    integral.inner += integral.minuteArea + integral.join;
    integral.minute = minute;
    integral.minuteArea = 0;
    integral.join = step;
  }
  integral.lastValue = sample.value;
  integral.lastAt = sample.ts;
}

function holds(trigger: Formula | null, state: ReadonlyMap<string, number>): boolean {
  if (!trigger) return false;
  const result = evaluateCondition(trigger, state);
  return result.ok && result.value;
}

/**
 * The rows of one window. `before` holds each read key's last value before the window; `samples`
 * are the window's samples of the read keys, in time order.
 */
export function computeWindow(
  report: CompiledReport,
  windowStart: number,
  before: ReadonlyMap<string, number>,
  samples: readonly Sample[],
): ComputedRow[] {
  const mode = report.definition.storageMode;
  if (mode === 'periodic') return periodicWindow(report, windowStart, before, samples);
  const listed = new Set(report.keys);
  const state = new Map(before);
  const storage = report.definition.storage;
  const rows: ComputedRow[] = [];
  const windowCells: Record<string, CellStats> = {};
  let counted = false;
  let held = mode === 'condition' || mode === 'expression' ? holds(report.trigger, state) : false;
  // Interval storage: each listed variable's value × the time the condition held (time-weighted
  // average over the time it holds), from the window start or the last moment to the next.
  const holding = new Map<string, { area: number; heldMs: number }>();
  let since = windowStart;
  const accumulate = (until: number) => {
    if (held && storage === 'interval' && until > since)
      for (const key of report.keys) {
        const value = state.get(key);
        if (value === undefined) continue;
        const entry = holding.get(key) ?? { area: 0, heldMs: 0 };
        entry.area += value * (until - since);
        entry.heldMs += until - since;
        holding.set(key, entry);
      }
    since = until;
  };

  for (let index = 0; index < samples.length;) {
    // Samples of one moment are applied together, then the moment is judged once.
    const ts = samples[index]!.ts;
    if (mode !== 'change') accumulate(ts);
    const moment: Array<{ key: string; value: number; previous: number | undefined }> = [];
    for (; index < samples.length && samples[index]!.ts === ts; index += 1) {
      const sample = samples[index]!;
      moment.push({ key: sample.key, value: sample.value, previous: state.get(sample.key) });
      state.set(sample.key, sample.value);
    }
    const increment = (entry: { value: number; previous: number | undefined }) =>
      entry.previous === undefined ? 0 : entry.value - entry.previous;

    if (mode === 'change') {
      const changed = moment.filter((entry) => listed.has(entry.key) && entry.previous !== entry.value);
      if (changed.length === 0) continue;
      const cells: Record<string, CellStats> = {};
      for (const key of report.keys) {
        const value = state.get(key);
        if (value === undefined) continue;
        const entry = changed.find((candidate) => candidate.key === key);
        cells[key] = single(value, ts, entry ? increment(entry) : 0);
      }
      rows.push({ at: ts, cells });
      continue;
    }
    const now = holds(report.trigger, state);
    if (storage === 'single') {
      if (now && !held) {
        const cells: Record<string, CellStats> = {};
        for (const key of report.keys) {
          const value = state.get(key);
          if (value !== undefined) cells[key] = single(value, ts, 0);
        }
        rows.push({ at: ts, cells });
      }
    } else if (now) {
      for (const entry of moment) {
        if (!listed.has(entry.key)) continue;
        windowCells[entry.key] = add(windowCells[entry.key], entry.value, ts, increment(entry));
        counted = true;
      }
    }
    held = now;
  }
  if (mode !== 'change') accumulate(windowStart + report.windowMs);
  for (const [key, cell] of Object.entries(windowCells)) {
    const entry = holding.get(key);
    cell.area = entry?.area ?? 0;
    cell.heldMs = entry?.heldMs ?? 0;
  }
  if (counted) rows.unshift({ at: windowStart, cells: windowCells });
  return rows;
}
