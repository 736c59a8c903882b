/**
 * Alarm texts in the reader's language: a record keeps its name and message in every language,
 * lists and exports answer in the request's language, and each notified person gets theirs (their
 * chosen one, else Chinese). Exports carry their headers in that language and keep the 30-day rule.
 */
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { ALARM_EXPORT_COLUMNS } from '@lyyp/contracts/alarm';
import { accounts, alarmRecords, messages } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { postJson } from '../device/catalogue-test-support.ts';
import {
  ALARM_TEST_ENVIRONMENT,
  HIGH_TEMPERATURE,
  addGroup,
  addRule,
  alarmFixture,
  deviceRecords,
} from './alarm-test-support.ts';

const DAY_MS = 24 * 3600 * 1000;

describe.each(databaseVariants())('alarm texts in both languages on $name', (variant) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(variant, ALARM_TEST_ENVIRONMENT);
  });
  afterAll(async () => server.close());

  async function raise(deviceId: string, value = 95, at = server.clock.now()) {
    await server.alarms.evaluation.evaluateStored({
      points: [{ deviceId, key: 'waterTemperature', ts: at, value }],
      receivedAt: at,
    });
  }

  it('answers a record’s default text in the language of the request', async () => {
    const fixture = await alarmFixture(server);
    await addRule(server, fixture.developerClient, fixture.product.id);
    await raise(fixture.device.id, 95.25);
    fixture.ownerClient.language = 'zh-CN';
    const [chinese] = await deviceRecords(server, fixture.ownerClient, fixture.device.id);
    expect(chinese?.message).toBe('Boiler 1 High temperature：出水温度 当前值 95.3℃');
    fixture.ownerClient.language = 'en-US';
    const [english] = await deviceRecords(server, fixture.ownerClient, fixture.device.id);
    expect(english?.message).toBe('Boiler 1 High temperature: 出水温度 is 95.3℃');
    expect(english).toMatchObject({
      texts: {
        'zh-CN': { name: 'High temperature', message: chinese?.message },
        'en-US': { name: 'High temperature', message: english?.message },
      },
    });
  });

  it('sends each person their chosen language, Chinese when they chose none', async () => {
    const fixture = await alarmFixture(server);
    const tel = `139${randomInt(10_000_000, 99_999_999)}`;
    await server.database.db.update(accounts).set({ tel }).where(eq(accounts.id, fixture.owner.id));
    const group = await addGroup(server, fixture.developerClient, fixture.product.id, {
      name: 'Boiler room',
      channels: ['app', 'sms'],
      recipients: [{ accountId: fixture.owner.id, channels: ['app', 'sms'] }],
    });
    await addRule(server, fixture.developerClient, fixture.product.id, {
      ...HIGH_TEMPERATURE,
      groupIds: [group.id],
      pushMethods: ['app', 'sms'],
    });
    const saved = await postJson(server, fixture.ownerClient, '/alarm/preferences/save', {
      preferences: { locale: 'en-US' },
    });
    expect(saved.code, saved.message).toBe('200');
    await raise(fixture.device.id);
    await server.alarms.sweep();
    expect(server.sms.sent.filter((sms) => sms.tel === tel).map((sms) => sms.text)).toEqual([
      'Boiler 1 High temperature: 出水温度 is 95.0℃',
    ]);

    // The message centre shows the stored message in whichever language the reader uses now.
    const list = async (language: string) => {
      fixture.ownerClient.language = language;
      const answer = await postJson(server, fixture.ownerClient, '/message/list', { type: 'alarm' });
      expect(answer.code, answer.message).toBe('200');
      return (answer.data as { list: { title: string; body: string }[] }).list;
    };
    expect(await list('zh-CN')).toMatchObject([
      {
        title: '【报警】Boiler 1 High temperature',
        body: 'Boiler 1 High temperature：出水温度 当前值 95.0℃',
      },
    ]);
    expect(await list('en-US')).toMatchObject([
      { title: '[Alarm] Boiler 1 High temperature', body: 'Boiler 1 High temperature: 出水温度 is 95.0℃' },
    ]);

    await postJson(server, fixture.ownerClient, '/alarm/preferences/save', { preferences: { locale: null } });
    server.clock.advance(1000);
    await raise(fixture.device.id, 70);
    await server.alarms.sweep();
    expect(server.sms.sent.filter((sms) => sms.tel === tel).at(-1)?.text).toBe(
      'Boiler 1 High temperature 已解除：出水温度 当前值 70.0℃',
    );
  });

  it('exports CSV and XLSX with the headers and texts of the request’s language', async () => {
    const fixture = await alarmFixture(server);
    await addRule(server, fixture.developerClient, fixture.product.id);
    const at = server.clock.now();
    await raise(fixture.device.id, 95, at);
    for (const [language, key] of [
      ['zh-CN', 'zh'],
      ['en-US', 'en'],
    ] as const) {
      fixture.ownerClient.language = language;
      const csv = await postJson(server, fixture.ownerClient, '/alarm/record/export', {
        start: at - 1000,
        end: at + 1000,
        format: 'csv',
      });
      expect(csv.status).toBe(200);
      const [header, row] = csv.raw
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/);
      expect(header).toBe(ALARM_EXPORT_COLUMNS.map((column) => column[key]).join(','));
      expect(row).toContain(key === 'zh' ? '当前值 95.0℃' : 'is 95.0℃');
      expect(row).toContain(key === 'zh' ? '报警中，未确认' : 'Active, unacknowledged');

      const xlsx = await postJson(server, fixture.ownerClient, '/alarm/record/export', {
        start: at - 1000,
        end: at + 1000,
        format: 'xlsx',
      });
      expect(xlsx.status).toBe(200);
      expect(String(xlsx.headers['content-type'])).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.raw as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const headers = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(headers).toEqual(ALARM_EXPORT_COLUMNS.map((column) => column[key]));
      expect(sheet.getRow(2).getCell(3).text).toBe(key === 'zh' ? '变量报警' : 'Variable alarm');
    }
  });

  it('refuses an export over more than 30 days with the catalogue error, in the request’s language', async () => {
    const fixture = await alarmFixture(server);
    const end = server.clock.now();
    for (const [language, message] of [
      ['zh-CN', '查询范围最多 30 天'],
      ['en-US', 'The query range is at most 30 days'],
    ] as const) {
      fixture.ownerClient.language = language;
      for (const format of ['csv', 'xlsx']) {
        const answer = await postJson(server, fixture.ownerClient, '/alarm/record/export', {
          start: end - 31 * DAY_MS,
          end,
          format,
        });
        expect(answer).toMatchObject({ code: '1805', message });
      }
    }
    const exactly = await postJson(server, fixture.ownerClient, '/alarm/record/export', {
      start: end - 30 * DAY_MS,
      end,
      format: 'csv',
    });
    expect(exactly.status).toBe(200);
    expect(exactly.code).toBeUndefined();
  });

  it('gives records and messages stored before the texts existed their texts in both languages', async () => {
    const fixture = await alarmFixture(server);
    const at = new Date(server.clock.now() - DAY_MS);
    const base = { deviceId: fixture.device.id, productId: fixture.product.id, since: at, late: false };
    const [variable, offline, typed] = [newId(), newId(), newId()];
    await server.database.db.insert(alarmRecords).values([
      {
        ...base,
        id: variable,
        type: 'variable',
        source: 'old-rule',
        ruleId: 'old-rule',
        name: '高温',
        message: 'Boiler 1 高温：出水温度 当前值 95.0℃',
        raisedAt: at,
        releasedAt: at,
      },
      {
        ...base,
        id: offline,
        type: 'offline',
        source: 'offline',
        name: '离线报警',
        message: 'Boiler 1 网关离线',
        raisedAt: new Date(at.getTime() + 1),
        releasedAt: at,
      },
      {
        ...base,
        id: typed,
        type: 'variable',
        source: 'typed-rule',
        ruleId: 'typed-rule',
        name: '压力',
        message: '锅炉压力过高',
        raisedAt: at,
        releasedAt: at,
      },
    ]);
    const messageId = newId();
    await server.database.db.insert(messages).values({
      id: messageId,
      accountId: fixture.owner.id,
      type: 'alarm',
      title: '【报警解除】Boiler 1 离线报警',
      body: 'Boiler 1 网关离线（已解除）',
      subjectKind: 'alarm-record',
      subjectId: offline,
    });
    const migration = readFileSync(
      path.resolve(import.meta.dirname, '../../../drizzle/0009_alarm_texts_in_both_languages.sql'),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) {
      if (statement.includes('UPDATE')) await server.database.db.execute(sql.raw(statement));
    }
    const rows = await server.database.db
      .select({ id: alarmRecords.id, texts: alarmRecords.texts })
      .from(alarmRecords)
      .where(inArray(alarmRecords.id, [variable, offline, typed]));
    const english = new Map(rows.map((row) => [row.id, row.texts?.['en-US']]));
    expect(english.get(variable)).toEqual({ name: '高温', message: 'Boiler 1 高温: 出水温度 is 95.0℃' });
    expect(english.get(offline)).toEqual({
      name: 'Offline alarm',
      message: 'Boiler 1: the gateway is offline',
    });
    expect(english.get(typed)).toEqual({ name: '压力', message: '锅炉压力过高' });
    expect(rows.every((row) => row.texts?.['zh-CN'] !== undefined)).toBe(true);

    fixture.ownerClient.language = 'en-US';
    const listed = await postJson(server, fixture.ownerClient, '/message/list', { type: 'alarm' });
    expect((listed.data as { list: unknown[] }).list).toMatchObject([
      {
        title: '[Alarm released] Boiler 1 Offline alarm',
        body: 'Boiler 1: the gateway is offline (released)',
      },
    ]);
  });
});
