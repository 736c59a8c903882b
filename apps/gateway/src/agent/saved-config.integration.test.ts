/**
 * The configuration an agent starts with: one saved on disk runs only when the platform cannot say
 * which is current. A configuration saved while the gateway was off (the broker's retained copy)
 * is the first one the agent runs, so it never polls the addresses of the saved one even once;
 * without the platform, the saved one runs at once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentActivity } from './gateway-agent.ts';
import { createAgentHarness, type AgentHarness } from './testing/agent-harness.ts';

describe('the configuration an agent starts with', () => {
  let harness: AgentHarness;

  beforeEach(async () => {
    harness = await createAgentHarness();
  });

  afterEach(async () => {
    await harness.close();
  });

  /** The versions that started running from activity `from` on, in order. */
  const configuredSince = (from: number) =>
    harness.activities
      .slice(from)
      .filter(
        (activity): activity is Extract<AgentActivity, { kind: 'configured' }> =>
          activity.kind === 'configured',
      )
      .map((activity) => activity.version);
  const ranSaved = (version: number) =>
    harness.logs.some((line) => line.message === `running saved configuration version ${version}`);

  it('runs the newer configuration the platform holds, never the saved one', async () => {
    await harness.platform.pushConfig(harness.config(1));
    const first = await harness.startAgent();
    await harness.until(() => first.runtime.version === 1, 'version 1 to run');
    await first.stop();

    // Saved while the gateway was off: the platform's retained copy is version 2.
    await harness.platform.pushConfig(harness.config(2));
    const from = harness.activities.length;
    const again = await harness.startAgent();
    await harness.until(() => again.runtime.version === 2, 'version 2 to run');
    await harness.until(
      () => harness.activities.slice(from).some((activity) => activity.kind === 'polled'),
      'a poll of version 2',
    );
    await again.idle();
    expect(configuredSince(from)).toEqual([2]);
    expect(ranSaved(1)).toBe(false);
  });

  it('runs the saved configuration at once when the platform cannot be reached', async () => {
    await harness.platform.pushConfig(harness.config(1));
    const first = await harness.startAgent();
    await harness.until(() => first.runtime.version === 1, 'version 1 to run');
    await harness.goOffline(first);
    await first.stop();

    const from = harness.activities.length;
    const again = await harness.startAgent();
    await harness.until(() => again.runtime.version === 1, 'the saved configuration to run');
    await again.idle();
    expect(configuredSince(from)).toEqual([1]);
    expect(ranSaved(1)).toBe(true);
  });
});
