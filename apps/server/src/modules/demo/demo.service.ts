/**
 * The demo workspace, seeded once on the first start of an empty platform (DEMO=0 turns it off): a
 * developer with the demo boiler product (about twenty variables of every data type, state
 * mappings, writable set-points, alarm rules for its alarm bits and a high temperature with an
 * alarm group telling the end user in the app, an hourly consumption report, a report of the heat
 * produced while the burner runs, and a process mimic as its start designer page), an end user
 * with a boiler device, and that device's gateway. The platform then runs the edge agent with its
 * built-in simulator as that gateway, so live values show at once.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { DEFAULT_PERMISSIONS } from '@lyyp/contracts';
import { alarmGroupSchema, alarmRuleSchema } from '@lyyp/contracts/alarm';
import {
  DEMO_BOILER_PRODUCT,
  demoBoilerAlarmRules,
  demoBoilerModel,
  demoBoilerReports,
} from '@lyyp/contracts/device-model';
import { reportDefinitionSchema } from '@lyyp/contracts/report';
import type { Database } from '../../db/client.ts';
import { products as productTable } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/password.ts';
import { AccountRepository } from '../account/account.repository.ts';
import { AlarmRepository } from '../alarm/alarm.repository.ts';
import { DeviceRepository } from '../device/device.repository.ts';
import { GatewayRepository } from '../gateway/gateway.repository.ts';
import { ProductRepository } from '../product/product.repository.ts';
import { ReportRepository } from '../report/report.repository.ts';
import { seedBoilerMimicPage } from './boiler-mimic-page.ts';
import { SettingsRepository } from './settings.repository.ts';

/** Demo sign-ins, printed in the banner; a production platform starts with DEMO=0. */
export const DEMO_ACCOUNTS = {
  developer: { username: 'demo', password: 'Demo#2026' },
  endUser: { username: 'user', password: 'User#2026' },
} as const;

const DEMO_GATEWAY_KEY = 'demo.gateway';

/** Where the demo boiler stands (Shanghai, Pudong). */
export const DEMO_DEVICE_POSITION = { latitude: 31.2215, longitude: 121.5447 } as const;

export interface DemoGateway {
  sn: string;
  secret: string;
  deviceId: string;
}

export class DemoService {
  private readonly settings: SettingsRepository;

  constructor(private readonly db: Database) {
    this.settings = new SettingsRepository(db);
  }

  /**
   * Seeds the demo when the platform has no product yet and the demo was never seeded; answers the
   * demo gateway when there is one (seeded now or before), else null.
   */
  async ensure(): Promise<DemoGateway | null> {
    const existing = await this.current();
    if (existing) return existing;
    if ((await this.db.$count(productTable)) > 0) return null;
    // One transaction: a start that dies half-way leaves no half demo behind, and of several nodes
    // starting together only one seeds (the others find the setting claimed).
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const settings = new SettingsRepository(db);
      if (!(await settings.claim(DEMO_GATEWAY_KEY, 'seeding'))) return null;
      const gateway = await seed(db);
      if (gateway) await settings.set(DEMO_GATEWAY_KEY, JSON.stringify(gateway));
      return gateway;
    });
  }

  private async current(): Promise<DemoGateway | null> {
    const value = await this.settings.get(DEMO_GATEWAY_KEY);
    if (!value || value === 'seeding') return null;
    return JSON.parse(value) as DemoGateway;
  }
}

async function seed(db: Database): Promise<DemoGateway | null> {
  const accounts = new AccountRepository(db);
  if (
    (await accounts.usernameTaken(DEMO_ACCOUNTS.developer.username)) ||
    (await accounts.usernameTaken(DEMO_ACCOUNTS.endUser.username))
  ) {
    return null;
  }
  const developer = await accounts.insert({
    id: newId(),
    username: DEMO_ACCOUNTS.developer.username,
    name: '演示开发者',
    passwordHash: await hashPassword(DEMO_ACCOUNTS.developer.password),
    roleType: 'company',
    accountKind: 'developer',
    auths: DEFAULT_PERMISSIONS.developer.join(','),
  });
  const endUser = await accounts.insert({
    id: newId(),
    username: DEMO_ACCOUNTS.endUser.username,
    name: '演示用户',
    passwordHash: await hashPassword(DEMO_ACCOUNTS.endUser.password),
    roleType: 'company',
    accountKind: 'terminal',
    auths: DEFAULT_PERMISSIONS.terminal.join(','),
  });
  const product = await new ProductRepository(db).insert({
    id: newId(),
    ownerAccountId: developer.id,
    title: DEMO_BOILER_PRODUCT.title,
    productModel: DEMO_BOILER_PRODUCT.productModel,
    note: DEMO_BOILER_PRODUCT.note,
    status: 'published',
    model: demoBoilerModel({ host: '127.0.0.1', port: 502 }),
    modelVersion: 1,
  });
  await seedBoilerMimicPage(db, product.id);
  const sn = String(randomInt(100_000_000_000, 1_000_000_000_000));
  const secret = randomBytes(18).toString('base64url');
  await new GatewayRepository(db).insertAll([
    {
      sn,
      verificationCode: String(randomInt(100_000, 1_000_000)),
      secret,
      developerAccountId: developer.id,
      remark: '演示网关',
    },
  ]);
  const device = await new DeviceRepository(db).bind({
    id: newId(),
    name: '1号锅炉',
    groupName: '锅炉房',
    gatewaySn: sn,
    productId: product.id,
    ownerAccountId: endUser.id,
    address: '上海市浦东新区 演示工厂 锅炉房',
    // On the map from the first start (the bundled outline shows it without a tile server).
    latitude: DEMO_DEVICE_POSITION.latitude,
    longitude: DEMO_DEVICE_POSITION.longitude,
    manufacturer: 'LYYP',
    sortNumber: 10,
  });
  await seedDemoAlarms(db, product.id, endUser.id);
  const reports = new ReportRepository(db);
  for (const report of demoBoilerReports())
    await reports.insertReport(product.id, reportDefinitionSchema.parse({ ...report, id: newId() }));
  return { sn, secret, deviceId: device.id };
}

/** The demo product's alarm group (the end user, in the app) and its rules. */
async function seedDemoAlarms(db: Database, productId: string, endUserId: string): Promise<void> {
  const alarms = new AlarmRepository(db);
  const group = alarmGroupSchema.parse({
    id: newId(),
    name: '锅炉房值班',
    channels: ['app'],
    recipients: [{ accountId: endUserId, channels: ['app'] }],
  });
  await alarms.insertGroup(productId, group);
  for (const rule of demoBoilerAlarmRules([group.id]))
    await alarms.insertRule(productId, alarmRuleSchema.parse({ ...rule, id: newId() }));
  await alarms.bumpRuleSet(productId);
}
