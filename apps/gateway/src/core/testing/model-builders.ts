/** Builders for device models in tests: a TCP driver on loopback and variables with sane defaults. */
import {
  deviceModelSchema,
  type DeviceModel,
  type DriverInput,
  type VariableInput,
} from '@lyyp/contracts/device-model';
import type { FormulaEngine } from '../formula-engine.ts';
import { resolvePoints, type ModbusPoint } from '../points.ts';
import { sharedFormulaEngine } from '../shared-formula-engine.ts';

export function buildDriver(patch: Partial<DriverInput> = {}): DriverInput {
  return {
    key: 'plc',
    name: 'PLC',
    protocol: 'modbus-tcp',
    host: '127.0.0.1',
    port: 502,
    slaveId: 1,
    pollIntervalMs: 100,
    timeoutMs: 200,
    ...patch,
  } as DriverInput;
}

export function buildVariable(patch: Partial<VariableInput> & Pick<VariableInput, 'key'>): VariableInput {
  return {
    name: patch.key.slice(0, 20),
    driverKey: 'plc',
    registerType: 'holding-register',
    address: '0',
    dataType: 'unshort',
    ...patch,
  };
}

export function buildModel(
  variables: VariableInput[],
  drivers: DriverInput[] = [buildDriver()],
): DeviceModel {
  return deviceModelSchema.parse({ drivers, variables });
}

/** Points of a model; fails the test if any variable was rejected. */
export function buildPoints(
  variables: VariableInput[],
  drivers: DriverInput[] = [buildDriver()],
  engine: FormulaEngine = sharedFormulaEngine,
): ModbusPoint[] {
  const resolved = resolvePoints(buildModel(variables, drivers), engine);
  if (resolved.rejected.length > 0) throw new Error(`rejected: ${JSON.stringify(resolved.rejected)}`);
  return [...resolved.points];
}

export function buildPoint(
  patch: Partial<VariableInput> & Pick<VariableInput, 'key'>,
  driver: Partial<DriverInput> = {},
): ModbusPoint {
  const [point] = buildPoints([buildVariable(patch)], [buildDriver(driver)]);
  if (!point) throw new Error('no point');
  return point;
}
