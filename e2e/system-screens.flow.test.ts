/**
 * The remaining system screens in a real browser against the real platform. The super manager
 * publishes an app version (a taken version number and a link that is not http(s) are refused on
 * their inputs), publishes two versions of the user agreement and one privacy policy, and keeps a
 * driver model beside the built-in protocols (Modbus with its register types, OPC UA and S7 with
 * their address syntax and examples), in Chinese and English.
 * /download then shows the latest app with a QR code per platform, and a visitor registering reads
 * the current agreement from the registration form; the agreement screen counts the acceptance.
 */
import { LOCALE_STORAGE_KEY } from '@lyyp/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  CaptchaWatcher,
  createPhoneNumber,
  createUsername,
  requestSmsCode,
  signInWithPassword,
  waitForTitle,
} from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { createBoilerProduct } from './support/monitor-setup.ts';

const FLOW_TIMEOUT_MS = 300_000;
const OK_BUTTON = /^(确\s?定|保\s?存|OK|Save|发布新版本|Publish a new version)$/;
const CANCEL_BUTTON = /^(取\s?消|Cancel)$/;
const PASSWORD = 'Flow#2024ab';
const IOS_LINK = 'https://apps.example.com/app/lyyp-monitor';
const ANDROID_LINK = 'https://download.example.com/lyyp-monitor-2.1.0.apk';

async function switchToEnglish(page: Page) {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    LOCALE_STORAGE_KEY,
    'en-US',
  ] as const);
  await page.reload();
}

