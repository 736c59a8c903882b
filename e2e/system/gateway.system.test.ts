/**
 * The real platform and the real edge agent, each its own process: a product with the demo boiler
 * model, a gateway and a device created through the API, the agent serving the boiler from its
 * simulator. Values arrive; the platform is stopped (gracefully, then with kill -9) while the
 * gateway keeps producing, and everything produced ends up stored exactly once with its original
 * time (read back through the history API); a write from the API reaches the device and is confirmed.
 * Finally the platform is killed while the gateway is online and the gateway goes away meanwhile:
 * the platform starts with the gateway offline and refuses a write at once.
 */
import ModbusRTU from 'modbus-serial';
import type { CommandReply } from '@lyyp/contracts/commands';
import { DEMO_BOILER_DRIVER_KEY, demoBoilerModelInput } from '@lyyp/contracts/device-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentProcess, TracedBatch } from './support/agent.ts';
import { AGENT_START_MS, Fleet } from './support/fleet.ts';
import type { PlatformProcess } from './support/platform.ts';
import type { PlatformApi } from './support/platform-api.ts';
import { delay, eventually, stopAll } from './support/processes.ts';
import { readStoredPoints } from './support/stored-points.ts';

const STEP_TIMEOUT_MS = 50_000;
/**
 * An outage step waits on events, but the events are real time: the platform's start on a loaded
 * machine, then the agent's reconnect back-off (1 s doubling to its 60 s ceiling) before it sends
 * its buffer. The bound covers the worst of both, so a busy machine is slow, never red.
 */
const RECONNECT_WAIT_MS = 90_000;
const OUTAGE_STEP_TIMEOUT_MS = 240_000;

