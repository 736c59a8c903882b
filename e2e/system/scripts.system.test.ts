/**
 * Edge scripts never delay polling: the real platform and the real agent, the demo boiler polled
 * every 1000 ms, and beside it scripts that fill their memory (arrays, texts), loop forever, or
 * throw. Poll cycles keep their interval — the gaps between cycles are measured from the times the
 * agent stamped on what it sent (changed values and poll confirmations, both stamped with their
 * cycle's start) — every value the device held is read and stored, the overrunning scripts are
 * paused and say so in the status the platform shows, and the throwing one keeps running.
 *
 * Waits are for conditions (log lines, stored values, reported states), never for time.
 */
import ModbusRTU from 'modbus-serial';
import type { DeviceScriptStatusAnswer } from '@lyyp/contracts/edge-logic';
import { DEMO_BOILER_DRIVER_KEY, demoBoilerModelInput, type ScriptInput } from '@lyyp/contracts/device-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentProcess } from './support/agent.ts';
import { Fleet } from './support/fleet.ts';
import type { PlatformProcess } from './support/platform.ts';
import type { PlatformApi } from './support/platform-api.ts';
import { eventually, stopAll } from './support/processes.ts';
import { readStoredPoints } from './support/stored-points.ts';

const POLL_MS = 1000;
const STEP_TIMEOUT_MS = 240_000;

const periodic = (key: string, code: string): ScriptInput => ({
  key,
  name: key,
  policy: 'periodic',
  intervalSeconds: 1,
  code,
});

const HOGS: ScriptInput[] = [
  periodic('arrayHog', 'const kept = []; for (;;) kept.push([1, 2, 3, kept.length]);'),
  periodic('textHog', "const kept = []; for (;;) kept.push('x'.repeat(1000) + kept.length);"),
  periodic('endlessLoop', 'let n = 0; while (true) { n += 1; }'),
];
const THROWER = periodic('thrower', "throw new Error('valve stuck');");

describe('scripts beside a 1000 ms driver', () => {
  let platform: PlatformProcess;
  let api: PlatformApi;
  let agent: AgentProcess;
  let deviceId: string;
  let slave: ModbusRTU;

  beforeAll(async () => {
    const fleet = await Fleet.start(200_000);
    ({ platform, api } = fleet);
    const model = demoBoilerModelInput({ host: '192.0.2.10', pollIntervalMs: POLL_MS });
    ({ deviceId, agent } = await fleet.deviceWithAgent({
      title: 'Scripts system test',
      productModel: 'LY-BLR-SCR',
      model: { ...model, scripts: [...(model.scripts ?? []), ...HOGS, THROWER] },
      deviceName: 'Boiler with scripts',
    }));
    slave = new ModbusRTU();
    await slave.connectTCP('127.0.0.1', { port: await agent.simulatorPort(DEMO_BOILER_DRIVER_KEY) });
    slave.setID(1);
    slave.setTimeout(5000);
  }, 400_000);

  afterAll(async () => {
    await new Promise<void>((resolve) => (slave ? slave.close(() => resolve()) : resolve()));
    await stopAll();
    await agent?.remove();
    await platform?.remove();
  });

  const scriptStates = async () =>
    (await api.post<DeviceScriptStatusAnswer>('/device/script/status', { id: deviceId })).list;

  it(
    'polls every interval while the scripts overrun, reads every value, and pauses the overrunning scripts',
    async () => {
      // Set-points the device holds one after the other, each until the platform stored it.
      const setpoints = [601, 602, 603, 604, 605, 606, 607, 608];
      const storedSetpoints = async () => {
        const now = Date.now();
        const points = await readStoredPoints(api, deviceId, ['temperatureSetpoint'], {
          start: now - 3_600_000,
          end: now + 60_000,
        });
        return new Set(points.map((point) => point.v));
      };
      for (const raw of setpoints) {
        await slave.writeRegister(100, raw);
        await eventually(
          `set-point ${raw / 10} to be stored`,
          async () => (await storedSetpoints()).has(raw / 10),
          60_000,
          200,
        );
      }
      // The overrunning scripts are paused with their limit as the last error; the throwing one runs on.
      await eventually(
        'the overrunning scripts to be reported paused',
        async () => {
          const states = await scriptStates();
          return HOGS.every(
            (hog) => typeof states.find((row) => row.key === hog.key)?.state?.pausedAt === 'number',
          );
        },
        120_000,
        500,
      );
      const states = await scriptStates();
      for (const hog of HOGS) {
        const state = states.find((row) => row.key === hog.key)!.state!;
        expect(['2356', '2357']).toContain(state.lastErrorCode);
        expect(state.runs).toBe(3);
      }
      const thrower = states.find((row) => row.key === THROWER.key)!.state!;
      expect(thrower.lastErrorCode).toBe('2355');
      expect(thrower.pausedAt ?? null).toBeNull();

      // Every cycle start the agent stamped, from the first until now: no gap beyond 1.2 intervals.
      const trace = await agent.trace();
      const cycleStarts = [
        ...new Set(
          trace.flatMap((batch) => [
            ...batch.points.map((point) => point.t),
            ...((batch as { polled?: Array<{ driver: string; t: number }> }).polled ?? [])
              .filter((cycle) => cycle.driver === DEMO_BOILER_DRIVER_KEY)
              .map((cycle) => cycle.t),
          ]),
        ),
      ].sort((a, b) => a - b);
      expect(cycleStarts.length).toBeGreaterThan(10);
      const gaps = cycleStarts.slice(1).map((t, index) => t - cycleStarts[index]!);
      expect(Math.max(...gaps)).toBeLessThanOrEqual(1.2 * POLL_MS);
      // And every set-point the device held was stored, each once.
      const stored = await storedSetpoints();
      for (const raw of setpoints) expect(stored.has(raw / 10)).toBe(true);
    },
    STEP_TIMEOUT_MS,
  );
});
