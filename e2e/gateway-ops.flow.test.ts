/**
 * A device's gateway operations in a real browser with real edge agents. The end user's boiler
 * runs on gateway A; they send remote settings and see, per setting, what the agent did with them
 * (applied, after restart, not on this host). Then gateway A "breaks": they replace it with gateway
 * B by its SN and code, B's agent gets the device's configuration and the replacement shows
 * complete; the device's history holds A's values from before and B's values after, one history.
 * The gateway tab and the operation dialogs are shot in Chinese and English.
 */
import { LOCALE_STORAGE_KEY } from '@lyyp/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentProcess } from './system/support/agent.ts';
import { readStoredPoints } from './system/support/stored-points.ts';
import { signInWithPassword } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { createGateway, setUpBoundBoiler, startSimulatedGateway } from './support/monitor-setup.ts';

const FLOW_TIMEOUT_MS = 300_000;
const PASSWORD = 'Flow#2024ab';

describe('gateway operations in the browser', () => {
  const flow = useFlowEnvironment();
  const agents: AgentProcess[] = [];

  afterAll(async () => {
    for (const agent of agents) await agent.remove();
  }, 30_000);

  it(
    'sends remote settings, replaces a broken gateway and keeps one history across both',
    async () => {
      const { platform } = flow;
      const { page, screenshot, pageErrors } = flow.browser;
      const started = Date.now();
      const { gateway: gatewayA, user, api, device } = await setUpBoundBoiler(platform, PASSWORD);
      agents.push(await startSimulatedGateway(gatewayA));
      const stored = () =>
        readStoredPoints(api, device.id, ['waterTemperature'], { start: started, end: Date.now() + 60_000 });
      await expect.poll(async () => (await stored()).length, { timeout: 60_000 }).toBeGreaterThan(0);

      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, user.username, user.password);
      await page.waitForURL((url) => url.pathname.startsWith('/monitor'));
      await page.goto(`${platform.baseUrl}/monitor/devices/${device.id}?tab=gateway`);
      // The form is filled from the platform's answer first; changes are made after it came.
      await page.getByTestId('settings-state').waitFor();

      // Remote settings: a longer change-report interval and the router mode.
      await page.getByTestId('gateway-settings').getByLabel('路由模式').check();
      const interval = page.getByTestId('gateway-settings').locator('#reportIntervalSeconds');
      await interval.fill('3');
      await page.getByTestId('save-settings').click();
      await expect
        .poll(() => page.getByTestId('settings-state').textContent(), { timeout: 30_000 })
        .toBe('完成');
      expect(await page.getByTestId('outcome-reportIntervalSeconds').textContent()).toBe('已应用');
      expect(await page.getByTestId('outcome-mode').textContent()).toBe('重启后生效');
      await screenshot('gateway-settings-zh-CN');

      // A wrong segment is refused on its field before anything is sent.
      await page.getByTestId('gateway-settings').locator('.ant-select').first().click();
      await page.locator('.ant-select-item-option').filter({ hasText: '静态 IP' }).click();
      await page.getByTestId('gateway-settings').locator('#wan_ip').fill('10.0.0.5');
      await page.getByTestId('gateway-settings').locator('#wan_subnet').fill('255.255.255.0');
      await page.getByTestId('gateway-settings').locator('#wan_gateway').fill('10.0.9.1');
      await page.getByTestId('save-settings').click();
      await page.getByText('必须在同一网段').waitFor();
      await screenshot('gateway-settings-segment-zh-CN');
      await page.reload();
      await page.getByTestId('gateway-operations').waitFor();

      // Gateway A breaks; gateway B replaces it.
      const replacedAt = Date.now();
      await agents[0]!.stop();
      const gatewayB = await createGateway(platform);
      await page.getByTestId('open-replace').click();
      await page.getByTestId('replace-sn').fill(gatewayB.sn);
      await page.getByTestId('replace-code').fill(gatewayB.verificationCode);
      await page.getByTestId('replace-confirm').check();
      await screenshot('gateway-replace-zh-CN');
      await page.getByTestId('replace-submit').click();
      await expect
        .poll(() => page.getByTestId('replacement-state').textContent(), { timeout: 30_000 })
        .toBe('同步中');
      agents.push(await startSimulatedGateway(gatewayB));
      await expect
        .poll(() => page.getByTestId('replacement-state').textContent(), { timeout: 60_000 })
        .toBe('完成');
      await screenshot('gateway-replaced-zh-CN');

      // One history: A's values from before the replacement, B's after it.
      await expect
        .poll(async () => (await stored()).filter((point) => point.t > replacedAt).length, {
          timeout: 60_000,
        })
        .toBeGreaterThan(0);
      expect((await stored()).filter((point) => point.t < replacedAt).length).toBeGreaterThan(0);
      const info = await api.post<{ gatewaySn: string }>('/equipment/info', { id: device.id });
      expect(info.gatewaySn).toBe(gatewayB.sn);

      for (const locale of ['zh-CN', 'en-US']) {
        await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
          LOCALE_STORAGE_KEY,
          locale,
        ] as const);
        await page.goto(`${platform.baseUrl}/monitor/devices/${device.id}?tab=gateway`);
        await page.getByTestId('gateway-operations').waitFor();
        await page.getByTestId('settings-state').waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(`gateway-tab-${locale}`);
        await page.getByTestId('open-reset').click();
        await page.getByTestId('reset-discard').click();
        await screenshot(`gateway-reset-${locale}`);
        await page.keyboard.press('Escape');
        await page.getByTestId('open-clear').click();
        await page.getByTestId('clear-range').click();
        await screenshot(`gateway-clear-${locale}`);
        await page.keyboard.press('Escape');
      }
      expect(pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
