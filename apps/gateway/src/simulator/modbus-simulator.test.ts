import { demoBoilerModel } from '@lyyp/contracts/device-model';
import ModbusRTU from 'modbus-serial';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BoilerBehaviour, DEMO_FLAME_TRIPS } from './boiler-behaviour.ts';
import { startModbusSimulator, type ModbusSimulator } from './modbus-simulator.ts';
import { SimulatedDevice } from './simulated-device.ts';

describe('demo boiler behaviour', () => {
  const boiler = () => {
    const device = new SimulatedDevice(demoBoilerModel());
    return { device, behaviour: new BoilerBehaviour(device) };
  };

  it('fires the burner to reach the set-point and counts what it burns', () => {
    const { device, behaviour } = boiler();
    const gas = Number(device.value('gasTotal'));
    const starts = Number(device.value('burnerStarts'));
    for (let second = 0; second < 5; second += 1) behaviour.advance(1);
    expect(device.value('running')).toBe(1);
    expect(Number(device.value('flueTemperature'))).toBeGreaterThan(1500);
    expect(Number(device.value('flameIntensity'))).toBeGreaterThan(50);
    for (let second = 0; second < 30; second += 1) behaviour.advance(1);
    expect(Number(device.value('waterTemperature'))).toBeGreaterThan(74);
    expect(Number(device.value('gasTotal'))).toBeGreaterThan(gas);
    expect(Number(device.value('burnerStarts'))).toBe(starts + 1);
  });

  it('holds the temperature around the set-point and stops when switched off', () => {
    const { device, behaviour } = boiler();
    for (let second = 0; second < 300; second += 1) behaviour.advance(1);
    expect(Number(device.value('waterTemperature'))).toBeGreaterThan(72);
    expect(Number(device.value('waterTemperature'))).toBeLessThan(78);
    device.setValue('operatingMode', 0);
    behaviour.advance(1);
    expect(device.value('running')).toBe(0);
    expect(Number(device.value('heatOutput'))).toBeLessThan(0);
    const before = Number(device.value('waterTemperature'));
    for (let second = 0; second < 60; second += 1) behaviour.advance(1);
    expect(Number(device.value('waterTemperature'))).toBeLessThan(before);
  });

  it('loses its flame for a while and relights when flame trips are on (the demo’s alarm)', () => {
    const device = new SimulatedDevice(demoBoilerModel());
    const behaviour = new BoilerBehaviour(device, 7, { everySeconds: 300, forSeconds: 60 });
    for (let second = 0; second < 239; second += 1) behaviour.advance(1);
    expect(device.value('flameFailure')).toBe(0);
    behaviour.advance(1);
    expect(device.value('flameFailure')).toBe(1);
    behaviour.advance(1);
    expect(device.value('running')).toBe(0);
    for (let second = 0; second < 59; second += 1) behaviour.advance(1);
    expect(device.value('flameFailure')).toBe(0);
    behaviour.advance(5);
    expect(device.value('running')).toBe(1);
  });

  it('trips the demo flame once 10 minutes after the start, then not again for 6 hours', () => {
    const device = new SimulatedDevice(demoBoilerModel());
    const behaviour = new BoilerBehaviour(device, 7, DEMO_FLAME_TRIPS);
    let trips = 0;
    let previous = 0;
    // `second` counts from 0: after its advance the boiler has run `second + 1` seconds.
    for (let second = 0; second < 6 * 3600 + 599; second += 1) {
      behaviour.advance(1);
      const now = Number(device.value('flameFailure'));
      if (now === 1 && previous === 0) trips += 1;
      if (second === 598) expect(now).toBe(0);
      if (second === 599) expect(now).toBe(1);
      previous = now;
    }
    expect(trips).toBe(1);
    behaviour.advance(1);
    expect(device.value('flameFailure')).toBe(1);
  });

  it('raises the over-pressure alarm above its limit', () => {
    const { device, behaviour } = boiler();
    device.setValue('pressureAlarmLimit', 0.2);
    behaviour.advance(1);
    expect(device.value('overPressureAlarm')).toBe(1);
  });
});

describe('Modbus TCP simulator', () => {
  const running: ModbusSimulator[] = [];
  const clients: ModbusRTU[] = [];

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close(() => undefined);
    await Promise.all(running.splice(0).map((simulator) => simulator.stop()));
  });

  /**
   * A client of the simulator. It waits long for answers, so a loaded machine never passes for a
   * silent slave; a test expecting silence gives a short `timeoutMs` (its outcome is the same).
   */
  async function connect(simulator: ModbusSimulator, unitId: number, timeoutMs = 10_000) {
    const client = new ModbusRTU();
    clients.push(client);
    await client.connectTCP(simulator.host, { port: simulator.port });
    client.setID(unitId);
    client.setTimeout(timeoutMs);
    return client;
  }

  it('listens on a free loopback port of its own', async () => {
    running.push(await startModbusSimulator({ tickMs: 0 }), await startModbusSimulator({ tickMs: 0 }));
    const [first, second] = running;
    expect(first!.host).toBe('127.0.0.1');
    expect(first!.port).toBeGreaterThan(0);
    expect(second!.port).not.toBe(first!.port);
  });

  it('answers with the demo register map and refuses addresses outside it', async () => {
    const simulator = await startModbusSimulator({ tickMs: 0 });
    running.push(simulator);
    const client = await connect(simulator, 1);
    const { data } = await client.readHoldingRegisters(100, 2);
    expect(data).toEqual([750, 2]);
    await expect(client.readHoldingRegisters(200, 1)).rejects.toMatchObject({ modbusCode: 2 });
    await expect(client.writeRegister(110, 1)).rejects.toMatchObject({ modbusCode: 2 });
    await expect(client.writeRegister(100, 5000)).rejects.toMatchObject({ modbusCode: 3 });
  });

  it('answers only its own unit id when given one', async () => {
    const simulator = await startModbusSimulator({ tickMs: 0, unitId: 5 });
    running.push(simulator);
    const own = await connect(simulator, 5);
    expect((await own.readInputRegisters(32, 1)).data).toHaveLength(1);
    const other = await connect(simulator, 1, 150);
    await expect(other.readInputRegisters(32, 1)).rejects.toMatchObject({ errno: 'ETIMEDOUT' });
  });

  it('animates the boiler on its own timer', async () => {
    const simulator = await startModbusSimulator({ tickMs: 20 });
    running.push(simulator);
    const behaviour = simulator.behaviour!;
    const gas = Number(simulator.device.value('gasTotal'));
    // Waits for the ticks themselves until they add up to 0.2 s of plant time, however late they come.
    const advance = behaviour.advance.bind(behaviour);
    let seconds = 0;
    await new Promise<void>((resolve) => {
      vi.spyOn(behaviour, 'advance').mockImplementation((step) => {
        advance(step);
        seconds += step;
        if (seconds >= 0.2) resolve();
      });
    });
    expect(Number(simulator.device.value('gasTotal'))).toBeGreaterThan(gas);
  });
});
