/**
 * Two evaluations of one database taking turns on the same device, as two platform nodes do when
 * the broker shares a gateway's uploads between them. Each writes over the revision it read: one
 * that evaluated over a state the other has changed since reads again, so an alarm is raised once
 * and its release is found, whichever node sees which sample.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { LocalBus, type BusEvents } from '../../bus/bus.ts';
import { alarmRecords } from '../../db/schema/index.ts';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { AlarmEvaluationService } from './alarm-evaluation.service.ts';
import { AlarmRepository, type EvaluationWritten } from './alarm.repository.ts';
import { ALARM_TEST_ENVIRONMENT, addRule, alarmFixture } from './alarm-test-support.ts';
import { RuleCache } from './rule-cache.ts';

const silent = { warn: () => undefined, error: () => undefined, debug: () => undefined };

describe.each(databaseVariants())('alarm evaluation on two nodes of $name', (variant) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(variant, ALARM_TEST_ENVIRONMENT);
  });
  afterAll(async () => server.close());

  function node() {
    const repository = new AlarmRepository(server.database.db);
    const bus = new LocalBus();
    const events: string[] = [];
    bus.subscribe('alarm', (event: BusEvents['alarm']) => events.push(event.event));
    const evaluation = new AlarmEvaluationService({
      repository,
      rules: new RuleCache(repository, () => server.clock.now()),
      bus,
      logger: silent,
      now: () => server.clock.now(),
      soleNode: false,
    });
    const writes = vi.spyOn(repository, 'writeEvaluation');
    return { evaluation, events, writes, repository };
  }

  /**
   * A device with the high-temperature rule and two nodes; `sample` has a node evaluate one value
   * of the rule's variable at `second` seconds after `start`.
   */
  async function twoNodesOnOneDevice() {
    const fixture = await alarmFixture(server);
    await addRule(server, fixture.developerClient, fixture.product.id);
    const [a, b] = [node(), node()];
    const start = server.clock.now() - 60_000;
    const sample = (evaluationNode: ReturnType<typeof node>, second: number, value: number) =>
      evaluationNode.evaluation.evaluateStored({
        points: [{ deviceId: fixture.device.id, key: 'waterTemperature', ts: start + second * 1000, value }],
        receivedAt: server.clock.now(),
      });
    return { fixture, a, b, start, sample };
  }

  /** What each of a node's evaluation writes answered (null: a state had changed, nothing written). */
  const answers = (evaluationNode: ReturnType<typeof node>) =>
    Promise.all(
      evaluationNode.writes.mock.results.map((result) => result.value as Promise<EvaluationWritten | null>),
    );

  it('looks up no revision while no other node has written a state, and each one once another has', async () => {
    const fixture = await alarmFixture(server);
    const [mine, other] = [node().repository, node().repository];
    const deviceId = fixture.device.id;
    const state = { kept: true };
    await other.writeRuleStates([{ deviceId, key: 'rule-a', state, revision: 0 }]);
    // A revision this node never saw: looked up, since it knows nothing of the count yet.
    const first = await mine.staleStates([{ deviceId, key: 'rule-a', revision: 9, verified: null }]);
    expect([...first.stale]).toEqual([0]);
    const checked = { deviceId, key: 'rule-a', revision: 9, verified: first.others };
    // Known at this count: not looked up while no other node writes, whatever this one writes.
    expect((await mine.staleStates([checked])).stale.size).toBe(0);
    await mine.writeRuleStates([{ deviceId, key: 'rule-b', state, revision: 0 }]);
    expect((await mine.staleStates([checked])).stale.size).toBe(0);
    // Another node writes (here it deletes a state): every state is looked up again.
    expect(await other.deleteRuleState(deviceId, 'rule-b', 1)).toBe(true);
    const after = await mine.staleStates([checked]);
    expect([...after.stale]).toEqual([0]);
    expect(after.others).toBe(first.others + 1);
  });

  it('raises once and releases once when the nodes take turns and one of them is behind', async () => {
    const { fixture, a, b, start, sample } = await twoNodesOnOneDevice();
    const records = () =>
      server.database.db.select().from(alarmRecords).where(eq(alarmRecords.deviceId, fixture.device.id));

    await sample(a, 1, 70); // A stores the first state.
    await sample(b, 2, 90); // B reads it and raises.
    expect((await records()).map((record) => record.raisedAt.getTime() - start)).toEqual([2000]);

    // A still holds the state before the raise: it raises too, over a revision that is gone. Its
    // write fails as a whole, it reads the state again and finds the alarm already active.
    await sample(a, 3, 95);
    expect(await answers(a)).toContain(null);
    expect(await records()).toHaveLength(1);
    expect(a.events).toEqual([]);

    // A's second look changed only the newest sample time, which is not written: B's revision is
    // still the stored one, and B releases at second 4.
    await sample(b, 4, 60);
    const [record] = await records();
    expect(record?.releasedAt?.getTime()).toBe(start + 4000);
    expect(b.events).toEqual(['raised', 'released']);

    // A, behind again, would release it a second time: its write fails, it reads again and finds
    // the alarm released.
    a.writes.mockClear();
    await sample(a, 5, 50);
    expect(await answers(a)).toContain(null);
    expect(await records()).toHaveLength(1);
    expect(a.events).toEqual([]);

    // B raises again; A, which holds the released state, sees a normal value. Its evaluation changes
    // nothing in what it holds, but the stored revision has moved: it reads again and releases.
    await sample(b, 6, 95);
    await sample(a, 7, 50);
    const cycles = (await records())
      .map((record) => [record.raisedAt.getTime() - start, (record.releasedAt?.getTime() ?? 0) - start])
      .sort((x, y) => x[0]! - y[0]!);
    expect(cycles).toEqual([
      [2000, 4000],
      [6000, 7000],
    ]);
    expect(a.events).toEqual(['released']);
  });

  it('stops sending the states it checked while the count of other writes stays put, and reads them again once it moves', async () => {
    const { fixture, a, b, start, sample } = await twoNodesOnOneDevice();
    /** How many unwritten states each of A's writes carried for checking. */
    const sent = () => a.writes.mock.calls.map(([write]) => write.unwritten?.length ?? null);

    // A stores the state; each answer also says the other nodes' count of state writes.
    await sample(a, 1, 70);
    // Only the newest sample time moved: the state is checked at that count.
    await sample(a, 2, 71);
    // The same count twice: from now on, states checked at it are not sent.
    await sample(a, 3, 72);
    await sample(a, 4, 73);
    expect(sent()).toEqual([0, 1, 0, 0]);

    // B raises: the count moves. A holds the state before the raise, and a normal value changes
    // only its newest sample time, so A sends nothing to check; the answer shows the count moved, so
    // A reads the state again, finds the alarm and releases it.
    await sample(b, 5, 95);
    a.writes.mockClear();
    await sample(a, 6, 50);
    expect(sent()[0]).toBe(0);
    const [record] = await server.database.db
      .select()
      .from(alarmRecords)
      .where(eq(alarmRecords.deviceId, fixture.device.id));
    expect(record?.raisedAt.getTime()).toBe(start + 5000);
    expect(record?.releasedAt?.getTime()).toBe(start + 6000);
    expect(a.events).toEqual(['released']);
  });
});
