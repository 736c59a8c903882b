/**
 * Store-and-forward through the whole agent: the fake platform goes away while the boiler keeps
 * changing, comes back, and must end up with every value exactly once, sent oldest first, nothing
 * sent again once acknowledged, and any loss from a full buffer reported as a gap.
 */
import type { Point } from '@lyyp/contracts/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sleep, waitFor } from '../modbus/testing/wait-for.ts';
import type { GatewayAgent } from './gateway-agent.ts';
import { createAgentHarness, type AgentHarness } from './testing/agent-harness.ts';
import type { GatewayAgentOptions } from './gateway-agent.ts';

const identity = (point: Point) => `${point.k}@${point.t}`;

describe('offline buffering and replay', () => {
  let harness: AgentHarness;
  let ticker: ReturnType<typeof setInterval> | undefined;

  beforeEach(async () => {
    harness = await createAgentHarness();
  });

  afterEach(async () => {
    clearInterval(ticker);
    await harness.close();
  });

  /** Keeps three boiler values moving, so every poll cycle reports something. */
  function keepBoilerChanging() {
    let step = 0;
    ticker = setInterval(() => {
      step += 1;
      harness.simulator.device.setValue('heatOutput', 1000 + step * 10);
      harness.simulator.device.setValue('flueTemperature', 1500 + step * 10);
      harness.simulator.device.setValue('outdoorTemperature', step % 200);
    }, 60);
  }

  /** Starts an agent and records every batch it puts into its buffer. */
  async function recordingAgent(overrides: Partial<GatewayAgentOptions> = {}) {
    const agent = await harness.startAgent(overrides);
    const append = vi.spyOn(agent.buffer, 'append');
    const batches = () => append.mock.calls.map(([points]) => points);
    return { agent, produced: () => batches().flat(), batches };
  }

  async function drain(agent: GatewayAgent) {
    clearInterval(ticker);
    await sleep(150);
    await agent.settle();
    await waitFor(() => agent.buffer.stats().unacknowledged === 0, 8000);
  }

  /** Sequence numbers in the order they first arrived. */
  const firstArrivals = (arrivals: readonly number[]) => [...new Set(arrivals)];

  it('replays in order after an outage: every value stored once with its time, nothing resent after its ack', async () => {
    await harness.platform.pushConfig(harness.config(1));
    const { agent, produced } = await recordingAgent();
    keepBoilerChanging();
    await waitFor(() => harness.platform.stored.size > 0, 5000);

    await harness.platform.goOffline();
    await waitFor(() => !agent.link.connected);
    const arrivedBefore = harness.platform.arrivals.length;
    await sleep(1200);
    expect(agent.buffer.stats().unacknowledged).toBeGreaterThan(5);
    expect(harness.platform.arrivals.length).toBe(arrivedBefore);

    await harness.platform.comeBack();
    await waitFor(() => agent.link.connected, 5000);
    await drain(agent);

    const points = produced();
    expect(new Set(points.map(identity)).size).toBe(points.length);
    for (const point of points) expect(harness.platform.stored.get(identity(point))).toEqual(point);
    expect(harness.platform.stored.size).toBe(points.length);
    const order = firstArrivals(harness.platform.arrivals);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(harness.platform.gaps).toEqual([]);

    // Once drained, live data flows and nothing already acknowledged comes again.
    const settledAt = harness.platform.arrivals.length;
    const highest = Math.max(...harness.platform.arrivals);
    keepBoilerChanging();
    await sleep(500);
    const later = harness.platform.arrivals.slice(settledAt);
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((seq) => seq > highest)).toBe(true);
  });

  it('when the buffer fills up, drops the oldest values and reports exactly how many as a gap', async () => {
    await harness.platform.pushConfig(harness.config(1));
    const { agent, produced } = await recordingAgent({
      buffer: { maxBytes: 2000, segmentBytes: 400, ackSaveDelayMs: 20 },
    });
    keepBoilerChanging();
    await waitFor(() => harness.platform.stored.size > 0, 5000);
    // Whatever was stored is acknowledged before the cut: a batch stored but whose acknowledgement
    // died with the connection would count as lost although it arrived (the gap is an upper bound).
    harness.platform.accepting = false;
    await sleep(500);
    await harness.platform.goOffline();
    harness.platform.accepting = true;
    await waitFor(() => !agent.link.connected);
    await sleep(2000);
    await harness.platform.comeBack();
    await waitFor(() => agent.link.connected, 5000);
    await drain(agent);

    const points = produced();
    const lost = harness.platform.gaps.reduce((sum, gap) => sum + gap.lost, 0);
    expect(lost).toBeGreaterThan(0);
    const missing = points.filter((point) => !harness.platform.stored.has(identity(point)));
    expect(missing).toHaveLength(lost);
    const from = Math.min(...harness.platform.gaps.map((gap) => gap.from));
    const to = Math.max(...harness.platform.gaps.map((gap) => gap.to));
    for (const point of missing) expect(point.t >= from && point.t <= to).toBe(true);
  });

  it('keeps gathering across an agent restart while offline, numbering on, and delivers both runs', async () => {
    await harness.platform.pushConfig(harness.config(1));
    const first = await recordingAgent();
    keepBoilerChanging();
    await waitFor(() => harness.platform.stored.size > 0, 5000);
    await harness.platform.goOffline();
    await waitFor(() => !first.agent.link.connected);
    await sleep(600);
    await first.agent.stop();
    const lastSeqOfFirstRun = first.agent.buffer.stats().nextSeq - 1;

    // The saved configuration runs before the platform is back.
    const second = await recordingAgent();
    expect(second.agent.runtime.version).toBe(1);
    await sleep(600);
    expect(second.batches().length).toBeGreaterThan(0);
    await harness.platform.comeBack();
    await waitFor(() => second.agent.link.connected, 5000);
    await drain(second.agent);

    const points = [...first.produced(), ...second.produced()];
    for (const point of points) expect(harness.platform.stored.get(identity(point))).toEqual(point);
    expect(harness.platform.stored.size).toBe(points.length);
    const secondRunSeqs = second.agent.buffer.stats().nextSeq - 1;
    expect(secondRunSeqs).toBeGreaterThan(lastSeqOfFirstRun);
    const order = firstArrivals(harness.platform.arrivals);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order.at(-1)).toBe(secondRunSeqs);
  });
});
