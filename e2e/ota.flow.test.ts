/**
 * OTA updates in a real browser against the real platform and a real gateway: the edge agent runs
 * under its launcher and downloads from the platform. The super manager opens the product's OTA
 * tab from the product list, is told when no gateway matches, creates a task with the new agent
 * version and watches the gateway go through to success; a version that cannot start fails with
 * the rollback reason, is retried and the task is cancelled. Photographed in Chinese and English.
 */
import { LOCALE_STORAGE_KEY } from '@lyyp/contracts';
import type { FirmwareFile, FirmwareItem } from '@lyyp/contracts/firmware';
import { afterAll, describe, expect, it } from 'vitest';
import { AgentProcess } from './system/support/agent.ts';
import { brokenAgentPackage, workingAgentPackage } from './system/support/agent-package.ts';
import { PlatformApi } from './system/support/platform-api.ts';
import { signInWithPassword, waitForTitle } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { createBoilerProduct, createGateway } from './support/monitor-setup.ts';

const FLOW_TIMEOUT_MS = 400_000;
/** Installing a version means a new agent process: tsx compiling on a busy machine. */
const UPGRADE_WAIT_MS = 150_000;
const OK_BUTTON = /^(确\s?定|OK|新建升级任务|New upgrade task|取消任务|Cancel task)$/;

describe('OTA updates in the browser', () => {
  const flow = useFlowEnvironment();
  let agent: AgentProcess | undefined;
  afterAll(async () => agent?.remove());

  it(
    'creates upgrade tasks, follows each gateway to success or to the rollback, retries and cancels',
    async () => {
      const { platform } = flow;
      const { page, screenshot, pageErrors } = flow.browser;
      const api = new PlatformApi(platform.baseUrl);
      await api.signIn(platform.admin.username, platform.admin.password);
      const product = await createBoilerProduct(platform);
      const gateway = await createGateway(platform);
      await api.post('/equipment/add', {
        name: '锅炉 1',
        sn: gateway.sn,
        verificationCode: gateway.verificationCode,
        productId: product.id,
      });
      agent = await AgentProcess.start({
        sn: gateway.sn,
        secret: gateway.secret,
        platformUrl: gateway.mqttUrl,
        launcher: { platformHttpUrl: platform.baseUrl, trialSeconds: 30 },
      });
      await agent.process.waitForLine(/configuration version \d+ applied/, 90_000);
      for (const [version, bytes] of [
        ['0.2.0', workingAgentPackage('0.2.0')],
        ['0.3.0', brokenAgentPackage('0.3.0')],
      ] as const) {
        const file = await api.upload<FirmwareFile>('/system/firmware/upload', `agent-${version}.tgz`, bytes);
        await api.post<FirmwareItem>('/system/firmware/add', {
          name: '边缘代理',
          kind: 'application',
          version,
          packageFileId: file.id,
        });
      }

      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, platform.admin.username, platform.admin.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${platform.baseUrl}/manage/product/list`);
      await page
        .locator('[data-testid="product-table"] tr', { hasText: product.title })
        .getByRole('button', { name: 'OTA 升级' })
        .click();
      await page.waitForURL(`${platform.baseUrl}/manage/product/ota/${product.id}`);
      await waitForTitle(page, 'OTA 升级 - LYYP');
      await page.getByText('只有在线且信号强度高于 65% 的网关会开始升级').waitFor();

      // "Chosen gateways" with none chosen: the dialog asks for them; the list says who may upgrade now.
      const dialog = page.getByRole('dialog');
      const chooseFirmware = async (label: string) => {
        await dialog.locator('[data-testid="ota-firmware"]').click();
        await page.locator('.ant-select-item-option', { hasText: label }).click();
      };
      await page.click('[data-testid="ota-add"]');
      await chooseFirmware('0.2.0');
      await dialog.getByText('指定网关').click();
      await dialog.getByRole('button', { name: OK_BUTTON }).click();
      await dialog.getByText('请选择').first().waitFor();
      await dialog.locator('[data-testid="ota-sns"]').click();
      await page.locator('.ant-select-item-option', { hasText: gateway.sn }).waitFor();
      await screenshot('ota-dialog-zh-CN');
      await page.locator('.ant-select-item-option', { hasText: gateway.sn }).click();
      await page.keyboard.press('Escape');
      await dialog.getByRole('button', { name: OK_BUTTON }).click();

      // The drawer opens on the new task; the gateway goes through the steps to success.
      const drawer = page.locator('.ant-drawer');
      const stepRow = drawer.locator('[data-testid="ota-steps"] tr', { hasText: gateway.sn });
      await stepRow.getByText('成功').waitFor({ timeout: UPGRADE_WAIT_MS });
      expect(await stepRow.textContent()).toContain('0.1.0 → 0.2.0');
      await screenshot('ota-succeeded-zh-CN');
      await drawer.locator('.ant-drawer-close').click();

      // A version that cannot start: the gateway goes back, and the reason is shown.
      await page.click('[data-testid="ota-add"]');
      await chooseFirmware('0.3.0');
      await dialog.getByText('运行某个版本的网关').click();
      await dialog.locator('[data-testid="ota-from-version"]').click();
      await page.locator('.ant-select-item-option[title="0.2.0"]').click();
      await dialog.getByRole('button', { name: OK_BUTTON }).click();
      await stepRow.getByText('新版本未能启动，已回退到 0.2.0').waitFor({ timeout: UPGRADE_WAIT_MS });
      await screenshot('ota-rolled-back-zh-CN');

      // Retried, then the whole task cancelled.
      await stepRow.getByRole('button', { name: '重试' }).click();
      await page.getByText('已重新开始').waitFor();
      await drawer.locator('.ant-drawer-close').click();
      const taskRow = page.locator('[data-testid="ota-tasks"] tr', { hasText: '· 0.3.0' });
      await taskRow.getByRole('button', { name: '取消任务' }).click();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: OK_BUTTON }).click();
      const taskState = (version: string, state: string) =>
        page
          .locator('[data-testid="ota-tasks"] tr', { hasText: `· ${version}` })
          .getByTestId('ota-task-state')
          .filter({ hasText: state })
          .waitFor();
      await taskState('0.3.0', '已取消');
      await taskState('0.2.0', '已结束');
      await screenshot('ota-list-zh-CN');

      // The same screen in English.
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        LOCALE_STORAGE_KEY,
        'en-US',
      ] as const);
      await page.reload();
      await waitForTitle(page, 'OTA updates - LYYP');
      await taskState('0.3.0', 'Cancelled');
      await taskState('0.2.0', 'Finished');
      await screenshot('ota-list-en-US');
      await page
        .locator('[data-testid="ota-tasks"] tr', { hasText: '· 0.2.0' })
        .getByRole('button', { name: 'Progress' })
        .click();
      await page
        .locator('.ant-drawer [data-testid="ota-steps"] tr', { hasText: gateway.sn })
        .getByText('Succeeded')
        .waitFor();
      await screenshot('ota-progress-en-US');
      await page.locator('.ant-drawer-close').click();
      await page.click('[data-testid="ota-add"]');
      await dialog.getByText('Every gateway of the product').waitFor();
      await screenshot('ota-dialog-en-US');

      expect(pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
