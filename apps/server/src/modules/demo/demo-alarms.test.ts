import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { devices } from '../../db/schema/index.ts';
import { AccountRepository } from '../account/account.repository.ts';
import { ReportRepository } from '../report/report.repository.ts';
import { DEMO_ACCOUNTS, DEMO_DEVICE_POSITION, DemoService } from './demo.service.ts';

describe.each(databaseVariants())('demo alarms on $name', (variant) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(variant, { ALARM_SWEEP_INTERVAL_MS: '0' });
  });
  afterAll(async () => server.close());

  it('ships rules for the alarm bits and high temperature, and tells the demo end user in the app', async () => {
    const demo = await new DemoService(server.database.db).ensure();
    expect(demo).not.toBeNull();
    const device = (await server.catalogue.repositories.devices.findById(demo!.deviceId))!;
    // The demo boiler stands on the map from the first start.
    expect(device).toMatchObject(DEMO_DEVICE_POSITION);
    const rules = await server.alarms.config.listRules(
      {
        account: {
          id: 'staff',
          roleType: 'admin',
          accountKind: 'operation',
          isSuperManager: true,
          auths: '',
        },
        locale: 'zh-CN',
      },
      device.productId,
    );
    expect(rules.rules.map((rule) => rule.variableKey).sort()).toEqual([
      'flameFailure',
      'lowWaterAlarm',
      'overPressureAlarm',
      'waterTemperature',
    ]);
    const at = server.clock.now();
    await server.alarms.evaluation.evaluateStored({
      points: [{ deviceId: device.id, key: 'flameFailure', ts: at, value: true }],
      receivedAt: at,
    });
    await server.alarms.sweep();
    const endUser = (await new AccountRepository(server.database.db).findByLogin(
      DEMO_ACCOUNTS.endUser.username,
    ))!;
    const messages = await server.alarms.messages.list(endUser, { type: 'alarm', page: 1, pageSize: 10 });
    expect(messages.list).toMatchObject([
      { title: '【报警】1号锅炉 熄火', body: '1号锅炉：燃烧器熄火，请检查点火与燃气' },
    ]);
  });

  it('ships an hourly consumption report and a production report, computed from the boiler history', async () => {
    const demo = (await new DemoService(server.database.db).ensure()) ?? undefined;
    const deviceId =
      demo?.deviceId ?? (await server.database.db.select({ id: devices.id }).from(devices))[0]!.id;
    const device = (await server.catalogue.repositories.devices.findById(deviceId))!;
    const reports = await new ReportRepository(server.database.db).storedReportsOf(device.productId);
    expect(reports.map(({ report }) => [report.name, report.type, report.storageMode])).toEqual([
      ['能耗小时报表', 'consumption', 'periodic'],
      ['运行产热报表', 'production', 'condition'],
    ]);
    // Two hours of the gas counter, three days ago: the consumption report counts its increments.
    const hour = Math.floor((server.clock.now() - 3 * 86_400_000) / 3_600_000) * 3_600_000;
    const points = Array.from({ length: 12 }, (_, index) => ({
      deviceId,
      key: 'gasTotal',
      ts: hour + index * 600_000,
      value: 1000 + index * 2,
      error: null,
    }));
    await server.runtime.history.store(points);
    // Stored without ingest: mark the hours as ingest does, so their summaries are kept.
    await server.reports.computation.markStored({ points, receivedAt: server.clock.now() });
    await server.reports.sweep();
    const [hourly] = await new ReportRepository(server.database.db).storedRows(
      reports[0]!.report.id,
      [deviceId],
      hour,
      hour + 2 * 3_600_000,
    );
    expect(hourly).toMatchObject({ at: hour, cells: { gasTotal: { diff: 10, count: 6 } } });
  });
});
