/**
 * Turns a device model into points the agent can poll: each device variable with its driver,
 * protocol address, register span, byte order and compiled formulas. Variables that cannot be
 * polled are set aside with the code that says why, instead of failing the whole model.
 */
import type { ErrorCode } from '@lyyp/contracts';
import {
  DATA_TYPE_DEFINITIONS,
  byteOrderFor,
  isModbusDriver,
  parseRegisterAddress,
  type DataTypeDefinition,
  type DeviceModel,
  type Driver,
  type ModbusDriver,
  type RegisterType,
  type Variable,
} from '@lyyp/contracts/device-model';
import type { CompiledFormula, FormulaEngine } from './formula-engine.ts';

export interface ModbusPoint extends RegisterSlot {
  readonly key: string;
  readonly collectionFormula: CompiledFormula | null;
  readonly writeFormula: CompiledFormula | null;
  readonly stateText: ReadonlyMap<number, string>;
}

export interface RejectedVariable {
  readonly key: string;
  readonly code: ErrorCode;
}

export interface ResolvedModel {
  readonly points: readonly ModbusPoint[];
  readonly rejected: readonly RejectedVariable[];
}

function compileFormula(
  engine: FormulaEngine,
  source: string | undefined,
): CompiledFormula | null | 'unsupported' {
  if (source === undefined) return null;
  try {
    return engine.compile(source);
  } catch {
    return 'unsupported';
  }
}

/** A write formula the engine refused: the variable is still polled, every write of it fails (1617000). */
const UNSUPPORTED_WRITE_FORMULA: CompiledFormula = {
  evaluate: () => Number.NaN,
};

/** Where a device variable lives on its slave: table, address, span, and the byte order to read it with. */
export interface RegisterSlot {
  readonly variable: Variable;
  readonly driver: ModbusDriver;
  readonly registerType: RegisterType;
  readonly offset: number;
  readonly count: number;
  readonly dataType: DataTypeDefinition;
  readonly order: string;
}

/** The register slot of a device variable, or 99904 when it has no usable driver, table or address. */
export function locateVariable(
  variable: Variable,
  drivers: ReadonlyMap<string, Driver>,
): { readonly ok: true; readonly slot: RegisterSlot } | { readonly ok: false; readonly code: ErrorCode } {
  const driver = variable.driverKey === undefined ? undefined : drivers.get(variable.driverKey);
  const registerType = variable.registerType;
  if (!driver || !isModbusDriver(driver) || !registerType || variable.address === undefined)
    return { ok: false, code: '99904' };
  const address = parseRegisterAddress(variable.address, variable.addressType, registerType);
  if (!address.ok) return { ok: false, code: address.code };
  const dataType = DATA_TYPE_DEFINITIONS[variable.dataType];
  return {
    ok: true,
    slot: {
      variable,
      driver,
      registerType,
      offset: address.offset,
      count: dataType.registerCount(variable.stringLength),
      dataType,
      order: byteOrderFor(dataType, driver),
    },
  };
}

/**
 * One point per device variable of the model. Variables with an unsupported collection formula
 * (1600000) or without a usable register address (99904) are rejected rather than polled.
 */
export function resolvePoints(model: DeviceModel, engine: FormulaEngine): ResolvedModel {
  const drivers = new Map(model.drivers.map((driver) => [driver.key, driver]));
  const points: ModbusPoint[] = [];
  const rejected: RejectedVariable[] = [];
  for (const variable of model.variables) {
    if (variable.kind !== 'device') continue;
    const located = locateVariable(variable, drivers);
    if (!located.ok) {
      rejected.push({ key: variable.key, code: located.code });
      continue;
    }
    const collectionFormula = compileFormula(engine, variable.collectionFormula);
    if (collectionFormula === 'unsupported') {
      rejected.push({ key: variable.key, code: '1600000' });
      continue;
    }
    const writeFormula = compileFormula(engine, variable.writeFormula);
    points.push({
      ...located.slot,
      key: variable.key,
      collectionFormula,
      writeFormula: writeFormula === 'unsupported' ? UNSUPPORTED_WRITE_FORMULA : writeFormula,
      stateText: new Map(variable.stateMapping.map((entry) => [entry.value, entry.text])),
    });
  }
  return { points, rejected };
}
