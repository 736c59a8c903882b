/**
 * One gateway under test: a fake platform, the demo boiler simulator, a fresh data directory and
 * an agent with short timings, all torn down afterwards.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { demoBoilerModel, type DeviceModel } from '@lyyp/contracts/device-model';
import type { ConfigPayload } from '@lyyp/contracts/protocol';
import { startModbusSimulator, type ModbusSimulator } from '../../simulator/modbus-simulator.ts';
import { GatewayAgent, type GatewayAgentOptions } from '../gateway-agent.ts';
import type { AgentLogger, LogLevel } from '../logger.ts';
import { FakePlatform } from './fake-platform.ts';

export const SN = '100000000042';
export const SECRET = 'gw-secret-42';

export interface AgentHarness {
  readonly platform: FakePlatform;
  readonly simulator: ModbusSimulator;
  readonly dataDir: string;
  readonly logs: Array<{ level: LogLevel; message: string }>;
  /** The demo boiler pointed at the simulator, polled every 100 ms. */
  model(): DeviceModel;
  config(version: number, model?: DeviceModel): ConfigPayload;
  startAgent(overrides?: Partial<GatewayAgentOptions>): Promise<GatewayAgent>;
  close(): Promise<void>;
}

export async function createAgentHarness(): Promise<AgentHarness> {
  const platform = await FakePlatform.start({ sn: SN, secret: SECRET });
  const simulator = await startModbusSimulator({ animate: true, tickMs: 0 });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lyyp-agent-'));
  const logs: Array<{ level: LogLevel; message: string }> = [];
  const logger: AgentLogger = { log: (level, message) => logs.push({ level, message }) };
  const agents: GatewayAgent[] = [];
  const model = () => demoBoilerModel({ port: simulator.port, pollIntervalMs: 100, timeoutMs: 300 });
  return {
    platform,
    simulator,
    dataDir,
    logs,
    model,
    config: (version, custom) => ({ version, model: custom ?? model() }),
    startAgent: async (overrides = {}) => {
      const agent = await GatewayAgent.start({
        sn: SN,
        secret: SECRET,
        platformUrl: platform.url,
        dataDir,
        logger,
        batch: { maxDelayMs: 50 },
        buffer: { ackSaveDelayMs: 20 },
        upload: { maxInFlight: 4, ackTimeoutMs: 3000 },
        link: { reconnect: { initialMs: 50, maxMs: 250 }, connectTimeoutMs: 2000 },
        ...overrides,
      });
      agents.push(agent);
      return agent;
    },
    close: async () => {
      for (const agent of agents) await agent.stop();
      await platform.stop();
      await simulator.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
