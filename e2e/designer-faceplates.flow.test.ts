/**
 * Faceplates against the real platform: a developer draws a small boiler panel (the set-point and
 * the steam pressure as data texts), groups it and saves it as a faceplate of the product; the
 * faceplate browser places it three times on an overview page, each instance bound to another
 * boiler of the product. Three edge agents play the boilers' gateways; each boiler gets its own
 * set-point, and the running page (opened on the first boiler) shows every instance with its own
 * boiler's value. Screenshots of the faceplate browser in Chinese and English go to e2e/screenshots/.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { signInWithPassword } from './support/console.ts';
import { EdgeAgent } from './support/edge-agent.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { callApi, createBoundBoiler, openNewPage, type BoundBoiler } from './support/page-setup.ts';
import type { Canvas } from './support/designer-steps.ts';

interface SavedWidget {
  id: string;
  widgetType: string;
  binding?: { signalId: string; equipId: string };
  children?: SavedWidget[];
  faceplate?: { templateId: string; version: number; parameters: Record<string, { equipId: string }> };
}

async function dropTag(page: Page, canvas: Canvas, value: string, at: [number, number]) {
  const dataTransfer = await page.evaluateHandle((data) => {
    const transfer = new DataTransfer();
    transfer.setData('application/x-lyyp-tag', data);
    return transfer;
  }, value);
  const point = canvas.at(...at);
  await page.locator('[data-designer-viewport]').dispatchEvent('drop', {
    dataTransfer,
    clientX: point.x,
    clientY: point.y,
  });
}

/** The three gateways played by edge agents started together (a loaded machine starts them slowly). */
async function startAgents(
  page: Page,
  baseUrl: string,
  boilers: readonly BoundBoiler[],
  agents: EdgeAgent[],
): Promise<void> {
  const started = await Promise.all(
    boilers.map(async (boiler) => {
      const credentials = await callApi<{ mqtt: { url: string } }>(page, baseUrl, '/gateway/credentials', {
        sn: boiler.gateway.sn,
      });
      return EdgeAgent.start({
        sn: boiler.gateway.sn,
        secret: boiler.gateway.secret,
        platformMqttUrl: credentials.mqtt.url.replace('//localhost:', '//127.0.0.1:'),
      });
    }),
  );
  // Kept before waiting, so they are stopped whatever happens next.
  agents.push(...started);
  await Promise.all(started.map((agent) => agent.waitForLine(/configuration version \d+ applied/, 180_000)));
}

/** Another boiler of the same product, on a gateway of its own. */
async function addBoiler(page: Page, baseUrl: string, productId: string, name: string): Promise<BoundBoiler> {
  const [gateway] = await callApi<BoundBoiler['gateway'][]>(page, baseUrl, '/gateway/batchAdd', { count: 1 });
  if (!gateway) throw new Error('No gateway was created');
  const device = await callApi<{ id: string }>(page, baseUrl, '/equipment/add', {
    name,
    sn: gateway.sn,
    verificationCode: gateway.verificationCode,
    productId,
  });
  return { product: { id: productId }, gateway, device };
}

