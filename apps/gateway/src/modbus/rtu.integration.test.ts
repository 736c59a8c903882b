/**
 * The agent's Modbus layer over a serial line: the demo boiler served as an RTU slave on one end
 * of a pty pair, the gateway's RTU link (connectRTUBuffered) on the other. Frames, CRCs, slave ids
 * and timeouts cross the kernel's tty layer as on a serial port; a pty does not pace bytes at the
 * baud rate nor check parity, so line settings are configured but not exercised. Registers are
 * laid down from hand-computed words, not from the codec under test.
 */
import {
  deviceModelSchema,
  demoBoilerModelInput,
  type DeviceModel,
  type DriverInput,
} from '@lyyp/contracts/device-model';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sample } from '../core/samples.ts';
import { sharedFormulaEngine } from '../core/shared-formula-engine.ts';
import {
  BoilerBehaviour,
  SimulatedDevice,
  serveModbusRtu,
  type ModbusRtuServer,
} from '../simulator/index.ts';
import {
  TIMEOUTS_BEFORE_RECONNECT,
  createModbusAgent,
  type ModbusAgent,
  type PollReport,
  type SlaveStatus,
} from './index.ts';
import { openPtyPair, type PtyPair } from './testing/pty-pair.ts';
import { Conditions } from '../core/testing/conditions.ts';
import { ManualScheduler } from '../core/testing/manual-scheduler.ts';

/** Not the default 1: the slave answers only this id, so the driver's id must reach the frame. */
const SLAVE_ID = 7;
const POLL_INTERVAL_MS = 100;
/**
 * The Modbus library times requests out on the real clock. The RTU server needs 30 ms of silence
 * to end a frame; the rest is headroom for a loaded machine, so only a silent slave ever times out.
 * The agent's own clock (poll intervals, its timeout guard) moves only when the test advances it.
 */
const TIMEOUT_MS = 2000;

/** The demo boiler with its controller moved from Modbus TCP to a 9600 8N1 serial line. */
function rtuBoilerModel(serialPort: string, pollIntervalMs = POLL_INTERVAL_MS): DeviceModel {
  const input = demoBoilerModelInput({ slaveId: SLAVE_ID, pollIntervalMs, timeoutMs: TIMEOUT_MS });
  const drivers = (input.drivers ?? []).map((driver): DriverInput => {
    if (driver.protocol !== 'modbus-tcp') throw new Error('the demo boiler is expected on Modbus TCP');
    const { host: _host, port: _port, ...common } = driver;
    return {
      ...common,
      protocol: 'modbus-rtu',
      serialPort,
      baudRate: 9600,
      dataBits: 8,
      parity: 'none',
      stopBits: 1,
    };
  });
  return deviceModelSchema.parse({ ...input, drivers });
}

/** The value of a reading or the code of a fault; the last one when the key came more than once. */
const valueOf = (samples: readonly Sample[], key: string) => {
  const sample = samples.filter((item) => item.key === key).at(-1);
  if (!sample) throw new Error(`no sample for ${key}`);
  return sample.kind === 'reading' ? sample.value : sample.code;
};
const textOf = (samples: readonly Sample[], key: string) => {
  const sample = samples.find((item) => item.key === key);
  return sample?.kind === 'reading' ? sample.text : undefined;
};

