/**
 * How a variable's value reads on screen (§3): a state mapping's text when the value has one,
 * otherwise the number with the variable's decimal places and unit, or the text of a string.
 */
import type { Variable } from '@lyyp/contracts/device-model';

export type ShownValue = number | string | boolean | null | undefined;

/** The parts of a variable that decide how its value reads. */
export type ValueStyle = Pick<Variable, 'decimals' | 'unit' | 'stateMapping'>;

export const MISSING_VALUE = '—';

function toNumber(value: ShownValue): number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return null;
}

/** The value as text without its unit: mapping text, fixed decimals, or the string itself. */
export function formatBareValue(style: ValueStyle | undefined, value: ShownValue): string {
  if (value === null || value === undefined || value === '') return MISSING_VALUE;
  const number = toNumber(value);
  if (number === null) return String(value);
  const mapped = style?.stateMapping.find((entry) => entry.value === number);
  if (mapped) return mapped.text;
  return style ? number.toFixed(style.decimals) : String(number);
}

/** The value as a person reads it, unit included (mapped states carry no unit). */
export function formatValue(style: ValueStyle | undefined, value: ShownValue): string {
  const bare = formatBareValue(style, value);
  if (bare === MISSING_VALUE || !style?.unit) return bare;
  const number = toNumber(value);
  const mapped = number !== null && style.stateMapping.some((entry) => entry.value === number);
  return mapped || number === null ? bare : `${bare} ${style.unit}`;
}
