/**
 * Device variables of drivers that name their data by address rather than by register (OPC UA
 * nodes, S7 addresses): each with its driver, data type and compiled formulas, and the write plan
 * every such protocol shares (limits, permission, write formula, raw range). The protocol sides
 * turn the raw value into their own wire form.
 */
import type { ErrorCode } from '@lyyp/contracts';
import {
  ADDRESS_TYPE_DEFINITIONS,
  DATA_TYPE_DEFINITIONS,
  PROTOCOL_FAMILY,
  checkRawValue,
  checkWriteValue,
  type DataTypeDefinition,
  type DeviceModel,
  type Driver,
  type ProtocolFamily,
  type Variable,
  type VariableValue,
} from '@lyyp/contracts/device-model';
import type { CompiledFormula, FormulaEngine } from './formula-engine.ts';
import type { RejectedVariable } from './points.ts';

export interface FieldPoint<D extends Driver = Driver> {
  readonly key: string;
  readonly variable: Variable;
  readonly driver: D;
  /** The address as typed, trimmed. */
  readonly address: string;
  readonly dataType: DataTypeDefinition;
  readonly collectionFormula: CompiledFormula | null;
  readonly writeFormula: CompiledFormula | null;
  readonly stateText: ReadonlyMap<number, string>;
}

export interface ResolvedFieldModel<D extends Driver> {
  readonly drivers: readonly D[];
  readonly points: readonly FieldPoint<D>[];
  readonly rejected: readonly RejectedVariable[];
}

function compile(engine: FormulaEngine, source: string | undefined): CompiledFormula | null | 'unsupported' {
  if (source === undefined) return null;
  try {
    return engine.compile(source);
  } catch {
    return 'unsupported';
  }
}

const FAILING_FORMULA: CompiledFormula = { evaluate: () => Number.NaN };

/** The drivers of one protocol family and their device variables; unusable ones are set aside with a code. */
export function resolveFieldPoints<D extends Driver>(
  model: DeviceModel,
  engine: FormulaEngine,
  family: ProtocolFamily,
): ResolvedFieldModel<D> {
  const drivers = model.drivers.filter((driver) => PROTOCOL_FAMILY[driver.protocol] === family) as D[];
  const byKey = new Map(drivers.map((driver) => [driver.key, driver]));
  const points: FieldPoint<D>[] = [];
  const rejected: RejectedVariable[] = [];
  for (const variable of model.variables) {
    if (variable.kind !== 'device' || variable.driverKey === undefined) continue;
    const driver = byKey.get(variable.driverKey);
    if (!driver) continue;
    const address = variable.address?.trim() ?? '';
    const notation = ADDRESS_TYPE_DEFINITIONS[variable.addressType];
    if (notation.family !== family || !notation.accepts(address)) {
      rejected.push({ key: variable.key, code: '99904' });
      continue;
    }
    const collectionFormula = compile(engine, variable.collectionFormula);
    if (collectionFormula === 'unsupported') {
      rejected.push({ key: variable.key, code: '1600000' });
      continue;
    }
    const writeFormula = compile(engine, variable.writeFormula);
    points.push({
      key: variable.key,
      variable,
      driver,
      address,
      dataType: DATA_TYPE_DEFINITIONS[variable.dataType],
      collectionFormula,
      writeFormula: writeFormula === 'unsupported' ? FAILING_FORMULA : writeFormula,
      stateText: new Map(variable.stateMapping.map((entry) => [entry.value, entry.text])),
    });
  }
  return { drivers, points, rejected };
}

export type FieldWritePlan =
  | { readonly ok: true; readonly value: VariableValue; readonly raw: VariableValue }
  | { readonly ok: false; readonly code: ErrorCode };

/** Checks a requested value and gives the raw value to write (same rules and codes as Modbus writes). */
export function planFieldWrite(point: FieldPoint, requested: unknown): FieldWritePlan {
  const checked = checkWriteValue(point.variable, requested);
  if (!checked.ok) return { ok: false, code: checked.violation.code };
  const value = checked.value;
  let raw: VariableValue = value;
  if (typeof value === 'number' && point.writeFormula) {
    try {
      raw = point.writeFormula.evaluate(value);
    } catch {
      raw = Number.NaN;
    }
    if (!Number.isFinite(raw)) return { ok: false, code: '1617000' };
  }
  if (typeof raw === 'number' && point.dataType.integer) raw = Math.round(raw);
  const problem = checkRawValue(point.dataType, raw, point.variable.stringLength);
  if (problem) return { ok: false, code: problem };
  return { ok: true, value, raw };
}

/** Whether a value read back is the value written, as the data type stores it (floats to 32 bits). */
export function confirmsWrite(point: FieldPoint, written: VariableValue, readBack: VariableValue): boolean {
  if (typeof written === 'number' && typeof readBack === 'number') {
    if (point.dataType.id === 'float') return Math.fround(written) === Math.fround(readBack);
    return written === readBack;
  }
  return written === readBack;
}
