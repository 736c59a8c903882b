/**
 * History reports in a real browser against the real platform. The boiler's gateway replays six
 * hours of its buffer after an outage; a developer adds an hourly gas report to the product in its
 * report tab; the platform computes it; the end user opens the device's reports, reads the hourly
 * rows, switches to the chart, exports the table to Excel and opens the data centre; the super
 * manager reads the product's report over all its devices and exports it.
 */
import fs from 'node:fs';
import { LOCALE_STORAGE_KEY } from '@lyyp/contracts';
import { upTopic, downTopic } from '@lyyp/contracts/protocol';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser, type BrowserSession } from './support/browser.ts';
import { signInWithPassword, waitForTitle } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { setUpBoundBoiler } from './support/monitor-setup.ts';

const FLOW_TIMEOUT_MS = 300_000;
const PASSWORD = 'Flow#2024ab';
const REPORT_NAME = '燃气用量';
const HOUR = 3_600_000;

describe('report flow in the browser', () => {
  const flow = useFlowEnvironment();
  let endUserBrowser: BrowserSession | undefined;

  afterAll(async () => {
    await endUserBrowser?.close();
  }, 30_000);

  it(
    'a developer adds an hourly report; the device’s report table shows rows; the export downloads an XLSX',
    async () => {
      const { platform } = flow;
      const { product, gateway, user, api: userApi, device } = await setUpBoundBoiler(platform, PASSWORD);

      // The gateway comes back after an outage and replays six hours of its buffer.
      const link = await mqtt.connectAsync(gateway.mqttUrl, {
        clientId: gateway.sn,
        username: gateway.sn,
        password: gateway.secret,
        reconnectPeriod: 0,
      });
      await link.subscribeAsync(downTopic(gateway.sn, 'ack'), { qos: 1 });
      const acknowledged = new Promise<void>((resolve) => link.on('message', () => resolve()));
      const firstHour = Math.floor(Date.now() / HOUR) * HOUR - 6 * HOUR;
      const points = [];
      for (let minute = 0; minute < 6 * 60; minute += 5) {
        const t = firstHour + minute * 60_000;
        points.push(
          { k: 'gasTotal', t, v: 1000 + minute * 0.5 },
          { k: 'waterTemperature', t, v: 60 + (minute % 7) },
        );
      }
      await link.publishAsync(upTopic(gateway.sn, 'data'), JSON.stringify({ seq: 1, points }), { qos: 1 });
      await acknowledged;
      await link.endAsync(true);

      // The developer adds the report in the product's report tab.
      const { page, screenshot, pageErrors } = flow.browser;
      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, platform.admin.username, platform.admin.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${platform.baseUrl}/manage/product/edit/${product.id}/report`);
      await waitForTitle(page, '历史报表 - LYYP');
      await page.locator('[data-testid="report-capacity"]').waitFor();
      await screenshot('report-product-empty');
      await page.click('[data-testid="report-add"]');
      await page.locator('form#report').waitFor();
      await page.fill('#report_name', REPORT_NAME);
      // A click that lands while the dialog still animates opens nothing: click until the list shows.
      const energyOption = page.locator('.ant-select-item-option[title="能耗"]');
      await expect
        .poll(
          async () => {
            if (!(await energyOption.isVisible())) await page.click('#report_type', { force: true });
            return energyOption.isVisible();
          },
          { timeout: 20_000, interval: 1000 },
        )
        .toBe(true);
      await energyOption.click();
      await page.click('#report_variables_0_key');
      await page.keyboard.type('gasTotal');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('form#report').textContent()).toContain('差值');
      await screenshot('report-dialog');
      await page.click('#report-save');
      await page.getByRole('cell', { name: REPORT_NAME }).waitFor();
      expect(await page.locator('[data-testid="report-capacity"]').textContent()).toContain('1/');
      await screenshot('report-product-tab');

      // The platform computes the closed hours within a sweep or two.
      const reports = await userApi.post<Array<{ id: string }>>('/report/device/list', {
        equipmentId: device.id,
      });
      const reportId = reports[0]!.id;
      await expect
        .poll(
          async () =>
            (
              await userApi.post<{ total: number }>('/report/data', {
                equipmentId: device.id,
                reportId,
                granularity: 'hour',
                start: firstHour,
                end: firstHour + 7 * HOUR,
              })
            ).total,
          { timeout: 60_000, interval: 1000 },
        )
        .toBeGreaterThanOrEqual(5);

      // The end user reads the device's reports.
      endUserBrowser = await launchBrowser();
      const userPage = endUserBrowser.page;
      await userPage.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(userPage, user.username, user.password);
      await userPage.waitForURL((url) => url.pathname.startsWith('/monitor'));
      await userPage.goto(`${platform.baseUrl}/monitor/devices/${device.id}?tab=reports`);
      const rows = userPage.locator('[data-testid="report-table"] tbody tr.ant-table-row');
      await rows.first().waitFor({ timeout: 30_000 });
      expect(await rows.count()).toBeGreaterThanOrEqual(5);
      // Twelve readings an hour, each 2.5 m³ above the one before: 30 m³ an hour.
      expect(await userPage.locator('[data-testid="report-table"]').textContent()).toContain('30.00');
      await endUserBrowser.screenshot('report-device-table');

      const download = userPage.waitForEvent('download');
      await userPage.click('[data-testid="report-export"]');
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^report-.*\.xlsx$/);
      const saved = await file.path();
      expect(fs.readFileSync(saved).subarray(0, 2).toString()).toBe('PK');

      await userPage.getByText('图表').click();
      await userPage.locator('[data-testid="report-chart"] canvas').waitFor();
      await endUserBrowser.screenshot('report-device-chart');

      await userPage.goto(`${platform.baseUrl}/monitor/datacenter`);
      await waitForTitle(userPage, '数据中心 - LYYP');
      await userPage.locator('[data-testid="datacenter-trend"] canvas').waitFor({ timeout: 20_000 });
      await endUserBrowser.screenshot('datacenter');
      // Each energy with its unit: the gas of the hourly report in m³, never summed with another unit.
      expect(await userPage.locator('[data-testid="datacenter-energy"]').first().textContent()).toContain(
        'm³',
      );

      // The super manager reads the product's report over all its devices: a row per device per hour.
      await page.goto(`${platform.baseUrl}/monitor/reports`);
      await waitForTitle(page, '产品报表 - LYYP');
      const productRows = page.locator('[data-testid="product-report-table"] tbody tr.ant-table-row');
      await productRows.first().waitFor({ timeout: 30_000 });
      expect(await productRows.count()).toBeGreaterThanOrEqual(5);
      const productTable = await page.locator('[data-testid="product-report-table"]').textContent();
      expect(productTable).toContain('1号锅炉');
      expect(productTable).toContain('30.00');
      const productDownload = page.waitForEvent('download');
      await page.click('[data-testid="product-report-export"]');
      expect((await productDownload).suggestedFilename()).toMatch(/^product-report-.*\.xlsx$/);
      await screenshot('report-product-devices');

      // Every new screen in both languages, for people to look at.
      // (the product's report tab last for the super manager: the dialog below opens from it)
      const views: [BrowserSession, string, string, string][] = [
        [
          flow.browser,
          '/monitor/reports',
          'product-reports',
          '[data-testid="product-report-table"] tr.ant-table-row',
        ],
        [
          flow.browser,
          `/manage/product/edit/${product.id}/report`,
          'product-report',
          '[data-testid="report-capacity"]',
        ],
        [
          endUserBrowser,
          `/monitor/devices/${device.id}?tab=reports`,
          'device-reports',
          '[data-testid="report-table"] tr.ant-table-row',
        ],
        [endUserBrowser, '/monitor/datacenter', 'datacenter', '[data-testid="datacenter-trend"] canvas'],
      ];
      for (const locale of ['zh-CN', 'en-US']) {
        for (const [session, path, name, ready] of views) {
          await session.page.evaluate(([key, value]) => localStorage.setItem(key, value), [
            LOCALE_STORAGE_KEY,
            locale,
          ] as const);
          await session.page.goto(`${platform.baseUrl}${path}`);
          await session.page.locator(ready).first().waitFor({ timeout: 20_000 });
          await session.page.waitForLoadState('networkidle');
          await session.screenshot(`screen-${name}-${locale}`);
        }
      }
      await page.click('[data-testid="report-add"]');
      await page.locator('form#report').waitFor();
      await page.getByText('By expression').click();
      await page.locator('#report_expression').waitFor();
      await screenshot('screen-report-dialog-en-US');

      expect(pageErrors).toEqual([]);
      expect(endUserBrowser.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
