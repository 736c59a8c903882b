/** The built-in Modbus TCP simulator and the demo product it serves. */
export {
  startModbusSimulator,
  type ModbusSimulator,
  type ModbusSimulatorOptions,
} from './modbus-simulator.ts';
export { serveModbusRtu, type ModbusRtuServer, type ModbusRtuServerOptions } from './modbus-rtu-server.ts';
export { SimulatedDevice, ModbusException, type DeviceWrite, type WriteGuard } from './simulated-device.ts';
export { BoilerBehaviour } from './boiler-behaviour.ts';
export { RegisterMemory } from './register-memory.ts';
export {
  DEMO_BOILER_PRODUCT,
  DEMO_BOILER_DRIVER_KEY,
  demoBoilerModel,
  demoBoilerModelInput,
} from '@lyyp/contracts/device-model';
