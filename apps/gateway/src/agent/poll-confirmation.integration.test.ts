/**
 * Poll confirmations through the whole agent: the demo boiler holds still, so the dead zone lets
 * nothing through after the first cycle, and the platform must still hear every poll interval that
 * the boiler's values are current; not after a failed read, and not from a buffer filled offline.
 */
import { dataPayloadSchema, type DataPayload } from '@lyyp/contracts/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sleep, waitFor } from '../modbus/testing/wait-for.ts';
import type { GatewayAgent, GatewayAgentOptions } from './gateway-agent.ts';
import { createAgentHarness, type AgentHarness } from './testing/agent-harness.ts';

/** The harness polls the boiler every 100 ms. */
const POLL_MS = 100;

describe('poll confirmations', () => {
  let harness: AgentHarness;

  beforeEach(async () => {
    harness = await createAgentHarness();
  });

  afterEach(async () => {
    await harness.close();
  });

  async function runningAgent(overrides: Partial<GatewayAgentOptions> = {}): Promise<GatewayAgent> {
    await harness.platform.pushConfig(harness.config(1));
    const agent = await harness.startAgent(overrides);
    await waitFor(() => harness.platform.stored.size > 0, 5000);
    return agent;
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

  /** Watches unchanged values for `ms`: what arrived and how many cycles ran meanwhile. */
  async function watchQuietBoiler(agent: GatewayAgent, ms: number) {
    await sleep(2 * POLL_MS);
    const from = harness.platform.uploads.length;
    const cyclesBefore = agent.runtime.cycleCounts()['boiler'] ?? 0;
    await sleep(ms);
    const cycles = (agent.runtime.cycleCounts()['boiler'] ?? 0) - cyclesBefore;
    return { uploads: uploadsSince(from), confirmed: confirmationsSince(from), cycles };
  }

  it('confirms every poll of unchanged values in uploads of their own, acknowledged like any other', async () => {
    const agent = await runningAgent();
    const { uploads, confirmed, cycles } = await watchQuietBoiler(agent, 1000);

    expect(cycles).toBeGreaterThanOrEqual(5);
    // Each cycle is confirmed: at most one or two still on their way when the watch ends.
    expect(confirmed.length).toBeGreaterThanOrEqual(cycles - 2);
    for (const upload of uploads) {
      expect(dataPayloadSchema.safeParse(upload).success).toBe(true);
      expect(upload.points).toEqual([]);
    }
    const times = confirmed.map((item) => item.t);
    expect(times).toEqual([...new Set(times)].sort((a, b) => a - b));
    // Numbered like data: no holes, and all acknowledged.
    const seqs = uploads.map((upload) => upload.seq);
    expect(seqs).toEqual(seqs.map((_, index) => seqs[0]! + index));
    await waitFor(() => agent.buffer.stats().unacknowledged === 0);
  });

  it('does not hold a confirmation for the whole batch window when the poll interval is shorter', async () => {
    const agent = await runningAgent({ batch: { maxDelayMs: 1000 } });
    const { confirmed, cycles } = await watchQuietBoiler(agent, 1000);
    // Gathered for the full second, they would come as one or two uploads.
    expect(confirmed.length).toBeGreaterThanOrEqual(cycles - 2);
    expect(cycles).toBeGreaterThanOrEqual(5);
  });

  it('rides in the upload that carries the values the same cycle changed', async () => {
    await runningAgent();
    const from = harness.platform.uploads.length;
    harness.simulator.device.setValue('waterLevel', 612);
    await waitFor(() => uploadsSince(from).some((upload) => upload.points.some((p) => p.k === 'waterLevel')));
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
    await waitFor(() =>
      [...harness.platform.stored.values()].some(
        (point) => point.k === 'maintenanceHours' && point.e === '1732',
      ),
    );
    // The fault was reported once and nothing else changed: nothing at all is sent.
    const { uploads, cycles } = await watchQuietBoiler(agent, 600);
    expect(cycles).toBeGreaterThanOrEqual(3);
    expect(uploads).toEqual([]);

    const from = harness.platform.uploads.length;
    harness.simulator.device.clearFaults();
    await waitFor(() => confirmationsSince(from).length >= 3);
    const recovered = uploadsSince(from).find((upload) =>
      upload.points.some((p) => p.k === 'maintenanceHours'),
    );
    expect(recovered?.points.find((point) => point.k === 'maintenanceHours')?.e).toBeUndefined();
  });

  it('keeps no confirmations while the platform is out of reach, and confirms again once it is back', async () => {
    const agent = await runningAgent();
    await harness.platform.goOffline();
    await waitFor(() => !agent.link.connected);
    const append = vi.spyOn(agent.buffer, 'append');
    const cycles = agent.runtime.cycleCounts()['boiler'] ?? 0;
    await sleep(600);
    expect((agent.runtime.cycleCounts()['boiler'] ?? 0) - cycles).toBeGreaterThanOrEqual(3);
    // Unchanged values, unheard confirmations: nothing goes into the buffer.
    expect(append).not.toHaveBeenCalled();

    const from = harness.platform.uploads.length;
    await harness.platform.comeBack();
    await waitFor(() => confirmationsSince(from).length >= 3, 5000);
  });

  it('does not pile confirmations up behind uploads the platform has not answered', async () => {
    const agent = await runningAgent({ upload: { maxInFlight: 4, ackTimeoutMs: 500 } });
    harness.platform.acknowledge = false;
    const cycles = agent.runtime.cycleCounts()['boiler'] ?? 0;
    await sleep(1000);
    expect((agent.runtime.cycleCounts()['boiler'] ?? 0) - cycles).toBeGreaterThanOrEqual(6);
    // The sending window fills, one more waits behind it, and then no more are stored.
    expect(agent.buffer.stats().unacknowledged).toBeLessThanOrEqual(5);

    harness.platform.acknowledge = true;
    await waitFor(() => agent.buffer.stats().unacknowledged === 0, 5000);
    const from = harness.platform.uploads.length;
    await waitFor(() => confirmationsSince(from).length >= 3);
  });
});
