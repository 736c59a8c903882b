/**
 * Remote settings, dormancy and factory reset on the agent against the fake platform. Waits are
 * for conditions, never for time.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_GATEWAY_SETTINGS, type GatewaySettings } from '@lyyp/contracts/gateway-ops';
import type { ReplyPayload } from '@lyyp/contracts/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GatewayAgent } from './gateway-agent.ts';
import { createAgentHarness, type AgentHarness } from './testing/agent-harness.ts';

describe('gateway settings on the agent', () => {
  let harness: AgentHarness;

  beforeEach(async () => {
    harness = await createAgentHarness();
  });
  afterEach(async () => {
    await harness.close();
  });

  const until = (condition: () => boolean) => harness.until(condition, condition.toString());

  async function runningAgent(): Promise<GatewayAgent> {
    await harness.platform.pushConfig(harness.config(1));
    const agent = await harness.startAgent();
    await until(() => harness.platform.configReports.some((report) => report.version === 1));
    return agent;
  }

  async function command(body: Record<string, unknown>): Promise<ReplyPayload> {
    const uuid = randomUUID();
    await harness.platform.sendCommand({ expiresAt: Date.now() + 30_000, ...body, uuid });
    await until(() => harness.platform.replyTo(uuid) !== undefined);
    return harness.platform.replyTo(uuid)!;
  }

  it('answers a settings command per setting and keeps what it took across a restart', async () => {
    const agent = await runningAgent();
    const settings: GatewaySettings = {
      ...DEFAULT_GATEWAY_SETTINGS,
      mode: 'router',
      wifi: { enabled: true, role: 'client', ssid: 'site', password: 'abc12xyz' },
      reportIntervalSeconds: 2,
    };
    const reply = await command({ op: 'settings', settings });
    expect(reply.status).toBe('success');
    const outcomes = Object.fromEntries((reply.data?.settings ?? []).map((item) => [item.key, item.status]));
    expect(outcomes).toMatchObject({
      mode: 'restart-required',
      wifi: 'unsupported',
      reportIntervalSeconds: 'applied',
    });
    expect(agent.settings.settings.reportIntervalSeconds).toBe(2);

    // The working mode is in force once the agent starts again.
    await agent.stop();
    const restarted = await harness.startAgent();
    await until(() => harness.platform.statuses.some((status) => status.gatewayMode === 'router'));
    expect(restarted.settings.settings.wifi.enabled).toBe(false);
  });

  it('falls asleep on request (status dormant, no polling) and wakes to poll again', async () => {
    const agent = await runningAgent();
    const asleep = await command({
      op: 'settings',
      settings: { ...DEFAULT_GATEWAY_SETTINGS, dormant: true },
    });
    expect(asleep.status).toBe('success');
    await until(() => harness.platform.statuses.at(-1)?.status === 'dormant');
    expect(agent.runtime.version).toBe(0);
    await command({ op: 'settings', settings: DEFAULT_GATEWAY_SETTINGS });
    await until(() => harness.platform.statuses.at(-1)?.status === 'online');
    await until(() => agent.runtime.version === 1);
  });

  it('refuses a settings command without settings', async () => {
    await runningAgent();
    expect(await command({ op: 'settings' })).toMatchObject({ status: 'failure', code: '1002' });
  });

  it('returns to factory settings: settings and configuration forgotten, polling stopped', async () => {
    const agent = await runningAgent();
    await command({ op: 'settings', settings: { ...DEFAULT_GATEWAY_SETTINGS, antiTamper: true } });
    expect(existsSync(path.join(harness.dataDir, 'settings.json'))).toBe(true);
    const reply = await command({ op: 'factory-reset' });
    expect(reply.status).toBe('success');
    expect(agent.runtime.version).toBe(0);
    expect(agent.settings.settings).toEqual(DEFAULT_GATEWAY_SETTINGS);
    expect(existsSync(path.join(harness.dataDir, 'settings.json'))).toBe(false);
    expect(existsSync(path.join(harness.dataDir, 'config.json'))).toBe(false);
    await until(() => harness.platform.statuses.at(-1)?.configVersion === 0);
    // The platform sends the device's configuration again; the gateway runs it.
    await harness.platform.pushConfig(harness.config(1));
    await until(() => agent.runtime.version === 1);
  });
});
