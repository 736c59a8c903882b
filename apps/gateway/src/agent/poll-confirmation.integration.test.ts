/**
 * Poll confirmations through the whole agent: the demo boiler holds still, so the dead zone lets
 * nothing through after the first cycle, and the platform must still hear every poll interval that
 * the boiler's values are current; not after a failed read, and not from a buffer filled offline.
 *
 * The agent runs on a clock the test moves, one poll cycle per step; each step waits for the
 * cycle, and where the platform answers, for its batch to be on disk and acknowledged.
 */
import { dataPayloadSchema, type DataPayload } from '@lyyp/contracts/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GatewayAgent, GatewayAgentOptions } from './gateway-agent.ts';
import { POLL_MS, createAgentHarness, type AgentHarness } from './testing/agent-harness.ts';

describe('poll confirmations', () => {
  let harness: AgentHarness;

  beforeEach(async () => {
    harness = await createAgentHarness({ manualClock: true });
  });

  afterEach(async () => {
    await harness.close();
  });

  async function runningAgent(overrides: Partial<GatewayAgentOptions> = {}): Promise<GatewayAgent> {
    await harness.platform.pushConfig(harness.config(1));
    const agent = await harness.startAgent(overrides);
    await harness.until(() => agent.runtime.version === 1, 'the configuration to run');
    await step(agent);
    await step(agent);
    expect(harness.platform.stored.size).toBeGreaterThan(0);
    return agent;
  }

  /** One poll cycle; then everything buffered is on disk and, unless told not to wait, acknowledged. */
  async function step(agent: GatewayAgent, { acknowledged = true } = {}) {
    await harness.pollCycle();
    await agent.idle();
    if (acknowledged && harness.platform.acknowledge && agent.link.connected)
      await harness.until(() => agent.buffer.stats().unacknowledged === 0, 'every batch acknowledged');
  }

  /** Uploads that arrived from `index` on, each once. */
  function uploadsSince(index: number): DataPayload[] {
    const seen = new Set<number>();
    return harness.platform.uploads
      .slice(index)
      .map((upload) => upload.payload)
      .filter((payload) => !seen.has(payload.seq) && seen.add(payload.seq));
  }

  /** Confirmations from `index` on, for one driver, in arrival order. */
  const confirmationsSince = (index: number) =>
    uploadsSince(index).flatMap((payload) =>
      (payload.polled ?? []).filter((item) => item.driver === 'boiler'),
    );

  const cyclesSoFar = (agent: GatewayAgent) => agent.runtime.cycleCounts()['boiler'] ?? 0;

  /** Runs `cycles` poll cycles of unchanged values: what arrived and how many cycles ran meanwhile. */
  async function watchQuietBoiler(agent: GatewayAgent, cycles: number) {
    await step(agent);
    const from = harness.platform.uploads.length;
    const cyclesBefore = cyclesSoFar(agent);
    for (let index = 0; index < cycles; index += 1) await step(agent);
    return {
      uploads: uploadsSince(from),
      confirmed: confirmationsSince(from),
      cycles: cyclesSoFar(agent) - cyclesBefore,
    };
  }

  it('confirms every poll of unchanged values in uploads of their own, acknowledged like any other', async () => {
    const agent = await runningAgent();
    const { uploads, confirmed, cycles } = await watchQuietBoiler(agent, 10);

    expect(cycles).toBe(10);
    // Each cycle's confirmation goes out half an interval after it: the one before the watch
    // arrives in it, the last cycle's is still gathering.
    expect(confirmed).toHaveLength(10);
    for (const upload of uploads) {
      expect(dataPayloadSchema.safeParse(upload).success).toBe(true);
      expect(upload.points).toEqual([]);
    }
    const times = confirmed.map((item) => item.t);
    expect(times).toEqual(times.map((_, index) => times[0]! + index * POLL_MS));
    // Numbered like data: no holes, and all acknowledged.
    const seqs = uploads.map((upload) => upload.seq);
    expect(seqs).toEqual(seqs.map((_, index) => seqs[0]! + index));
    expect(agent.buffer.stats().unacknowledged).toBe(0);
  });

  it('does not hold a confirmation for the whole batch window when the poll interval is shorter', async () => {
    const agent = await runningAgent({ batch: { maxDelayMs: 1000 } });
    const { confirmed, uploads } = await watchQuietBoiler(agent, 10);
    // Gathered for the full second, they would come as one upload.
    expect(confirmed).toHaveLength(10);
    expect(uploads).toHaveLength(10);
  });

  it('rides in the upload that carries the values the same cycle changed', async () => {
    const agent = await runningAgent();
    const from = harness.platform.uploads.length;
    harness.simulator.device.setValue('waterLevel', 612);
    await step(agent);
    await step(agent);
    const upload = uploadsSince(from).find((item) => item.points.some((point) => point.k === 'waterLevel'))!;
    const level = upload.points.find((point) => point.k === 'waterLevel')!;
    expect(level.v).toBe(61.2);
    const [confirmation] = upload.polled ?? [];
    expect(confirmation?.driver).toBe('boiler');
    // The cycle started before it read the level, and less than one interval before.
    expect(level.t - confirmation!.t).toBeGreaterThanOrEqual(0);
    expect(level.t - confirmation!.t).toBeLessThan(POLL_MS);
  });

  it('confirms nothing while one read fails, and again once it reads', async () => {
    const agent = await runningAgent();
    harness.simulator.device.failAddress('holding-register', 104, 2);
    await step(agent);
    await step(agent);
    expect(
      [...harness.platform.stored.values()].some(
        (point) => point.k === 'maintenanceHours' && point.e === '1732',
      ),
    ).toBe(true);
    // The fault was reported once and nothing else changed: nothing at all is sent.
    const { uploads, cycles } = await watchQuietBoiler(agent, 6);
    expect(cycles).toBe(6);
    expect(uploads).toEqual([]);

    const from = harness.platform.uploads.length;
    harness.simulator.device.clearFaults();
    for (let index = 0; index < 4; index += 1) await step(agent);
    expect(confirmationsSince(from)).toHaveLength(3);
    const recovered = uploadsSince(from).find((upload) =>
      upload.points.some((p) => p.k === 'maintenanceHours'),
    );
    expect(recovered?.points.find((point) => point.k === 'maintenanceHours')?.e).toBeUndefined();
  });

  it('keeps no confirmations while the platform is out of reach, and confirms again once it is back', async () => {
    const agent = await runningAgent();
    await harness.goOffline(agent);
    const append = vi.spyOn(agent.buffer, 'append');
    const cycles = cyclesSoFar(agent);
    for (let index = 0; index < 6; index += 1) await step(agent);
    expect(cyclesSoFar(agent) - cycles).toBe(6);
    // Unchanged values, unheard confirmations: nothing goes into the buffer.
    expect(append).not.toHaveBeenCalled();

    const from = harness.platform.uploads.length;
    await harness.comeBack(agent);
    for (let index = 0; index < 4; index += 1) await step(agent);
    expect(confirmationsSince(from).length).toBeGreaterThanOrEqual(3);
  });

  it('does not pile confirmations up behind uploads the platform has not answered', async () => {
    const agent = await runningAgent({ upload: { maxInFlight: 4, ackTimeoutMs: 5 * POLL_MS } });
    harness.platform.acknowledge = false;
    const cycles = cyclesSoFar(agent);
    for (let index = 0; index < 10; index += 1) await step(agent);
    expect(cyclesSoFar(agent) - cycles).toBe(10);
    // The sending window fills, one more waits behind it, and then no more are stored.
    expect(agent.buffer.stats().unacknowledged).toBe(5);

    harness.platform.acknowledge = true;
    // Within one acknowledgement timeout the window is sent again, and answered this time.
    for (let index = 0; index < 5; index += 1) await step(agent, { acknowledged: false });
    await harness.until(() => agent.buffer.stats().unacknowledged === 0, 'every batch acknowledged');
    const from = harness.platform.uploads.length;
    for (let index = 0; index < 4; index += 1) await step(agent);
    expect(confirmationsSince(from)).toHaveLength(4);
  });
});
