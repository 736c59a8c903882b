/** The edge agent's Modbus side: connections, polling, writing. */
export { createModbusAgent, type ModbusAgent, type ModbusAgentOptions } from './modbus-agent.ts';
export { ModbusPoller, type ModbusPollerOptions, type PollReport } from './modbus-poller.ts';
export { ModbusWriter, type ModbusWriterOptions, type WriteOutcome } from './modbus-writer.ts';
export { LinkPool, type LinkPoolOptions } from './link-pool.ts';
export {
  ModbusLink,
  endpointOf,
  DEFAULT_BACKOFF,
  TIMEOUTS_BEFORE_RECONNECT,
  type BackoffPolicy,
  type LinkEndpoint,
} from './modbus-link.ts';
export { SlaveChannel, type SlaveStatus } from './slave-channel.ts';
export { systemScheduler } from './system-scheduler.ts';
