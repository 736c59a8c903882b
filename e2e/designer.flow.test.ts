/**
 * The page designer from start to finish, in the real console against the real platform and a real
 * edge agent with its simulated boiler: a developer creates a page for the boiler product, draws a
 * rectangle and a data text, binds the text to the water temperature, aligns, groups, undoes and
 * redoes, saves; reloading shows the same page; on the monitoring site the device's page shows the
 * temperature changing live. Screenshots in Chinese and English go to e2e/screenshots/.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { signInWithPassword } from './support/console.ts';
import { countLayers, drawWidget, dragOnCanvas } from './support/designer-steps.ts';
import type { EdgeAgent } from './support/edge-agent.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { callApi, createBoundBoiler, openNewPage, startBoilerAgent } from './support/page-setup.ts';

interface SavedWidget {
  widgetType: string;
  position: { y?: number };
  binding?: { signalId: string };
  children?: SavedWidget[];
}

/** The bound data text on the page (the palette's icons carry widget types too). */
const valueText = (page: Page) =>
  page.locator('[data-page-canvas] [data-widget-type="UsualDataText"] [data-value-text]');

describe('page designer', () => {
  const environment = useFlowEnvironment();
  let agent: EdgeAgent | undefined;

  afterAll(async () => {
    await agent?.stop();
  }, 30_000);

  it('designs a bound page, saves and reopens it, and runs it live on the monitoring site', async () => {
    const { platform, browser } = environment;
    const { page } = browser;
    const api = <T>(path: string, body: Record<string, unknown>) =>
      callApi<T>(page, platform.baseUrl, path, body);

    await page.goto(`${platform.baseUrl}/login`);
    await signInWithPassword(page, platform.admin.username, platform.admin.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    // A boiler product, a gateway and a device bound to both; the agent plays the gateway.
    const boiler = await createBoundBoiler(page, platform.baseUrl, {
      title: 'Designer flow boiler',
      productModel: 'LY-BLR-E2E',
      deviceName: 'Boiler room 1',
    });
    const { product, device } = boiler;
    agent = await startBoilerAgent(page, platform.baseUrl, boiler);

    // The product's pages tab: a new page, opened in the designer.
    const canvas = await openNewPage(page, platform.baseUrl, product.id, '锅炉总览');

    await drawWidget(page, canvas, 'ShapeRect', [100, 100], [300, 220]);
    await drawWidget(page, canvas, 'UsualDataText', [400, 140], [600, 190]);
    expect(await countLayers(page)).toBe(2);

    // Bind the data text (still selected after drawing) to the water temperature.
    await page.click('[data-binding-picker="binding"]');
    await page.keyboard.type('waterTemperature');
    await page.keyboard.press('Enter');
    await expect.poll(() => valueText(page).innerText()).toContain('出水温度');

    // A button that writes 70 to the temperature set-point when clicked.
    await drawWidget(page, canvas, 'UsualButton', [100, 420], [260, 470]);
    await page.click('[data-binding-picker="event.binding"]');
    await page.keyboard.type('temperatureSetpoint');
    await page.keyboard.press('Enter');
    await page.fill('[data-property="event.writeValue"]', '70');
    await page.press('[data-property="event.writeValue"]', 'Enter');
    expect(await countLayers(page)).toBe(3);

    // Select the rectangle and the text, align their tops, group; undo takes the group apart, redo
    // makes it again.
    await dragOnCanvas(page, canvas, [50, 50], [700, 320]);
    await page.click('[data-menu="align"]');
    await page.click('[data-action="top"]');
    const tops = await page
      .locator('[data-page-canvas] :is([data-widget-type="ShapeRect"], [data-widget-type="UsualDataText"])')
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).style.top));
    expect(new Set(tops).size).toBe(1);
    await page.keyboard.press('Control+g');
    expect(await countLayers(page)).toBe(2);
    await page.keyboard.press('Control+z');
    expect(await countLayers(page)).toBe(3);
    await page.keyboard.press('Control+Shift+z');
    expect(await countLayers(page)).toBe(2);
    await browser.screenshot('designer-edited-zh');

    await page.click('[data-action="save"]');
    await page.waitForSelector('[data-save-state="clean"]');
    const pages = await api<{ id: string }[]>('/product/page/list', { productId: product.id });
    const pageId = pages[0]?.id ?? '';
    const saved = await api<{ widgets: SavedWidget[]; bind: { signals: string[] } }>('/product/page/load', {
      id: pageId,
    });
    expect(saved.widgets.map((widget) => widget.widgetType)).toEqual(['WidgetGroup', 'UsualButton']);
    expect(saved.widgets[0]?.children?.map((child) => child.widgetType)).toEqual([
      'ShapeRect',
      'UsualDataText',
    ]);
    expect([...saved.bind.signals].sort()).toEqual(['temperatureSetpoint', 'waterTemperature']);

    // Reloading shows the same page.
    await page.reload();
    await page.waitForSelector('[data-designer]');
    expect(await countLayers(page)).toBe(2);
    await expect.poll(() => valueText(page).innerText()).toContain('出水温度');
    await browser.screenshot('designer-reloaded-zh');

    // The device's page on the monitoring site: the temperature arrives and keeps changing.
    // The device's pages button opens the start page at once; the arrow beside it lists the pages.
    await page.goto(`${platform.baseUrl}/monitor/devices/${device.id}`);
    await page.click(`[data-device-pages-menu="${device.id}"]`);
    await page.locator(`.ant-dropdown [data-open-page="${pageId}"]`).waitFor();
    await browser.screenshot('device-pages-menu-zh');
    await page.keyboard.press('Escape');
    await page.click(`[data-open-home-page="${device.id}"]`);
    await page.waitForURL(`${platform.baseUrl}/monitor/devices/${device.id}/pages/${pageId}`);
    await page.waitForSelector(`[data-runtime-page="${pageId}"]`);
    const first = await readTemperature(page);
    await expect.poll(async () => readTemperature(page), { timeout: 40_000, interval: 500 }).not.toBe(first);
    await browser.screenshot('runtime-live-zh');

    // The button's write goes to the device, which confirms it.
    await page.click('[data-page-canvas] [data-widget-type="UsualButton"]');
    await page.locator('.ant-message-success', { hasText: '写入成功' }).waitFor({ timeout: 40_000 });
    await browser.screenshot('runtime-written-zh');

    // The same screens in English.
    await page.evaluate(() => localStorage.setItem('lyyp.locale', 'en-US'));
    await page.reload();
    await page.waitForSelector(`[data-runtime-page="${pageId}"] [data-value-text]`);
    await readTemperature(page);
    await browser.screenshot('runtime-live-en');
    await page.goto(`${platform.baseUrl}/manage/product/${product.id}/designer/${pageId}`);
    await page.waitForSelector('[data-designer]');
    await expect(page.locator('[data-action="save"]').innerText()).resolves.toContain('Save');
    await browser.screenshot('designer-reloaded-en');
    await page.goto(`${platform.baseUrl}/manage/product/edit/${product.id}/page`);
    await page.waitForSelector('[data-page-link]');
    await browser.screenshot('product-pages-en');

    expect(browser.pageErrors).toEqual([]);
  }, 240_000);
});

/** The temperature the bound data text shows, once it shows a number. */
async function readTemperature(page: Page): Promise<string> {
  await expect.poll(() => valueText(page).innerText(), { timeout: 40_000 }).toMatch(/^-?\d+(\.\d+)? ℃$/);
  return valueText(page).innerText();
}
