/**
 * Copy and paste between products through the system clipboard: a developer copies a bound data
 * text from a page of one product (Ctrl+C), opens a page of another product and pastes it (Ctrl+V)
 * twice; both copies land 50 apart, keep their binding (matched to the second product's signal) and
 * are saved with the page. Then the two are grouped and one member is edited from the layer list
 * without taking the group apart.
 */
import { describe, expect, it } from 'vitest';
import { signInWithPassword } from './support/console.ts';
import { countLayers, drawWidget } from './support/designer-steps.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { callApi, createBoundBoiler, openNewPage } from './support/page-setup.ts';

interface SavedWidget {
  widgetType: string;
  position: { x?: number; y?: number };
  style?: { font?: { size?: number } };
  children?: SavedWidget[];
}

describe('designer clipboard', () => {
  const environment = useFlowEnvironment();

  it('copies a bound widget on one product’s page and pastes it into another product’s page', async () => {
    const { platform, browser } = environment;
    const { page } = browser;
    await page.goto(`${platform.baseUrl}/login`);
    await signInWithPassword(page, platform.admin.username, platform.admin.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const names = (n: number) => ({
      title: `Clipboard boiler ${n}`,
      productModel: `LY-CLIP-${n}`,
      deviceName: `Boiler ${n}`,
    });
    const first = await createBoundBoiler(page, platform.baseUrl, names(1));
    const second = await createBoundBoiler(page, platform.baseUrl, names(2));

    const canvas = await openNewPage(page, platform.baseUrl, first.product.id, '复制源');
    await drawWidget(page, canvas, 'UsualDataText', [100, 100], [300, 150]);
    await page.click('[data-binding-picker="binding"]');
    await page.keyboard.type('waterTemperature');
    await page.keyboard.press('Enter');
    const dataText = page.locator('[data-page-canvas] [data-widget-type="UsualDataText"]');
    await dataText.click();
    await page.keyboard.press('Control+c');

    await openNewPage(page, platform.baseUrl, second.product.id, '粘贴目标');
    expect(await countLayers(page)).toBe(0);
    await page.keyboard.press('Control+v');
    await page.keyboard.press('Control+v');
    await expect.poll(() => countLayers(page)).toBe(2);
    await expect.poll(() => dataText.first().innerText()).toContain('出水温度');
    await browser.screenshot('designer-pasted-from-another-product');

    await page.click('[data-action="save"]');
    await page.waitForSelector('[data-save-state="clean"]');
    const pages = await callApi<{ id: string }[]>(page, platform.baseUrl, '/product/page/list', {
      productId: second.product.id,
    });
    const saved = await callApi<{ widgets: SavedWidget[]; bind: { signals: string[] } }>(
      page,
      platform.baseUrl,
      '/product/page/load',
      { id: pages[0]?.id ?? '' },
    );
    expect(saved.widgets.map((widget) => widget.widgetType)).toEqual(['UsualDataText', 'UsualDataText']);
    const [one, two] = saved.widgets.map((widget) => widget.position);
    expect((two?.x ?? 0) - (one?.x ?? 0)).toBe(50);
    expect(saved.bind.signals).toEqual(['waterTemperature']);

    // Group both, then change the font of the second member only, from the layer list.
    await page.locator('[data-page-canvas]').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Control+g');
    await expect.poll(() => countLayers(page)).toBe(1);
    await page.getByRole('tab', { name: /图层|Layers/ }).click();
    await page.locator('[data-layer-member]').nth(1).click();
    await page.locator('[data-action="back-to-group"]').waitFor();
    await page.fill('[data-property="style.font.size"]', '28');
    await page.press('[data-property="style.font.size"]', 'Enter');
    // The panel stays on the member after the edit.
    await expect.poll(() => page.locator('[data-property="style.font.size"]').inputValue()).toBe('28');
    await page.locator('[data-action="back-to-group"]').waitFor();
    await browser.screenshot('designer-group-member-edited');
    await page.click('[data-action="save"]');
    await page.waitForSelector('[data-save-state="clean"]');
    const grouped = await callApi<{ widgets: SavedWidget[] }>(page, platform.baseUrl, '/product/page/load', {
      id: pages[0]?.id ?? '',
    });
    expect(grouped.widgets.map((widget) => widget.widgetType)).toEqual(['WidgetGroup']);
    expect(grouped.widgets[0]?.children?.map((child) => child.style?.font?.size)).toEqual([14, 28]);
    expect(browser.pageErrors).toEqual([]);
  });
});
