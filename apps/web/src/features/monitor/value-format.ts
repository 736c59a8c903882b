/**
 * How a variable's value reads on screen (§3), the one formatter of the console: the live table, the
 * device detail, the history table, the curves' tooltips and the runtime widgets all call it.
 *
 * - A state mapping's text when the value has one.
 * - A set number of decimal places formats exactly (`toFixed`).
 * - A float or double with no decimal places set (0, the default) shows what the device holds: up
 *   to 6 decimals, trailing zeros dropped (23.5 stays 23.5, not 24). Six covers a float's precision
 *   and hides the noise of its binary form (23.1 arrives as 23.100000381…).
 * - Integer types with no decimal places stay whole numbers.
 * - Strings show as they are; a missing value as a dash.
 */
import { DATA_TYPE_DEFINITIONS, type DataType } from '@lyyp/contracts/device-model';

export type ShownValue = number | string | boolean | null | undefined;

/** The parts of a variable that decide how its value reads. */
export interface ValueStyle {
  /** Decimal places; null: as the device holds it. */
  readonly decimals: number | null;
  readonly unit: string;
  readonly stateMapping: readonly { readonly value: number; readonly text: string }[];
  /** Without it a value of 0 decimal places is taken as set. */
  readonly dataType?: DataType | undefined;
}

export const MISSING_VALUE = '—';

/** Most decimals a value shown "as the device holds it" keeps. */
export const AS_HELD_MAX_DECIMALS = 6;

function toNumber(value: ShownValue): number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return null;
}

/** The decimal places a style shows, or null for "as the device holds it". */
export function decimalsOf(style: Pick<ValueStyle, 'decimals' | 'dataType'> | undefined): number | null {
  if (style?.decimals === null || style?.decimals === undefined) return null;
  const fractional = style.dataType !== undefined && !DATA_TYPE_DEFINITIONS[style.dataType].integer;
  return fractional && style.decimals === 0 ? null : style.decimals;
}

/** A number with `decimals` places, or as held (up to 6 decimals, no trailing zeros). */
export function formatNumber(value: number, decimals: number | null): string {
  if (decimals !== null) return value.toFixed(decimals);
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toFixed(AS_HELD_MAX_DECIMALS)));
}

function mappedText(style: ValueStyle | undefined, number: number | null): string | undefined {
  return number === null ? undefined : style?.stateMapping.find((entry) => entry.value === number)?.text;
}

/** The value as text without its unit: mapping text, the number, or the string itself. */
export function formatBareValue(style: ValueStyle | undefined, value: ShownValue): string {
  if (value === null || value === undefined || value === '') return MISSING_VALUE;
  const number = toNumber(value);
  if (number === null) return String(value);
  return mappedText(style, number) ?? formatNumber(number, decimalsOf(style));
}

/** The value as a person reads it, unit included (mapped states carry no unit). */
export function formatValue(style: ValueStyle | undefined, value: ShownValue): string {
  const bare = formatBareValue(style, value);
  if (bare === MISSING_VALUE || !style?.unit) return bare;
  const number = toNumber(value);
  return number === null || mappedText(style, number) !== undefined ? bare : `${bare} ${style.unit}`;
}

/** A variable's name with its unit, as every table header, legend and curve label spells it. */
export function labelWithUnit(name: string, unit: string | undefined): string {
  return unit ? `${name} (${unit})` : name;
}
