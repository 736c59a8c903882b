/**
 * The designer's preview and tag browser, against the real platform: a developer builds a small
 * mimic from the symbol library (tank, pump, pipe), binds it by dragging variables from the tag
 * browser (onto the symbols, and onto bare canvas for a data text and a set-point input), previews
 * it against typed values (the level follows, the pump turns green, the pipe flows, a write from the
 * input lands in the typed values), saves, and opens it on the monitoring site. A second developer
 * session previews the page against the bound boiler, whose edge agent supplies live values.
 * Screenshots in Chinese and English go to e2e/screenshots/.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { signInWithPassword } from './support/console.ts';
import type { EdgeAgent } from './support/edge-agent.ts';
import { useFlowEnvironment } from './support/flow.ts';
import {
  callApi,
  createBoundBoiler,
  openNewPage,
  startBoilerAgent,
  type BoundBoiler,
} from './support/page-setup.ts';
import type { Canvas } from './support/designer-steps.ts';

interface SavedWidget {
  id: string;
  widgetType: string;
  widgetName: string;
  binding?: { signalId: string };
  children?: SavedWidget[];
  animation?: { fillColor: { enable: boolean; binding: { signalId: string } } };
}

/** Drops what a side panel carries (a symbol id, a tag value) at a page point, as the browser delivers it. */
async function dropOnCanvas(page: Page, canvas: Canvas, type: string, value: string, at: [number, number]) {
  const dataTransfer = await page.evaluateHandle(
    ([kind, data]) => {
      const transfer = new DataTransfer();
      transfer.setData(kind ?? '', data ?? '');
      return transfer;
    },
    [type, value],
  );
  const point = canvas.at(...at);
  await page.locator('[data-designer-viewport]').dispatchEvent('drop', {
    dataTransfer,
    clientX: point.x,
    clientY: point.y,
  });
}

const SYMBOL = 'application/x-lyyp-symbol';
const TAG = 'application/x-lyyp-tag';

/** A member of a saved group by its name. */
const member = (group: SavedWidget | undefined, name: string) =>
  group?.children?.find((child) => child.widgetName === name);

function previewed(page: Page, id: string): Locator {
  return page.locator(`[data-preview-page] [data-widget-id="${id}"]`);
}

