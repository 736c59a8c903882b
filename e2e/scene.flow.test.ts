/**
 * The WebGL scene widget against the real platform and a real edge agent with its simulated boiler:
 * a developer draws a scene, uploads a glTF model made by the test (three named boxes, one with an
 * embedded texture), binds the boiler's operating mode to the tank's colour and the valve's
 * visibility, and saves. On the monitoring site the model is drawn by three.js in Chromium's
 * software WebGL, under the console's Content-Security-Policy, and follows the value as it is
 * written to the device. A second WebGL widget on the page is refused; a browser without WebGL is
 * told so. Screenshots in Chinese and English go to e2e/screenshots/.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleSceneGltf } from '../apps/server/src/modules/files/scene-samples.ts';
import { signInWithPassword } from './support/console.ts';
import { drawWidget } from './support/designer-steps.ts';
import type { EdgeAgent } from './support/edge-agent.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { SCREENSHOT_DIR } from './support/paths.ts';
import { callApi, createBoundBoiler, openNewPage, startBoilerAgent } from './support/page-setup.ts';

interface AppliedNode {
  color?: string;
  visible: boolean;
  turned: { x: number; y: number; z: number };
}

const sceneOf = (page: Page) =>
  page.locator('[data-page-canvas] [data-widget-type="UsualWebgl"] [data-scene-state]');

async function nodesOf(page: Page): Promise<Record<string, AppliedNode>> {
  const text = await sceneOf(page).getAttribute('data-scene-nodes');
  return text ? (JSON.parse(text) as Record<string, AppliedNode>) : {};
}

/** Picks an option of the antd select inside `wrapper` by typing its text. */
async function pick(page: Page, wrapper: string, text: string): Promise<void> {
  await page.locator(`${wrapper} .ant-select`).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator(`${wrapper} .ant-select`).innerText()).toContain(text);
}

