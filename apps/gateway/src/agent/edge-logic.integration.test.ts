/**
 * Computed variables, kept values and scripts in the whole agent, against the fake platform and
 * the demo boiler simulator (whose demo model carries them). Waits are for conditions, never time.
 */
import { randomUUID } from 'node:crypto';
import type { ReplyPayload } from '@lyyp/contracts/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GatewayAgent } from './gateway-agent.ts';
import { createAgentHarness, type AgentHarness } from './testing/agent-harness.ts';

describe('computed variables and scripts on the agent', () => {
  let harness: AgentHarness;

  beforeEach(async () => {
    harness = await createAgentHarness();
  });

  afterEach(async () => {
    await harness.close();
  });

  const until = (condition: () => boolean) => harness.until(condition, condition.toString());
  const stored = (key: string) =>
    [...harness.platform.stored.values()].filter((point) => point.k === key).sort((a, b) => a.t - b.t);

  async function runningAgent(): Promise<GatewayAgent> {
    await harness.platform.pushConfig(harness.config(1));
    const agent = await harness.startAgent({ edge: { reportDelayMs: 20, saveDelayMs: 20 } });
    await until(() => harness.platform.configReports.some((report) => report.version === 1));
    return agent;
  }

  async function command(body: Record<string, unknown>): Promise<ReplyPayload> {
    const uuid = randomUUID();
    const before = harness.platform.replies.length;
    await harness.platform.sendCommand({ expiresAt: Date.now() + 30_000, ...body, uuid });
    await until(() => harness.platform.replies.length > before);
    return harness.platform.replies.at(-1)!;
  }

  it('computes the demo temperature difference from the same cycle and uploads it like a polled value', async () => {
    const agent = await runningAgent();
    harness.simulator.device.setValue('waterTemperature', 80);
    harness.simulator.device.setValue('returnTemperature', 62.5);
    await until(() => stored('temperatureRise').at(-1)?.v === 17.5);
    // A summary reads its previous value: the highest pressure only grows.
    await until(() => stored('peakPressure').length > 0);
    const peaks = stored('peakPressure').map((point) => point.v as number);
    expect([...peaks].sort((a, b) => a - b)).toEqual(peaks);
    await agent.settle();
  });

  it('runs the shutdown script when the request is written: burner off through the confirmed write path', async () => {
    await runningAgent();
    harness.simulator.device.setValue('burnerEnable', 1);
    const reply = await command({ op: 'write', key: 'shutdownRequest', value: 1 });
    expect(reply).toMatchObject({ status: 'success', data: { value: 1 } });
    await until(() => harness.simulator.device.value('burnerEnable') === 0);
    await until(() =>
      harness.platform.scriptReports.some((report) =>
        report.scripts.some(
          (script) => script.key === 'shutdownSequence' && script.log.includes('burner off'),
        ),
      ),
    );
    const report = harness.platform.scriptReports.at(-1)!;
    expect(report.configVersion).toBe(1);
    expect(report.scripts.map((script) => script.key)).toEqual(['runHourCounter', 'shutdownSequence']);
    expect(report.scripts[1]).toMatchObject({ lastOk: true, lastErrorCode: null });
    await until(() => stored('shutdownRequest').some((point) => point.v === 1));
    // The script's device writes go to the platform for the device log, each in one report only.
    const writes = () => harness.platform.scriptReports.flatMap((sent) => sent.writes ?? []);
    await until(() => writes().some((write) => write.key === 'burnerEnable'));
    expect(writes().find((write) => write.key === 'burnerEnable')).toMatchObject({
      script: 'shutdownSequence',
      value: 0,
      ok: true,
      code: null,
    });
    const ids = writes().map((write) => write.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps internal values across a restart of the agent', async () => {
    const agent = await runningAgent();
    expect(await command({ op: 'write', key: 'runHours', value: 12.5 })).toMatchObject({ status: 'success' });
    expect(await command({ op: 'read', key: 'runHours' })).toMatchObject({ data: { value: 12.5 } });
    await agent.stop();
    const restarted = await harness.startAgent();
    // Connected, and running the configuration the platform holds for it.
    await until(() => restarted.link.connected && restarted.runtime.version > 0);
    await restarted.idle();
    expect(restarted.edge.currentValue('runHours')).toEqual({ ok: true, value: 12.5 });
    expect(await command({ op: 'read', key: 'runHours' })).toMatchObject({ data: { value: 12.5 } });
  });
});
