/**
 * The history report table and the alarm records widget on a designer page, against the real
 * platform. The boiler's gateway (played over MQTT) has sent six hours of history; the product has
 * an hourly report and a temperature alarm rule, and the boiler's latest value trips it. A developer
 * places a raw history table, an hourly report table and the alarm records on a page and saves;
 * on the monitoring site the page shows the device's rows, exports them as CSV and Excel, and
 * acknowledges the alarm; the alarm's release arrives live. Screenshots in Chinese and English go
 * to e2e/screenshots/.
 */
import fs from 'node:fs';
import { LOCALE_STORAGE_KEY } from '@lyyp/contracts';
import { downTopic, upTopic } from '@lyyp/contracts/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { signInWithPassword } from './support/console.ts';
import { drawWidget } from './support/designer-steps.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { callApi, createBoundBoiler, openNewPage } from './support/page-setup.ts';

const HOUR = 3_600_000;
const REPORT_NAME = '燃气小时报';
const RULE_NAME = '出水温度过高';

interface Point {
  k: string;
  t: number;
  v: number;
}

/** The boiler's gateway over MQTT: each batch is numbered and waits for the platform's ack. */
class GatewayLink {
  private seq = 0;
  private readonly acked = new Set<number>();
  private readonly waiters: (() => void)[] = [];

