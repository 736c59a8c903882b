/**
 * A device's configuration and its gateway, tried as an integrator would, with the real platform
 * and the real agent each its own process:
 *
 * - A device's PLC address saved while its gateway is offline is the first configuration the
 *   gateway runs when it connects: two real Modbus slaves (the old address and the new one, each
 *   holding its own set-point), and the old one is never even connected to, so no value of the
 *   other machine lands in the device's history.
 * - A swap with a buffer: the old gateway loses its network and buffers, the device is moved to a
 *   new gateway, the old one comes back: everything it measured before the swap is stored for the
 *   device, nothing it measured after, and a configuration saved afterwards stores no value twice.
 *
 * Waits are for conditions (log lines, stored values, acknowledged uploads), never for time.
 */
import { DEVICE_CONFIG_API_PATHS, type DeviceConfigAnswer } from '@lyyp/contracts/device-config';
import { DEMO_BOILER_DRIVER_KEY, demoBoilerModelInput } from '@lyyp/contracts/device-model';
import { GATEWAY_OPS_API_PATHS, type GatewayReplacement } from '@lyyp/contracts/gateway-ops';
import type { Point } from '@lyyp/contracts/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startModbusSimulator,
  type ModbusSimulator,
} from '../../apps/gateway/src/simulator/modbus-simulator.ts';
import type { AgentProcess } from './support/agent.ts';
import { AGENT_START_MS, Fleet } from './support/fleet.ts';
import { eventually, stopAll } from './support/processes.ts';
import { readStoredPoints, type StoredPoint } from './support/stored-points.ts';
import { TcpRelay } from './support/tcp-relay.ts';

const STEP_TIMEOUT_MS = 120_000;

