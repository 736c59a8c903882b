/**
 * Value axes of the curves: variables with the same unit share an axis, each unit gets its own
 * scale (so 0.4 MPa is not drawn flat beside 70 ℃); the first two units show their axis on the
 * left and the right, further units scale on their own without one. Time labels get coarser as
 * the visible span grows.
 */
export interface CurveLineUnit {
  key: string;
  unit: string;
}

export interface UnitAxes {
  /** Units in the order they first appear. */
  units: string[];
  /** Index into `units` for each line key. */
  axisOf: Record<string, number>;
}

/** Axes drawn: left and right. */
export const VISIBLE_AXES = 2;

export function assignUnitAxes(lines: readonly CurveLineUnit[]): UnitAxes {
  const units: string[] = [];
  const axisOf: Record<string, number> = {};
  for (const line of lines) {
    let index = units.indexOf(line.unit);
    if (index < 0) index = units.push(line.unit) - 1;
    axisOf[line.key] = index;
  }
  return { units, axisOf };
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The dayjs format for time labels across `spanMs`. */
export function timeLabelFormat(spanMs: number): string {
  if (spanMs <= 10 * MINUTE) return 'HH:mm:ss';
  if (spanMs <= DAY) return 'HH:mm';
  if (spanMs <= 7 * DAY) return 'MM-DD HH:mm';
  return 'YYYY-MM-DD';
}