describe('designer preview and tag browser', () => {
  const environment = useFlowEnvironment();
  let agent: EdgeAgent | undefined;
  let boiler: BoundBoiler | undefined;
  let pageId = '';

  afterAll(async () => {
    await agent?.stop();
  }, 30_000);

  it('builds a mimic from the library and the tag browser, previews it on typed values, saves and runs it', async () => {
    const { platform, browser } = environment;
    const { page } = browser;
    const api = <T>(path: string, body: Record<string, unknown>) =>
      callApi<T>(page, platform.baseUrl, path, body);

    await page.goto(`${platform.baseUrl}/login`);
    await signInWithPassword(page, platform.admin.username, platform.admin.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    boiler = await createBoundBoiler(page, platform.baseUrl, {
      title: 'Preview flow boiler',
      productModel: 'LY-BLR-PREVIEW',
      deviceName: 'Boiler room 7',
    });
    const { product, device } = boiler;
    const canvas = await openNewPage(page, platform.baseUrl, product.id, '锅炉房流程');

    // The library: a tank, a pump and a pipe between them.
    await dropOnCanvas(page, canvas, SYMBOL, 'tank', [200, 300]);
    await dropOnCanvas(page, canvas, SYMBOL, 'pump', [620, 330]);
    await dropOnCanvas(page, canvas, SYMBOL, 'pipe', [410, 240]);

    // The tag browser: search, then drag variables onto the symbols and onto bare canvas.
    await page.getByRole('tab', { name: '变量' }).click();
    await page.fill('[data-tag-search] input', '水位');
    await expect.poll(() => page.locator('[data-tag]').count()).toBe(2);
    await expect(page.locator('[data-tag-browser]').innerText()).resolves.toContain('汽包水位');
    await page.fill('[data-tag-search] input', '');
    await browser.screenshot('preview-tag-browser-zh');
    await dropOnCanvas(page, canvas, TAG, 'signal:waterLevel', [200, 300]);
    await page.getByText('已将「汽包水位」绑定到「储罐1」').waitFor();
    await dropOnCanvas(page, canvas, TAG, 'signal:running', [620, 330]);
    await dropOnCanvas(page, canvas, TAG, 'signal:running', [410, 240]);
    await dropOnCanvas(page, canvas, TAG, 'signal:steamPressure', [200, 520]);
    await dropOnCanvas(page, canvas, TAG, 'signal:temperatureSetpoint', [620, 520]);
    // A variable dropped on bare canvas is one undo step: the widget and its binding go together.
    const widgets = () => page.locator('[data-page-canvas] [data-widget-id]').count();
    const before = await widgets();
    await page.locator('[data-designer-viewport]').focus();
    await page.keyboard.press('Control+z');
    await expect.poll(widgets).toBe(before - 1);
    await page.keyboard.press('Control+y');
    await expect.poll(widgets).toBe(before);

    await page.click('[data-action="save"]');
    await page.waitForSelector('[data-save-state="clean"]');
    const pages = await api<{ id: string }[]>('/product/page/list', { productId: product.id });
    pageId = pages[0]?.id ?? '';
    const saved = await api<{ widgets: SavedWidget[]; bind: { signals: string[] } }>('/product/page/load', {
      id: pageId,
    });
    const [tank, pump, pipe, text, input] = saved.widgets;
    expect(saved.widgets.map((widget) => widget.widgetType)).toEqual([
      'WidgetGroup',
      'WidgetGroup',
      'WidgetGroup',
      'UsualDataText',
      'UsualInput',
    ]);
    const level = member(tank, '液位');
    const casing = member(pump, '泵壳');
    const flow = member(pipe, '流动');
    expect(level?.binding?.signalId).toBe('waterLevel');
    expect(casing?.animation?.fillColor).toMatchObject({ enable: true, binding: { signalId: 'running' } });
    expect(flow?.binding?.signalId).toBe('running');
    expect(text?.binding?.signalId).toBe('steamPressure');
    expect(input?.binding?.signalId).toBe('temperatureSetpoint');
    expect([...saved.bind.signals].sort()).toEqual(
      ['running', 'steamPressure', 'temperatureSetpoint', 'waterLevel'].sort(),
    );

    // Preview on typed values: no publish, no device.
    await page.click('[data-action="preview"]');
    await page.waitForSelector('[data-preview-page] [data-page-canvas]');
    const typeValue = async (key: string, value: string) => {
      await page.fill(`[data-simulated="${key}"] input`, value);
    };
    await typeValue('waterLevel', '30');
    await expect.poll(() => previewed(page, level?.id ?? '').innerText()).toBe('30%');
    await typeValue('waterLevel', '72');
    await expect.poll(() => previewed(page, level?.id ?? '').innerText()).toBe('72%');
    const flowing = () =>
      previewed(page, flow?.id ?? '')
        .locator('[data-scrolling]')
        .getAttribute('data-scrolling');
    const casingFill = () =>
      previewed(page, casing?.id ?? '')
        .locator('ellipse')
        .first()
        .getAttribute('fill');
    await expect.poll(flowing).toBe('false');
    await typeValue('running', '1');
    await expect.poll(flowing).toBe('true');
    await expect.poll(casingFill).toBe('#52c41a');
    await typeValue('steamPressure', '0.842');
    await expect.poll(() => previewed(page, text?.id ?? '').innerText()).toContain('0.842');
    await browser.screenshot('preview-typed-zh');
    // A write from the previewed input lands in the typed values only.
    const field = previewed(page, input?.id ?? '').locator('input');
    await field.fill('65');
    await field.press('Enter');
    await expect
      .poll(() => page.locator('[data-simulated="temperatureSetpoint"] input').inputValue())
      .toBe('65');
    await typeValue('running', '0');
    await expect.poll(flowing).toBe('false');
    await page.click('[data-action="preview"]');
    await page.waitForSelector('[data-designer-stage]');

    // English.
    await page.evaluate(() => localStorage.setItem('lyyp.locale', 'en-US'));
    await page.reload();
    await page.waitForSelector('[data-save-state="clean"]');
    await page.getByRole('tab', { name: 'Tags' }).click();
    await expect(page.locator('[data-tag-browser]').innerText()).resolves.toContain('Device variables');
    await page.click('[data-action="preview"]');
    await typeValue('waterLevel', '55');
    await expect.poll(() => previewed(page, level?.id ?? '').innerText()).toBe('55%');
    await expect(page.locator('[data-preview-panel]').innerText()).resolves.toContain('Values typed here');
    await browser.screenshot('preview-typed-en');

    // The saved page on the monitoring site: the same widgets.
    await page.goto(`${platform.baseUrl}/monitor/devices/${device.id}/pages/${pageId}`);
    await page.waitForSelector(`[data-runtime-page="${pageId}"] [data-widget-id="${level?.id ?? ''}"]`);
    expect(browser.pageErrors).toEqual([]);
  }, 400_000);

  it('previews the page against a device of the product, with its live values', async () => {
    const { platform, browser } = environment;
    const { page } = browser;
    if (!boiler || !pageId) throw new Error('The first flow did not build the page');
    await page.goto(`${platform.baseUrl}/login`);
    await signInWithPassword(page, platform.admin.username, platform.admin.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    agent = await startBoilerAgent(page, platform.baseUrl, boiler);

    await page.goto(`${platform.baseUrl}/manage/product/${boiler.product.id}/designer/${pageId}`);
    await page.waitForSelector('[data-save-state="clean"]');
    await page.click('[data-action="preview"]');
    await page.click('[data-preview-source]');
    await page.locator('.ant-select-item-option', { hasText: 'Boiler room 7' }).click();
    await page.getByText('页面按该设备的实时值运行').waitFor();
    // The simulated boiler's level is a percentage between its limits: the tank shows it.
    const saved = await callApi<{ widgets: SavedWidget[] }>(page, platform.baseUrl, '/product/page/load', {
      id: pageId,
    });
    const level = member(saved.widgets[0], '液位');
    await expect
      .poll(() => previewed(page, level?.id ?? '').innerText(), { timeout: 40_000, interval: 500 })
      .toMatch(/^\d+%$/);
    await browser.screenshot('preview-device-zh');
    expect(browser.pageErrors).toEqual([]);
  }, 300_000);
});
