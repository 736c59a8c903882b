/**
 * From registers to the value people see: decode with the driver's byte order, apply the
 * collection formula, round to the variable's decimals, flag values outside the collection limits,
 * and look up the state mapping text.
 */
import type { VariableValue } from '@lyyp/contracts/device-model';
import type { ModbusPoint } from './points.ts';
import type { Sample } from './samples.ts';

/** Rounds half away from zero, robust against binary fractions such as 1.005. */
export function roundToDecimals(value: number, decimals: number): number {
  // Whole numbers need no rounding, and the nudge below would move those beyond 2^52.
  if (Number.isInteger(value)) return value;
  const factor = 10 ** decimals;
  const scaled = Math.abs(value) * factor;
  const rounded = Math.round(scaled + scaled * Number.EPSILON) / factor;
  return Math.sign(value) * rounded || 0;
}

/** The sample a point's registers (or bits, as 0 and 1) amount to. */
export function collectSample(point: ModbusPoint, registers: readonly number[], at: number): Sample {
  const { variable } = point;
  const raw = point.dataType.decode(registers, {
    order: point.order,
    bitIndex: variable.bitIndex,
    stringLength: variable.stringLength,
  });
  return presentRaw(point, raw, at);
}

/** What a point needs to turn a raw value into the value people see (any protocol). */
export type PresentablePoint = Pick<ModbusPoint, 'key' | 'variable' | 'collectionFormula' | 'stateText'>;

/** From a decoded raw value to the value people see: formula, decimals, limits, state text. */
export function presentRaw(point: PresentablePoint, raw: VariableValue, at: number): Sample {
  const { variable } = point;
  if (typeof raw === 'string') return { kind: 'reading', key: point.key, value: raw, raw, at };
  let value = raw;
  if (point.collectionFormula) {
    try {
      value = point.collectionFormula.evaluate(raw);
    } catch {
      value = Number.NaN;
    }
    if (!Number.isFinite(value)) return { kind: 'fault', key: point.key, code: '1600000', at };
  }
  value = roundToDecimals(value, variable.decimals);
  const limit =
    variable.collectionLowerLimit !== undefined && value < variable.collectionLowerLimit
      ? 'below'
      : variable.collectionUpperLimit !== undefined && value > variable.collectionUpperLimit
        ? 'above'
        : undefined;
  const text = point.stateText.get(value);
  return {
    kind: 'reading',
    key: point.key,
    value,
    raw,
    at,
    ...(text !== undefined ? { text } : {}),
    ...(limit ? { limit } : {}),
  };
}
