/**
 * The symbol library of the designer palette, against the real platform and a real edge agent with
 * its simulated boiler: a developer drags every industrial symbol onto a page, binds the pump
 * casing's fill colour (a member of the pump's group, edited from the layer list) to the boiler's
 * operating mode and saves. On the monitoring site the casing turns green while the mode is 1 and
 * grey at 0. Screenshots in Chinese and English go to e2e/screenshots/.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SYMBOL_IDS, getSymbolDefinition } from '@lyyp/designer-core';
import { signInWithPassword } from './support/console.ts';
import { countLayers } from './support/designer-steps.ts';
import type { EdgeAgent } from './support/edge-agent.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { callApi, createBoundBoiler, openNewPage, startBoilerAgent } from './support/page-setup.ts';

interface SavedGroup {
  widgetType: string;
  widgetName: string;
  children: Array<{
    id: string;
    widgetName: string;
    animation: { fillColor: { enable: boolean; binding: { signalId: string } } };
  }>;
}

/** Where each symbol is dropped, in screen pixels from the stage's corner (4 × 2 at the editor's zoom). */
const dropPoint = (index: number) => ({ x: 90 + (index % 4) * 160, y: 90 + Math.floor(index / 4) * 200 });

async function casingFill(page: Page, casingId: string): Promise<string | null> {
  return page
    .locator(`[data-page-canvas] [data-widget-id="${casingId}"] ellipse`)
    .first()
    .getAttribute('fill');
}

describe('symbol library', () => {
  const environment = useFlowEnvironment();
  let agent: EdgeAgent | undefined;

  afterAll(async () => {
    await agent?.stop();
  }, 30_000);

  it('inserts every symbol as a group whose member fill follows a live value', async () => {
    const { platform, browser } = environment;
    const { page } = browser;
    const api = <T>(path: string, body: Record<string, unknown>) =>
      callApi<T>(page, platform.baseUrl, path, body);

    await page.goto(`${platform.baseUrl}/login`);
    await signInWithPassword(page, platform.admin.username, platform.admin.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const boiler = await createBoundBoiler(page, platform.baseUrl, {
      title: 'Symbol flow boiler',
      productModel: 'LY-BLR-SYMBOL',
      deviceName: 'Boiler room 4',
    });
    const { product, device } = boiler;
    agent = await startBoilerAgent(page, platform.baseUrl, boiler);
    await openNewPage(page, platform.baseUrl, product.id, '锅炉房图元');

    // Dragged from the palette onto the stage (the drop a browser delivers), four to a row.
    const stage = page.locator('[data-designer-stage]');
    const corner = await stage.boundingBox();
    // Groups draw no frame of their own: the canvas shows their members.
    const members = () => page.locator('[data-page-canvas] [data-widget-id]').count();
    let drawn = 0;
    for (const [index, id] of SYMBOL_IDS.entries()) {
      const at = dropPoint(index);
      const dataTransfer = await page.evaluateHandle((symbol) => {
        const transfer = new DataTransfer();
        transfer.setData('application/x-lyyp-symbol', symbol);
        return transfer;
      }, id);
      await stage.dispatchEvent('drop', {
        dataTransfer,
        clientX: (corner?.x ?? 0) + at.x,
        clientY: (corner?.y ?? 0) + at.y,
      });
      drawn += getSymbolDefinition(id).parts.length;
      await expect.poll(members).toBe(drawn);
    }
    await expect.poll(() => countLayers(page)).toBe(SYMBOL_IDS.length);
    // A click on a symbol puts it in the middle of the page; undo takes it away again.
    await page.click('[data-palette-symbol="valve"]');
    await expect.poll(members).toBe(drawn + getSymbolDefinition('valve').parts.length);
    await page.keyboard.press('Control+z');
    await expect.poll(members).toBe(drawn);
    await page.locator('[data-symbol-library]').scrollIntoViewIfNeeded();
    await browser.screenshot('symbols-designer-zh');

    // The pump's casing, a member of its group, takes its fill colour from the operating mode.
    await page.getByRole('tab', { name: /图层|Layers/ }).click();
    await page.locator('[data-layer-member]', { hasText: '泵壳' }).click();
    await page.locator('[data-action="back-to-group"]').waitFor();
    await page.locator('.ant-collapse-header', { hasText: '动画' }).click();
    await page.locator('[data-property-row="animation.fillColor.binding"] .ant-select').click();
    await page.keyboard.type('operatingMode');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('[data-property-row="animation.fillColor.binding"]').innerText())
      .toContain('运行模式');
    await browser.screenshot('symbols-member-bound-zh');

    await page.click('[data-action="save"]');
    await page.waitForSelector('[data-save-state="clean"]');
    const pages = await api<{ id: string }[]>('/product/page/list', { productId: product.id });
    const pageId = pages[0]?.id ?? '';
    const saved = await api<{ widgets: SavedGroup[]; bind: { signals: string[] } }>('/product/page/load', {
      id: pageId,
    });
    expect(saved.widgets.map((widget) => widget.widgetType)).toEqual(SYMBOL_IDS.map(() => 'WidgetGroup'));
    expect(saved.widgets.map((widget) => widget.widgetName)).toEqual([
      '储罐1',
      '水泵2',
      '阀门3',
      '管道4',
      '电机5',
      '风机6',
      '鼓风机7',
      '加热器8',
    ]);
    const casing = saved.widgets[1]?.children.find((child) => child.widgetName === '泵壳');
    expect(casing?.animation.fillColor).toMatchObject({
      enable: true,
      binding: { signalId: 'operatingMode' },
    });
    expect(saved.bind.signals).toEqual(['operatingMode']);

    // The running page: mode 1 turns the casing green, mode 0 grey.
    const write = (value: number) =>
      api('/equipment/command/write', { equipmentId: device.id, key: 'operatingMode', value });
    await write(1);
    await page.goto(`${platform.baseUrl}/monitor/devices/${device.id}/pages/${pageId}`);
    await page.waitForSelector(`[data-runtime-page="${pageId}"]`);
    await expect
      .poll(() => casingFill(page, casing?.id ?? ''), { timeout: 40_000, interval: 500 })
      .toBe('#52c41a');
    await browser.screenshot('symbols-runtime-zh');
    await write(0);
    await expect
      .poll(() => casingFill(page, casing?.id ?? ''), { timeout: 40_000, interval: 500 })
      .toBe('#bfbfbf');

    await page.evaluate(() => localStorage.setItem('lyyp.locale', 'en-US'));
    await page.goto(`${platform.baseUrl}/manage/product/${product.id}/designer/${pageId}`);
    await page.waitForSelector('[data-designer]');
    await page.locator('[data-symbol-library]').scrollIntoViewIfNeeded();
    await expect(page.locator('[data-symbol-library]').innerText()).resolves.toContain('Industrial symbols');
    await browser.screenshot('symbols-designer-en');

    expect(browser.pageErrors).toEqual([]);
  }, 400_000);
});
