/** One failing slave never stalls another: each has its own schedule, connection and counters. */
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDriver, buildModel, buildVariable } from '../core/testing/model-builders.ts';
import { sharedFormulaEngine } from '../core/shared-formula-engine.ts';
import type { Sample } from '../core/samples.ts';
import { startModbusSimulator, type ModbusSimulator } from '../simulator/index.ts';
import { createModbusAgent, type ModbusAgent, type PollReport } from './index.ts';
import { sleep, waitFor } from './testing/wait-for.ts';

const INTERVAL_MS = 100;
/** Generous for loopback: other test files load the CPU, and a stalled event loop looks like a timeout. */
const LIVE_TIMEOUT_MS = 200;
/** Longer than anything the live slave needs, so waiting behind it would show. */
const DEAD_TIMEOUT_MS = 250;

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
    agent = createModbusAgent({
      model,
      formulas: sharedFormulaEngine,
      onReport: (report) => reports.push(report),
      backoff: { initialMs: 200, maxMs: 400 },
    });
    const samplesOf = (driverKey: string): Sample[] =>
      reports.filter((report) => report.driverKey === driverKey).flatMap((report) => report.samples);
    return { live, agent, samplesOf, reports };
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
    const { live, agent: running, samplesOf, reports } = await startAgent(silent.port);
    running.start();

    const started = Date.now();
    await sleep(1200);
    const elapsed = Date.now() - started;
    const cycles = running.poller.cycleCounts();
    expect(cycles['live']).toBeGreaterThanOrEqual(Math.floor((elapsed / INTERVAL_MS) * 0.7));
    expect(statusOf(running, 'live')).toMatchObject({ failures: 0, lastErrorCode: null });
    // Only the live slave's cycles confirm its values.
    expect(reports.filter((report) => report.driverKey === 'dead' && report.complete)).toEqual([]);
    expect(reports.filter((report) => report.driverKey === 'live' && report.complete).length).toBe(
      cycles['live'],
    );

    const dead = statusOf(running, 'dead');
    expect(dead.timeouts).toBeGreaterThanOrEqual(3);
    expect(dead.lastErrorCode).toBe('1740');
    // After a timeout the rest of the cycle is not sent: one request per cycle.
    expect(dead.requests).toBeLessThanOrEqual((cycles['dead'] ?? 0) + 1);
    await waitFor(() => statusOf(running, 'dead').timeouts > dead.timeouts);
    expect(
      samplesOf('dead').filter((sample) => sample.kind === 'fault' && sample.code === '1740'),
    ).toHaveLength(3);

    // The live slave answers on demand at once, whatever the silent one does.
    live.device.setValue('temperatureSetpoint', 640);
    const askedAt = Date.now();
    const [setpoint] = await running.readNow(['liveSetpoint']);
    expect(setpoint).toMatchObject({ kind: 'reading', value: 640 });
    expect(Date.now() - askedAt).toBeLessThan(DEAD_TIMEOUT_MS);

    // When the silent slave speaks again its values come back.
    silent.device.setValue('temperatureSetpoint', 555);
    silent.device.setSilent(false);
    await waitFor(() =>
      samplesOf('dead').some((sample) => sample.kind === 'reading' && sample.value === 555),
    );
  });

  it('refuses a dead endpoint quickly and retries it with backoff', async () => {
    const { agent: running, samplesOf } = await startAgent(await closedPort());
    running.start();
    await sleep(800);
    const dead = statusOf(running, 'dead');
    expect(dead.lastErrorCode).toBe('1739');
    expect(dead.connected).toBe(false);
    expect(dead.failures).toBeGreaterThanOrEqual(5);
    expect(samplesOf('dead').find((sample) => sample.key === 'deadSetpoint')).toMatchObject({
      kind: 'fault',
      code: '1739',
    });
    expect(statusOf(running, 'live')).toMatchObject({ failures: 0, connected: true });
    expect(running.poller.cycleCounts()['live']).toBeGreaterThanOrEqual(5);
  });
});
