/**
 * The built-in S7 PLC of `--simulate`, read and written by the gateway's own S7 driver: moving
 * values of every type, writes held, a data block the model does not use refused.
 */
import { deviceModelSchema, type DeviceModel } from '@lyyp/contracts/device-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sample } from '../core/samples.ts';
import { sharedFormulaEngine } from '../core/shared-formula-engine.ts';
import { Conditions } from '../core/testing/conditions.ts';
import { S7Agent } from '../s7/s7-agent.ts';
import { startS7Simulator, type S7Simulator } from './s7-simulator.ts';

const variable = (key: string, address: string, dataType: string, extra: object = {}) => ({
  key,
  name: key,
  driverKey: 'plc',
  addressType: 's7',
  address,
  dataType,
  readWrite: 'read-write',
  ...extra,
});

const MODEL: DeviceModel = deviceModelSchema.parse({
  drivers: [{ key: 'plc', name: 'PLC', protocol: 's7', host: '10.0.0.9', pollIntervalMs: 100 }],
  variables: [
    variable('running', 'DB1.DBX0.0', 'boolean'),
    variable('alarm', 'DB1.DBX0.1', 'boolean'),
    variable('speed', 'DB1.DBW2', 'short'),
    variable('total', 'DB1.DBD4', 'unint'),
    variable('temp', 'DB1.DBD8', 'float', { decimals: 2 }),
    variable('recipe', 'DB1.S12.16', 'string', { stringLength: 16 }),
    variable('setpoint', 'MW10', 'unshort'),
    variable('lamp', 'Q0.3', 'boolean'),
  ],
});

describe('built-in S7 PLC', () => {
  let simulator: S7Simulator;
  let clock = 15_000;
  beforeAll(async () => {
    simulator = await startS7Simulator({ model: MODEL, driverKey: 'plc', now: () => clock });
  });
  afterAll(() => simulator?.stop());

  it('serves a moving value per variable and holds what the gateway writes', async () => {
    const latest = new Map<string, Sample>();
    const conditions = new Conditions();
    const pointed = {
      ...MODEL,
      drivers: MODEL.drivers.map((driver) => ({ ...driver, host: simulator.host, port: simulator.port })),
    };
    const agent = new S7Agent({
      model: pointed,
      formulas: sharedFormulaEngine,
      onReport: (report) => {
        for (const sample of report.readings) latest.set(sample.key, sample);
        conditions.check();
      },
    });
    const value = (key: string) => {
      const sample = latest.get(key);
      return sample?.kind === 'reading' ? sample.value : undefined;
    };
    agent.start();
    try {
      await conditions.until(() => MODEL.variables.every((item) => value(item.key) !== undefined));
      expect(value('recipe')).toBe('recipe');
      expect([value('running'), value('alarm')]).toEqual([1, 0]);
      const speed = value('speed') as number;
      expect(speed).toBeGreaterThanOrEqual(10);
      expect(speed).toBeLessThanOrEqual(90);
      // The values move with the clock…
      clock += 10_000;
      await conditions.until(() => value('running') === 0 && value('speed') !== speed);
      // …except those a write has set.
      expect(await agent.write('setpoint', 1200)).toMatchObject({ ok: true, value: 1200, readBack: true });
      expect(await agent.write('lamp', 1)).toMatchObject({ ok: true, value: 1, readBack: true });
      expect(await agent.write('recipe', 'Batch 7')).toMatchObject({ ok: true, value: 'Batch 7' });
      clock += 10_000;
      const [setpoint, lamp, recipe] = await agent.readNow(['setpoint', 'lamp', 'recipe']);
      expect(
        [setpoint, lamp, recipe].map((sample) => (sample?.kind === 'reading' ? sample.value : null)),
      ).toEqual([1200, 1, 'Batch 7']);
    } finally {
      await agent.stop();
    }
  });

  it('refuses a data block the model does not use, as a PLC does', () => {
    expect(simulator.memory.read({ area: 'DB', dbNumber: 9, start: 0, length: 2, bit: null }).code).toBe(
      0x0a,
    );
    expect(simulator.memory.read({ area: 'DB', dbNumber: 1, start: 64, length: 2, bit: null }).code).toBe(
      0x05,
    );
  });
});
