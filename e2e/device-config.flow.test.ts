/**
 * A device's management wizard and own configuration in a real browser, with real edge agents. The
 * end user binds two boilers of one product; the wizard opens on the basic info and its next step
 * is the gateway and driver, where they set the PLC's address for this site, see it marked as differing from the product, and see the gateway apply the new version.
 * Then they copy the settings to the second boiler, whose gateway is online, make a template from
 * the first one, and sync a new template version that the agent applies. The second boiler's
 * gateway then goes offline, the template is synced to it meanwhile, and its agent receives the
 * version when it comes back. Last, the wizard is walked step by step: the variables are read
 * through this device's own address, and the product's report and alarm rule are shown. Every step
 * is shot in Chinese and English.
 */
import { LOCALE_STORAGE_KEY } from '@lyyp/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentProcess } from './system/support/agent.ts';
import { PlatformApi } from './system/support/platform-api.ts';
import { signInWithPassword } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import {
  createBoilerProduct,
  createGateway,
  registerEndUser,
  startSimulatedGateway,
} from './support/monitor-setup.ts';

const FLOW_TIMEOUT_MS = 300_000;
const PASSWORD = 'Flow#2024ab';

describe('device configuration in the browser', () => {
  const flow = useFlowEnvironment();
  const agents: AgentProcess[] = [];

  afterAll(async () => {
    for (const agent of agents) await agent.remove();
  }, 30_000);

  it(
    'sets a driver address for one site, syncs it, copies it, and syncs a template to a gateway that was offline',
    async () => {
      const { platform } = flow;
      const { page, screenshot, pageErrors } = flow.browser;
      const product = await createBoilerProduct(platform);
      const admin = new PlatformApi(platform.baseUrl);
      await admin.signIn(platform.admin.username, platform.admin.password);
      await admin.post('/report/add', {
        productId: product.id,
        report: {
          name: '燃气日报',
          type: 'consumption',
          intervalMinutes: 60,
          variables: [{ key: 'gasTotal', aggregation: 'difference' }],
        },
      });
      await admin.post('/alarm/rule/add', {
        productId: product.id,
        rule: {
          name: '出水超温',
          variableKey: 'waterTemperature',
          condition: { operator: 'gt', limit: { kind: 'value', value: 90 } },
          pushMethods: ['app'],
        },
      });
      const user = await registerEndUser(platform, PASSWORD);
      const api = new PlatformApi(platform.baseUrl);
      await api.signIn(user.username, user.password);
      const devices: Array<{ id: string }> = [];
      const gateways: Array<Awaited<ReturnType<typeof createGateway>>> = [];
      for (const name of ['1号锅炉', '2号锅炉']) {
        const gateway = await createGateway(platform);
        gateways.push(gateway);
        devices.push(
          await api.post<{ id: string }>('/equipment/add', {
            sn: gateway.sn,
            verificationCode: gateway.verificationCode,
            productId: product.id,
            name,
          }),
        );
        agents.push(await startSimulatedGateway(gateway));
      }
      const [first, second] = devices as [{ id: string }, { id: string }];

      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, user.username, user.password);
      await page.waitForURL((url) => url.pathname.startsWith('/monitor'));
      await page.goto(`${platform.baseUrl}/monitor/devices/${first.id}?tab=config`);
      // The wizard opens on the device's basic info; the next step is its gateway and driver.
      await page.getByTestId('wizard-step-basic').waitFor();
      await page.getByTestId('wizard-next').click();
      await page.getByTestId('wizard-step-driver').waitFor();
      expect(new URL(page.url()).searchParams.get('step')).toBe('driver');
      const sync = page.getByTestId('config-sync-state');
      await expect.poll(() => sync.textContent(), { timeout: 30_000 }).toBe('同步完成');
      expect(await page.getByTestId('config-customised').textContent()).toBe('与产品一致');

      await page.getByTestId('config-boiler-host').fill('10.20.0.7');
      await page.getByTestId('config-boiler-slaveId').fill('9');
      await page.getByTestId('config-save').click();
      await expect.poll(() => page.getByTestId('config-customised').textContent()).toBe('与产品不同');
      // The real agent applies the new version and reports it.
      await agents[0]!.process.waitForLine(/configuration version 2 applied/, 30_000);
      await expect.poll(() => sync.textContent(), { timeout: 30_000 }).toBe('同步完成');
      await screenshot('device-config-customised');

      await page.getByTestId('config-copy').click();
      await page.getByTestId('copy-targets').click();
      await page.locator('.ant-select-item-option').filter({ hasText: '2号锅炉' }).click();
      await page.keyboard.press('Escape');
      await page.locator('.ant-modal-footer .ant-btn-primary').click();
      await expect
        .poll(() => page.getByTestId('copy-result').textContent(), { timeout: 30_000 })
        .toBe('已复制 1 台，失败 0 台');
      await screenshot('device-config-copied');
      await agents[1]!.process.waitForLine(/configuration version 2 applied/, 30_000);
      const copied = await api.post<{ customised: boolean; syncState: string }>('/equipment/config/info', {
        id: second.id,
      });
      expect(copied.customised).toBe(true);

      // A template made from this device, bound to it; a new version synced to the real agent.
      await page.keyboard.press('Escape');
      await page.reload();
      await page.getByTestId('template-name').fill('站点模板');
      await page.getByTestId('template-create').click();
      await page.getByTestId('template-save-version').waitFor();
      expect(await page.getByTestId('config-save').isDisabled()).toBe(true);
      await page.getByTestId('config-boiler-host').fill('10.20.0.8');
      await page.getByTestId('template-save-version').click();
      await page.locator('.ant-tag', { hasText: 'v2' }).first().waitFor();
      await page.getByTestId('template-sync').click();
      await agents[0]!.process.waitForLine(/configuration version 3 applied/, 30_000);
      await expect.poll(() => sync.textContent(), { timeout: 30_000 }).toBe('同步完成');

      // The second boiler's gateway goes offline; the template is synced to it while it is away and
      // its agent receives the version when it comes back.
      await agents[1]!.stop();
      await expect
        .poll(
          async () =>
            (await api.post<{ gateway: { status: string } }>('/equipment/info', { id: second.id })).gateway
              .status,
          { timeout: 60_000 },
        )
        .not.toBe('online');
      const { list } = await api.post<{ list: Array<{ id: string; name: string }> }>(
        '/equipment/template/list',
      );
      const templateId = list.find((item) => item.name === '站点模板')!.id;
      await api.post('/equipment/template/bind', { id: templateId, deviceIds: [second.id] });
      const queued = await api.post<{ results: Array<{ id: string; state: string }> }>(
        '/equipment/template/sync',
        {
          id: templateId,
        },
      );
      expect(queued.results.find((result) => result.id === second.id)?.state).toBe('queued');
      agents.push(await startSimulatedGateway(gateways[1]!));
      await expect
        .poll(
          async () =>
            (
              await api.post<{ syncState: string; templateVersion: number | null }>(
                '/equipment/config/info',
                {
                  id: second.id,
                },
              )
            ).syncState,
          { timeout: 60_000 },
        )
        .toBe('complete');
      const back = await api.post<{
        templateVersion: number;
        drivers: Array<{ addresses: Array<{ field: string; device: unknown }> }>;
      }>('/equipment/config/info', { id: second.id });
      expect(back.templateVersion).toBe(2);
      expect(back.drivers[0]!.addresses.find((row) => row.field === 'host')?.device).toBe('10.20.0.8');

      // The wizard step by step: each step in turn, what the device runs from its product.
      await page.goto(`${platform.baseUrl}/monitor/devices/${first.id}?tab=config`);
      const walked: string[] = [];
      for (;;) {
        const step = await page.locator('[data-testid^="wizard-step-"]').getAttribute('data-testid');
        walked.push(step!.replace('wizard-step-', ''));
        if (await page.getByTestId('wizard-next').isDisabled()) break;
        await page.getByTestId('wizard-next').click();
        await page.waitForFunction(
          (previous) => !document.querySelector(`[data-testid="wizard-step-${previous}"]`),
          walked.at(-1),
        );
      }
      expect(walked).toEqual(['basic', 'driver', 'variables', 'reports', 'alarms', 'pages', 'scripts']);

      for (const locale of ['zh-CN', 'en-US']) {
        await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
          LOCALE_STORAGE_KEY,
          locale,
        ] as const);
        await page.goto(`${platform.baseUrl}/monitor/devices/${first.id}?tab=config&step=variables`);
        // Each variable is read through this device's own address, marked as differing.
        await page
          .getByTestId('wizard-variables')
          .locator('tr', { hasText: 'waterTemperature' })
          .filter({ hasText: '10.20.0.8' })
          .waitFor();
        await screenshot(`device-wizard-variables-${locale}`);
        await page.goto(`${platform.baseUrl}/monitor/devices/${first.id}?tab=config&step=reports`);
        await page.getByTestId('wizard-reports').getByText('燃气日报').waitFor();
        await screenshot(`device-wizard-reports-${locale}`);
        await page.goto(`${platform.baseUrl}/monitor/devices/${first.id}?tab=config&step=alarms`);
        await page.getByTestId('wizard-alarms').getByText('出水超温').waitFor();
        expect(await page.getByTestId('wizard-alarms').textContent()).toContain('> 90');
        await screenshot(`device-wizard-alarms-${locale}`);
        await page.goto(`${platform.baseUrl}/monitor/devices/${first.id}?tab=config&step=basic`);
        await page.getByTestId('wizard-steps').waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(`device-wizard-basic-${locale}`);
        await page.goto(`${platform.baseUrl}/monitor/devices/${first.id}?tab=config&step=driver`);
        await page.getByTestId('config-driver-boiler').waitFor();
        await page.waitForLoadState('networkidle');
        await page.getByTestId('template-panel').waitFor();
        await screenshot(`device-config-${locale}`);
        await page.getByTestId('config-copy').click();
        await page.locator('.ant-modal').waitFor();
        await screenshot(`device-config-copy-${locale}`);
      }
      expect(pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