  private constructor(
    private readonly client: MqttClient,
    private readonly sn: string,
  ) {
    client.on('message', (_topic, payload) => {
      const ack = JSON.parse(payload.toString()) as { seq?: number };
      if (typeof ack.seq === 'number') this.acked.add(ack.seq);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async connect(url: string, sn: string, secret: string): Promise<GatewayLink> {
    const client = await mqtt.connectAsync(url, {
      clientId: sn,
      username: sn,
      password: secret,
      reconnectPeriod: 0,
    });
    await client.subscribeAsync(downTopic(sn, 'ack'), { qos: 1 });
    return new GatewayLink(client, sn);
  }

  async send(points: Point[]): Promise<void> {
    const seq = ++this.seq;
    await this.client.publishAsync(upTopic(this.sn, 'data'), JSON.stringify({ seq, points }), { qos: 1 });
    while (!this.acked.has(seq)) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}

const widgetOf = (page: Page, type: string, nth = 0) =>
  page.locator(`[data-page-canvas] [data-widget-type="${type}"]`).nth(nth);

/** Picks an option of a select of the property panel by its label. */
async function choose(page: Page, property: string, label: string): Promise<void> {
  await page.click(`[data-property-row="${property}"] .ant-select`);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
  await expect.poll(() => page.locator(`[data-property-row="${property}"]`).innerText()).toContain(label);
}

/** Adds signals to the selected widget's signal list (or its report signal list). */
async function addSignals(page: Page, signals: string[], list = 'signalArray'): Promise<void> {
  const editor = page.locator(`[data-series-editor="data.dataAddon.${list}"]`);
  for (const [index, signal] of signals.entries()) {
    await editor.getByRole('button', { name: /添加变量|Add signal/ }).click();
    await editor.locator(`[data-series-row="${index}"] .ant-select`).click();
    await page.keyboard.type(signal);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => editor.locator(`[data-series-row="${index}"] .ant-select`).innerText())
      .toContain(signal);
  }
}

describe('history report table and alarm records widgets', () => {
  const environment = useFlowEnvironment();
  let link: GatewayLink | undefined;

  afterAll(async () => {
    await link?.close();
  }, 30_000);

  it('shows a device’s history, report rows and alarms on a running page, exports them and acknowledges', async () => {
    const { platform, browser } = environment;
    const { page } = browser;
    const api = <T>(path: string, body: Record<string, unknown>) =>
      callApi<T>(page, platform.baseUrl, path, body);

    await page.goto(`${platform.baseUrl}/login`);
    await signInWithPassword(page, platform.admin.username, platform.admin.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    const boiler = await createBoundBoiler(page, platform.baseUrl, {
      title: 'Widget flow boiler',
      productModel: 'LY-BLR-WIDGET',
      deviceName: '3号锅炉',
    });
    const { product, device, gateway } = boiler;
    const credentials = await api<{ mqtt: { url: string } }>('/gateway/credentials', { sn: gateway.sn });
    link = await GatewayLink.connect(
      credentials.mqtt.url.replace('//localhost:', '//127.0.0.1:'),
      gateway.sn,
      gateway.secret,
    );

    // Six hours of history: gas 2.5 m³ every five minutes (30 m³ an hour), water between 60 and 66 ℃.
    const firstHour = Math.floor(Date.now() / HOUR) * HOUR - 6 * HOUR;
    const history: Point[] = [];
    for (let minute = 0; minute < 6 * 60; minute += 5) {
      const t = firstHour + minute * 60_000;
      history.push(
        { k: 'gasTotal', t, v: 1000 + minute * 0.5 },
        { k: 'waterTemperature', t, v: 60 + (minute % 7) },
      );
    }
    await link.send(history);

    // The product's hourly gas report and its temperature alarm; the boiler's latest value trips it.
    const report = await api<{ id: string }>('/report/add', {
      productId: product.id,
      report: {
        name: REPORT_NAME,
        type: 'consumption',
        intervalMinutes: 60,
        variables: [
          { key: 'gasTotal', aggregation: 'difference' },
          { key: 'waterTemperature', aggregation: 'max' },
        ],
      },
    });
    await api('/alarm/rule/add', {
      productId: product.id,
      rule: {
        name: RULE_NAME,
        variableKey: 'waterTemperature',
        condition: { operator: 'gt', limit: { kind: 'value', value: 90 } },
        message: '{device} 出水温度 {value}{unit}，高于 {limit}',
      },
    });
    await link.send([{ k: 'waterTemperature', t: Date.now(), v: 95 }]);
    await expect
      .poll(
        async () => (await api<{ total: number }>('/alarm/record/device', { equipmentId: device.id })).total,
        { timeout: 30_000, interval: 500 },
      )
      .toBe(1);

    // The developer places the three widgets and saves.
    const canvas = await openNewPage(page, platform.baseUrl, product.id, '锅炉报表');
    await drawWidget(page, canvas, 'ComplexHistory', [20, 20], [600, 370]);
    await addSignals(page, ['waterTemperature', 'gasTotal']);
    await drawWidget(page, canvas, 'ComplexHistory', [20, 390], [600, 740]);
    await choose(page, 'data.dataAddon.interval', '报表 · 按小时');
    await choose(page, 'data.dataAddon.reportId', REPORT_NAME);
    await drawWidget(page, canvas, 'ComplexAlarm', [620, 20], [1000, 440]);
    // A line chart in report mode: the report's hourly gas use over the last twelve hours.
    await drawWidget(page, canvas, 'ComplexLine', [620, 460], [1000, 740]);
    await choose(page, 'data.dataAddon.type', '报表数据');
    await choose(page, 'data.dataAddon.reportId', REPORT_NAME);
    await addSignals(page, ['gasTotal'], 'reportSignalArray');
    const timeRange = page.locator('input[data-property="data.dataAddon.timeRange"]');
    await timeRange.fill('720');
    await timeRange.press('Enter');
    // The designer previews sample rows and records, with nothing read from the device.
    expect(await widgetOf(page, 'ComplexHistory').locator('tr.ant-table-row').count()).toBe(5);
    expect(await widgetOf(page, 'ComplexAlarm').innerText()).toContain('示例记录');
    await browser.screenshot('widgets-history-alarm-designer-zh');

    await page.click('[data-action="save"]');
    await page.waitForSelector('[data-save-state="clean"]');
    const pages = await api<{ id: string }[]>('/product/page/list', { productId: product.id });
    const pageId = pages[0]?.id ?? '';
    const saved = await api<{
      widgets: { widgetType: string; data: { dataAddon: Record<string, unknown> } }[];
    }>('/product/page/load', { id: pageId });
    expect(saved.widgets.map((widget) => widget.widgetType)).toEqual([
      'ComplexHistory',
      'ComplexHistory',
      'ComplexAlarm',
      'ComplexLine',
    ]);
    expect(saved.widgets[3]?.data.dataAddon).toMatchObject({
      type: 'report',
      reportId: report.id,
      reportSignalArray: [{ signalId: 'gasTotal' }],
      timeRange: 720,
    });
    expect(saved.widgets[0]?.data.dataAddon).toMatchObject({
      interval: 'raw',
      signalArray: [{ signalId: 'waterTemperature' }, { signalId: 'gasTotal' }],
    });
    expect(saved.widgets[1]?.data.dataAddon).toMatchObject({ interval: 'hour', reportId: report.id });

    // The platform computes the closed hours within a sweep or two.
    await expect
      .poll(
        async () =>
          (
            await api<{ total: number }>('/report/data', {
              equipmentId: device.id,
              reportId: report.id,
              granularity: 'hour',
              start: firstHour,
              end: firstHour + 7 * HOUR,
            })
          ).total,
        { timeout: 90_000, interval: 1000 },
      )
      .toBeGreaterThanOrEqual(5);

    // The running page reads the device: raw rows, report rows and the active alarm.
    await page.goto(`${platform.baseUrl}/monitor/devices/${device.id}/pages/${pageId}`);
    await page.waitForSelector(`[data-runtime-page="${pageId}"]`);
    const rawTable = widgetOf(page, 'ComplexHistory', 0);
    const reportTable = widgetOf(page, 'ComplexHistory', 1);
    const alarms = widgetOf(page, 'ComplexAlarm');
    await expect.poll(() => rawTable.locator('tr.ant-table-row').count(), { timeout: 30_000 }).toBe(10);
    expect(await rawTable.innerText()).toMatch(/出水温度/);
    expect(await rawTable.innerText()).toMatch(/共 7[34] 条/);
    await expect
      .poll(() => reportTable.locator('tr.ant-table-row').count(), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(5);
    expect(await reportTable.innerText()).toContain('30.00');
    const alarmRow = alarms.locator('tr.ant-table-row', { hasText: RULE_NAME });
    await alarmRow.waitFor({ timeout: 30_000 });
    expect(await alarmRow.innerText()).toContain('报警中，未确认');
    expect(await alarmRow.innerText()).toContain('3号锅炉');
    // The chart draws the report's hourly values rather than sampling live.
    const reportChart = widgetOf(page, 'ComplexLine').locator('[data-chart-source="report"]');
    await expect
      .poll(async () => Number(await reportChart.getAttribute('data-chart-points')), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(5);
    await browser.screenshot('widgets-history-alarm-runtime-zh');

    // Export from the running page: the raw samples as CSV, the report as Excel.
    const csvDownload = page.waitForEvent('download');
    await rawTable.locator('[data-testid="history-widget-export"]').hover();
    await page.locator('.ant-dropdown:visible').getByText('导出 CSV').click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const csvText = fs.readFileSync(await csv.path(), 'utf8');
    expect(csvText.trim().split('\n').length).toBeGreaterThan(70);
    const xlsxDownload = page.waitForEvent('download');
    await reportTable.locator('[data-testid="history-widget-export"]').hover();
    await page.locator('.ant-dropdown:visible').getByText('导出 Excel').click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(
      fs
        .readFileSync(await xlsx.path())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    // Acknowledge from the widget; the release arrives on the live channel without a reload.
    await alarmRow.locator('[data-testid="alarm-widget-acknowledge"]').click();
    await page.fill('[data-testid="acknowledge-comment"]', '已到现场');
    await page.click('#acknowledge-confirm');
    await expect.poll(() => alarmRow.innerText(), { timeout: 20_000 }).toContain('报警中，已确认');
    await link.send([{ k: 'waterTemperature', t: Date.now(), v: 61 }]);
    await expect.poll(() => alarmRow.innerText(), { timeout: 30_000 }).toContain('已解除，已确认');
    await browser.screenshot('widgets-history-alarm-acknowledged-zh');

    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      LOCALE_STORAGE_KEY,
      'en-US',
    ] as const);
    await page.reload();
    await page.waitForSelector(`[data-runtime-page="${pageId}"]`);
    await expect.poll(() => rawTable.locator('tr.ant-table-row').count(), { timeout: 30_000 }).toBe(10);
    await alarms
      .locator('tr.ant-table-row', { hasText: 'Cleared, acknowledged' })
      .waitFor({ timeout: 30_000 });
    await expect
      .poll(() => reportTable.locator('tr.ant-table-row').count(), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(5);
    expect(await reportTable.innerText()).toContain('Difference');
    await browser.screenshot('widgets-history-alarm-runtime-en');

    await page.goto(`${platform.baseUrl}/manage/product/${product.id}/designer/${pageId}`);
    await page.waitForSelector('[data-designer]');
    await widgetOf(page, 'ComplexHistory', 1).click();
    await page.locator('[data-property-row="data.dataAddon.reportId"]').waitFor();
    await browser.screenshot('widgets-history-alarm-designer-en');

    expect(browser.pageErrors).toEqual([]);
  }, 400_000);
});
