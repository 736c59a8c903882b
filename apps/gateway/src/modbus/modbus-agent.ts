/**
 * The Modbus side of the edge agent in one object: a link pool shared by a poller and a writer
 * over the same device model. The MQTT side drives it: start, take reports, read on demand,
 * write, ask for slave statuses, stop.
 */
import type { DeviceModel } from '@lyyp/contracts/device-model';
import type { BlockPlanOptions } from '../core/block-planner.ts';
import type { FormulaEngine } from '../core/formula-engine.ts';
import type { Sample } from '../core/samples.ts';
import type { Scheduler } from '../core/scheduler.ts';
import { LinkPool } from './link-pool.ts';
import type { BackoffPolicy } from './modbus-link.ts';
import { ModbusPoller, type PollReport } from './modbus-poller.ts';
import { ModbusWriter, type WriteOutcome } from './modbus-writer.ts';
import type { SlaveStatus } from './slave-channel.ts';

export interface ModbusAgentOptions {
  readonly model: DeviceModel;
  readonly formulas: FormulaEngine;
  readonly onReport: (report: PollReport) => void;
  readonly onError?: (error: unknown) => void;
  readonly scheduler?: Scheduler;
  readonly backoff?: BackoffPolicy;
  readonly blockPlan?: Omit<BlockPlanOptions, 'isolated'>;
}

export interface ModbusAgent {
  readonly poller: ModbusPoller;
  readonly writer: ModbusWriter;
  start(): void;
  /** Stops polling and closes every connection. */
  stop(): Promise<void>;
  readNow(keys: readonly string[]): Promise<Sample[]>;
  write(key: string, value: unknown): Promise<WriteOutcome>;
  statuses(): SlaveStatus[];
}

export function createModbusAgent(options: ModbusAgentOptions): ModbusAgent {
  const links = new LinkPool({
    ...(options.scheduler ? { scheduler: options.scheduler } : {}),
    ...(options.backoff ? { backoff: options.backoff } : {}),
  });
  const poller = new ModbusPoller({ ...options, links });
  const writer = new ModbusWriter({ model: options.model, formulas: options.formulas, links });
  return {
    poller,
    writer,
    start: () => poller.start(),
    stop: async () => {
      await poller.stop();
      await links.close();
    },
    readNow: (keys) => poller.readNow(keys),
    write: (key, value) => writer.write(key, value),
    statuses: () => links.statuses(),
  };
}
