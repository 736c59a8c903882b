/**
 * `--simulate`: every driver of a received configuration gets its own built-in simulator on a free
 * loopback port, and the driver is pointed at it. A product whose drivers point anywhere thus runs
 * without hardware.
 * - Modbus: a Modbus TCP slave (serial drivers become TCP drivers with the same slave id, timing
 *   and byte orders). A driver that carries the demo boiler's register map gets the animated
 *   boiler; any other serves its own map with zeros for values.
 * - OPC UA: an OPC UA server with a node per variable at its NodeId, moving values, security None
 *   (the driver is pointed at it without security or user).
 * - S7: an S7 PLC whose memory holds the variables' addresses, moving values.
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
import { startOpcUaSimulator } from '../simulator/opcua-simulator.ts';
import { startS7Simulator } from '../simulator/s7-simulator.ts';
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
  readonly protocol: 'Modbus' | 'OPC UA' | 'S7';
  /** Where the driver is pointed: host:port, or the OPC UA endpoint URL. */
  readonly address: string;
  /** The Modbus slave, for a Modbus driver. */
  readonly simulator?: ModbusSimulator;
  /** The driver as pointed at the simulator. */
  readonly driver: Driver;
  stop(): Promise<void>;
}

/** Starts the simulator of one driver. */
async function simulate(model: DeviceModel, driver: Driver): Promise<SimulatedEndpoint> {
  const driverKey = driver.key;
  if (isModbusDriver(driver)) {
    const simulator = await startModbusSimulator({
      host: LOOPBACK,
      model,
      driverKey,
      animate: carriesDemoBoiler(model, driver),
    });
    return {
      driverKey,
      protocol: 'Modbus',
      address: `${simulator.host}:${simulator.port}`,
      simulator,
      driver: pointedAt(driver, simulator.port),
      stop: () => simulator.stop(),
    };
  }
  if (driver.protocol === 'opcua') {
    const simulator = await startOpcUaSimulator({ model, driverKey });
    return {
      driverKey,
      protocol: 'OPC UA',
      address: simulator.endpointUrl,
      driver: {
        ...driver,
        endpointUrl: simulator.endpointUrl,
        securityMode: 'None',
        securityPolicy: 'None',
        authentication: 'anonymous',
      },
      stop: () => simulator.stop(),
    };
  }
  const simulator = await startS7Simulator({ host: LOOPBACK, model, driverKey });
  return {
    driverKey,
    protocol: 'S7',
    address: `${simulator.host}:${simulator.port}`,
    driver: { ...driver, host: simulator.host, port: simulator.port },
    stop: () => simulator.stop(),
  };
}

export class SimulatedEndpoints implements EndpointRewriter {
  /** Simulators of the configuration running now (for logs and tests). */
  current: readonly SimulatedEndpoint[] = [];

  constructor(private readonly onStarted?: (endpoint: SimulatedEndpoint) => void) {}

  async prepare(model: DeviceModel): Promise<PreparedModel> {
    const started: SimulatedEndpoint[] = [];
    try {
      for (const driver of model.drivers) started.push(await simulate(model, driver));
    } catch (error) {
      await Promise.all(started.map((endpoint) => endpoint.stop()));
      throw error;
    }
    const pointed = new Map(started.map((endpoint) => [endpoint.driverKey, endpoint.driver]));
    return {
      model: {
        ...model,
        drivers: model.drivers.map((driver) => pointed.get(driver.key) ?? driver),
      },
      activate: () => {
        this.current = started;
        for (const endpoint of started) this.onStarted?.(endpoint);
      },
      release: async () => {
        if (this.current === started) this.current = [];
        await Promise.all(started.map((endpoint) => endpoint.stop()));
      },
    };
  }
}