describe('system screens in the browser', () => {
  const flow = useFlowEnvironment();

  it(
    'keeps app versions, agreement texts and driver models, in Chinese and English',
    async () => {
      const { platform } = flow;
      const { page, screenshot, pageErrors } = flow.browser;
      const base = platform.baseUrl;

      await page.goto(`${base}/login`);
      await signInWithPassword(page, platform.admin.username, platform.admin.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));

      // App versions: one saved, the same number refused on its input, a javascript: link refused.
      await page.goto(`${base}/manage/system/version`);
      await waitForTitle(page, '版本维护 - LYYP');
      await page.getByText('还没有应用版本').waitFor();
      const dialog = page.getByRole('dialog');
      const fillVersion = async (version: string) => {
        await page.click('[data-testid="version-add"]');
        await dialog.locator('#appVersion_name').fill('云监控');
        await dialog.locator('#appVersion_version').fill(version);
        await dialog.locator('#appVersion_identifier').fill('com.lyyp.monitor');
        await dialog.locator('#appVersion_enterprise').fill('LYYP 工业');
        await dialog.locator('#appVersion_iosUrl').fill(IOS_LINK);
        await dialog.locator('#appVersion_androidUrl').fill(ANDROID_LINK);
        await dialog.locator('#appVersion_description').fill('新增报警推送与工单处理');
      };
      await fillVersion('2.1.0');
      await dialog.getByRole('button', { name: OK_BUTTON }).click({ trial: true });
      await screenshot('system-version-dialog-zh-CN');
      await dialog.getByRole('button', { name: OK_BUTTON }).click();
      const row = page.locator('[data-testid="app-versions"] tr', { hasText: '2.1.0' });
      await row.getByText('最新版本').waitFor();

      await fillVersion('2.1.0');
      await dialog.getByRole('button', { name: OK_BUTTON }).click();
      await dialog.getByText('版本号已存在：2.1.0').waitFor();
      await dialog.locator('#appVersion_version').fill('2.2.0');
      await dialog.locator('#appVersion_iosUrl').fill('javascript:alert(1)');
      await dialog.getByRole('button', { name: OK_BUTTON }).click();
      await dialog.getByText('iOS 链接 只能是以 http:// 或 https:// 开头的链接').waitFor();
      await screenshot('system-version-refused-zh-CN');
      await dialog.getByRole('button', { name: CANCEL_BUTTON }).click();
      expect(await page.locator('[data-testid="app-versions"] tbody tr.ant-table-row').count()).toBe(1);
      await screenshot('system-version-list-zh-CN');

      // Agreements: two versions of the user agreement and one privacy policy.
      await page.goto(`${base}/manage/system/agreement`);
      await waitForTitle(page, '用户协议与隐私政策 - LYYP');
      const publish = async (version: string, content: string, kind?: string) => {
        await page.click('[data-testid="agreement-publish"]');
        if (kind) await dialog.getByText(kind, { exact: true }).click();
        await dialog.locator('#agreementPublish_version').fill(version);
        await dialog.locator('#agreementPublish_content').fill(content);
        await dialog.getByRole('button', { name: OK_BUTTON }).click();
        await dialog.waitFor({ state: 'detached' });
      };
      await publish('1.0', '第一版用户协议。');
      await publish('2.0', '第二版用户协议：平台按本协议提供设备监控服务。');
      const versions = page.locator('[data-testid="agreement-versions"]');
      await versions.locator('tr', { hasText: '2.0' }).getByText('当前版本').waitFor();
      await versions.locator('tr', { hasText: '1.0' }).getByText('历史版本').waitFor();
      // An earlier version stays readable.
      await versions.locator('tr', { hasText: '1.0' }).getByText('查看').click();
      await page.getByTestId('agreement-text').getByText('第一版用户协议。').waitFor();
      await screenshot('system-agreement-old-version-zh-CN');
      await page.getByRole('button', { name: /我知道了/ }).click();
      await publish('1.0', '隐私政策：我们只收集运行设备所需的信息。', '隐私政策');
      await versions.locator('tr', { hasText: '隐私政策' }).getByText('当前版本').waitFor();
      await screenshot('system-agreement-zh-CN');

      // Protocols: the built-in ones with their register types, and a driver model.
      await page.goto(`${base}/manage/system/protocol`);
      await waitForTitle(page, '通讯协议 - LYYP');
      await page.getByTestId('register-types-modbus-tcp').getByText('保持寄存器 (4x)').waitFor();
      // OPC UA and S7 name their places by address alone: syntax and examples instead of register types.
      await page.getByTestId('address-syntax-opcua').getByText('ns=2;s=Line1.Temp').waitFor();
      await page.getByTestId('address-syntax-s7').getByText('DB1.DBW4').waitFor();
      await expect(page.getByTestId('register-types-s7').count()).resolves.toBe(0);
      await page.click('[data-testid="driver-model-add"]');
      await dialog.locator('#driverModel_name').fill('PM5560 电表');
      await dialog.locator('#driverModel_description').fill('施耐德多功能电表');
      await dialog.locator('#driverModel_settings_port').fill('5020');
      await dialog.getByRole('button', { name: OK_BUTTON }).click();
      const model = page.locator('[data-testid="driver-models"] tr', { hasText: 'PM5560 电表' });
      await model.getByText('TCP 端口 5020').waitFor();
      await page.click('[data-testid="driver-model-add"]');
      await dialog.locator('#driverModel_name').fill('PM5560 电表');
      await dialog.getByRole('button', { name: OK_BUTTON }).click();
      await dialog.getByText('驱动型号名称已存在：PM5560 电表').waitFor();
      await dialog.getByRole('button', { name: CANCEL_BUTTON }).click();

      // A product's driver made from the driver model takes its settings…
      const product = await createBoilerProduct(platform);
      await page.goto(`${base}/manage/product/edit/${product.id}/signal`);
      await page
        .getByTestId('driver-table')
        .getByRole('button', { name: /^编\s?辑$/ })
        .first()
        .click();
      await dialog.locator('[data-testid="driver-model-select"]').click();
      await page.locator('.ant-select-item-option', { hasText: 'PM5560 电表' }).click();
      expect(await dialog.locator('#driver_port').inputValue()).toBe('5020');
      await screenshot('system-protocol-driver-dialog-zh-CN');
      await dialog.getByRole('button', { name: OK_BUTTON }).click();
      await dialog.waitFor({ state: 'detached' });

      // …and the driver model can no longer be deleted.
      await page.goto(`${base}/manage/system/protocol`);
      await model.getByText('1 个产品').waitFor();
      await model.getByRole('button', { name: /^删\s?除$/ }).click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /^删\s?除$/ })
        .click();
      await page.getByText('协议正在使用，不能删除（1 个产品的驱动在用）').waitFor();
      await screenshot('system-protocol-zh-CN');
      await expect(model.count()).resolves.toBe(1);

      // The same screens in English.
      await switchToEnglish(page);
      await waitForTitle(page, 'Protocols - LYYP');
      await page.getByTestId('register-types-modbus-rtu').getByText('Holding register (4x)').waitFor();
      await page
        .getByTestId('address-syntax-s7')
        .getByText(/M, I, Q areas/)
        .waitFor();
      await page.locator('[data-testid="driver-models"] tr', { hasText: 'TCP port 5020' }).waitFor();
      await screenshot('system-protocol-en-US');
      await page.goto(`${base}/manage/system/version`);
      await waitForTitle(page, 'App versions - LYYP');
      await page
        .locator('[data-testid="app-versions"] tr', { hasText: '2.1.0' })
        .getByText('Latest')
        .waitFor();
      await screenshot('system-version-list-en-US');
      await page.goto(`${base}/manage/system/agreement`);
      await waitForTitle(page, 'User agreement and privacy policy - LYYP');
      await versions.locator('tr', { hasText: '2.0' }).getByText('Current').waitFor();
      await screenshot('system-agreement-en-US');
      expect(pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'shows the latest app with a QR code per platform on /download',
    async () => {
      const { platform } = flow;
      const { page, screenshot, pageErrors } = flow.browser;

      await page.goto(`${platform.baseUrl}/download`);
      await waitForTitle(page, '移动端下载 - LYYP');
      const app = page.getByTestId('download-app');
      await app.getByText('版本 2.1.0').waitFor();
      const codes = page.getByTestId('download-qr');
      await codes.nth(1).waitFor();
      expect(
        await codes.evaluateAll((images) => images.map((image) => image.getAttribute('data-qr-text'))),
      ).toEqual([IOS_LINK, ANDROID_LINK]);
      // The codes are drawn in the browser: real pictures, no request anywhere.
      expect(
        await codes.evaluateAll((images) =>
          images.every(
            (image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 100,
          ),
        ),
      ).toBe(true);
      await screenshot('download-zh-CN');
      await switchToEnglish(page);
      await page.getByTestId('download-app').getByText('Version 2.1.0').waitFor();
      await page.getByTestId('download-qr').nth(1).waitFor();
      await screenshot('download-en-US');
      expect(pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'shows the current agreement at registration and records its acceptance',
    async () => {
      const { platform } = flow;
      const { page, screenshot, pageErrors } = flow.browser;
      const captchas = new CaptchaWatcher(page);
      const tel = createPhoneNumber();

      await page.goto(`${platform.baseUrl}/account/register`);
      await page.locator('form#register').waitFor();
      await page.getByTestId('register-agreement-link').click();
      await page
        .getByTestId('agreement-text')
        .getByText('第二版用户协议：平台按本协议提供设备监控服务。')
        .waitFor();
      await screenshot('register-agreement-zh-CN');
      await page.getByRole('button', { name: /我知道了/ }).click();
      await page.getByTestId('register-privacy-link').waitFor();

      await page.fill('#register_tel', tel);
      await requestSmsCode(page, platform, captchas, 'register', tel, 'register');
      await page.fill('#register_username', createUsername());
      await page.fill('#register_password', PASSWORD);
      await page.fill('#register_confirmPassword', PASSWORD);
      // Without the box ticked nothing is sent.
      await page.click('form#register button[type="submit"]');
      await page.getByText('请阅读并同意用户协议和隐私政策').waitFor();
      await page.check('#register_agree');
      await screenshot('register-filled-zh-CN');
      await page.click('form#register button[type="submit"]');
      await page.waitForURL('**/monitor/devices');

      // The back-office counts the acceptance on the versions that were shown.
      await page.context().clearCookies();
      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, platform.admin.username, platform.admin.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${platform.baseUrl}/manage/system/agreement`);
      const versions = page.locator('[data-testid="agreement-versions"]');
      const current = versions.locator('tr', { hasText: '2.0' });
      await current.getByText('当前版本').waitFor();
      expect(await current.locator('td').nth(3).textContent()).toBe('1');
      expect(await versions.locator('tr', { hasText: '1.0' }).locator('td').nth(3).textContent()).toBe('0');
      await screenshot('system-agreement-accepted-zh-CN');
      expect(pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
