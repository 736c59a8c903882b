/**
 * One failing slave never stalls another: each has its own schedule, connection and counters.
 * The agent runs on a clock the test moves: a silent slave's timeout passes only when the test
 * advances past it, so "the live slave kept its schedule meanwhile" is shown by counting its
 * cycles, never by measuring time.
 */
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDriver, buildModel, buildVariable } from '../core/testing/model-builders.ts';
import { sharedFormulaEngine } from '../core/shared-formula-engine.ts';
import type { Sample } from '../core/samples.ts';
import { Conditions } from '../core/testing/conditions.ts';
import { ManualScheduler } from '../core/testing/manual-scheduler.ts';
import { startModbusSimulator, type ModbusSimulator } from '../simulator/index.ts';
import { createModbusAgent, type ModbusAgent, type PollReport } from './index.ts';

const INTERVAL_MS = 100;
/**
 * Both timeouts are far beyond what a loaded machine needs: the Modbus library's own timer runs on
 * the real clock, and a slave is meant to time out only when the test moves the agent's clock.
 */
const LIVE_TIMEOUT_MS = 10_000;
const DEAD_TIMEOUT_MS = 10_000;

const variablesOf = (driverKey: string) => [
  buildVariable({
    key: `${driverKey}Temperature`,
    driverKey,
    registerType: 'input-register',
    address: '0',
    dataType: 'float',
    decimals: 1,
  }),
  buildVariable({ key: `${driverKey}Setpoint`, driverKey, address: '100', dataType: 'short' }),
  buildVariable({
    key: `${driverKey}Burner`,
    driverKey,
    registerType: 'coil',
    address: '0',
    dataType: 'boolean',
  }),
];

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}

describe('slaves that fail beside slaves that work', () => {
  const simulators: ModbusSimulator[] = [];
  let agent: ModbusAgent | undefined;
  let clock: ManualScheduler;
  let conditions: Conditions;

  afterEach(async () => {
    await agent?.stop();
    await Promise.all(simulators.splice(0).map((simulator) => simulator.stop()));
  });

  async function startAgent(deadPort: number) {
    const live = await startModbusSimulator({ tickMs: 0 });
    simulators.push(live);
    const reports: PollReport[] = [];
    const timing = { pollIntervalMs: INTERVAL_MS, byteOrder32: 'CDAB' } as const;
    const model = buildModel(
      [...variablesOf('live'), ...variablesOf('dead')],
      [
        buildDriver({ key: 'live', port: live.port, timeoutMs: LIVE_TIMEOUT_MS, ...timing }),
        buildDriver({ key: 'dead', port: deadPort, timeoutMs: DEAD_TIMEOUT_MS, ...timing }),
      ],
    );
    clock = new ManualScheduler();
    conditions = new Conditions();
    agent = createModbusAgent({
      model,
      formulas: sharedFormulaEngine,
      scheduler: clock,
      onReport: (report) => {
        reports.push(report);
        conditions.check();
      },
      backoff: { initialMs: 200, maxMs: 400 },
    });
    const samplesOf = (driverKey: string): Sample[] =>
      reports.filter((report) => report.driverKey === driverKey).flatMap((report) => report.samples);
    const cyclesOf = (driverKey: string) => agent!.poller.cycleCounts()[driverKey] ?? 0;
    /** Moves the clock by `ms` and waits until each of `drivers` finished one more cycle. */
    const step = async (ms: number, drivers: readonly string[]) => {
      const before = new Map(drivers.map((driver) => [driver, cyclesOf(driver)]));
      clock.advance(ms);
      await conditions.until(
        () => drivers.every((driver) => cyclesOf(driver) > before.get(driver)!),
        `a cycle of ${drivers.join(' and ')}`,
      );
    };
    return { live, agent, samplesOf, reports, cyclesOf, step };
  }

  const statusOf = (running: ModbusAgent, driverKey: string) => {
    const status = running.statuses().find((item) => item.driverKey === driverKey);
    if (!status) throw new Error(`no status for ${driverKey}`);
    return status;
  };

  it('keeps polling a live slave on schedule while a silent one times out', async () => {
    const silent = await startModbusSimulator({ tickMs: 0 });
    simulators.push(silent);
    silent.device.setSilent(true);
    const { live, agent: running, samplesOf, reports, cyclesOf, step } = await startAgent(silent.port);
    running.start();

    // Five intervals go by while the silent slave's first request is still unanswered.
    for (let index = 0; index < 5; index += 1) await step(INTERVAL_MS, ['live']);
    expect(cyclesOf('live')).toBe(5);
    expect(cyclesOf('dead')).toBe(0);
    expect(statusOf(running, 'dead')).toMatchObject({ requests: 1, failures: 0 });
    expect(statusOf(running, 'live')).toMatchObject({ failures: 0, lastErrorCode: null });
    // Only the live slave's cycles confirm its values.
    expect(reports.filter((report) => report.driverKey === 'live' && report.complete)).toHaveLength(5);

    // The live slave answers on demand too, while the silent one still keeps its request waiting.
    live.device.setValue('temperatureSetpoint', 640);
    const [setpoint] = await running.readNow(['liveSetpoint']);
    expect(setpoint).toMatchObject({ kind: 'reading', value: 640 });
    expect(statusOf(running, 'dead')).toMatchObject({ requests: 1, failures: 0 });

    // Its timeout passes; the live slave goes on meanwhile.
    await step(2 * DEAD_TIMEOUT_MS, ['dead', 'live']);
    const dead = statusOf(running, 'dead');
    expect(dead).toMatchObject({ timeouts: 1, failures: 1, lastErrorCode: '1740' });
    // After a timeout the rest of the cycle is not sent: one request for three variables in three tables.
    expect(dead.requests).toBe(1);
    expect(reports.filter((report) => report.driverKey === 'dead' && report.complete)).toEqual([]);
    // Reported once, when it started failing, for each of its three variables.
    expect(
      samplesOf('dead').filter((sample) => sample.kind === 'fault' && sample.code === '1740'),
    ).toHaveLength(3);
    expect(statusOf(running, 'live')).toMatchObject({ failures: 0, lastErrorCode: null });

    // When the silent slave speaks again its values come back.
    silent.device.setValue('temperatureSetpoint', 555);
    silent.device.setSilent(false);
    await step(INTERVAL_MS, ['dead']);
    expect(samplesOf('dead')).toContainEqual(
      expect.objectContaining({ key: 'deadSetpoint', kind: 'reading', value: 555 }),
    );
  });

  it('refuses a dead endpoint quickly and retries it with backoff', async () => {
    const { agent: running, samplesOf, cyclesOf, step } = await startAgent(await closedPort());
    running.start();
    for (let index = 0; index < 6; index += 1) await step(INTERVAL_MS, ['dead', 'live']);
    const dead = statusOf(running, 'dead');
    expect(dead.lastErrorCode).toBe('1739');
    expect(dead.connected).toBe(false);
    // Each cycle fails at its first request (connection refused, or waiting out the backoff).
    expect(dead).toMatchObject({ failures: 6, requests: 6 });
    expect(cyclesOf('dead')).toBe(6);
    expect(samplesOf('dead').find((sample) => sample.key === 'deadSetpoint')).toMatchObject({
      kind: 'fault',
      code: '1739',
    });
    expect(statusOf(running, 'live')).toMatchObject({ failures: 0, connected: true });
    expect(cyclesOf('live')).toBe(6);
  });
});
