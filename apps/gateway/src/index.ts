/**
 * The edge agent as a library: pure core logic, the Modbus side, the built-in simulator, the
 * store-and-forward buffer, the MQTT link and the agent that ties them together.
 */
export * from './core/index.ts';
export * from './modbus/index.ts';
export * from './simulator/index.ts';
export * from './buffer/index.ts';
export * from './mqtt/index.ts';
export { GatewayAgent, AGENT_VERSION, type GatewayAgentOptions } from './agent/gateway-agent.ts';
export { consoleLogger, silentLogger, type AgentLogger, type LogLevel } from './agent/logger.ts';
export { DataDirectoryInUseError } from './agent/data-dir-lock.ts';
export { parseCommandLine, USAGE, type AgentSettings, type CommandLine } from './cli.ts';