describe('faceplates', () => {
  const environment = useFlowEnvironment();
  const agents: EdgeAgent[] = [];

  afterAll(async () => {
    await Promise.all(agents.map((agent) => agent.stop()));
  }, 60_000);

  it('places one faceplate three times, each bound to its own boiler, and runs them with three live values', async () => {
    const { platform, browser } = environment;
    const { page } = browser;
    const api = <T>(path: string, body: Record<string, unknown>) =>
      callApi<T>(page, platform.baseUrl, path, body);

    await page.goto(`${platform.baseUrl}/login`);
    await signInWithPassword(page, platform.admin.username, platform.admin.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const first = await createBoundBoiler(page, platform.baseUrl, {
      title: 'Faceplate boilers',
      productModel: 'LY-BLR-FACEPLATE',
      deviceName: 'Boiler A',
    });
    const productId = first.product.id;
    const boilers = [
      first,
      await addBoiler(page, platform.baseUrl, productId, 'Boiler B'),
      await addBoiler(page, platform.baseUrl, productId, 'Boiler C'),
    ];

    // The panel: a data text of the set-point (dropped as pressure, then bound to the set-point by
    // dropping the set-point on it) and one of the steam pressure, grouped.
    const canvas = await openNewPage(page, platform.baseUrl, productId, '锅炉总览');
    await page.getByRole('tab', { name: '变量' }).click();
    await dropTag(page, canvas, 'signal:steamPressure', [120, 100]);
    await dropTag(page, canvas, 'signal:temperatureSetpoint', [120, 100]);
    await dropTag(page, canvas, 'signal:steamPressure', [120, 170]);
    const drawn = () => page.locator('[data-page-canvas] [data-widget-id]').count();
    await expect.poll(drawn).toBe(2);
    await page.locator('[data-designer-viewport]').focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Control+g');

    const answers: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/product/faceplate/'))
        void response.text().then((text) => answers.push(`${response.url()} ${text.slice(0, 400)}`));
    });
    // Saved as a faceplate of the product.
    await page.getByRole('tab', { name: '面板' }).click();
    await page.click('[data-faceplate-save]');
    await page.fill('[data-faceplate-title]', '锅炉面板');
    await page.click('[data-faceplate-save-ok]');
    await expect
      .poll(
        async () =>
          `${await page
            .locator('.ant-message')
            .innerText()
            .catch(() => '')} ${browser.pageErrors.join(' ')} ${answers.join(' | ')}`,
        { timeout: 60_000 },
      )
      .toContain('面板“锅炉面板”已保存（版本 1）');
    await expect
      .poll(
        async () =>
          `${await page.locator('[data-faceplate-panel]').innerText()} ${browser.pageErrors.join(' ')} ${answers.join(' | ')}`,
        { timeout: 20_000 },
      )
      .toContain('版本 1');
    // The drawing itself goes; the faceplate stays in the product.
    await page.locator('[data-designer-viewport]').focus();
    await page.keyboard.press('Delete');
    await expect.poll(drawn).toBe(0);

    // Placed three times, each on another boiler.
    const item = page.locator('[data-faceplate-title="锅炉面板"]');
    for (const name of ['Boiler A', 'Boiler B', 'Boiler C']) {
      await item.locator('[data-faceplate-parameter-device="device"]').click();
      await page.locator('.ant-select-item-option', { hasText: name }).click();
      await item.locator('[data-faceplate-place]').click();
    }
    await expect.poll(drawn).toBe(6);
    await expect(item.innerText()).resolves.toContain('本页 3 个实例');
    await browser.screenshot('faceplates-browser-zh');

    await page.click('[data-action="save"]');
    await page.waitForSelector('[data-save-state="clean"]');
    const [overview] = await api<{ id: string }[]>('/product/page/list', { productId });
    const pageId = overview?.id ?? '';
    const saved = await api<{ widgets: SavedWidget[] }>('/product/page/load', { id: pageId });
    expect(saved.widgets.map((widget) => widget.faceplate?.parameters.device?.equipId)).toEqual(
      boilers.map((boiler) => boiler.device.id),
    );
    const setPointTexts = saved.widgets.map(
      (group) => group.children?.find((child) => child.binding?.signalId === 'temperatureSetpoint')?.id ?? '',
    );
    saved.widgets.forEach((group, index) => {
      const equipIds = new Set(group.children?.map((child) => child.binding?.equipId));
      expect([...equipIds]).toEqual([boilers[index]?.device.id]);
    });

    // The gateways come online; each boiler gets its own set-point; the page runs on the first
    // boiler and shows all three.
    await startAgents(page, platform.baseUrl, boilers, agents);
    const setPoints = [61, 62, 63];
    for (const [index, boiler] of boilers.entries()) {
      await api('/equipment/command/write', {
        equipmentId: boiler.device.id,
        key: 'temperatureSetpoint',
        value: setPoints[index],
      });
    }
    await page.goto(`${platform.baseUrl}/monitor/devices/${first.device.id}/pages/${pageId}`);
    await page.waitForSelector(`[data-runtime-page="${pageId}"]`);
    const shown = () =>
      Promise.all(
        setPointTexts.map((id) =>
          page
            .locator(`[data-runtime-page="${pageId}"] [data-widget-id="${id}"]`)
            .innerText()
            .then((text) => Math.round(Number.parseFloat(text))),
        ),
      );
    await expect.poll(shown, { timeout: 60_000, interval: 500 }).toEqual(setPoints);
    await browser.screenshot('faceplates-runtime-zh');

    // The browser in English.
    await page.evaluate(() => localStorage.setItem('lyyp.locale', 'en-US'));
    await page.goto(`${platform.baseUrl}/manage/product/${productId}/designer/${pageId}`);
    await page.waitForSelector('[data-save-state="clean"]');
    await page.getByRole('tab', { name: 'Faceplates' }).click();
    await expect.poll(() => page.locator('[data-faceplate-panel]').innerText()).toContain('3 on this page');
    await browser.screenshot('faceplates-browser-en');
    expect(browser.pageErrors).toEqual([]);
  }, 600_000);
});