describe('Modbus RTU over a serial line', () => {
  let pty: PtyPair | undefined;
  let device: SimulatedDevice;
  let server: ModbusRtuServer | undefined;
  let agent: ModbusAgent | undefined;
  let reports: PollReport[];
  let clock: ManualScheduler;
  let conditions: Conditions;
  let intervalMs = POLL_INTERVAL_MS;

  const running = () => {
    if (!agent) throw new Error('the agent did not start');
    return agent;
  };
  const status = (): SlaveStatus => {
    const [only] = running().statuses();
    if (!only) throw new Error('no slave status');
    return only;
  };
  const reported = () => reports.flatMap((report) => report.samples);

  /** The gateway side: a fresh agent (and link) on the pty's master end. */
  function startAgent(pollIntervalMs = POLL_INTERVAL_MS): ModbusAgent {
    if (!pty) throw new Error('no pty pair');
    intervalMs = pollIntervalMs;
    agent = createModbusAgent({
      model: rtuBoilerModel(pty.masterPath, pollIntervalMs),
      formulas: sharedFormulaEngine,
      scheduler: clock,
      onReport: (report) => {
        reports.push(report);
        conditions.check();
      },
      backoff: { initialMs: 100, maxMs: 200 },
    });
    return agent;
  }

  /** One poll interval on the agent's clock, and the cycle that starts in it. */
  async function cycle() {
    const before = reports.length;
    clock.advance(intervalMs);
    await conditions.until(() => reports.length > before);
  }

  // A pair per test: a port one test left locked must not fail the next.
  beforeEach(async () => {
    reports = [];
    clock = new ManualScheduler();
    conditions = new Conditions();
    pty = await openPtyPair();
    device = new SimulatedDevice(rtuBoilerModel(pty.masterPath));
    // Starting values and the controller's write checks; never advanced, so values stay as laid down.
    new BoilerBehaviour(device);
    server = await serveModbusRtu(device, { path: pty.slavePath, baudRate: 9600, unitId: SLAVE_ID });
  });

  afterEach(async () => {
    await agent?.stop();
    agent = undefined;
    await server?.stop();
    server = undefined;
    await pty?.close();
    pty = undefined;
  });

  it('polls floats in the slave word order, scaled shorts, counters, strings and status bits', async () => {
    // 71.25 = 0x428E8000 and 3,000,000,000 = 0xB2D05E00, low word first (CDAB).
    device.memory.write('input-register', 0, [0x8000, 0x428e]);
    device.memory.write('input-register', 12, [0x5e00, 0xb2d0]);
    // -1234 as a 16-bit short, shown ÷10.
    device.memory.write('input-register', 6, [0xfb2e]);
    // "RTU-42", two ASCII bytes per register, NUL-padded to 16 characters.
    device.memory.write('input-register', 24, [0x5254, 0x552d, 0x3432, 0, 0, 0, 0, 0]);
    // Status bits: 1 low water, 3 flame failure.
    device.memory.write('input-register', 32, [0b1010]);

    startAgent().start();
    await cycle();
    const first = reports[0]!;
    expect(first.complete).toBe(true);
    expect(first).toMatchObject({ driverKey: 'boiler', pollIntervalMs: POLL_INTERVAL_MS });
    expect(valueOf(first.samples, 'waterTemperature')).toBe(71.3);
    expect(valueOf(first.samples, 'burnerStarts')).toBe(3_000_000_000);
    expect(valueOf(first.samples, 'flueTemperature')).toBe(-123.4);
    expect(valueOf(first.samples, 'temperatureSetpoint')).toBe(75);
    const bits = ['running', 'lowWaterAlarm', 'overPressureAlarm', 'flameFailure'];
    expect(bits.map((key) => [valueOf(first.samples, key), textOf(first.samples, key)])).toEqual([
      [0, '停止'],
      [1, '报警'],
      [0, '正常'],
      [1, '报警'],
    ]);
    expect(valueOf(await running().readNow(['serialNumber']), 'serialNumber')).toBe('RTU-42');

    // The loop goes on reading: a new temperature (100.0 = 0x42C80000) shows up by itself.
    device.memory.write('input-register', 0, [0x0000, 0x42c8]);
    await cycle();
    expect(valueOf(reported(), 'waterTemperature')).toBe(100);
    expect(status()).toMatchObject({
      slaveId: SLAVE_ID,
      endpoint: `rtu://${pty!.masterPath}`,
      connected: true,
      failures: 0,
      lastErrorCode: null,
    });
  });

  it('writes the temperature set-point and confirms it by reading it back', async () => {
    startAgent();
    expect(await running().write('temperatureSetpoint', 65.5)).toEqual({
      ok: true,
      key: 'temperatureSetpoint',
      value: 65.5,
      raw: 655,
      readBack: true,
    });
    expect(device.memory.read('holding-register', 100, 1)).toEqual([655]);
    expect(device.writes).toEqual([{ registerType: 'holding-register', start: 100, values: [655] }]);

    // A bit inside a register: read, merge, write, read back, neighbours untouched.
    device.memory.write('holding-register', 106, [0xff00]);
    expect(await running().write('remoteEnable', 1)).toMatchObject({ ok: true, value: 1, text: '远程' });
    expect(device.memory.read('holding-register', 106, 1)).toEqual([0xff01]);

    // An exception answer crosses the line as an exception, not as a timeout.
    device.failAddress('holding-register', 101, 6);
    expect(await running().write('operatingMode', 1)).toEqual({
      ok: false,
      key: 'operatingMode',
      code: '1712',
    });
    expect(device.memory.read('holding-register', 101, 1)).toEqual([2]);
  });

  it('times out on a silent slave with 1740 while the loop keeps polling, then reads it again', async () => {
    startAgent().start();
    await cycle();
    await cycle();
    expect(reports.every((report) => report.complete)).toBe(true);
    device.setSilent(true);
    const silencedAt = reports.length;
    const before = status();

    // Two timeouts in a row, one short of dropping the connection; the next cycle waits for the clock.
    for (let index = 1; index < TIMEOUTS_BEFORE_RECONNECT; index += 1) await cycle();
    expect(status().timeouts - before.timeouts).toBe(TIMEOUTS_BEFORE_RECONNECT - 1);
    device.memory.write('holding-register', 100, [640]);
    // 80.5 = 0x42A10000, low word first.
    device.memory.write('input-register', 0, [0x0000, 0x42a1]);
    device.setSilent(false);
    const silent = reports.slice(silencedAt);
    expect(silent).toHaveLength(TIMEOUTS_BEFORE_RECONNECT - 1);
    expect(silent.every((report) => !report.complete)).toBe(true);
    const faults = silent.flatMap((report) => report.samples);
    expect(valueOf(faults, 'waterTemperature')).toBe('1740');
    expect(valueOf(faults, 'temperatureSetpoint')).toBe('1740');
    expect(valueOf(faults, 'pumpRunning')).toBe('1740');
    expect(status()).toMatchObject({ lastErrorCode: '1740', connected: true });
    // After a timeout the rest of the cycle is skipped: one request per silent cycle.
    expect(status().requests - before.requests).toBe(silent.length);

    await cycle();
    expect(reports.at(-1)?.complete).toBe(true);
    expect(valueOf(reported(), 'temperatureSetpoint')).toBe(64);
    expect(valueOf(reported(), 'waterTemperature')).toBe(80.5);
  });

  it('reports a write to a silent slave as a response timeout (1715)', async () => {
    startAgent();
    device.setSilent(true);
    expect(await running().write('operatingMode', 1)).toEqual({
      ok: false,
      key: 'operatingMode',
      code: '1715',
    });
    expect(status()).toMatchObject({ timeouts: 1, lastErrorCode: '1715' });
    device.setSilent(false);
    expect(await running().write('operatingMode', 1)).toMatchObject({ ok: true, value: 1, text: '手动' });
    expect(device.writes).toEqual([{ registerType: 'holding-register', start: 101, values: [1] }]);
  });

  // A dropped serial link must close its port: otherwise it stays locked and can never reopen
  // ("Cannot lock port"), leaving every slave on the port at 1739.
  it('keeps reading a slave that fell silent for three requests in a row', async () => {
    startAgent().start();
    await cycle();
    expect(reports[0]?.complete).toBe(true);
    device.setSilent(true);
    for (let index = 0; index < TIMEOUTS_BEFORE_RECONNECT; index += 1) await cycle();
    expect(status()).toMatchObject({ timeouts: TIMEOUTS_BEFORE_RECONNECT, connected: false });
    device.memory.write('holding-register', 100, [640]);
    device.setSilent(false);
    await cycle();
    expect(valueOf(reported(), 'temperatureSetpoint')).toBe(64);
  });

  it('opens the port again for the next configuration after the previous one stopped', async () => {
    expect(valueOf(await startAgent().readNow(['operatingMode']), 'operatingMode')).toBe(2);
    await running().stop();
    expect(valueOf(await startAgent().readNow(['operatingMode']), 'operatingMode')).toBe(2);
  });
});
