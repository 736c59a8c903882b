/**
 * What the history curve and the real-time curve share, so a signal looks the same in both:
 * its colour (by its place among the device's variables, whatever else is chosen), its label
 * (name and unit, spelled as everywhere else), how its values read in tooltips (the console's one
 * value formatter), and the value axes: variables with the same unit share an axis, each unit gets
 * its own scale (so 0.4 MPa is not drawn flat beside 70 ℃); the first two units show their axis on
 * the left and the right, further units scale on their own without one. Time labels get coarser as
 * the visible span grows.
 */
import type { DeviceVariable } from './use-device.ts';
import { formatBareValue, labelWithUnit, type ValueStyle } from './value-format.ts';

/** Ten distinct colours; a device's eleventh variable shares the first one's. */
export const SIGNAL_PALETTE = [
  '#1668dc',
  '#52c41a',
  '#fa8c16',
  '#eb2f96',
  '#13c2c2',
  '#722ed1',
  '#f5222d',
  '#a0d911',
  '#2f54eb',
  '#faad14',
] as const;

function hashKey(key: string): number {
  let hash = 0;
  for (const character of key) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return hash;
}

/**
 * The colour of a signal in every curve of its device: by its place in the device's variable list
 * (the product model's order), or, for a key the model does not list, by the key itself.
 */
export function signalColour(key: string, deviceKeys: readonly string[]): string {
  const place = deviceKeys.indexOf(key);
  const index = place >= 0 ? place : hashKey(key);
  return SIGNAL_PALETTE[index % SIGNAL_PALETTE.length] ?? SIGNAL_PALETTE[0];
}

export interface CurveLine {
  key: string;
  /** Name and unit, as the tables spell it. */
  label: string;
  unit: string;
  colour: string;
  /** How the signal's values read in tooltips. */
  format: (value: number | null) => string;
}

/** The lines of the chosen keys, described the same way for both curves. */
export function describeCurveLines(
  keys: readonly string[],
  variables: readonly DeviceVariable[],
): CurveLine[] {
  const deviceKeys = variables.map((variable) => variable.key);
  const byKey = new Map(variables.map((variable) => [variable.key, variable]));
  return keys.map((key) => {
    const variable = byKey.get(key);
    const style: ValueStyle | undefined = variable?.definition;
    const unit = style?.unit ?? '';
    return {
      key,
      label: labelWithUnit(variable?.name ?? key, unit),
      unit,
      colour: signalColour(key, deviceKeys),
      format: (value) => formatBareValue(style, value),
    };
  });
}
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
