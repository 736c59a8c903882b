/**
 * The edge agent as a library: pure core logic, the Modbus side and the built-in simulator. The
 * MQTT side and the offline buffer build on these.
 */
export * from './core/index.ts';
export * from './modbus/index.ts';
export * from './simulator/index.ts';
