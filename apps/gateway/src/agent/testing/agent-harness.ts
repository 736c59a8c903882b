/**
 * One gateway under test: a fake platform, the demo boiler simulator, a fresh data directory and
 * an agent with short timings, all torn down afterwards.
 *
 * Tests wait for what they expect with `until(condition)`: the condition is checked again after
 * every step the agent reports (`AgentActivity`) and every change the fake platform sees, so a
 * slow machine makes a test slower, never wrong. With `manualClock`, the agent's clock and timers
 * (polling, batching, acknowledgement timeouts, reconnect backoff, buffer state saves) move only
 * when the test advances them: `pollCycle()` runs exactly one poll cycle.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { demoBoilerModel, type DeviceModel } from '@lyyp/contracts/device-model';
import { REPORT_INTERVAL_DEFAULT_SECONDS } from '@lyyp/contracts/gateway-ops';
import type { ConfigPayload } from '@lyyp/contracts/protocol';
import { Conditions } from '../../core/testing/conditions.ts';
import { ManualScheduler } from '../../core/testing/manual-scheduler.ts';
import { startModbusSimulator, type ModbusSimulator } from '../../simulator/modbus-simulator.ts';
import { GatewayAgent, type AgentActivity, type GatewayAgentOptions } from '../gateway-agent.ts';
import type { AgentLogger, LogLevel } from '../logger.ts';
import { FakePlatform } from './fake-platform.ts';

export const SN = '100000000042';
export const SECRET = 'gw-secret-42';
/** The harness polls the boiler every 100 ms. */
export const POLL_MS = 100;

export interface AgentHarnessOptions {
  /** Drive the agents' clock by hand (see `pollCycle`); otherwise they run on the real clock. */
  readonly manualClock?: boolean;
}

export interface AgentHarness {
  readonly platform: FakePlatform;
  readonly simulator: ModbusSimulator;
  readonly dataDir: string;
  readonly logs: Array<{ level: LogLevel; message: string }>;
  /** Everything the agents reported doing, in order. */
  readonly activities: AgentActivity[];
  /** The agents' clock when `manualClock` is set. */
  readonly clock: ManualScheduler | null;
  /** The demo boiler pointed at the simulator, polled every 100 ms. */
  model(): DeviceModel;
  config(version: number, model?: DeviceModel): ConfigPayload;
  startAgent(overrides?: Partial<GatewayAgentOptions>): Promise<GatewayAgent>;
  /** Resolves once `condition` holds; `what` names it if the test ends still waiting. */
  until(condition: () => boolean, what: string): Promise<void>;
  /** How many activities of a kind the agents reported so far. */
  count(kind: AgentActivity['kind']): number;
  /** Moves the manual clock one poll interval and waits for the poll cycle that starts in it. */
  pollCycle(): Promise<void>;
  /**
   * One poll cycle with the boiler's heat output at `value`, its batch closed (the change-report
   * interval passed) and on disk. Needs the manual clock.
   */
  cycleWith(agent: GatewayAgent, value: number): Promise<void>;
  /** Takes the platform away and waits until the agent noticed. */
  goOffline(agent: GatewayAgent): Promise<void>;
  /**
   * Brings the platform back while the agent waits out its backoff (no attempt under way, which
   * could fail against the closed port after all), runs one poll cycle (the retry is due within
   * it; `beforeCycle` may change the boiler first) and waits until the agent is connected.
   */
  comeBack(agent: GatewayAgent, beforeCycle?: () => void): Promise<void>;
  close(): Promise<void>;
}

export async function createAgentHarness(options: AgentHarnessOptions = {}): Promise<AgentHarness> {
  const platform = await FakePlatform.start({ sn: SN, secret: SECRET });
  const simulator = await startModbusSimulator({ animate: true, tickMs: 0 });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lyyp-agent-'));
  const logs: Array<{ level: LogLevel; message: string }> = [];
  const logger: AgentLogger = { log: (level, message) => logs.push({ level, message }) };
  const agents: GatewayAgent[] = [];
  const activities: AgentActivity[] = [];
  const clock = options.manualClock ? new ManualScheduler(Date.now()) : null;
  // The real timers the agent leaves to its libraries (the Modbus answer timeout, MQTT's connect
  // timeout) are set far beyond anything a loaded machine takes: no test here is about them.
  const model = () => demoBoilerModel({ port: simulator.port, pollIntervalMs: POLL_MS, timeoutMs: 10_000 });

  const conditions = new Conditions();
  const recheck = conditions.check;
  platform.onChange(recheck);
  const until = (condition: () => boolean, what: string) => conditions.until(condition, what);
  const count = (kind: AgentActivity['kind']) =>
    activities.reduce((sum, activity) => sum + (activity.kind === kind ? 1 : 0), 0);

  const pollCycle = async () => {
    if (!clock) throw new Error('pollCycle needs the manual clock');
    const before = count('polled');
    clock.advance(POLL_MS);
    await until(() => count('polled') > before, 'a poll cycle');
  };

  return {
    platform,
    simulator,
    dataDir,
    logs,
    activities,
    clock,
    model,
    config: (version, custom) => ({ version, model: custom ?? model() }),
    until,
    count,
    startAgent: async (overrides = {}) => {
      const agent = await GatewayAgent.start({
        sn: SN,
        secret: SECRET,
        platformUrl: platform.url,
        dataDir,
        logger,
        batch: { maxDelayMs: 50 },
        buffer: { ackSaveDelayMs: 20 },
        upload: { maxInFlight: 4, ackTimeoutMs: clock ? 60_000 : 3000 },
        link: clock
          ? // Every retry falls within the next poll interval.
            { reconnect: { initialMs: POLL_MS, maxMs: POLL_MS }, connectTimeoutMs: 10_000 }
          : { reconnect: { initialMs: 50, maxMs: 250 }, connectTimeoutMs: 10_000 },
        ...(clock ? { scheduler: clock } : {}),
        ...overrides,
        onActivity: (activity) => {
          activities.push(activity);
          overrides.onActivity?.(activity);
          recheck();
        },
      });
      agents.push(agent);
      return agent;
    },
    pollCycle,
    cycleWith: async (agent, value) => {
      simulator.device.setValue('heatOutput', value);
      // A cycle under way may have read the old value: the second one surely reads the new.
      await pollCycle();
      await pollCycle();
      clock!.advance(REPORT_INTERVAL_DEFAULT_SECONDS * 1000);
      await agent.idle();
    },
    goOffline: async (agent) => {
      await platform.goOffline();
      await until(() => !agent.link.connected, 'the link to drop');
    },
    comeBack: async (agent, beforeCycle) => {
      await until(() => agent.link.waitingToRetry, 'the link to wait for its next attempt');
      await platform.comeBack();
      beforeCycle?.();
      await pollCycle();
      await until(() => agent.link.connected, 'the link to come back');
    },
    close: async () => {
      const stillWaiting = conditions.takePending();
      // On the manual clock the stop's wait for acknowledgements would never time out.
      if (clock) await platform.goOffline();
      for (const agent of agents) await agent.stop();
      await platform.stop();
      await simulator.stop();
      await rm(dataDir, { recursive: true, force: true });
      if (stillWaiting.length > 0) throw new Error(`the test ended waiting for: ${stillWaiting.join('; ')}`);
    },
  };
}
