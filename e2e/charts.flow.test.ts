/**
 * Charts on a designer page, against the real platform and a real edge agent with its simulated
 * boiler: a developer draws line, area, bar, pie, ring, rose and X-Y line charts, picks their
 * signals in the property panel and saves; on the monitoring site the device's page draws the
 * boiler's values as they arrive. Screenshots in Chinese and English go to e2e/screenshots/.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { signInWithPassword } from './support/console.ts';
import { drawWidget, type Canvas } from './support/designer-steps.ts';
import type { EdgeAgent } from './support/edge-agent.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { callApi, createBoundBoiler, openNewPage, startBoilerAgent } from './support/page-setup.ts';

interface SavedChart {
  widgetType: string;
  data: { dataAddon: { signalArray: { signalId: string; title: string }[]; timeRange?: number } };
}

/** Where each chart goes on the page, and the boiler signals it draws. */
interface ChartPlan {
  type: string;
  from: [number, number];
  to: [number, number];
  signals: string[];
}

const CHARTS: readonly ChartPlan[] = [
  { type: 'ComplexLine', from: [20, 20], to: [330, 250], signals: ['waterTemperature', 'returnTemperature'] },
  { type: 'ComplexArea', from: [350, 20], to: [660, 250], signals: ['flueTemperature'] },
  { type: 'ComplexBar', from: [680, 20], to: [990, 250], signals: ['heatOutput'] },
  { type: 'ComplexPie', from: [20, 270], to: [330, 500], signals: ['waterTemperature', 'returnTemperature'] },
  { type: 'ComplexRing', from: [350, 270], to: [660, 500], signals: ['flameIntensity', 'waterLevel'] },
  { type: 'ComplexRose', from: [680, 270], to: [990, 500], signals: ['waterTemperature', 'flueTemperature'] },
  {
    type: 'ComplexXyline',
    from: [20, 520],
    to: [330, 750],
    signals: ['waterTemperature', 'returnTemperature'],
  },
];

const chartOf = (page: Page, type: string) =>
  page.locator(`[data-page-canvas] [data-widget-type="${type}"] [data-chart]`);

/** Draws a chart and picks its signals in the property panel's signal list. */
async function addChart(page: Page, canvas: Canvas, chart: ChartPlan): Promise<void> {
  await drawWidget(page, canvas, chart.type, chart.from, chart.to);
  const editor = page.locator('[data-series-editor="data.dataAddon.signalArray"]');
  for (const [index, signal] of chart.signals.entries()) {
    await editor.getByRole('button', { name: /添加变量|Add signal/ }).click();
    await editor.locator(`[data-series-row="${index}"] .ant-select`).click();
    await page.keyboard.type(signal);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => editor.locator(`[data-series-row="${index}"] .ant-select`).innerText())
      .toContain(signal);
  }
}

/** The sampled points a trend chart holds, once it holds some. */
async function pointsOf(page: Page, type: string): Promise<number> {
  return Number((await chartOf(page, type).getAttribute('data-chart-points')) ?? 0);
}

describe('chart widgets', () => {
  const environment = useFlowEnvironment();
  let agent: EdgeAgent | undefined;

  afterAll(async () => {
    await agent?.stop();
  }, 30_000);

  it('draws live trends, shares and an X-Y line from the device on the monitoring site', async () => {
    const { platform, browser } = environment;
    const { page } = browser;
    const api = <T>(path: string, body: Record<string, unknown>) =>
      callApi<T>(page, platform.baseUrl, path, body);

    await page.goto(`${platform.baseUrl}/login`);
    await signInWithPassword(page, platform.admin.username, platform.admin.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    const boiler = await createBoundBoiler(page, platform.baseUrl, {
      title: 'Chart flow boiler',
      productModel: 'LY-BLR-CHART',
      deviceName: 'Boiler room 2',
    });
    const { product, device } = boiler;
    agent = await startBoilerAgent(page, platform.baseUrl, boiler);
    const canvas = await openNewPage(page, platform.baseUrl, product.id, '锅炉趋势');

    for (const chart of CHARTS) await addChart(page, canvas, chart);
    // In the designer the charts show their axes, legends and equal shares, with nothing live.
    await expect.poll(() => chartOf(page, 'ComplexLine').locator('canvas').count()).toBeGreaterThan(0);
    await page.locator('[data-series-editor="data.dataAddon.signalArray"]').scrollIntoViewIfNeeded();
    expect(await chartOf(page, 'ComplexLine').getAttribute('data-chart-points')).toBe('0');
    await browser.screenshot('charts-designer-zh');

    await page.click('[data-action="save"]');
    await page.waitForSelector('[data-save-state="clean"]');
    const pages = await api<{ id: string }[]>('/product/page/list', { productId: product.id });
    const pageId = pages[0]?.id ?? '';
    const saved = await api<{ widgets: SavedChart[]; bind: { signals: string[] } }>('/product/page/load', {
      id: pageId,
    });
    expect(saved.widgets.map((widget) => widget.widgetType)).toEqual(CHARTS.map((chart) => chart.type));
    for (const [index, chart] of CHARTS.entries())
      expect(saved.widgets[index]?.data.dataAddon.signalArray.map((item) => item.signalId)).toEqual(
        chart.signals,
      );
    expect(saved.widgets[0]?.data.dataAddon.timeRange).toBe(5);
    expect(saved.widgets[2]?.data.dataAddon.timeRange).toBe(60);
    expect(saved.widgets[0]?.data.dataAddon.signalArray[0]?.title).toBe('出水温度');

    // The runtime samples each second: the trends grow and the shares show the device's numbers.
    await page.goto(`${platform.baseUrl}/monitor/devices/${device.id}/pages/${pageId}`);
    await page.waitForSelector(`[data-runtime-page="${pageId}"]`);
    for (const type of ['ComplexLine', 'ComplexArea', 'ComplexBar', 'ComplexXyline'])
      await expect.poll(() => pointsOf(page, type), { timeout: 40_000, interval: 500 }).toBeGreaterThan(2);
    const first = await pointsOf(page, 'ComplexLine');
    await expect
      .poll(() => pointsOf(page, 'ComplexLine'), { timeout: 20_000, interval: 500 })
      .toBeGreaterThan(first);
    await expect
      .poll(() => chartOf(page, 'ComplexPie').getAttribute('data-chart-values'), { timeout: 40_000 })
      .toMatch(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/);
    await browser.screenshot('charts-runtime-zh');

    await page.evaluate(() => localStorage.setItem('lyyp.locale', 'en-US'));
    await page.reload();
    await page.waitForSelector(`[data-runtime-page="${pageId}"]`);
    // Opened again, the line starts with the stored points of its five minutes, not empty.
    await expect
      .poll(async () => Number(await chartOf(page, 'ComplexLine').getAttribute('data-chart-history')), {
        timeout: 40_000,
        interval: 500,
      })
      .toBeGreaterThan(0);
    await expect
      .poll(() => pointsOf(page, 'ComplexLine'), { timeout: 40_000, interval: 500 })
      .toBeGreaterThan(3);
    await browser.screenshot('charts-runtime-en');
    await page.goto(`${platform.baseUrl}/manage/product/${product.id}/designer/${pageId}`);
    await page.waitForSelector('[data-designer]');
    await page.click('[data-page-canvas] [data-widget-type="ComplexLine"]');
    await page.locator('[data-series-editor="data.dataAddon.signalArray"]').scrollIntoViewIfNeeded();
    await browser.screenshot('charts-designer-en');

    expect(browser.pageErrors).toEqual([]);
  }, 300_000);
});
