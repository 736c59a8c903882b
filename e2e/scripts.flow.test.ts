/**
 * Computed variables and edge scripts in the browser, against the real platform and a real edge
 * agent on the demo boiler. The developer finds the boiler's computed variables in computing
 * order on the formula tab, is refused a formula that closes a cycle (with where), and adds a
 * script that logs the water temperature every second; the end user sees in the gateway detail
 * of the device that the gateway ran it, with its log.
 */
import { LOCALE_STORAGE_KEY } from '@lyyp/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { signInWithPassword, waitForTitle } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { setUpBoundBoiler, startSimulatedGateway } from './support/monitor-setup.ts';
import type { AgentProcess } from './system/support/agent.ts';

const FLOW_TIMEOUT_MS = 300_000;
const PASSWORD = 'Flow#2024ab';

describe('computed variables and scripts in the browser', () => {
  const flow = useFlowEnvironment();
  let agent: AgentProcess | undefined;

  afterAll(async () => {
    await agent?.remove();
  }, 30_000);

  it(
    'the developer reads the formula tab, is refused a cycle and adds a script; the device shows its runs',
    async () => {
      const { platform } = flow;
      const { product, gateway, api: userApi, device } = await setUpBoundBoiler(platform, PASSWORD);

      const { page, screenshot, pageErrors } = flow.browser;
      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, platform.admin.username, platform.admin.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${platform.baseUrl}/manage/product/edit/${product.id}/formula`);
      await waitForTitle(page, '公式 - LYYP');

      // The demo's computed variables, in computing order, with what they read.
      const computed = page.locator('[data-testid="computed-variables"]');
      await computed.getByText('供回水温差').waitFor();
      expect(await computed.locator('tbody tr.ant-table-row').first().textContent()).toContain(
        'waterTemperature',
      );
      expect(await page.locator('[data-testid="script-capacity"]').textContent()).toContain('2/100');

      // The peak follows the temperature difference instead; the list shows who reads whom.
      await page.click('[data-testid="formula-edit-peakPressure"]');
      await page.fill('[data-testid="formula-input"]', 'max(peakPressure, temperatureRise)');
      await page.getByRole('button', { name: /确\s*定/ }).click();
      await page.locator('[data-testid="formula-input"]').waitFor({ state: 'detached' });
      await computed.getByText('max(peakPressure, temperatureRise)').waitFor();

      // Making the difference read the peak closes a cycle: refused, saying where in its formula.
      await page.click('[data-testid="formula-edit-temperatureRise"]');
      await page.fill(
        '[data-testid="formula-input"]',
        'waterTemperature - returnTemperature + peakPressure * 0',
      );
      await page.getByRole('button', { name: /确\s*定/ }).click();
      await page
        .getByText('第 40 列的peakPressure形成循环引用：temperatureRise → peakPressure → temperatureRise')
        .waitFor();
      await screenshot('scripts-formula-cycle');
      await page.getByRole('button', { name: /取\s*消/ }).click();

      // A script that logs the water temperature every second.
      await page.click('[data-testid="script-add"]');
      await page.fill('[data-testid="script-name"]', '温度日志');
      await page.fill('[data-testid="script-key"]', 'temperatureLog');
      await page.fill('#intervalSeconds', '1');
      await page.fill('[data-testid="script-code"]', "log('water', read('waterTemperature'));");
      await screenshot('scripts-dialog');
      await page.getByRole('button', { name: /确\s*定/ }).click();
      await page.getByRole('cell', { name: /温度日志/ }).waitFor();
      expect(await page.locator('[data-testid="script-capacity"]').textContent()).toContain('3/100');

      // The gateway runs it; the device's gateway detail shows the last run and its log.
      agent = await startSimulatedGateway(gateway);
      await page.goto(`${platform.baseUrl}/monitor/devices/${device.id}?tab=gateway`);
      const status = page.locator('[data-testid="device-scripts"]');
      await status.locator('tr', { hasText: '温度日志' }).getByText('成功').waitFor({ timeout: 60_000 });
      expect(await status.locator('tr', { hasText: '温度日志' }).textContent()).toContain('water');

      // Computed values reach the platform like polled ones.
      await expect
        .poll(
          async () => {
            const answer = await userApi.post<{ values: { key: string; value: unknown }[] }>(
              '/equipment/values',
              { equipmentId: device.id, keys: 'temperatureRise,waterTemperature,returnTemperature' },
            );
            const byKey = new Map(answer.values.map((entry) => [entry.key, entry.value]));
            const rise = byKey.get('temperatureRise');
            return typeof rise === 'number';
          },
          { timeout: 30_000 },
        )
        .toBe(true);

      // Every new screen in both languages, for people to look at.
      const views: [string, string, string][] = [
        [
          `/manage/product/edit/${product.id}/formula`,
          'product-formula',
          '[data-testid="scripts"] tr.ant-table-row',
        ],
        [
          `/monitor/devices/${device.id}?tab=gateway`,
          'device-scripts',
          '[data-testid="device-scripts"] tr.ant-table-row',
        ],
      ];
      for (const locale of ['zh-CN', 'en-US']) {
        for (const [path, name, ready] of views) {
          await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
            LOCALE_STORAGE_KEY,
            locale,
          ] as const);
          await page.goto(`${platform.baseUrl}${path}`);
          await page.locator(ready).first().waitFor();
          await screenshot(`screen-${name}-${locale}`);
        }
      }
      await page.goto(`${platform.baseUrl}/manage/product/edit/${product.id}/formula`);
      await page.locator('[data-testid="scripts"]').getByRole('button', { name: 'Edit' }).last().click();
      await page.locator('[data-testid="script-code"]').waitFor();
      await screenshot('screen-script-dialog-en-US');
      expect(pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
