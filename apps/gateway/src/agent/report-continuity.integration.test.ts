/**
 * What the agent reports across a configuration applied again and across its own restart: the
 * demo boiler holds still, so after the first cycle nothing moves beyond its dead zone. A
 * configuration saved again must not send the values again; a restart sends each value once more,
 * marked as a snapshot (`s: true`) so the platform can tell it from a new sample.
 *
 * The agent runs on a clock the test moves, one poll cycle per step.
 */
import type { Point } from '@lyyp/contracts/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GatewayAgent } from './gateway-agent.ts';
import { createAgentHarness, type AgentHarness } from './testing/agent-harness.ts';

describe('reports across a configuration applied again and a restart', () => {
  let harness: AgentHarness;

  beforeEach(async () => {
    harness = await createAgentHarness({ manualClock: true });
  });

  afterEach(async () => {
    await harness.close();
  });

  async function step(agent: GatewayAgent) {
    await harness.pollCycle();
    await agent.idle();
    if (agent.link.connected)
      await harness.until(() => agent.buffer.stats().unacknowledged === 0, 'every batch acknowledged');
  }

  /** Every point uploaded from upload `index` on (each upload once). */
  function pointsSince(index: number): Point[] {
    const seen = new Set<number>();
    return harness.platform.uploads
      .slice(index)
      .map((upload) => upload.payload)
      .filter((payload) => !seen.has(payload.seq) && seen.add(payload.seq))
      .flatMap((payload) => payload.points);
  }

  it('sends nothing again when the same configuration is applied again under a new version', async () => {
    await harness.platform.pushConfig(harness.config(1));
    const agent = await harness.startAgent();
    await harness.until(() => agent.runtime.version === 1, 'version 1 to run');
    await step(agent);
    await step(agent);
    const first = pointsSince(0);
    expect(first.length).toBeGreaterThan(5);
    // The first value of each variable since the start is a snapshot, and only that one.
    const snapshotKeys = first.filter((point) => point.s).map((point) => point.k);
    expect(new Set(snapshotKeys).size).toBe(snapshotKeys.length);

    for (const version of [2, 3, 4]) {
      const from = harness.platform.uploads.length;
      await harness.platform.pushConfig(harness.config(version));
      await harness.until(() => agent.runtime.version === version, `version ${version} to run`);
      await step(agent);
      await step(agent);
      // The boiler held still: a saved configuration brings no copies of its values.
      expect(pointsSince(from)).toEqual([]);
    }
  });

  it('marks the first value of each variable after a restart as a snapshot, and no other', async () => {
    await harness.platform.pushConfig(harness.config(1));
    let agent = await harness.startAgent();
    await harness.until(() => agent.runtime.version === 1, 'version 1 to run');
    await step(agent);
    await step(agent);
    await agent.stop();
    const from = harness.platform.uploads.length;
    agent = await harness.startAgent();
    await harness.until(() => agent.runtime.version === 1 && agent.link.connected, 'the agent to run again');
    await step(agent);
    await step(agent);
    await step(agent);
    const after = pointsSince(from);
    expect(after.length).toBeGreaterThan(5);
    const keys = after.map((point) => point.k);
    expect(new Set(keys).size).toBe(keys.length);
    expect(after.every((point) => point.s === true)).toBe(true);
  });
});
