/**
 * Stored report rows have no foreign keys (checking them for every row cost a tenth of computing); the
 * triggers of migration 0031 delete the rows of a deleted report or device instead. On PostgreSQL,
 * a device deleted while a computation holds its progress row keeps no row of that computation.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportDefinitionSchema, type ReportDefinition } from '@lyyp/contracts/report';
import { newId } from '../../lib/ids.ts';
import { devices } from '../../db/schema/index.ts';
import { buildBoundDevice, buildGateway } from '../../test/factories.ts';
import { eventually } from '../../test/gateway-client.ts';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { DeviceRepository } from '../device/device.repository.ts';
import { ReportRepository } from './report.repository.ts';

const HOUR = 3_600_000;

describe.each(databaseVariants())('report rows of deleted reports and devices on $name', (variant) => {
  let server: TestServer;
  let repository: ReportRepository;

  beforeAll(async () => {
    server = await startTestServer(variant, { REPORT_SWEEP_INTERVAL_MS: '0', ALARM_SWEEP_INTERVAL_MS: '0' });
    repository = new ReportRepository(server.database.db);
  });
  afterAll(async () => server.close());

  const report = (): ReportDefinition =>
    reportDefinitionSchema.parse({
      id: newId(),
      name: 'Hourly',
      type: 'consumption',
      storageMode: 'periodic',
      intervalMinutes: 60,
      variables: [{ key: 'gasTotal', aggregation: 'difference' }],
    });

  /** Two devices of one product, with two reports of three stored rows each. */
  async function twoDevicesTwoReports() {
    const bound = await buildBoundDevice(server.database.db);
    const gateway = await buildGateway(server.database.db);
    const second = { id: newId(), gatewaySn: gateway.sn };
    await server.database.db.insert(devices).values({
      ...second,
      name: 'Boiler 2',
      productId: bound.product.id,
      ownerAccountId: bound.owner.id,
    });
    const reports = [report(), report()];
    const start = Math.floor(server.clock.now() / HOUR) * HOUR - 10 * HOUR;
    for (const definition of reports) {
      await repository.insertReport(bound.product.id, definition);
      for (const deviceId of [bound.device.id, second.id]) {
        await repository.startProgress(definition.id, deviceId, 1, start);
        await repository.replaceRows(definition.id, deviceId, start, start + 3 * HOUR, rowsFrom(start));
      }
    }
    return { ...bound, second, reports, start };
  }

  const rowsFrom = (start: number) =>
    [0, 1, 2].map((hour) => ({
      at: start + hour * HOUR,
      cells: {
        gasTotal: {
          count: 60,
          first: hour,
          firstAt: start + hour * HOUR,
          last: hour + 1,
          lastAt: start + hour * HOUR + 59 * 60_000,
          min: hour,
          max: hour + 1,
          sum: 60 * hour + 30,
          diff: 1,
          area: (hour + 0.5) * HOUR,
          heldMs: HOUR,
        },
      },
    }));

  const counts = async (productId: string) => {
    const result: unknown = await server.database.db.execute(sql`
      select r.report_id as "reportId", r.device_id as "deviceId", count(*)::int as rows
      from report_rows r where r.device_id in (select id from devices where product_id = ${productId})
        or r.report_id in (select id from reports where product_id = ${productId})
        or not exists (select 1 from devices d where d.id = r.device_id)
        or not exists (select 1 from reports p where p.id = r.report_id)
      group by 1, 2 order by 1, 2`);
    return (result as { rows: Array<{ reportId: string; deviceId: string; rows: number }> }).rows;
  };

  it('deletes the rows of a deleted report, and of a device when it is unbound', async () => {
    const fixture = await twoDevicesTwoReports();
    const [first, second] = fixture.reports as [ReportDefinition, ReportDefinition];
    expect(await counts(fixture.product.id)).toHaveLength(4);

    expect(await repository.deleteReport(fixture.product.id, first.id)).toBe(true);
    const afterReport = await counts(fixture.product.id);
    expect(afterReport.map((row) => row.reportId)).toEqual([second.id, second.id]);
    expect(afterReport.map((row) => row.rows)).toEqual([3, 3]);

    await new DeviceRepository(server.database.db).unbind(fixture.device);
    expect(await counts(fixture.product.id)).toEqual([
      { reportId: second.id, deviceId: fixture.second.id, rows: 3 },
    ]);
  });

  it.runIf(variant.name === 'postgres')(
    'keeps no row of a computation that held the progress row while its device was deleted',
    async () => {
      const fixture = await twoDevicesTwoReports();
      const definition = fixture.reports[0]!;
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const computation = repository.transaction(async (tx) => {
        expect(await tx.lockProgress(definition.id, fixture.device.id)).toBeDefined();
        const later = fixture.start + 3 * HOUR;
        await tx.replaceRows(definition.id, fixture.device.id, later, later + 3 * HOUR, rowsFrom(later));
        holding();
        await released;
      });
      await held;
      const deletion = new DeviceRepository(server.database.db).unbind(fixture.device);
      // The deletion waits for the progress row the computation holds.
      await eventually(async () => {
        const result: unknown = await server.database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'
            and datname = current_database()`,
        );
        return (result as { rows: Array<{ n: number }> }).rows[0]!.n > 0;
      });
      release();
      await computation;
      await deletion;
      const left = await counts(fixture.product.id);
      expect(left.filter((row) => row.deviceId === fixture.device.id)).toEqual([]);
      expect(left).toHaveLength(2);
    },
  );
});
