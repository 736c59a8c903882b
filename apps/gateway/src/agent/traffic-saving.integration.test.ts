/**
 * Smart traffic saving through the whole agent, on a clock the test moves: ten minutes without a
 * viewer stop the live stream (changes are kept in the buffer as history, nothing goes up), the
 * kept history goes up together every ten minutes, and a viewer hint resumes live at once.
 */
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_GATEWAY_SETTINGS,
  TRAFFIC_SAVING_HISTORY_UPLOAD_MS,
  TRAFFIC_SAVING_IDLE_MS,
} from '@lyyp/contracts/gateway-ops';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GatewayAgent } from './gateway-agent.ts';
import { POLL_MS, createAgentHarness, type AgentHarness } from './testing/agent-harness.ts';

describe('smart traffic saving on the agent', () => {
  let harness: AgentHarness;

  beforeEach(async () => {
    harness = await createAgentHarness({ manualClock: true });
  });
  afterEach(async () => {
    await harness.close();
  });

  const stored = (key: string, value: number) =>
    [...harness.platform.stored.values()].some((point) => point.k === key && point.v === value);

  async function savingAgent(): Promise<GatewayAgent> {
    await harness.platform.pushConfig(harness.config(1));
    const agent = await harness.startAgent();
    await harness.until(() => agent.runtime.version === 1, 'the configuration to run');
    const uuid = randomUUID();
    await harness.platform.sendCommand({
      uuid,
      op: 'settings',
      expiresAt: Date.now() + 3_600_000,
      settings: { ...DEFAULT_GATEWAY_SETTINGS, trafficSaving: true },
    });
    await harness.until(() => harness.platform.replyTo(uuid) !== undefined, 'the settings reply');
    return agent;
  }

  it('stops live uploads after ten idle minutes, keeps history, and resumes at a viewer hint', async () => {
    const agent = await savingAgent();
    await harness.cycleWith(agent, 1100);
    await harness.until(() => stored('heatOutput', 1100), 'live data while watched');

    // Ten minutes without a viewer (the clock jumps; the poll cycles due meanwhile run at once).
    harness.clock!.advance(TRAFFIC_SAVING_IDLE_MS);
    await harness.cycleWith(agent, 1200);
    await harness.cycleWith(agent, 1300);
    await harness.until(() => agent.buffer.stats().unacknowledged > 0, 'history kept in the buffer');
    // Sending is over and nothing went out: the kept batches are neither on their way nor answered.
    await agent.idle();
    expect(agent.buffer.stats()).toMatchObject({ inFlight: 0 });
    const arrived = harness.platform.uploads.length;
    // Batches close and are buffered, yet nothing goes up: live is stopped.
    harness.clock!.advance(10 * POLL_MS);
    await agent.idle();
    await harness.cycleWith(agent, 1400);
    expect(harness.platform.uploads.length).toBe(arrived);
    expect(stored('heatOutput', 1200)).toBe(false);

    // Someone opens the device: live resumes at once with the history kept meanwhile.
    await harness.platform.sendView();
    await harness.until(
      () => stored('heatOutput', 1200) && stored('heatOutput', 1300) && stored('heatOutput', 1400),
      'the kept history after the hint',
    );
    await harness.cycleWith(agent, 1500);
    await harness.until(() => stored('heatOutput', 1500), 'live data again');
  });

  it('sends the kept history together every ten minutes while nobody watches', async () => {
    const agent = await savingAgent();
    harness.clock!.advance(TRAFFIC_SAVING_IDLE_MS);
    await harness.cycleWith(agent, 1700);
    await harness.cycleWith(agent, 1800);
    await harness.until(() => agent.buffer.stats().unacknowledged > 0, 'history kept in the buffer');
    expect(stored('heatOutput', 1800)).toBe(false);
    harness.clock!.advance(TRAFFIC_SAVING_HISTORY_UPLOAD_MS);
    await harness.until(() => stored('heatOutput', 1700) && stored('heatOutput', 1800), 'the history upload');
    await harness.until(() => agent.buffer.stats().unacknowledged === 0, 'history acknowledged');
    // Still nobody watching: the next change waits for the next history upload.
    await harness.cycleWith(agent, 1900);
    await harness.until(() => agent.buffer.stats().unacknowledged > 0, 'the next change kept');
    expect(stored('heatOutput', 1900)).toBe(false);
  });
});
