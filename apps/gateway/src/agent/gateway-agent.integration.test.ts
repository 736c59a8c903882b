/**
 * The agent against a fake platform (Aedes on loopback) and the demo boiler simulator. Every wait
 * is for a condition, checked again on each event of the agent and the platform; none has a time
 * limit of its own or sleeps.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DeviceModel } from '@lyyp/contracts/device-model';
import type { ReplyPayload } from '@lyyp/contracts/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AGENT_VERSION, type GatewayAgent } from './gateway-agent.ts';
import { SN, createAgentHarness, type AgentHarness } from './testing/agent-harness.ts';

describe('gateway agent', () => {
  let harness: AgentHarness;

  beforeEach(async () => {
    harness = await createAgentHarness();
  });

  afterEach(async () => {
    await harness.close();
  });

  /** Waits until `condition` holds, named by the source of the condition for a test that hangs. */
  const until = (condition: () => boolean) => harness.until(condition, condition.toString());

  const storedValues = (key: string) =>
    [...harness.platform.stored.values()].filter((point) => point.k === key).sort((a, b) => a.t - b.t);

  async function runningAgent(version = 1): Promise<GatewayAgent> {
    await harness.platform.pushConfig(harness.config(version));
    const agent = await harness.startAgent();
    await until(() => harness.platform.configReports.some((report) => report.version === version));
    return agent;
  }

  async function command(body: Record<string, unknown>): Promise<ReplyPayload> {
    const uuid = typeof body.uuid === 'string' ? body.uuid : randomUUID();
    const before = harness.platform.replies.length;
    await harness.platform.sendCommand({ expiresAt: Date.now() + 30_000, ...body, uuid });
    await until(() => harness.platform.replies.length > before);
    return harness.platform.replies.at(-1)!;
  }

  it('signs in with its SN and secret, leaves an offline will, and reports status with its configuration and slaves', async () => {
    const agent = await runningAgent();
    expect(harness.platform.will).toEqual({
      topic: `gw/${SN}/up/status`,
      payload: expect.objectContaining({ status: 'offline' }) as unknown,
      retain: false,
    });
    expect(harness.platform.configReports[0]).toEqual({ version: 1, status: 'applied' });
    await until(() => harness.platform.statuses.some((status) => status.configVersion === 1));
    const status = harness.platform.statuses.findLast((item) => item.configVersion === 1)!;
    expect(status).toMatchObject({
      status: 'online',
      gatewayMode: 'standard',
      firmware: AGENT_VERSION,
    });
    expect(status.slaves?.[0]).toMatchObject({ driverKey: 'boiler', lastErrorCode: null });

    await until(() => storedValues('waterTemperature').length > 0);
    const [first] = storedValues('waterTemperature');
    // One decimal, as the model asks.
    expect(first?.v).toBeCloseTo(harness.simulator.device.value('waterTemperature') as number, 1);
    await agent.settle();
    await until(() => agent.buffer.stats().unacknowledged === 0);
  });

  it('applies a new configuration in place, and keeps running the old one when the next does not validate', async () => {
    const agent = await runningAgent(1);
    harness.simulator.device.setValue('waterLevel', 500);
    await until(() => storedValues('waterLevel').at(-1)?.v === 50);

    const model = harness.model();
    const rescaled: DeviceModel = {
      ...model,
      variables: model.variables.map((variable) =>
        variable.key === 'waterLevel' ? { ...variable, collectionFormula: 'x / 100' } : variable,
      ),
    };
    await harness.platform.pushConfig(harness.config(2, rescaled));
    await until(() => harness.platform.configReports.some((report) => report.version === 2));
    expect(harness.platform.configReports.at(-1)).toEqual({ version: 2, status: 'applied' });
    await until(() => storedValues('waterLevel').at(-1)?.v === 5);
    await until(() => harness.platform.statuses.at(-1)?.configVersion === 2);

    const broken = {
      version: 3,
      model: { ...rescaled, variables: [{ ...rescaled.variables[0], collectionFormula: '   ' }] },
    };
    await harness.platform.pushConfig(broken);
    await until(() => harness.platform.configReports.some((report) => report.version === 3));
    expect(harness.platform.configReports.at(-1)).toMatchObject({
      version: 3,
      status: 'failed',
      code: '1001',
    });
    // Version 2 still polls: a new level shows through its formula.
    harness.simulator.device.setValue('waterLevel', 700);
    await until(() => storedValues('waterLevel').at(-1)?.v === 7);
    expect(agent.runtime.version).toBe(2);
  });

  it('writes through the write formula, confirms by read-back, and answers with the value before', async () => {
    await runningAgent();
    await until(() => storedValues('temperatureSetpoint').length > 0);
    const before = storedValues('temperatureSetpoint').at(-1)!.v;
    const reply = await command({ op: 'write', key: 'temperatureSetpoint', value: 65.5 });
    expect(reply).toMatchObject({ status: 'success', code: '200', data: { value: 65.5, previous: before } });
    expect(harness.simulator.device.memory.read('holding-register', 100, 1)).toEqual([655]);
    await until(() => storedValues('temperatureSetpoint').at(-1)?.v === 65.5);
  });

  it('refuses read-only variables (2004) and values beyond the limits (2003) without touching the device', async () => {
    await runningAgent();
    expect(await command({ op: 'write', key: 'firmwareVersion', value: 3 })).toMatchObject({
      status: 'failure',
      code: '2004',
    });
    expect(await command({ op: 'write', key: 'temperatureSetpoint', value: 96 })).toMatchObject({
      status: 'failure',
      code: '2003',
    });
    expect(await command({ op: 'write', key: 'noSuchVariable', value: 1 })).toMatchObject({
      status: 'failure',
      code: '1714',
    });
    expect(harness.simulator.device.writes).toEqual([]);
  });

  it('does not run a command that arrives after its deadline', async () => {
    await runningAgent();
    const reply = await command({ op: 'write', key: 'operatingMode', value: 1, expiresAt: Date.now() - 1 });
    expect(reply).toMatchObject({ status: 'failure', code: '99902' });
    expect(harness.simulator.device.writes).toEqual([]);
  });

  it('answers a repeated uuid with its first reply without writing again, also after a restart', async () => {
    const agent = await runningAgent();
    const uuid = randomUUID();
    const first = await command({ uuid, op: 'write', key: 'operatingMode', value: 1 });
    expect(first).toMatchObject({ status: 'success', data: { value: 1 } });
    expect(harness.simulator.device.writes).toHaveLength(1);
    harness.simulator.device.setValue('operatingMode', 2);

    expect(await command({ uuid, op: 'write', key: 'operatingMode', value: 1 })).toEqual(first);
    expect(harness.simulator.device.writes).toHaveLength(1);
    expect(harness.simulator.device.value('operatingMode')).toBe(2);

    await agent.stop();
    const restarted = await harness.startAgent();
    // Subscribed, not just connected: a command published before that would reach no one.
    await until(() => restarted.link.connected);
    expect(
      await command({ uuid, op: 'write', key: 'operatingMode', value: 1, expiresAt: Date.now() + 30_000 }),
    ).toEqual(first);
    expect(harness.simulator.device.writes).toHaveLength(1);
  });

  it('reads on demand, answers the value and stores it; answers malformed commands with 1002', async () => {
    await runningAgent();
    const reply = await command({ op: 'read', key: 'serialNumber' });
    expect(reply).toMatchObject({ status: 'success', code: '200', data: { value: 'LYBLR2T-00012345' } });
    await until(() => storedValues('serialNumber').length === 1);
    expect(await command({ op: 'read', key: 'missing' })).toMatchObject({ status: 'failure', code: '99903' });
    expect(await command({ uuid: randomUUID(), op: 'explode' })).toMatchObject({
      status: 'failure',
      code: '1002',
    });
  });

  it('restarts the Modbus side on request after answering, and polls again', async () => {
    const agent = await runningAgent();
    await until(() => storedValues('heatOutput').length > 0);
    const reply = await command({ op: 'restart' });
    expect(reply).toEqual({ uuid: reply.uuid, status: 'success', code: '200' });
    harness.simulator.device.setValue('heatOutput', 4321);
    await until(() => storedValues('heatOutput').at(-1)?.v === 4321);
    expect(agent.runtime.version).toBe(1);
  });

  it('stops polling and forgets its configuration when the platform withdraws it, and says version 0', async () => {
    const agent = await runningAgent(1);
    harness.simulator.device.setValue('waterLevel', 500);
    await until(() => storedValues('waterLevel').at(-1)?.v === 50);
    const reportsBefore = harness.platform.configReports.length;
    const statusesBefore = harness.platform.statuses.length;

    await harness.platform.clearConfig();
    await until(() =>
      harness.platform.statuses.slice(statusesBefore).some((item) => item.configVersion === 0),
    );
    expect(agent.runtime.version).toBe(0);
    expect(existsSync(path.join(harness.dataDir, 'config.json'))).toBe(false);
    // Nothing polls any more: no cycle can pick up a new level.
    expect(agent.runtime.cycleCounts()).toEqual({});
    expect(agent.runtime.statuses()).toEqual([]);
    harness.simulator.device.setValue('waterLevel', 600);
    await agent.settle();
    expect(storedValues('waterLevel').map((point) => point.v)).not.toContain(60);
    // Not refused as a malformed configuration, and not answered at all.
    expect(harness.platform.configReports).toHaveLength(reportsBefore);
    expect(harness.logs.filter((line) => line.level === 'warn' || line.level === 'error')).toEqual([]);

    // A restart does not bring it back.
    await agent.stop();
    const restarted = await harness.startAgent();
    expect(restarted.runtime.version).toBe(0);
    await until(() => harness.platform.statuses.at(-1)?.status === 'online');
    expect(harness.platform.statuses.at(-1)?.configVersion).toBe(0);

    // Bound again, the same version runs again.
    await harness.platform.pushConfig(harness.config(1));
    await until(() => storedValues('waterLevel').at(-1)?.v === 60);
    expect(harness.platform.configReports.at(-1)).toEqual({ version: 1, status: 'applied' });
  });
});
