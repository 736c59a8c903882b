/**
 * Monitoring in a real browser against the real platform and a real edge agent. The super manager
 * creates the demo boiler product and a gateway; an end user registers, signs in, binds the device
 * with the gateway's SN and verification code, and the gateway comes online with its simulator.
 * Then the person sees values change without reloading, writes a set-point and sees the device
 * confirm it, has a write beyond the limit refused with the catalogue's words, and reads the
 * history curve.
 */
import { translateError } from '@lyyp/contracts';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentProcess } from './system/support/agent.ts';
import { signInWithPassword, waitForTitle } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import {
  createBoilerProduct,
  createGateway,
  registerEndUser,
  startSimulatedGateway,
} from './support/monitor-setup.ts';

const FLOW_TIMEOUT_MS = 240_000;
const PASSWORD = 'Flow#2024ab';

async function readText(page: Page, testId: string): Promise<string> {
  return (await page.locator(`[data-testid="${testId}"]`).first().textContent()) ?? '';
}

/** Waits until a value cell shows something other than `previous` (and not the empty dash). */
async function waitForNewValue(
  page: Page,
  key: string,
  previous: string,
  timeoutMs = 30_000,
): Promise<string> {
  await page.waitForFunction(
    ([testId, before]) => {
      const text = document.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '';
      return text !== '' && !text.startsWith('—') && text !== before;
    },
    [`value-${key}`, previous] as const,
    { timeout: timeoutMs },
  );
  return readText(page, `value-${key}`);
}

async function openWriteDialog(page: Page, key: string, value: string): Promise<void> {
  await page.click(`[data-testid="write-${key}"]`);
  const dialog = page.locator('[data-testid="write-dialog"]');
  await dialog.waitFor();
  await page.fill('input[name="write-value"]', value);
  await page.click('[data-testid="write-next"]');
}

describe('monitoring flow in the browser', () => {
  const flow = useFlowEnvironment();
  let agent: AgentProcess | undefined;

  afterAll(async () => {
    await agent?.remove();
  }, 30_000);

  it(
    'binds a device, shows live values, writes a set-point the device confirms, refuses one beyond the limit, and draws history',
    async () => {
      const { platform } = flow;
      const { page, screenshot, pageErrors } = flow.browser;
      const product = await createBoilerProduct(platform);
      const gateway = await createGateway(platform);
      const user = await registerEndUser(platform, PASSWORD);

      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, user.username, user.password);
      await page.waitForURL((url) => url.pathname.startsWith('/monitor'));
      await page.goto(`${platform.baseUrl}/monitor/devices`);
      await waitForTitle(page, '设备列表 - LYYP');

      // Bind the device with the gateway's SN and verification code.
      // A new end user's empty list explains binding and offers the same button as the toolbar.
      await page.getByTestId('device-list-empty').getByRole('button', { name: '添加设备' }).click();
      await page.locator('form#device-bind').waitFor();
      await page.fill('#device-bind_sn', gateway.sn);
      await page.fill('#device-bind_verificationCode', gateway.verificationCode);
      await page.click('#device-bind_productId');
      await page.locator(`.ant-select-item-option[title^="${product.title}"]`).click();
      await page.fill('#device-bind_name', '1号锅炉');
      await screenshot('monitor-bind-device');
      await page.click('.ant-modal-footer .ant-btn-primary');
      await page.waitForURL(/\/monitor\/devices\/[^/]+$/);
      await waitForTitle(page, '设备详情 - LYYP');

      // The gateway comes online; values arrive and change without a reload.
      agent = await startSimulatedGateway(gateway);
      await page
        .locator('[data-testid="gateway-status"][data-status="online"]')
        .first()
        .waitFor({ timeout: 30_000 });
      const first = await waitForNewValue(page, 'waterTemperature', '').catch(async (error: unknown) => {
        await screenshot('monitor-failure');
        console.log(agent?.process.tail(40));
        throw error;
      });
      const second = await waitForNewValue(page, 'waterTemperature', first);
      expect(second).not.toBe(first);
      await screenshot('monitor-live-values');

      // A set-point within the limits: checked, confirmed, sent, and confirmed by the device.
      await openWriteDialog(page, 'temperatureSetpoint', '65');
      await page.click('[data-testid="write-confirm"]');
      await page.locator('[data-testid="write-dialog"][data-step="confirmed"]').waitFor({ timeout: 30_000 });
      await screenshot('monitor-write-confirmed');
      await page.click('[data-testid="write-close"]');
      await page.waitForFunction(
        () =>
          /^65(\.0)?\b/.test(
            document.querySelector('[data-testid="value-temperatureSetpoint"]')?.textContent ?? '',
          ),
        undefined,
        { timeout: 20_000 },
      );

      // Beyond the write limit (95): refused with the catalogue's text, before or after sending.
      await openWriteDialog(page, 'temperatureSetpoint', '120');
      const dialog = page.locator('[data-testid="write-dialog"]');
      if ((await dialog.getAttribute('data-step')) === 'confirming')
        await page.click('[data-testid="write-confirm"]');
      await expect
        .poll(() => dialog.textContent(), { timeout: 20_000 })
        .toContain(translateError('2003', 'zh-CN'));
      await screenshot('monitor-write-refused');
      await page.click('[data-testid="write-close"]');

      // The history curve draws what was stored of a variable that moves.
      await page.getByRole('tab', { name: '历史曲线' }).click();
      const picker = page.locator('[data-testid="curve-variables"]');
      await picker.click();
      await page.keyboard.type('waterTemperature');
      await page.keyboard.press('Enter');
      await page.click('[data-testid="device-name"]');
      const curve = page.locator('[data-testid="history-curve"][data-loaded="true"]');
      await curve.waitFor({ timeout: 30_000 });
      expect(await curve.locator('canvas').count()).toBeGreaterThan(0);
      expect(await page.getByText('这些变量还没有历史数据').count()).toBe(0);
      const [from, to] = (await readText(page, 'curve-range')).split('~').map((part) => part.trim());
      expect(from).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(to).not.toBe(from);
      await screenshot('monitor-history-curve');

      expect(pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
