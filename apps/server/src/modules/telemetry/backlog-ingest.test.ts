/**
 * A gateway back from an outage sends its live values first and its backlog behind them
 * (`lane: "backlog"`). History gets every backlog point; the current values, the live view and
 * the alarm evaluation only ever move forward in time. The gaps it reports are recorded for its
 * device and variables, and the history table and curve answer them for their range.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CurveAnswerSchema, HistoryPageSchema } from '@lyyp/contracts';
import { FACTORY_PASSWORD, buildBoundDevice } from '../../test/factories.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import type { PointRow } from './history.repository.ts';

const base = Date.UTC(2026, 10, 12, 8, 0, 0);

describe.each(databaseVariants())('backlog uploads on $name', (variant) => {
  let server: TestServer;
  let deviceId: string;
  let sn: string;
  let owner: TestClient;
  const heard: PointRow[] = [];
  const published: Array<{ key: string; ts: number }> = [];

  beforeAll(async () => {
    server = await startTestServer(variant);
    const bound = await buildBoundDevice(server.database.db);
    deviceId = bound.device.id;
    sn = bound.gateway.sn;
    server.runtime.ingest.onStored((batch) => {
      heard.push(...batch.points);
      return Promise.resolve();
    });
    server.bus.subscribe('values', (event) => {
      if (event.deviceId === deviceId) published.push(...event.points.map(({ key, ts }) => ({ key, ts })));
    });
    owner = new TestClient(server);
    expect((await owner.login(bound.owner.username!, FACTORY_PASSWORD)).code).toBe('200');
  });
  afterAll(async () => server.close());

  const latest = async () =>
    new Map(
      (await server.runtime.runtime.latestValuesOf(deviceId)).map((row) => [
        row.key,
        { ts: row.ts.getTime(), value: row.value },
      ]),
    );

  it('stores the whole backlog but moves current values, the bus and alarms only forward', async () => {
    // Live first: the value of the first second back.
    const back = base + 3_600_000;
    await server.runtime.ingest.ingest(sn, { seq: 101, points: [{ k: 'waterTemperature', t: back, v: 70 }] });
    heard.length = 0;
    published.length = 0;

    // The backlog behind it: an hour of temperatures, and a state that has not changed since.
    const points = [];
    for (let minute = 0; minute < 60; minute += 1)
      points.push({ k: 'waterTemperature', t: base + minute * 60_000, v: 10 + minute });
    points.push({ k: 'running', t: base + 59 * 60_000, v: true });
    const answer = await server.runtime.ingest.ingest(sn, { seq: 100, points, lane: 'backlog' });
    expect(answer).toMatchObject({ stored: 61, duplicates: 0 });

    const current = await latest();
    expect(current.get('waterTemperature')).toEqual({ ts: back, value: 70 });
    // Newer than anything known of it: the backlog's value is the current one.
    expect(current.get('running')).toEqual({ ts: base + 59 * 60_000, value: true });
    expect(heard.map((row) => `${row.key}@${row.ts}`)).toEqual([`running@${base + 59 * 60_000}`]);
    expect(published).toEqual([{ key: 'running', ts: base + 59 * 60_000 }]);

    const page = await owner.call('POST', '/history/query', {
      equipmentId: deviceId,
      keys: 'waterTemperature',
      start: base,
      end: back,
      page: 1,
      pageSize: 100,
    });
    expect(page.code).toBe('200');
    expect((page.data as { total: number }).total).toBe(61);
  });

  it('records a reported gap for its device and variables, and answers it with the history of its range', async () => {
    const from = base + 7_200_000;
    const to = from + 600_000;
    const gap = { from, to, lost: 1200, keys: ['running', 'waterTemperature'] };
    await server.runtime.ingest.ingest(sn, {
      seq: 200,
      points: [{ k: 'waterTemperature', t: to + 1000, v: 50 }],
      gaps: [gap],
      lane: 'backlog',
    });
    // The same upload again (its acknowledgement was lost): the gap stays one.
    await server.runtime.ingest.ingest(sn, {
      seq: 200,
      points: [{ k: 'waterTemperature', t: to + 1000, v: 50 }],
      gaps: [gap],
      lane: 'backlog',
    });

    const page = await owner.call('POST', '/history/query', {
      equipmentId: deviceId,
      keys: 'waterTemperature',
      start: from - 60_000,
      end: to + 60_000,
      page: 1,
      pageSize: 10,
    });
    const table = HistoryPageSchema.parse(page.data);
    expect(table.gaps).toEqual([{ from, to, lost: 1200, keys: ['waterTemperature'] }]);

    const curve = await owner.call('POST', '/history/curve', {
      equipmentId: deviceId,
      keys: 'waterTemperature,running',
      start: from - 60_000,
      end: to + 60_000,
    });
    expect(CurveAnswerSchema.parse(curve.data).gaps).toEqual([
      { from, to, lost: 1200, keys: ['running', 'waterTemperature'] },
    ]);

    // A range before the gap, or a variable it does not concern, answers none.
    const before = await owner.call('POST', '/history/query', {
      equipmentId: deviceId,
      keys: 'waterTemperature',
      start: from - 120_000,
      end: from - 1,
      page: 1,
      pageSize: 10,
    });
    expect(HistoryPageSchema.parse(before.data).gaps).toEqual([]);
    const other = await owner.call('POST', '/history/query', {
      equipmentId: deviceId,
      keys: 'outdoorTemperature',
      start: from,
      end: to,
      page: 1,
      pageSize: 10,
    });
    expect(HistoryPageSchema.parse(other.data).gaps).toEqual([]);
  });
});
