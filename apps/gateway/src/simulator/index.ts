/** The built-in simulators (Modbus TCP, OPC UA, S7) and the demo product they serve. */
export {
  startModbusSimulator,
  type ModbusSimulator,
  type ModbusSimulatorOptions,
} from './modbus-simulator.ts';
export { startOpcUaSimulator, type OpcUaSimulator, type OpcUaSimulatorOptions } from './opcua-simulator.ts';
export { startS7Simulator, S7Memory, type S7Simulator, type S7SimulatorOptions } from './s7-simulator.ts';
export { SimulatedValues } from './simulated-values.ts';
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
