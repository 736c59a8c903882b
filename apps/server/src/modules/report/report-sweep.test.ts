/**
 * The invalidation log as a gateway replaying its buffer leaves it: uploads through ingest write the
 * marks in their own commit, timed by the platform's clock; late hours wait until they have settled
 * (`REPORT_LATE_SETTLE_MS`), and one sweep handles at most the share it is given, the rest on the
 * next.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_LATE_SETTLE_MS } from '@lyyp/contracts/report';
import { buildBoundDevice } from '../../test/factories.ts';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';

const HOUR = 3_600_000;

describe.each(databaseVariants())('the invalidation log on $name', (variant) => {
  let server: TestServer;
  let sn: string;

  beforeAll(async () => {
    server = await startTestServer(variant, { REPORT_SWEEP_INTERVAL_MS: '0', ALARM_SWEEP_INTERVAL_MS: '0' });
    const bound = await buildBoundDevice(server.database.db);
    sn = bound.gateway.sn;
  });
  afterAll(async () => server.close());

  const marks = async () => {
    const result: unknown = await server.database.db.execute(
      sql`select late, (extract(epoch from marked_at) * 1000)::bigint::text as at from history_dirty order by hour`,
    );
    return (result as { rows: Array<{ late: boolean; at: string }> }).rows;
  };

  it('settles late hours before handling them, and a sweep handles at most its share', async () => {
    // A replay of three hours of yesterday, in one upload.
    const yesterday = Math.floor(server.clock.now() / HOUR) * HOUR - 24 * HOUR;
    const receivedAt = server.clock.now();
    const points = [0, 1, 2].map((hour) => ({
      k: 'flueTemperature',
      t: yesterday + hour * HOUR + 60_000,
      v: 80,
    }));
    expect(await server.runtime.ingest.ingest(sn, { seq: 1, points })).toMatchObject({ stored: 3 });
    const written = await marks();
    expect(written).toHaveLength(3);
    for (const mark of written) {
      expect(mark.late).toBe(true);
      expect(Math.abs(Number(mark.at) - receivedAt)).toBeLessThan(1000);
    }

    // The replay may still be under way: nothing is handled yet.
    expect(await server.reports.computation.handleDirty()).toBe(0);
    server.clock.advance(REPORT_LATE_SETTLE_MS);
    expect(await server.reports.computation.handleDirty(2)).toBe(2);
    expect(await marks()).toHaveLength(1);
    expect(await server.reports.computation.handleDirty()).toBe(1);
    expect(await marks()).toEqual([]);
  });
});
