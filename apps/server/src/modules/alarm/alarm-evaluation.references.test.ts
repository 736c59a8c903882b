/**
 * Two rules on one variable, one comparing it with another variable of the same device: each rule
 * is evaluated over the same samples, the comparing one also at each change of the comparand, with
 * the values of both at that time (from the same upload when it carries one, else the stored value).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { alarmRecords } from '../../db/schema/index.ts';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { ALARM_TEST_ENVIRONMENT, HIGH_TEMPERATURE, addRule, alarmFixture } from './alarm-test-support.ts';

describe.each(databaseVariants())('rules comparing with another variable on $name', (variant) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(variant, ALARM_TEST_ENVIRONMENT);
  });
  afterAll(async () => server.close());

  it('evaluates a rule with a comparand and a rule with a limit over the same samples', async () => {
    const fixture = await alarmFixture(server);
    const aboveSetpoint = await addRule(server, fixture.developerClient, fixture.product.id, {
      ...HIGH_TEMPERATURE,
      name: 'Above set point',
      condition: { operator: 'gt', limit: { kind: 'variable', key: 'temperatureSetpoint' } },
    });
    const high = await addRule(server, fixture.developerClient, fixture.product.id);
    const start = server.clock.now() - 60_000;
    const point = (second: number, key: string, value: number) => ({
      deviceId: fixture.device.id,
      key,
      ts: start + second * 1000,
      value,
    });
    await server.alarms.evaluation.evaluateStored({
      points: [
        point(1, 'temperatureSetpoint', 70),
        point(2, 'waterTemperature', 68),
        point(3, 'waterTemperature', 75),
        point(4, 'temperatureSetpoint', 90),
        point(5, 'waterTemperature', 85),
      ],
      receivedAt: server.clock.now(),
    });
    const records = await server.database.db
      .select()
      .from(alarmRecords)
      .where(eq(alarmRecords.deviceId, fixture.device.id));
    const cycles = records
      .map((record) => ({
        rule: record.ruleId,
        raised: record.raisedAt.getTime() - start,
        released: record.releasedAt ? record.releasedAt.getTime() - start : null,
        value: record.value,
      }))
      .sort((a, b) => a.raised - b.raised);
    // 75 is above the set point of 70 (not above 80); the set point's change to 90 at second 4
    // releases the first rule at once (75 is below 90 by the dead band); 85 raises the second.
    expect(cycles).toEqual([
      { rule: aboveSetpoint.id, raised: 3000, released: 4000, value: 75 },
      { rule: high.id, raised: 5000, released: null, value: 85 },
    ]);
  });

  it('tells the live channel which devices have raises or releases coming, and only those', async () => {
    const fixture = await alarmFixture(server);
    await addRule(server, fixture.developerClient, fixture.product.id, {
      ...HIGH_TEMPERATURE,
      name: 'High, announced',
    });
    const announced: string[][] = [];
    server.alarms.evaluation.announceEventsTo((deviceIds) => announced.push(deviceIds));
    const start = server.clock.now() - 30_000;
    const evaluate = (second: number, value: number) =>
      server.alarms.evaluation.evaluateStored({
        points: [{ deviceId: fixture.device.id, key: 'waterTemperature', ts: start + second * 1000, value }],
        receivedAt: server.clock.now(),
      });
    await evaluate(1, 60);
    expect(announced).toEqual([]);
    await evaluate(2, 95);
    expect(announced).toEqual([[fixture.device.id]]);
    await evaluate(3, 96);
    expect(announced).toHaveLength(1);
    await evaluate(4, 50);
    expect(announced).toEqual([[fixture.device.id], [fixture.device.id]]);
  });
});
