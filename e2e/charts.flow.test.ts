/**
 * Charts on a designer page, against the real platform and a real edge agent with its simulated
 * boiler: a developer draws line, area, bar, pie, ring, rose and X-Y line charts, picks their
 * signals in the property panel and saves; on the monitoring site the device's page draws the
 * boiler's values as they arrive. Screenshots in Chinese and English go to e2e/screenshots/.
 */
import { API_PREFIX } from '@lyyp/contracts';
import { demoBoilerModelInput } from '@lyyp/contracts/device-model';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { signInWithPassword } from './support/console.ts';
import { drawWidget, measureCanvas, type Canvas } from './support/designer-steps.ts';
import { EdgeAgent } from './support/edge-agent.ts';
import { useFlowEnvironment } from './support/flow.ts';

interface Envelope<T> {
  code: string;
  message: string;
  data: T;
}

interface SavedChart {
  widgetType: string;
  data: { dataAddon: { signalArray: { signalId: string; title: string }[]; timeRange?: number } };
}

async function callApi<T>(
  page: Page,
  baseUrl: string,
  path: string,
  body: Record<string, unknown>,
): Promise<T> {
  const response = await page.request.post(`${baseUrl}${API_PREFIX}${path}`, { data: body });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== '200' && answer.code !== '201')
    throw new Error(`${path} answered ${answer.code}: ${answer.message}`);
  return answer.data;
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

    const product = await api<{ id: string }>('/product/advance/importProduct', {
      title: 'Chart flow boiler',
      productModel: 'LY-BLR-CHART',
      json: demoBoilerModelInput({ host: '192.0.2.10', pollIntervalMs: 500 }),
    });
    const [gateway] = await api<{ sn: string; verificationCode: string; secret: string }[]>(
      '/gateway/batchAdd',
      {
        count: 1,
      },
    );
    if (!gateway) throw new Error('No gateway was created');
    const device = await api<{ id: string }>('/equipment/add', {
      name: 'Boiler room 2',
      sn: gateway.sn,
      verificationCode: gateway.verificationCode,
      productId: product.id,
    });
    const credentials = await api<{ mqtt: { url: string } }>('/gateway/credentials', { sn: gateway.sn });
    agent = EdgeAgent.start({
      sn: gateway.sn,
      secret: gateway.secret,
      platformMqttUrl: credentials.mqtt.url.replace('//localhost:', '//127.0.0.1:'),
    });
    await agent.waitForLine(/configuration version \d+ applied/, 40_000);

    await page.goto(`${platform.baseUrl}/manage/product/edit/${product.id}/page`);
    await page.click('[data-action="create-page"]');
    await page.fill('#page-title_title', '锅炉趋势');
    await page.press('#page-title_title', 'Enter');
    await page.click('[data-page-link]');
    await page.waitForSelector('[data-designer]');
    await page.waitForSelector('[data-save-state="clean"]');
    const canvas = await measureCanvas(page);

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
