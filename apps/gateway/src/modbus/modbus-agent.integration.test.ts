/**
 * The agent against the demo boiler served by the simulator over loopback TCP. Its clock moves
 * only when the test advances it: `cycle()` runs exactly one poll cycle and waits for its report.
 */
import { demoBoilerModel } from '@lyyp/contracts/device-model';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sharedFormulaEngine } from '../core/shared-formula-engine.ts';
import type { Reading, Sample } from '../core/samples.ts';
import { startModbusSimulator, type ModbusSimulator } from '../simulator/index.ts';
import { createModbusAgent, type ModbusAgent, type PollReport } from './index.ts';
import { Conditions } from '../core/testing/conditions.ts';
import { ManualScheduler } from '../core/testing/manual-scheduler.ts';

const valueOf = (samples: readonly Sample[], key: string) => {
  const sample = samples.find((item) => item.key === key);
  return sample?.kind === 'reading' ? sample.value : sample?.code;
};

describe('the agent on the demo boiler', () => {
  let simulator: ModbusSimulator;
  let agent: ModbusAgent;
  let reports: PollReport[];
  let clock: ManualScheduler;
  let conditions: Conditions;

  beforeEach(async () => {
    simulator = await startModbusSimulator({ animate: true, tickMs: 0 });
    reports = [];
    clock = new ManualScheduler();
    conditions = new Conditions();
    // The library's own answer timeout runs on the real clock: far beyond what a loaded machine takes.
    const model = demoBoilerModel({ port: simulator.port, pollIntervalMs: 100, timeoutMs: 10_000 });
    agent = createModbusAgent({
      model,
      formulas: sharedFormulaEngine,
      scheduler: clock,
      onReport: (report) => {
        reports.push(report);
        conditions.check();
      },
    });
  });

  /** One poll interval on the clock, and the cycle that starts in it. */
  async function cycle() {
    const before = reports.length;
    clock.advance(100);
    await conditions.until(() => reports.length > before);
  }

  async function cycles(count: number) {
    for (let index = 0; index < count; index += 1) await cycle();
  }

  afterEach(async () => {
    await agent.stop();
    await simulator.stop();
  });

  it('shows values through formulas, decimals, limits and state texts', async () => {
    const device = simulator.device;
    device.setValue('flueTemperature', -13);
    device.setValue('waterLevel', 243);
    device.setValue('operatingMode', 3);
    device.setValue('waterTemperature', 71.26);
    const samples = await agent.readNow([
      'flueTemperature',
      'waterLevel',
      'operatingMode',
      'waterTemperature',
      'serialNumber',
    ]);
    expect(valueOf(samples, 'flueTemperature')).toBe(-1.3);
    expect(samples.find((sample) => sample.key === 'waterLevel')).toMatchObject({
      value: 24.3,
      raw: 243,
      limit: 'below',
    });
    expect(samples.find((sample) => sample.key === 'operatingMode')).toMatchObject({
      value: 3,
      text: '节能',
    });
    expect(valueOf(samples, 'waterTemperature')).toBe(71.3);
    expect(valueOf(samples, 'serialNumber')).toBe('LYBLR2T-00012345');
  });

  it('reads the whole boiler in one request per table', async () => {
    // Computed and kept variables are the agent's own, not the slave's.
    const keys = demoBoilerModel()
      .variables.filter((variable) => variable.kind === 'device')
      .map((variable) => variable.key);
    const samples = await agent.readNow(keys);
    expect(samples.filter((sample) => sample.kind === 'fault')).toEqual([]);
    // input registers 0-32, holding registers 100-110, coils 0-2, discrete inputs 0-1
    expect(agent.statuses()[0]).toMatchObject({ requests: 4, failures: 0 });
  });

  it('polls periodic variables only, and reports them through the dead zone', async () => {
    agent.start();
    await cycle();
    const first = reports[0]!.samples.map((sample) => sample.key);
    expect(first).toContain('waterTemperature');
    expect(first).not.toContain('serialNumber');
    expect(first).not.toContain('firmwareVersion');

    const temperatures = () =>
      reports.flatMap((report) =>
        report.samples.filter((sample): sample is Reading => sample.key === 'waterTemperature'),
      );
    simulator.device.setValue('waterTemperature', 62);
    await cycle();
    expect(temperatures().at(-1)?.value).toBe(62);
    const count = temperatures().length;
    simulator.device.setValue('waterTemperature', 62.2);
    await cycles(3);
    expect(agent.poller.cycleCounts()['boiler']).toBe(5);
    expect(temperatures()).toHaveLength(count);
    simulator.device.setValue('waterTemperature', 62.4);
    await cycle();
    expect(temperatures()).toHaveLength(count + 1);
    expect(temperatures().at(-1)?.value).toBe(62.4);
  });

  it('reports every cycle, complete only while every periodic variable is read', async () => {
    agent.start();
    await cycles(3);
    // Nothing changes on the boiler: later cycles let no value through, yet confirm them all.
    expect(reports.slice(1).every((report) => report.samples.length === 0 && report.complete)).toBe(true);
    expect(reports[0]).toMatchObject({ driverKey: 'boiler', complete: true, pollIntervalMs: 100 });

    simulator.device.failAddress('holding-register', 104, 2);
    await cycle();
    const failedAt = reports.length - 1;
    expect(reports[failedAt]?.complete).toBe(false);
    expect(valueOf(reports[failedAt]!.samples, 'maintenanceHours')).toBe('1732');
    await cycles(2);
    expect(reports.slice(failedAt)).toHaveLength(3);
    expect(reports.slice(failedAt).every((report) => !report.complete)).toBe(true);

    simulator.device.clearFaults();
    await cycle();
    expect(reports.at(-1)?.complete).toBe(true);
    expect(typeof valueOf(reports.at(-1)!.samples, 'maintenanceHours')).toBe('number');
  });

  it('writes a set-point through its formula and confirms it by reading it back', async () => {
    const outcome = await agent.write('temperatureSetpoint', 65.5);
    expect(outcome).toEqual({ ok: true, key: 'temperatureSetpoint', value: 65.5, raw: 655, readBack: true });
    expect(simulator.device.memory.read('holding-register', 100, 1)).toEqual([655]);
    expect(simulator.device.writes.at(-1)).toEqual({
      registerType: 'holding-register',
      start: 100,
      values: [655],
    });
  });

  it('writes 32-bit values with function 16 in the slave word order', async () => {
    const outcome = await agent.write('pressureAlarmLimit', '1.2');
    expect(outcome).toMatchObject({ ok: true, value: 1.2 });
    // 1.2 as a float is 0x3F99999A; the boiler sends the low word first.
    expect(simulator.device.memory.read('holding-register', 102, 2)).toEqual([0x999a, 0x3f99]);
    const maintenance = await agent.write('maintenanceHours', 7000);
    expect(maintenance).toMatchObject({ ok: true, value: 7000 });
  });

  it('writes one bit of a register without touching its neighbours', async () => {
    simulator.device.memory.write('holding-register', 106, [0xff00]);
    const outcome = await agent.write('remoteEnable', 1);
    expect(outcome).toMatchObject({ ok: true, value: 1, text: '远程' });
    expect(simulator.device.memory.read('holding-register', 106, 1)).toEqual([0xff01]);
  });

  it('writes coils, and write-only coils without reading them back', async () => {
    expect(await agent.write('pumpCommand', 0)).toMatchObject({ ok: true, value: 0, text: '停止' });
    expect(simulator.device.memory.read('coil', 1, 1)).toEqual([0]);
    simulator.device.setValue('lowWaterAlarm', 1);
    expect(await agent.write('alarmReset', 1)).toEqual({
      ok: true,
      key: 'alarmReset',
      value: 1,
      raw: 1,
      readBack: false,
    });
    expect(simulator.device.value('lowWaterAlarm')).toBe(0);
  });

  it('refuses writes beyond the limits (2003) and to read-only variables (2004) without touching the device', async () => {
    expect(await agent.write('temperatureSetpoint', 96)).toEqual({
      ok: false,
      key: 'temperatureSetpoint',
      code: '2003',
    });
    expect(await agent.write('firmwareVersion', 1)).toEqual({
      ok: false,
      key: 'firmwareVersion',
      code: '2004',
    });
    // An input register cannot be written at all.
    expect(await agent.write('waterTemperature', 1)).toEqual({
      ok: false,
      key: 'waterTemperature',
      code: '99905',
    });
    expect(await agent.write('nothing', 1)).toEqual({ ok: false, key: 'nothing', code: '1714' });
    expect(simulator.device.writes).toEqual([]);
  });

  it('maps exception answers: illegal address, refused value, busy', async () => {
    simulator.device.failAddress('holding-register', 104, 2);
    expect(await agent.write('maintenanceHours', 5000)).toEqual({
      ok: false,
      key: 'maintenanceHours',
      code: '1721',
    });
    const samples = await agent.readNow(['maintenanceHours', 'temperatureSetpoint', 'operatingMode']);
    expect(valueOf(samples, 'maintenanceHours')).toBe('1732');
    // Its neighbours are read on their own and still arrive.
    expect(valueOf(samples, 'temperatureSetpoint')).toBe(75);
    expect(valueOf(samples, 'operatingMode')).toBe(2);
    expect(agent.statuses()[0]?.lastErrorCode).toBe('1732');

    simulator.device.clearFaults();
    simulator.device.failAddress('holding-register', 101, 6);
    expect(await agent.write('operatingMode', 1)).toEqual({ ok: false, key: 'operatingMode', code: '1712' });
    simulator.device.clearFaults();

    // The controller itself refuses set-points it cannot run with.
    simulator.device.guardWrites(() => 3);
    expect(await agent.write('operatingMode', 1)).toEqual({ ok: false, key: 'operatingMode', code: '2003' });
  });

  it('reports a write to a silent slave as a response timeout', async () => {
    simulator.device.setSilent(true);
    expect(await agent.write('operatingMode', 1)).toEqual({ ok: false, key: 'operatingMode', code: '1715' });
    expect(agent.statuses()[0]).toMatchObject({ timeouts: 1, lastErrorCode: '1715' });
  });
});
