/**
 * Live values as the runtime reads them, and the comparison every rule uses. Numbers compare as
 * numbers (the string "1" equals 1); other values compare as text, and only for == and !=.
 */
import type { ComparisonSymbol, DataBinding, RuleValue } from '@lyyp/contracts/designer';

export type LiveValue = number | string | boolean | null | undefined;

/** Reads the current value a binding points at; undefined when unknown or unbound. */
export type ValueReader = (binding: DataBinding) => LiveValue;

/** The key a binding's value is stored under: its signal, system key or model variable. */
export function bindingKey(binding: DataBinding): string | null {
  if (binding.signalId) return binding.signalId;
  if (binding.systemKey) return `key:${binding.systemKey}`;
  if (binding.mvarId) return `mvar:${binding.mvarId}`;
  return null;
}

/**
 * The key of a binding's value on a page showing several devices (faceplates): the device and the
 * signal, `equipId/signalId`; bindings without a device use `bindingKey`.
 */
export function deviceBindingKey(binding: DataBinding): string | null {
  const key = bindingKey(binding);
  return key !== null && binding.signalId && binding.equipId ? `${binding.equipId}/${key}` : key;
}

/** A reader over a map from `deviceBindingKey` to raw values. */
export function createDeviceValueReader(values: Readonly<Record<string, LiveValue>>): ValueReader {
  return (binding) => {
    const key = deviceBindingKey(binding);
    return key === null ? undefined : values[key];
  };
}

/** A reader over a map from `bindingKey` to raw values (see `withBindingTransforms`). */
export function createValueReader(values: Readonly<Record<string, LiveValue>>): ValueReader {
  return (binding) => {
    const key = bindingKey(binding);
    return key === null ? undefined : values[key];
  };
}

function toNumber(value: LiveValue | RuleValue): number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

const NUMERIC: Readonly<Record<ComparisonSymbol, (a: number, b: number) => boolean>> = {
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
};

/** Whether `live symbol expected` holds. An unknown live value never satisfies a rule. */
export function compareValues(live: LiveValue, symbol: ComparisonSymbol, expected: RuleValue): boolean {
  if (live === null || live === undefined) return false;
  const a = toNumber(live);
  const b = toNumber(expected);
  if (a !== null && b !== null) return NUMERIC[symbol](a, b);
  if (symbol === '==') return String(live) === String(expected);
  if (symbol === '!=') return String(live) !== String(expected);
  return false;
}