describe('device configuration and gateways, with the real agent', () => {
  let fleet: Fleet;
  const agents: AgentProcess[] = [];
  const slaves: ModbusSimulator[] = [];
  const relays: TcpRelay[] = [];

  beforeAll(async () => {
    fleet = await Fleet.start();
  }, 120_000);

  afterAll(async () => {
    for (const agent of agents) await agent.remove();
    await stopAll();
    for (const relay of relays) await relay.stop();
    for (const slave of slaves) await slave.stop();
    await fleet?.platform.remove();
  });

  /** A PLC with the boiler's register map, holding its own set-point (raw tenths). */
  const plc = async (setpoint: number) => {
    const slave = await startModbusSimulator({ host: '127.0.0.1', animate: false, flameTrips: null });
    slave.device.setValue('temperatureSetpoint', setpoint);
    slaves.push(slave);
    return slave;
  };

  const stored = (deviceId: string, keys: string[]): Promise<StoredPoint[]> => {
    const now = Date.now();
    return readStoredPoints(fleet.api, deviceId, keys, { start: now - 3_600_000, end: now + 60_000 });
  };

  it(
    'runs an address saved while the gateway was offline from its first connection, never the old one',
    async () => {
      const oldPlc = await plc(111);
      const newPlc = await plc(222);
      // The old address goes through a relay that counts every connection made to it.
      const oldAddress = await TcpRelay.start(oldPlc.port);
      relays.push(oldAddress);

      const productId = await fleet.importProduct({
        title: 'Boiler, old address',
        productModel: 'LY-BLR-ADR',
        model: demoBoilerModelInput({ host: '127.0.0.1', port: oldAddress.port, pollIntervalMs: 250 }),
      });
      const gateway = await fleet.addGateway();
      const deviceId = await fleet.bindDevice('Boiler on a new PLC', gateway, productId);
      const saved = await fleet.api.post<DeviceConfigAnswer>(DEVICE_CONFIG_API_PATHS.save, {
        id: deviceId,
        drivers: [{ key: DEMO_BOILER_DRIVER_KEY, port: newPlc.port }],
      });
      expect(saved.syncState).toBe('queued');

      const agent = await fleet.startAgent(gateway, { simulate: false });
      agents.push(agent);
      await agent.process.waitForLine(
        new RegExp(`configuration version ${saved.version} applied`),
        AGENT_START_MS,
      );
      await eventually(
        'the new PLC’s set-point to be stored',
        async () => (await stored(deviceId, ['temperatureSetpoint'])).some((point) => point.v === 22.2),
        30_000,
      );
      await eventually(
        'the platform to show the saved version complete',
        async () =>
          (await fleet.api.post<DeviceConfigAnswer>(DEVICE_CONFIG_API_PATHS.info, { id: deviceId }))
            .syncState === 'complete',
      );

      // The saved version is the only configuration the agent ever applied …
      const applied = agent.process.lines.filter((line) => /configuration version \d+ applied/.test(line));
      expect(applied).toHaveLength(1);
      expect(applied[0]).toContain(`configuration version ${saved.version} applied`);
      // … it never connected to the old PLC, and the device's history holds the new PLC's values only.
      expect(oldAddress.connections).toBe(0);
      const setpoints = (await stored(deviceId, ['temperatureSetpoint'])).map((point) => point.v);
      expect(setpoints).toEqual([22.2]);
    },
    STEP_TIMEOUT_MS,
  );

  it(
    'runs an address saved while the gateway was switched off from its next start, never the old one',
    async () => {
      const oldPlc = await plc(333);
      const newPlc = await plc(444);
      const oldAddress = await TcpRelay.start(oldPlc.port);
      relays.push(oldAddress);
      const boiler = await fleet.deviceWithAgent({
        title: 'Boiler, switched off',
        productModel: 'LY-BLR-OFF',
        model: demoBoilerModelInput({ host: '127.0.0.1', port: oldAddress.port, pollIntervalMs: 250 }),
        deviceName: 'Boiler, gateway off',
        agent: { simulate: false },
      });
      agents.push(boiler.agent);
      await eventually('the old PLC’s set-point to be stored', async () =>
        (await stored(boiler.deviceId, ['temperatureSetpoint'])).some((point) => point.v === 33.3),
      );
      // The gateway is switched off; the PLC is moved to a new address, and another machine
      // (holding another set-point) now answers at the old one.
      expect(await boiler.agent.stop()).toBe(0);
      const saved = await fleet.api.post<DeviceConfigAnswer>(DEVICE_CONFIG_API_PATHS.save, {
        id: boiler.deviceId,
        drivers: [{ key: DEMO_BOILER_DRIVER_KEY, port: newPlc.port }],
      });
      oldPlc.device.setValue('temperatureSetpoint', 555);
      const connectionsBefore = oldAddress.connections;

      const again = await fleet.startAgent(boiler.gateway, {
        simulate: false,
        dataDir: boiler.agent.dataDir,
      });
      agents.push(again);
      await again.process.waitForLine(
        new RegExp(`configuration version ${saved.version} applied`),
        AGENT_START_MS,
      );
      await eventually('the new PLC’s set-point to be stored', async () =>
        (await stored(boiler.deviceId, ['temperatureSetpoint'])).some((point) => point.v === 44.4),
      );
      expect(oldAddress.connections).toBe(connectionsBefore);
      // A value read again after a failed read (a slow poll on a loaded machine) is stored again at
      // its own instant: the device's history is the run 33.3 … then 44.4, and never 55.5.
      const setpoints = await stored(boiler.deviceId, ['temperatureSetpoint']);
      expect(new Set(setpoints.map((point) => point.t)).size).toBe(setpoints.length);
      expect(
        setpoints.map((point) => point.v).filter((value, index, all) => value !== all[index - 1]),
      ).toEqual([33.3, 44.4]);
    },
    STEP_TIMEOUT_MS,
  );

  it(
    'stores what the old gateway buffered before a swap, refuses what it measured after, and a later save stores nothing twice',
    async () => {
      // The old gateway reaches the broker through a relay: its network, which will fail.
      const network = await TcpRelay.start(fleet.platform.mqttPort);
      relays.push(network);
      const boiler = await fleet.deviceWithAgent({
        title: 'Boiler, swapped',
        productModel: 'LY-BLR-SWP',
        model: demoBoilerModelInput({ host: '192.0.2.10', pollIntervalMs: 250 }),
        deviceName: 'Boiler, gateway swapped',
        agent: { platformUrl: network.url },
      });
      const { deviceId, agent: oldAgent } = boiler;
      agents.push(oldAgent);
      const lastTraced = async (agent: AgentProcess) => (await agent.trace()).at(-1)?.seq ?? 0;
      /** Until the platform acknowledged every upload the agent buffered so far (at least one). */
      const acknowledged = async (sn: string, agent: AgentProcess) => {
        const target = await eventually(`${sn} to buffer an upload`, () => lastTraced(agent));
        await eventually(
          `the platform to acknowledge upload ${target} of ${sn}`,
          async () => (await fleet.gatewayInfo(sn)).lastSeq >= target,
        );
      };
      await acknowledged(boiler.gateway.sn, oldAgent);

      // The old gateway's network fails; it keeps polling into its buffer.
      const cutAt = oldAgent.process.lines.length;
      network.disconnect();
      await oldAgent.process.waitForLine(/disconnected from the platform/, 30_000, cutAt);
      const seqAtCut = await lastTraced(oldAgent);
      await eventually(
        'the old gateway to buffer while offline',
        async () => (await lastTraced(oldAgent)) >= seqAtCut + 3,
      );

      // The device is moved to a new gateway, which starts and runs the device's configuration.
      const newGateway = await fleet.addGateway();
      const replacement = await fleet.api.post<GatewayReplacement>(GATEWAY_OPS_API_PATHS.replace, {
        equipmentId: deviceId,
        sn: newGateway.sn,
        verificationCode: newGateway.verificationCode,
        confirm: true,
      });
      const swappedAt = Date.parse(replacement.at);
      const newAgent = await fleet.startAgent(newGateway);
      agents.push(newAgent);
      await newAgent.process.waitForLine(/configuration version \d+ applied/, AGENT_START_MS);
      // The old gateway measured after the swap too, before it hears of it.
      await eventually('the old gateway to buffer past the swap', async () =>
        (await oldAgent.trace()).some((batch) => batch.points.some((point) => point.t > swappedAt)),
      );

      // Its network comes back: it sends its buffer and learns its configuration was withdrawn.
      const joinedAt = oldAgent.process.lines.length;
      network.join();
      await oldAgent.process.waitForLine(/sending \d+ buffered batches/, AGENT_START_MS, joinedAt);
      await oldAgent.process.waitForLine(/configuration version \d+ withdrawn/, 30_000, joinedAt);
      await acknowledged(boiler.gateway.sn, oldAgent);
      expect(await oldAgent.stop()).toBe(0);
      await acknowledged(newGateway.sn, newAgent);

      const oldTrace = await oldAgent.trace();
      const oldPoints = oldTrace.flatMap((batch) => batch.points);
      const newPoints = (await newAgent.trace()).flatMap((batch) => batch.points);
      const keys = [...new Set([...oldPoints, ...newPoints].map((point) => point.k))];
      const id = (point: { k: string; t: number }) => `${point.k}@${point.t}`;
      // The new gateway goes on producing: the history up to the last point it had buffered.
      const traced = [...oldPoints, ...newPoints].map((point) => point.t);
      const history = await readStoredPoints(fleet.api, deviceId, keys, {
        start: Math.min(...traced),
        end: Math.max(...newPoints.map((point) => point.t)),
      });
      expect(new Set(history.map(id)).size).toBe(history.length);
      const storedIds = new Set(history.map(id));
      // Every sample the old gateway measured up to the swap is stored (snapshots only when new).
      const before = oldPoints.filter((point) => point.t <= swappedAt);
      const after = oldPoints.filter((point) => point.t > swappedAt);
      const bufferedOffline = oldTrace
        .filter((batch) => batch.seq > seqAtCut)
        .flatMap((batch) => batch.points)
        .filter((point) => point.t <= swappedAt && !point.s);
      expect(bufferedOffline.length).toBeGreaterThan(0);
      expect(before.filter((point) => !point.s && !storedIds.has(id(point)))).toEqual([]);
      // What it measured after the swap is not the device's; what the device stored then is the new gateway's.
      expect(after.length).toBeGreaterThan(0);
      const fromOld = new Map(oldPoints.map((point) => [id(point), point]));
      const fromNew = new Map(newPoints.map((point) => [id(point), point]));
      for (const point of history) {
        const origin: Point | undefined =
          point.t <= swappedAt ? fromOld.get(id(point)) : fromNew.get(id(point));
        expect(
          origin,
          `${id(point)} was not measured by the gateway of the device at that time`,
        ).toBeDefined();
      }

      // A configuration saved after the swap: the new gateway applies it and sends no value again.
      const unchanged = ['serialNumber', 'temperatureSetpoint'];
      const countsBefore = (await stored(deviceId, unchanged)).length;
      const savedAt = newAgent.process.lines.length;
      const saved = await fleet.api.post<DeviceConfigAnswer>(DEVICE_CONFIG_API_PATHS.save, {
        id: deviceId,
        drivers: [{ key: DEMO_BOILER_DRIVER_KEY, host: '192.0.2.11' }],
      });
      await newAgent.process.waitForLine(
        new RegExp(`configuration version ${saved.version} applied`),
        30_000,
        savedAt,
      );
      const tracedAtSave = await lastTraced(newAgent);
      await eventually(
        'the new gateway to upload after the save',
        async () => (await lastTraced(newAgent)) > tracedAtSave + 1,
      );
      await acknowledged(newGateway.sn, newAgent);
      expect((await stored(deviceId, unchanged)).length).toBe(countsBefore);
      const afterSave = await stored(deviceId, keys);
      expect(new Set(afterSave.map(id)).size).toBe(afterSave.length);
    },
    STEP_TIMEOUT_MS,
  );
});
