/**
 * Store-and-forward through the whole agent: the fake platform goes away while the boiler keeps
 * changing, comes back, and must end up with every value exactly once, sent oldest first, nothing
 * sent again once acknowledged, and any loss from a full buffer reported as an exact gap.
 *
 * The agent runs on a clock the test moves: every poll cycle is one step, started by the test,
 * and every wait is for an event (a cycle reported, a batch on disk, an acknowledgement, the link
 * up or down), never for a stretch of time.
 */
import type { Point } from '@lyyp/contracts/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GatewayAgent, GatewayAgentOptions } from './gateway-agent.ts';
import { createAgentHarness, type AgentHarness } from './testing/agent-harness.ts';

const identity = (point: Point) => `${point.k}@${point.t}`;

describe('offline buffering and replay', () => {
  let harness: AgentHarness;
  let step = 0;

  beforeEach(async () => {
    harness = await createAgentHarness({ manualClock: true });
    step = 0;
  });

  afterEach(async () => {
    await harness.close();
  });

  /** Starts an agent on the configuration and records every batch it puts into its buffer. */
  async function recordingAgent(overrides: Partial<GatewayAgentOptions> = {}) {
    const agent = await harness.startAgent(overrides);
    const append = vi.spyOn(agent.buffer, 'append');
    const batches = () => append.mock.calls.map(([points]) => points);
    /** Every append asked for so far is on disk. */
    const written = () => Promise.all(append.mock.results.map((result) => result.value as Promise<unknown>));
    return { agent, produced: () => batches().flat(), batches, written };
  }

  /** Changes three boiler values, so the next poll cycle reports exactly those three. */
  function changeBoiler() {
    step += 1;
    harness.simulator.device.setValue('heatOutput', 1000 + step * 10);
    harness.simulator.device.setValue('flueTemperature', 1500 + step * 10);
    harness.simulator.device.setValue('outdoorTemperature', step % 200);
  }

  async function changingCycle() {
    changeBoiler();
    await harness.pollCycle();
  }

  async function changingCycles(count: number) {
    for (let index = 0; index < count; index += 1) await changingCycle();
  }

  async function configured(agent: GatewayAgent) {
    await harness.until(() => agent.runtime.version === 1, 'the configuration to run');
  }

  /** Closes the last cycle's batch, then waits until everything is on disk and acknowledged. */
  async function drain(agent: GatewayAgent, written: () => Promise<unknown>) {
    await harness.pollCycle();
    await written();
    await agent.idle();
    await harness.until(() => agent.buffer.stats().unacknowledged === 0, 'every batch acknowledged');
  }

  const goOffline = (agent: GatewayAgent) => harness.goOffline(agent);
  const comeBack = (agent: GatewayAgent) => harness.comeBack(agent, changeBoiler);

  /** Sequence numbers in the order they first arrived. */
  const firstArrivals = (arrivals: readonly number[]) => [...new Set(arrivals)];

  it('replays in order after an outage: every value stored once with its time, nothing resent after its ack', async () => {
    await harness.platform.pushConfig(harness.config(1));
    const { agent, produced, written } = await recordingAgent();
    await configured(agent);
    await changingCycles(3);
    await harness.until(() => harness.platform.stored.size > 0, 'the first values stored');
    // An acknowledgement that dies with the connection brings its batch once more (at least once).
    await drain(agent, written);

    await goOffline(agent);
    const arrivedBefore = harness.platform.arrivals.length;
    await changingCycles(12);
    await written();
    expect(agent.buffer.stats().unacknowledged).toBeGreaterThanOrEqual(10);
    expect(harness.platform.arrivals.length).toBe(arrivedBefore);

    await comeBack(agent);
    await drain(agent, written);

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
    await changingCycles(3);
    await drain(agent, written);
    const later = harness.platform.arrivals.slice(settledAt);
    expect(later.length).toBeGreaterThanOrEqual(3);
    expect(later.every((seq) => seq > highest)).toBe(true);
    expect(harness.platform.resentAfterAck).toEqual([]);
  });

  it('when the buffer fills up, drops the oldest values and reports exactly how many as a gap', async () => {
    await harness.platform.pushConfig(harness.config(1));
    const { agent, produced, written } = await recordingAgent({
      buffer: { maxBytes: 2000, segmentBytes: 400, ackSaveDelayMs: 20 },
    });
    await configured(agent);
    await changingCycles(3);
    await harness.until(() => harness.platform.stored.size > 0, 'the first values stored');
    // Cut only once everything stored is acknowledged: a batch stored but whose acknowledgement
    // died with the connection would count as lost although it arrived (the gap is an upper bound).
    await drain(agent, written);

    await goOffline(agent);
    await changingCycles(25);
    await written();
    expect(harness.logs.some((line) => line.message.startsWith('buffer full'))).toBe(true);
    await comeBack(agent);
    await changingCycles(2);
    await drain(agent, written);

    const points = produced();
    const lost = harness.platform.gaps.reduce((sum, gap) => sum + gap.lost, 0);
    expect(lost).toBeGreaterThan(0);
    const missing = points.filter((point) => !harness.platform.stored.has(identity(point)));
    expect(missing).toHaveLength(lost);
    const from = Math.min(...harness.platform.gaps.map((gap) => gap.from));
    const to = Math.max(...harness.platform.gaps.map((gap) => gap.to));
    for (const point of missing) expect(point.t >= from && point.t <= to).toBe(true);
    // What was lost is the oldest of the outage; the newest values all arrived.
    const newest = points.slice(-6);
    for (const point of newest) expect(harness.platform.stored.has(identity(point))).toBe(true);
  });

  it('keeps gathering across an agent restart while offline, numbering on, and delivers both runs', async () => {
    await harness.platform.pushConfig(harness.config(1));
    const first = await recordingAgent();
    await configured(first.agent);
    await changingCycles(3);
    await harness.until(() => harness.platform.stored.size > 0, 'the first values stored');
    await goOffline(first.agent);
    await changingCycles(6);
    await first.agent.stop();
    const lastSeqOfFirstRun = first.agent.buffer.stats().nextSeq - 1;

    // The saved configuration runs before the platform is back: it cannot be asked for a newer one.
    const second = await recordingAgent();
    await harness.until(() => second.agent.runtime.version === 1, 'the saved configuration to run');
    await changingCycles(6);
    await second.written();
    expect(second.batches().length).toBeGreaterThan(0);
    await comeBack(second.agent);
    await drain(second.agent, second.written);

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
