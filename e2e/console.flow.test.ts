/**
 * What a new person meets in the console: staff land on a built screen; a new end user lands on
 * an empty device list that explains binding a gateway and offers the button, and the bind form
 * asks for what is missing in plain words with the required marks; a screen the account may not
 * open shows 403 inside the console frame, with a way home. Screenshots in Chinese and English.
 */
import { describe, expect, it } from 'vitest';
import { signInWithPassword } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { registerEndUser } from './support/monitor-setup.ts';
import { PlatformApi } from './system/support/platform-api.ts';

const FLOW_TIMEOUT_MS = 180_000;
const PASSWORD = 'Console#2024';

describe('a new person in the console', () => {
  const flow = useFlowEnvironment();

  it(
    'lands staff on the product list, not on a screen that is not built',
    async () => {
      const { platform } = flow;
      const { page, screenshot } = flow.browser;
      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, platform.admin.username, platform.admin.password);
      await page.waitForURL(`${platform.baseUrl}/manage/product/list`);
      await page.getByTestId('product-table').waitFor();
      await screenshot('console-staff-landing-zh');
      // A new product's drivers and variables explain themselves and offer to add the first one.
      const api = new PlatformApi(platform.baseUrl);
      await api.signIn(platform.admin.username, platform.admin.password);
      const product = await api.post<{ id: string }>('/product/add', { title: 'Empty boiler' });
      await page.goto(`${platform.baseUrl}/manage/product/edit/${product.id}/signal`);
      const drivers = page.getByTestId('driver-list-empty');
      await drivers.getByText('还没有驱动').waitFor();
      await drivers.getByRole('button', { name: /添加驱动/ }).waitFor();
      await page
        .getByTestId('variable-list-empty')
        .getByText(/请先在上方添加驱动/)
        .waitFor();
      await screenshot('console-empty-product-zh');
      await drivers.getByRole('button', { name: /添加驱动/ }).click();
      const driverDialog = page
        .locator('.ant-modal')
        .filter({ hasText: '编辑驱动' })
        .or(page.locator('.ant-modal').filter({ has: page.locator('form#driver') }));
      await driverDialog.first().waitFor();
      expect(await driverDialog.first().locator('.ant-form-item-required').count()).toBeGreaterThan(0);
      await driverDialog.first().locator('.ant-modal-close').click();
      await driverDialog.first().waitFor({ state: 'hidden' });

      // The area switch goes to a built screen too.
      await page.locator('header .ant-menu-item:visible', { hasText: '设备监控' }).click();
      await page.waitForURL(`${platform.baseUrl}/monitor/devices`);
      expect(flow.browser.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'guides a new end user from an empty device list to binding, and keeps a forbidden screen in the frame',
    async () => {
      const { platform } = flow;
      const { page, screenshot } = flow.browser;
      const base = platform.baseUrl;
      const user = await registerEndUser(platform, PASSWORD);

      await page.goto(`${base}/login`);
      await signInWithPassword(page, user.username, user.password);
      await page.waitForURL(`${base}/monitor/devices`);
      const empty = page.getByTestId('device-list-empty');
      await empty.getByText('还没有设备').waitFor();
      await empty.getByText(/12 位序列号（SN）和 6 位验证码/).waitFor();
      await screenshot('console-empty-devices-zh');

      // The bind button of the guide opens the form; submitting it empty asks for each input.
      await empty.getByRole('button', { name: /添加设备/ }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '网关 SN' });
      await dialog.waitFor();
      expect(await dialog.locator('.ant-form-item-required').count()).toBeGreaterThanOrEqual(4);
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await dialog.getByText('请输入SN').waitFor();
      await dialog.getByText('请选择产品').waitFor();
      await dialog.getByText('请输入名称').waitFor();
      expect(await dialog.getByText(/缺少参数/).count()).toBe(0);
      await screenshot('console-bind-required-zh');
      await page.keyboard.press('Escape');

      // A back-office screen: 403 inside the console frame, with the way home.
      await page.goto(`${base}/manage/product/list`);
      const forbidden = page.getByTestId('forbidden-page');
      await forbidden.getByText('没有相关权限').waitFor();
      await page.locator('header').getByText('设备监控').waitFor();
      await screenshot('console-forbidden-zh');
      await forbidden.getByRole('button', { name: '返回首页' }).click();
      await page.waitForURL(`${base}/monitor/devices`);

      // The same screens in English.
      await page.evaluate(() => localStorage.setItem('lyyp.locale', 'en-US'));
      await page.reload();
      await page.getByTestId('device-list-empty').getByText('No devices yet').waitFor();
      await screenshot('console-empty-devices-en');
      await page
        .getByTestId('device-list-empty')
        .getByRole('button', { name: /Add device/ })
        .click();
      const english = page.locator('.ant-modal').filter({ hasText: 'Gateway SN' });
      await english.locator('.ant-form-item-required').first().waitFor();
      await english.locator('.ant-modal-footer .ant-btn-primary').click();
      await english.getByText('Please select the product').waitFor();
      await screenshot('console-bind-required-en');
      await page.keyboard.press('Escape');
      await page.goto(`${base}/manage/gateway/list`);
      await page.getByTestId('forbidden-page').getByText('No relevant permissions').waitFor();
      await screenshot('console-forbidden-en');
      expect(flow.browser.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
