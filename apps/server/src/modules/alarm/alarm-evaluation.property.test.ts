/**
 * The evaluation service against the reference model of `engine/alarm-model-test-support.ts`, through
 * the database: random samples, held values (the sweep after time passed), set-point changes,
 * restarts (a new node on the same database) and replays (samples received minutes late) make the
 * same alarm records — raise time, value and late flag; release time, value and reason — as the
 * model says. Fewer runs than the engine's property test: each one is a device with its own rule.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { HELD_VALUE_SETTLE_MS, type AlarmRuleInput } from '@lyyp/contracts/alarm';
import { alarmRecords, gateways } from '../../db/schema/index.ts';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import {
  ALARM_TEST_ENVIRONMENT,
  HIGH_TEMPERATURE,
  addRule,
  alarmFixture,
  storeLatest,
  anotherAlarmNode,
} from './alarm-test-support.ts';
import {
  REPLAY_DELAY_MS,
  config,
  model,
  step,
  type Config,
  type Outcome,
} from './engine/alarm-model-test-support.ts';
import type { AlarmModule } from './index.ts';

/** Steps the platform takes without an edit (edits are covered by the engine's property test and the route tests). */
const platformStep = step.filter(
  (item) => item.kind !== 'edit' && !(item.kind === 'sample' && item.value === null),
);

function ruleInput(initial: Config): Omit<AlarmRuleInput, 'id'> {
  return {
    ...HIGH_TEMPERATURE,
    name: 'Model',
    filterCount: initial.filterCount,
    deadBand: initial.deadBand,
    condition:
      initial.limit === null
        ? { operator: 'gt', limit: { kind: 'variable', key: 'temperatureSetpoint' } }
        : { operator: 'gt', limit: { kind: 'value', value: initial.limit } },
  };
}

describe.each(databaseVariants())('alarm evaluation against the reference model on $name', (variant) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(variant, ALARM_TEST_ENVIRONMENT);
  });
  afterAll(async () => server.close());

  function node(): AlarmModule {
    return anotherAlarmNode(server);
  }

  it('records what the model says for random samples, held values, set points, restarts and replays', async () => {
    await fc.assert(
      fc.asyncProperty(config, fc.array(platformStep, { maxLength: 10 }), async (initial, steps) => {
        const fixture = await alarmFixture(server);
        await server.database.db
          .update(gateways)
          .set({ status: 'online' })
          .where(eq(gateways.sn, fixture.gateway.sn));
        await addRule(server, fixture.developerClient, fixture.product.id, ruleInput(initial));
        const deviceId = fixture.device.id;
        const start = server.clock.now();
        let platform = server.alarms;
        let now = start;
        const store = async (points: { key: string; at: number; value: number }[], receivedAt: number) => {
          const last = points.at(-1)!;
          await storeLatest(server, deviceId, last.key, last.value, last.at);
          await platform.evaluation.evaluateStored({
            points: points.map((point) => ({ deviceId, key: point.key, ts: point.at, value: point.value })),
            receivedAt,
          });
        };
        for (const item of steps) {
          if (item.kind === 'restart') {
            platform = node();
            continue;
          }
          if (item.kind === 'edit') continue;
          now += item.dt;
          if (item.kind === 'sample')
            await store([{ key: 'waterTemperature', at: now, value: item.value! }], now);
          else if (item.kind === 'setpoint')
            await store([{ key: 'temperatureSetpoint', at: now, value: item.value }], now);
          else if (item.kind === 'replay') {
            const points = item.values.map((value, index) => ({
              key: 'waterTemperature',
              at: now + index * 500,
              value,
            }));
            now = points.at(-1)!.at;
            await store(points, now + REPLAY_DELAY_MS);
          } else {
            // Time passes with no sample: the sweep, once the settle time is past `now`.
            server.clock.advance(now + HELD_VALUE_SETTLE_MS + 100 - server.clock.now());
            await platform.sweep();
          }
        }
        const rows = await server.database.db
          .select()
          .from(alarmRecords)
          .where(eq(alarmRecords.deviceId, deviceId))
          .orderBy(asc(alarmRecords.raisedAt));
        const recorded: Partial<Outcome>[] = rows.flatMap((row) => [
          { kind: 'raise' as const, at: row.raisedAt.getTime(), value: row.value ?? null, late: row.late },
          ...(row.releasedAt
            ? [
                {
                  kind: 'release' as const,
                  at: row.releasedAt.getTime(),
                  value: row.releaseValue ?? null,
                  reason: row.releaseReason ?? undefined,
                },
              ]
            : []),
        ]);
        const expected = model(initial, steps, start).map((outcome) =>
          outcome.kind === 'raise'
            ? { kind: outcome.kind, at: outcome.at, value: outcome.value, late: outcome.late }
            : { kind: outcome.kind, at: outcome.at, value: outcome.value, reason: outcome.reason },
        );
        expect(recorded).toEqual(expected);
      }),
      { numRuns: 5 },
    );
  });
});
