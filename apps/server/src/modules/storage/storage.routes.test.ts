/**
 * Retention policy paths: a product's developer sets its policy, another developer cannot, staff
 * who may edit a device override it, its owner cannot; bad policies change nothing; the storage
 * figures count hot and archived points; the sweep archives closed days and drops what no policy keeps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD, buildAccount, buildBoundDevice } from '../../test/factories.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import type { PointRow } from '../telemetry/history.repository.ts';
import { postJson } from '../device/catalogue-test-support.ts';

const DAY = 86_400_000;
const POLICY = { rawDays: 30, minuteDays: 90, summaryYears: null };

describe.each(databaseVariants())('history storage on $name', (variant) => {
  let server: TestServer;
  let bound: Awaited<ReturnType<typeof buildBoundDevice>>;
  let developer: TestClient;
  let owner: TestClient;
  let staff: TestClient;
  let stranger: TestClient;

  const login = async (username: string | null) => {
    const client = new TestClient(server);
    expect((await client.login(username!, FACTORY_PASSWORD)).code).toBe('200');
    return client;
  };

  beforeAll(async () => {
    server = await startTestServer(variant, { REPORT_SWEEP_INTERVAL_MS: '0', ALARM_SWEEP_INTERVAL_MS: '0' });
    bound = await buildBoundDevice(server.database.db);
    developer = await login(bound.developer.username);
    owner = await login(bound.owner.username);
    staff = await login((await buildAccount(server.database.db, 'operation')).username);
    stranger = await login((await buildAccount(server.database.db, 'developer')).username);
  });
  afterAll(async () => server.close());

  it("lets the product's developer set its policy, and nobody outside the product", async () => {
    const productId = bound.product.id;
    expect((await developer.call('POST', '/storage/product', { productId })).data).toMatchObject({
      policy: null,
      usage: { points: 0, oldest: null },
    });
    const set = await postJson(server, developer, '/storage/product/policy', { productId, policy: POLICY });
    expect(set.code).toBe('200');
    expect(set.data).toMatchObject({ productId, policy: POLICY });
    const foreign = await postJson(server, stranger, '/storage/product/policy', {
      productId,
      policy: { ...POLICY, rawDays: 1 },
    });
    expect(foreign.code).not.toBe('200');
    const bad = await postJson(server, developer, '/storage/product/policy', {
      productId,
      policy: { ...POLICY, rawDays: 0 },
    });
    expect(bad.code).toBe('1002');
    expect((await developer.call('POST', '/storage/product', { productId })).data).toMatchObject({
      policy: POLICY,
    });
  });

  it('lets staff override a device, not its owner, and shows the policy in force', async () => {
    const equipmentId = bound.device.id;
    const override = { rawDays: 7, minuteDays: 30, summaryYears: 5 };
    const refused = await postJson(server, owner, '/storage/device/policy', {
      equipmentId,
      policy: override,
    });
    expect(refused.code).not.toBe('200');
    const set = await postJson(server, staff, '/storage/device/policy', { equipmentId, policy: override });
    expect(set.code).toBe('200');
    expect(set.data).toMatchObject({ policy: override, override, productPolicy: POLICY });
    const seen = await owner.call('POST', '/storage/device', { equipmentId });
    expect(seen.data).toMatchObject({ policy: override });
    await postJson(server, staff, '/storage/device/policy', { equipmentId, policy: null });
    expect((await owner.call('POST', '/storage/device', { equipmentId })).data).toMatchObject({
      policy: POLICY,
      override: null,
    });
  });

  it('counts hot and archived points, and the sweep drops only what no policy keeps', async () => {
    const now = server.clock.now();
    const today = Math.floor(now / DAY) * DAY;
    const rows: PointRow[] = [];
    // A point an hour on each of the last 40 days: the product keeps 30 days.
    for (let day = 40; day >= 1; day -= 1)
      for (let hour = 0; hour < 24; hour += 1)
        rows.push({
          deviceId: bound.device.id,
          key: 'temp',
          ts: today - day * DAY + hour * 3_600_000,
          value: 60 + hour / 10,
          error: null,
        });
    await server.runtime.history.store(rows);
    const before = await developer.call('POST', '/storage/product', { productId: bound.product.id });
    expect(before.data).toMatchObject({ usage: { points: rows.length, oldest: rows[0]!.ts } });
    await server.storage.sweep();
    const after = await owner.call('POST', '/storage/device', { equipmentId: bound.device.id });
    const usage = (after.data as { usage: { points: number; oldest: number; bytes: number } }).usage;
    const kept = rows.filter((row) => row.ts + 3_600_000 > now - 30 * DAY);
    // Every point the policy keeps is still there; those it does not were removed by whole hours.
    expect(usage.points).toBeGreaterThanOrEqual(kept.length);
    expect(usage.points).toBeLessThan(rows.length);
    expect(usage.bytes).toBeGreaterThan(0);
    const read = await server.runtime.historyQueries.points(
      bound.device.id,
      ['temp'],
      today - 41 * DAY,
      today,
    );
    expect(read.map((row) => row.ts)).toEqual(expect.arrayContaining(kept.map((row) => row.ts)));
    const fleet = await staff.call('POST', '/storage/fleet', {});
    expect(fleet.code).toBe('200');
    expect(
      (fleet.data as { periods: Array<{ kind: string }> }).periods.some(
        (period) => period.kind === 'archive',
      ),
    ).toBe(true);
  }, 120_000);
});