describe('WebGL scene widget', () => {
  const environment = useFlowEnvironment();
  let agent: EdgeAgent | undefined;

  afterAll(async () => {
    await agent?.stop();
  }, 30_000);

  it('draws an uploaded model whose nodes follow a live value on the monitoring site', async () => {
    const { platform, browser } = environment;
    const { page } = browser;
    const api = <T>(path: string, body: Record<string, unknown>) =>
      callApi<T>(page, platform.baseUrl, path, body);

    await page.goto(`${platform.baseUrl}/login`);
    await signInWithPassword(page, platform.admin.username, platform.admin.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const boiler = await createBoundBoiler(page, platform.baseUrl, {
      title: 'Scene flow boiler',
      productModel: 'LY-BLR-SCENE',
      deviceName: 'Boiler room 3',
    });
    const { product, device } = boiler;
    agent = await startBoilerAgent(page, platform.baseUrl, boiler);
    const canvas = await openNewPage(page, platform.baseUrl, product.id, '锅炉三维');

    // The designer: a scene with the uploaded model, drawn in the editor too.
    await drawWidget(page, canvas, 'UsualWebgl', [40, 40], [640, 440]);
    await page.setInputFiles('[data-scene-model] input[type="file"]', {
      name: 'boiler-room.gltf',
      mimeType: 'model/gltf+json',
      buffer: Buffer.from(sampleSceneGltf()),
    });
    await page.locator('[data-scene-node-count="3"]').waitFor();
    await expect
      .poll(() => sceneOf(page).getAttribute('data-scene-state'), { timeout: 40_000 })
      .toBe('ready');

    // Operating mode 3 (energy saving) tints the tank red and hides the valve.
    const signals = page.locator('[data-scene-signals="data.dataAddon.signalArray"]');
    for (const index of [0, 1]) {
      await signals.getByRole('button', { name: /添加变量|Add signal/ }).click();
      await pick(page, `[data-scene-signal="${index}"]`, 'operatingMode');
      await pick(page, `[data-scene-node="${index}"]`, index === 0 ? 'Tank' : 'Valve');
      await page.locator(`[data-scene-value="${index}"] input`).fill('3');
      await page.locator(`[data-scene-value="${index}"] input`).press('Tab');
    }
    await page.locator('[data-scene-effect="1"] .ant-select').click();
    await page.click('.ant-select-dropdown:visible .ant-select-item-option[title="显示"]');
    await page.locator('[data-scene-symbol="1"] .ant-select').click();
    await page.click('.ant-select-dropdown:visible .ant-select-item-option[title="!="]');
    // And the pump turns about its vertical axis by the mode, in degrees.
    await signals.getByRole('button', { name: /添加变量|Add signal/ }).click();
    await pick(page, '[data-scene-signal="2"]', 'operatingMode');
    await pick(page, '[data-scene-node="2"]', 'Pump');
    await page.locator('[data-scene-effect="2"] .ant-select').click();
    await page.click('.ant-select-dropdown:visible .ant-select-item-option[title="旋转"]');
    await signals.scrollIntoViewIfNeeded();
    await browser.screenshot('scene-designer-zh');

    // Only one scene per page (§9): a second one is refused with the catalogue's text.
    await drawWidget(page, canvas, 'UsualWebgl', [660, 40], [960, 300]);
    await page.locator('.ant-message', { hasText: '每个页面只能有 1 个三维场景组件' }).waitFor();
    await expect(page.locator('[data-page-canvas] [data-widget-type="UsualWebgl"]').count()).resolves.toBe(1);
    await page.keyboard.press('Escape');

    await page.click('[data-action="save"]');
    await page.waitForSelector('[data-save-state="clean"]');
    const pages = await api<{ id: string }[]>('/product/page/list', { productId: product.id });
    const pageId = pages[0]?.id ?? '';
    const saved = await api<{
      widgets: Array<{ data: { dataAddon: { sceneId: string; signalArray: unknown[] } } }>;
    }>('/product/page/load', { id: pageId });
    expect(saved.widgets[0]?.data.dataAddon.sceneId).not.toBe('');
    expect(saved.widgets[0]?.data.dataAddon.signalArray).toMatchObject([
      { signalId: 'operatingMode', node: 'Tank', effect: 'color', symbol: '==', value: 3, color: '#ff0000' },
      { signalId: 'operatingMode', node: 'Valve', effect: 'visible', symbol: '!=', value: 3 },
      { signalId: 'operatingMode', node: 'Pump', effect: 'rotation', axis: 'y' },
    ]);

    // The running page follows the value the device confirms.
    const write = (value: number) =>
      api('/equipment/command/write', { equipmentId: device.id, key: 'operatingMode', value });
    await write(1);
    const runtimeUrl = `${platform.baseUrl}/monitor/devices/${device.id}/pages/${pageId}`;
    await page.goto(runtimeUrl);
    await page.waitForSelector(`[data-runtime-page="${pageId}"]`);
    await expect
      .poll(() => sceneOf(page).getAttribute('data-scene-state'), { timeout: 40_000 })
      .toBe('ready');
    await expect
      .poll(() => nodesOf(page), { timeout: 40_000, interval: 500 })
      .toMatchObject({ Valve: { visible: true }, Pump: { turned: { x: 0, y: 1, z: 0 } } });
    expect((await nodesOf(page)).Tank?.color).not.toBe('#ff0000');
    await browser.screenshot('scene-runtime-normal-zh');

    const valveColour = (await nodesOf(page)).Valve?.color;
    await write(3);
    await expect
      .poll(() => nodesOf(page), { timeout: 40_000, interval: 500 })
      .toMatchObject({
        Tank: { color: '#ff0000', visible: true, turned: { x: 0, y: 0, z: 0 } },
        Valve: { visible: false, color: valveColour },
        Pump: { visible: true, turned: { x: 0, y: 3, z: 0 } },
      });
    await browser.screenshot('scene-runtime-energy-zh');

    // English, and a browser that gives no WebGL context: the widget says so instead of drawing.
    await page.evaluate(() => localStorage.setItem('lyyp.locale', 'en-US'));
    await page.reload();
    await expect
      .poll(() => sceneOf(page).getAttribute('data-scene-state'), { timeout: 40_000 })
      .toBe('ready');
    await expect.poll(() => nodesOf(page), { timeout: 40_000 }).toMatchObject({ Tank: { color: '#ff0000' } });
    await browser.screenshot('scene-runtime-en');

    const noWebgl = await browser.context.newPage();
    // Before the console loads, this page's canvases refuse every WebGL context.
    await noWebgl.addInitScript({
      content: `{
        const getContext = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
          return String(kind).startsWith('webgl') ? null : getContext.call(this, kind, ...rest);
        };
      }`,
    });
    await noWebgl.goto(runtimeUrl);
    await noWebgl.locator('[data-scene-message="no-webgl"]', { hasText: 'WebGL is unavailable' }).waitFor();
    await noWebgl.screenshot({ path: path.join(SCREENSHOT_DIR, 'scene-no-webgl-en.png'), fullPage: true });
    await noWebgl.close();

    await page.goto(`${platform.baseUrl}/manage/product/${product.id}/designer/${pageId}`);
    await page.waitForSelector('[data-designer]');
    await page.click('[data-page-canvas] [data-widget-type="UsualWebgl"]');
    await page.locator('[data-scene-node-count="3"]').waitFor();
    await page.locator('[data-scene-signals="data.dataAddon.signalArray"]').scrollIntoViewIfNeeded();
    await browser.screenshot('scene-designer-en');

    expect(browser.pageErrors).toEqual([]);
  }, 400_000);
});
