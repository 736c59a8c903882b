/**
 * Plans a write: checks the requested value against the variable (read-only 2004, write
 * permission 1202, empty 1403, write limits 2003), applies the write formula, checks the raw value
 * fits the data type, encodes it with the driver's byte order, and picks the function code by table
 * and size (05 one coil, 15 several coils, 06 one register, 16 several registers). A boolean inside
 * a register is a read-modify-write: the plan says which bit, the caller supplies the register.
 */
import type { ErrorCode } from '@lyyp/contracts';
import {
  REGISTER_TYPE_DEFINITIONS,
  checkRawValue,
  checkWriteValue,
  type VariableValue,
  type WriteFunctionCode,
} from '@lyyp/contracts/device-model';
import type { ModbusPoint } from './points.ts';

interface PlanBase {
  readonly point: ModbusPoint;
  /** The checked value as requested (engineering units). */
  readonly value: VariableValue;
  /** The value the registers will carry, after the write formula. */
  readonly raw: VariableValue;
  readonly functionCode: WriteFunctionCode;
  readonly start: number;
}

export type WritePlan =
  | (PlanBase & { readonly kind: 'values'; readonly values: readonly number[] })
  | (PlanBase & { readonly kind: 'register-bit'; readonly bitIndex: number; readonly bit: 0 | 1 });

export type WritePlanResult =
  { readonly ok: true; readonly plan: WritePlan } | { readonly ok: false; readonly code: ErrorCode };

const refuse = (code: ErrorCode): WritePlanResult => ({ ok: false, code });

export function planWrite(point: ModbusPoint, requested: unknown): WritePlanResult {
  const table = REGISTER_TYPE_DEFINITIONS[point.registerType];
  if (!table.write) return refuse('99905');
  const checked = checkWriteValue(point.variable, requested);
  if (!checked.ok) return refuse(checked.violation.code);
  const value = checked.value;
  let raw: VariableValue = value;
  if (typeof value === 'number' && point.writeFormula) {
    try {
      raw = point.writeFormula.evaluate(value);
    } catch {
      raw = Number.NaN;
    }
    if (!Number.isFinite(raw)) return refuse('1617000');
  }
  if (typeof raw === 'number' && point.dataType.integer) raw = Math.round(raw);
  const rawProblem = checkRawValue(point.dataType, raw, point.variable.stringLength);
  if (rawProblem) return refuse(rawProblem);
  const base = { point, value, raw, start: point.offset };
  const bitIndex = point.variable.bitIndex;
  if (point.dataType.id === 'boolean' && bitIndex !== undefined && table.unit === 'word') {
    return {
      ok: true,
      plan: {
        ...base,
        kind: 'register-bit',
        functionCode: table.write.single,
        bitIndex,
        bit: raw === 0 ? 0 : 1,
      },
    };
  }
  const values = point.dataType.encode(raw, {
    order: point.order,
    stringLength: point.variable.stringLength,
  });
  const functionCode = values.length === 1 ? table.write.single : table.write.multiple;
  return { ok: true, plan: { ...base, kind: 'values', functionCode, values } };
}

/** The register to write for a bit plan, given the register's current content. */
export function mergeBit(plan: Extract<WritePlan, { kind: 'register-bit' }>, current: number): number {
  const { point } = plan;
  return (
    point.dataType.encode(plan.bit, { order: point.order, bitIndex: plan.bitIndex, current })[0] ?? current
  );
}
