/**
 * `--simulate`: every driver of a received configuration gets its own built-in Modbus TCP
 * simulator on a free loopback port, and the driver is pointed at it (serial drivers become TCP
 * drivers with the same slave id, timing and byte orders). A product whose drivers point anywhere
 * thus runs without hardware. A driver that carries the demo boiler's register map gets the
 * animated boiler; any other serves its own map with zeros for values.
 */
import {
  demoBoilerModel,
  isModbusDriver,
  type DeviceModel,
  type Driver,
  type ModbusDriver,
  type ModbusTcpDriver,
} from '@lyyp/contracts/device-model';
import { startModbusSimulator, type ModbusSimulator } from '../simulator/modbus-simulator.ts';
import type { EndpointRewriter, PreparedModel } from './modbus-runtime.ts';

const LOOPBACK = '127.0.0.1';

/** Whether the driver's variables include the whole demo boiler register map. */
function carriesDemoBoiler(model: DeviceModel, driver: Driver): boolean {
  const demo = demoBoilerModel();
  const read = demo.variables.filter((variable) => variable.kind === 'device');
  return read.every((expected) =>
    model.variables.some(
      (variable) =>
        variable.key === expected.key &&
        variable.driverKey === driver.key &&
        variable.registerType === expected.registerType &&
        variable.address === expected.address &&
        variable.addressType === expected.addressType &&
        variable.dataType === expected.dataType,
    ),
  );
}

function pointedAt(driver: ModbusDriver, port: number): ModbusTcpDriver {
  return {
    key: driver.key,
    name: driver.name,
    slaveId: driver.slaveId,
    pollIntervalMs: driver.pollIntervalMs,
    timeoutMs: driver.timeoutMs,
    byteOrder16: driver.byteOrder16,
    byteOrder32: driver.byteOrder32,
    byteOrder64: driver.byteOrder64,
    protocol: 'modbus-tcp',
    host: LOOPBACK,
    port,
  };
}

export interface SimulatedEndpoint {
  readonly driverKey: string;
  readonly simulator: ModbusSimulator;
}

export class SimulatedEndpoints implements EndpointRewriter {
  /** Simulators of the configuration running now (for logs and tests). */
  current: readonly SimulatedEndpoint[] = [];

  constructor(private readonly onStarted?: (endpoint: SimulatedEndpoint) => void) {}

  async prepare(model: DeviceModel): Promise<PreparedModel> {
    const started: SimulatedEndpoint[] = [];
    try {
      for (const driver of model.drivers.filter(isModbusDriver)) {
        const simulator = await startModbusSimulator({
          host: LOOPBACK,
          model,
          driverKey: driver.key,
          animate: carriesDemoBoiler(model, driver),
        });
        started.push({ driverKey: driver.key, simulator });
      }
    } catch (error) {
      await Promise.all(started.map((endpoint) => endpoint.simulator.stop()));
      throw error;
    }
    const ports = new Map(started.map((endpoint) => [endpoint.driverKey, endpoint.simulator.port]));
    return {
      model: {
        ...model,
        drivers: model.drivers.map((driver) =>
          isModbusDriver(driver) ? pointedAt(driver, ports.get(driver.key)!) : driver,
        ),
      },
      activate: () => {
        this.current = started;
        for (const endpoint of started) this.onStarted?.(endpoint);
      },
      release: async () => {
        if (this.current === started) this.current = [];
        await Promise.all(started.map((endpoint) => endpoint.simulator.stop()));
      },
    };
  }
}
