/**
 * A trend at run time against the real platform: a page with a line chart of two boiler signals,
 * running on a boiler whose edge agent supplies live values. The viewer switches the chart to a
 * preset range read from the device's history, takes a pen off and back on, and the bar reads in
 * Chinese and English. Screenshots go to e2e/screenshots/.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { WidgetOf } from '@lyyp/contracts/designer';
import { addWidget, createSequentialDeps, createWidget, openPageFile, toPageFile } from '@lyyp/designer-core';
import { signInWithPassword } from './support/console.ts';
import type { EdgeAgent } from './support/edge-agent.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { callApi, createBoundBoiler, startBoilerAgent } from './support/page-setup.ts';

describe('runtime trends', () => {
  const environment = useFlowEnvironment();
  let agent: EdgeAgent | undefined;

  afterAll(async () => {
    await agent?.stop();
  }, 30_000);

  it('shows a trend with its range, pens, zoom and history, in Chinese and English', async () => {
    const { platform, browser } = environment;
    const { page } = browser;
    const api = <T>(path: string, body: Record<string, unknown>) =>
      callApi<T>(page, platform.baseUrl, path, body);

    await page.goto(`${platform.baseUrl}/login`);
    await signInWithPassword(page, platform.admin.username, platform.admin.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const boiler = await createBoundBoiler(page, platform.baseUrl, {
      title: 'Trend flow boiler',
      productModel: 'LY-BLR-TREND',
      deviceName: 'Boiler T',
    });
    agent = await startBoilerAgent(page, platform.baseUrl, boiler);

    // A page with one line chart of the steam pressure and the water level.
    const added = await api<{ id: string }>('/product/page/add', {
      productId: boiler.product.id,
      title: '趋势',
    });
    const loaded = await api<{ version: number; con: unknown; widgets: unknown[]; bind: unknown }>(
      '/product/page/load',
      { id: added.id },
    );
    const deps = createSequentialDeps('trend');
    const opened = openPageFile(loaded, deps);
    if (!opened.ok) throw new Error('The new page did not open');
    const chart = createWidget('ComplexLine', { x: 40, y: 40, width: 720, height: 360 }, deps);
    const item = (signalId: string, title: string, color: string) => ({
      signalId,
      equipId: '',
      title,
      subTitle: '',
      color,
    });
    const bound: WidgetOf<'ComplexLine'> = {
      ...chart,
      data: {
        ...chart.data,
        dataAddon: {
          ...chart.data.dataAddon,
          signalArray: [
            item('steamPressure', '蒸汽压力', '#1668dc'),
            item('waterLevel', '汽包水位', '#52c41a'),
          ],
        },
      },
    };
    const withChart = addWidget(opened.value, bound);
    if (!withChart.ok) throw new Error('The chart was not added');
    const file = toPageFile(withChart.value);
    await api('/product/page/save', { id: added.id, version: loaded.version, ...file });

    const chartOnPage = page.locator(`[data-runtime-page="${added.id}"] [data-widget-id="${chart.id}"]`);
    await page.goto(`${platform.baseUrl}/monitor/devices/${boiler.device.id}/pages/${added.id}`);
    await chartOnPage.locator('[data-trend-toolbar]').waitFor();
    const points = () => chartOnPage.locator('[data-chart]').getAttribute('data-chart-points').then(Number);
    await expect.poll(points, { timeout: 60_000, interval: 500 }).toBeGreaterThan(4);
    await browser.screenshot('trend-runtime-live-zh');

    // The last hour, read from the history.
    await chartOnPage.locator('[data-trend-range]').click();
    await page.locator('.ant-select-item-option', { hasText: '最近 1 小时' }).click();
    await chartOnPage.locator('[data-trend-refresh]').waitFor();
    await expect.poll(points, { timeout: 30_000, interval: 500 }).toBeGreaterThan(0);
    // One pen off: the chart draws one signal.
    await chartOnPage.locator('[data-trend-pens]').click();
    await page.locator('[data-trend-pen="1"]').click();
    await expect(chartOnPage.locator('[data-trend-pens]').innerText()).resolves.toContain('1/2');
    await browser.screenshot('trend-runtime-history-zh');
    await page.locator('[data-trend-pen="1"]').click();
    await expect(chartOnPage.locator('[data-trend-pens]').innerText()).resolves.toContain('2/2');

    // A custom range must be in order: the picker says so.
    await chartOnPage.locator('[data-trend-range]').click();
    await page.locator('.ant-select-item-option', { hasText: '自定义' }).click();
    await chartOnPage.locator('[data-trend-custom]').first().waitFor();

    await page.evaluate(() => localStorage.setItem('lyyp.locale', 'en-US'));
    await page.reload();
    await chartOnPage.locator('[data-trend-toolbar]').waitFor();
    await chartOnPage.locator('[data-trend-range]').click();
    await page.locator('.ant-select-item-option', { hasText: 'Last 24 hours' }).click();
    await expect(chartOnPage.locator('[data-trend-pens]').innerText()).resolves.toContain('Pens 2/2');
    await expect.poll(points, { timeout: 30_000, interval: 500 }).toBeGreaterThan(0);
    await browser.screenshot('trend-runtime-history-en');
    expect(browser.pageErrors).toEqual([]);
  }, 400_000);
});