describe('gateway and platform as separate processes', () => {
  let fleet: Fleet;
  let platform: PlatformProcess;
  let api: PlatformApi;
  let agent: AgentProcess;
  let deviceId: string;
  let gatewaySn: string;
  let gatewaySecret: string;

  const gatewayInfo = () => fleet.gatewayInfo(gatewaySn);
  const lastTracedSeq = async () => (await agent.trace()).at(-1)?.seq ?? 0;

  async function signIn() {
    api = await fleet.signIn();
  }

  /** The §7 command flow: post, then poll the callback by uuid. */
  const deviceCommand = (path: string, body: Record<string, unknown>) =>
    fleet.command(path, { equipmentId: deviceId, ...body });

  /** Waits until the gateway is back online and the platform has acknowledged everything traced so far. */
  async function waitUntilCaughtUp() {
    await signIn();
    const target = await lastTracedSeq();
    await eventually(
      `the platform to store upload ${target}`,
      async () => {
        const info = await gatewayInfo();
        return info.status === 'online' && info.lastSeq >= target;
      },
      RECONNECT_WAIT_MS,
      250,
    );
  }

  /** Stops the platform the given way while the gateway produces, and starts it again on the same data. */
  async function outage(signal: 'SIGTERM' | 'SIGKILL') {
    const tracedBefore = await lastTracedSeq();
    const linesBefore = agent.process.lines.length;
    await platform.stop(signal);
    await agent.process.waitForLine(/disconnected from the platform/, 15_000, linesBefore);
    await delay(3000);
    const tracedDuringOutage = await lastTracedSeq();
    expect(tracedDuringOutage).toBeGreaterThan(tracedBefore);
    await platform.start();
    await agent.process.waitForLine(/sending \d+ buffered batches/, RECONNECT_WAIT_MS, linesBefore);
    await waitUntilCaughtUp();
  }

  beforeAll(async () => {
    fleet = await Fleet.start();
    ({ platform, api } = fleet);
    const boiler = await fleet.deviceWithAgent({
      title: 'Boiler system test',
      productModel: 'LY-BLR-2T',
      model: demoBoilerModelInput({ host: '192.0.2.10', pollIntervalMs: 250 }),
      deviceName: 'Boiler 1',
      appliedTimeoutMs: 30_000,
    });
    ({ deviceId, agent } = boiler);
    gatewaySn = boiler.gateway.sn;
    gatewaySecret = boiler.gateway.secret;
  }, 150_000);

  afterAll(async () => {
    await stopAll();
    await agent?.remove();
    await platform?.remove();
  });

  it(
    'shows values from the simulated boiler: a read through the API answers the device value',
    async () => {
      await eventually('the gateway to be online', async () => (await gatewayInfo()).status === 'online');
      const reply = await deviceCommand('/equipment/command/read', { key: 'serialNumber' });
      expect(reply).toMatchObject({ status: 'success', data: { value: 'LYBLR2T-00012345' } });
      const temperature = await deviceCommand('/equipment/command/read', { key: 'waterTemperature' });
      expect(typeof temperature.data?.value).toBe('number');
      await eventually('uploads to be acknowledged', async () => (await gatewayInfo()).lastSeq > 0);
    },
    STEP_TIMEOUT_MS,
  );

  it(
    'catches up after the platform is stopped and started again while the gateway produces',
    () => outage('SIGTERM'),
    OUTAGE_STEP_TIMEOUT_MS,
  );

  it(
    'catches up after the platform is killed (kill -9) mid-stream',
    () => outage('SIGKILL'),
    OUTAGE_STEP_TIMEOUT_MS,
  );

  it(
    'writes a set-point from the API to the device and confirms it',
    async () => {
      const reply = await deviceCommand('/equipment/command/write', {
        key: 'temperatureSetpoint',
        value: 65.5,
      });
      expect(reply).toMatchObject({ status: 'success', data: { value: 65.5 } });
      const client = new ModbusRTU();
      await client.connectTCP('127.0.0.1', { port: await agent.simulatorPort(DEMO_BOILER_DRIVER_KEY) });
      client.setID(1);
      client.setTimeout(2000);
      try {
        expect((await client.readHoldingRegisters(100, 1)).data).toEqual([655]);
      } finally {
        await new Promise<void>((resolve) => client.close(() => resolve()));
      }
    },
    STEP_TIMEOUT_MS,
  );

  it(
    'stored every value the gateway produced exactly once, with its original time',
    async () => {
      await waitUntilCaughtUp();
      expect(await agent.stop()).toBe(0);
      expect(agent.process.lines.some((line) => line.includes('everything gathered was acknowledged'))).toBe(
        true,
      );
      const trace: TracedBatch[] = await agent.trace();

      // Numbered without holes: nothing was dropped or skipped on the way.
      expect(trace.map((batch) => batch.seq)).toEqual(trace.map((_, index) => index + 1));
      const points = trace.flatMap((batch) => batch.points);
      const produced = new Map(points.map((point) => [`${point.k}@${point.t}`, point]));
      // A snapshot point (the first of a variable after the agent started) is stored only when it
      // differs from the platform's latest value; every other point is a sample and is stored.
      const samples = points.filter((point) => point.s !== true);
      const times = points.map((point) => point.t);
      const stored = await readStoredPoints(api, deviceId, [...new Set(points.map((point) => point.k))], {
        start: Math.min(...times),
        end: Math.max(...times),
      });
      expect(produced.size).toBeGreaterThan(50);
      const storedKeys = new Set(stored.map((point) => `${point.k}@${point.t}`));
      expect(storedKeys.size).toBe(stored.length);
      expect(samples.filter((point) => !storedKeys.has(`${point.k}@${point.t}`))).toEqual([]);
      expect(stored.length).toBeGreaterThanOrEqual(
        new Set(samples.map((point) => `${point.k}@${point.t}`)).size,
      );
      for (const point of stored) {
        const original = produced.get(`${point.k}@${point.t}`);
        expect(original, `${point.k}@${point.t} was never produced`).toBeDefined();
        // Booleans travel as 0/1 and come back as true/false.
        expect(typeof point.v === 'boolean' ? Number(point.v) : point.v).toEqual(original!.v);
      }
    },
    OUTAGE_STEP_TIMEOUT_MS,
  );

  it(
    'shows the gateway offline after a crash during which it went away, and refuses a write at once',
    async () => {
      const again = await fleet.startAgent({ sn: gatewaySn, secret: gatewaySecret });
      try {
        // A new agent process: tsx compiles it first, slowly on a loaded machine.
        await eventually(
          'the gateway to be online',
          async () => (await gatewayInfo()).status === 'online',
          AGENT_START_MS,
        );
        await platform.stop('SIGKILL');
        await again.stop();
        await platform.start();
        await signIn();
        expect((await gatewayInfo()).status).toBe('offline');
        const reply = await api.post<CommandReply<{ value: unknown }>>('/equipment/command/write', {
          equipmentId: deviceId,
          key: 'temperatureSetpoint',
          value: 60,
        });
        expect(reply).toMatchObject({ online: false, status: 'failure', code: '1501' });
      } finally {
        await again.remove();
      }
    },
    STEP_TIMEOUT_MS * 2,
  );
});
