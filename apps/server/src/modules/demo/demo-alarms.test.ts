import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { AccountRepository } from '../account/account.repository.ts';
import { DEMO_ACCOUNTS, DemoService } from './demo.service.ts';

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
    const rules = await server.alarms.config.listRules(
      {
        account: { id: 'staff', roleType: 'admin', accountKind: 'operation', isSuperManager: true },
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
});
