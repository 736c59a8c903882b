/**
 * The account centre and staff device management in a real browser against the real platform.
 * A person changes their phone (verified by a code to the old phone) and binds an email (verified
 * by their password, the new address proven by an emailed code) through the verification flow;
 * staff filter the device list by gateway SN and open the device's log. Every new screen is
 * photographed in Chinese and English.
 */
import { LOCALE_STORAGE_KEY, type AccountInfo } from '@lyyp/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type BrowserSession } from './support/browser.ts';
import { createPhoneNumber, signInWithPassword, waitForTitle } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { createBoilerProduct, createGateway, registerEndUser } from './support/monitor-setup.ts';
import type { Platform } from './support/platform.ts';
import { PlatformApi } from './system/support/platform-api.ts';

const FLOW_TIMEOUT_MS = 300_000;
const PASSWORD = 'Flow#2024ab';

/** The code the platform's log email provider "sent" to an address, after log index `from`. */
async function readEmailedCode(platform: Platform, to: string, from: number): Promise<string> {
  const line = await platform.waitForLog((entry) => entry.msg === 'email sent' && entry.to === to, from);
  const code = /\d{6}/.exec(String(line.text))?.[0];
  if (!code) throw new Error(`the email to ${to} carries no code`);
  return code;
}

async function photograph(session: BrowserSession, base: string, views: [string, string][]) {
  for (const locale of ['zh-CN', 'en-US']) {
    for (const [path, name] of views) {
      await session.page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        LOCALE_STORAGE_KEY,
        locale,
      ] as const);
      await session.page.goto(`${base}${path}`);
      // Screens load lazily: wait for the screen itself, then for its data.
      await session.page.locator('.ant-card, .ant-result, form').first().waitFor();
      await session.page.waitForLoadState('networkidle');
      await session.page
        .locator('.ant-skeleton, .ant-spin-spinning')
        .first()
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => undefined);
      await session.screenshot(`screen-${name}-${locale}`);
    }
  }
}

async function signIn(page: Page, base: string, account: string, password: string) {
  await page.goto(`${base}/login`);
  await signInWithPassword(page, account, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

describe('account centre and staff devices in the browser', () => {
  const flow = useFlowEnvironment();
  let staffBrowser: BrowserSession | undefined;

  afterAll(async () => {
    await staffBrowser?.close();
  }, 30_000);

  it(
    'a person changes their phone and binds an email through the verification flow',
    async () => {
      const { platform } = flow;
      const base = platform.baseUrl;
      const user = await registerEndUser(platform, PASSWORD);
      const api = new PlatformApi(base);
      await api.signIn(user.username, user.password);
      const me = await api.call<AccountInfo>('GET', `/account/info?time=${Date.now()}`);
      const oldTel = me.tel!;
      const { page, screenshot, pageErrors } = flow.browser;
      await signIn(page, base, user.username, user.password);

      // Phone: verified by a code to the current phone, then the new phone's own code.
      await page.goto(`${base}/account/security/sms`);
      await waitForTitle(page, '安全设置 - LYYP');
      await page.click('[data-testid="security-change-tel"]');
      await page.waitForURL((url) => url.pathname.endsWith('/setup/validate'));
      await screenshot('setup-validate');
      let from = platform.logs.length;
      await page.click('[data-testid="verify-tel-code-send"]');
      await page.fill(
        '[data-testid="verify-tel-code"]',
        await platform.readSmsCode(oldTel, 'security', from),
      );
      await page.click('[data-testid="verify-tel-next"]');
      await page.waitForURL((url) => url.pathname.endsWith('/setup/tel'));
      const newTel = createPhoneNumber();
      await page.fill('[data-testid="setup-tel"]', newTel);
      from = platform.logs.length;
      await page.click('[data-testid="setup-tel-code-send"]');
      await page.fill('[data-testid="setup-tel-code"]', await platform.readSmsCode(newTel, 'resettel', from));
      await screenshot('setup-tel');
      await page.click('[data-testid="setup-tel-submit"]');
      await page.locator('[data-testid="setup-success"]').waitFor();
      expect(await page.locator('[data-testid="setup-success"]').textContent()).toContain(newTel);

      // Email: verified by the password, the new address proven by an emailed code.
      await page.goto(`${base}/account/security/sms`);
      await page.locator('[data-testid="security-tel"]', { hasText: newTel }).waitFor();
      await page.click('[data-testid="security-change-email"]');
      await page.getByRole('tab', { name: '登录密码' }).click();
      await page.fill('[data-testid="verify-password"]', PASSWORD);
      await page.click('[data-testid="verify-password-next"]');
      await page.waitForURL((url) => url.pathname.endsWith('/setup/email'));
      const email = `${user.username}@example.com`;
      await page.fill('[data-testid="setup-email"]', email);
      from = platform.logs.length;
      await page.click('[data-testid="setup-email-code-send"]');
      await page.fill('[data-testid="setup-email-code"]', await readEmailedCode(platform, email, from));
      await screenshot('setup-email');
      await page.click('[data-testid="setup-email-submit"]');
      await page.locator('[data-testid="setup-success"]').waitFor();
      await screenshot('setup-success');

      const after = await api.call<AccountInfo>('GET', `/account/info?time=${Date.now()}`);
      expect(after).toMatchObject({ tel: newTel, email });
      await page.goto(`${base}/account/log`);
      await page.locator('[data-testid="account-log"] tr', { hasText: '更换手机' }).waitFor();

      // The §2 route of one target opens that target's flow (not the password's).
      await page.goto(`${base}/account/security/sms/setup/question/validate`);
      await page.getByText('设置密保问题').first().waitFor();

      // Signed in elsewhere too (registration and the API client): the others are ended from here.
      await page.goto(`${base}/account/security/sms`);
      const sessions = page.locator('[data-testid="security-sessions"] tbody tr.ant-table-row');
      await expect.poll(() => sessions.count()).toBeGreaterThanOrEqual(2);
      await sessions.filter({ hasText: '当前会话' }).waitFor();
      await page.click('[data-testid="sessions-end-others"]');
      await page.locator('.ant-popconfirm .ant-btn-primary').click();
      await expect.poll(() => sessions.count()).toBe(1);
      await screenshot('security-sessions');
      await expect(api.call('GET', `/account/info?time=${Date.now()}`)).rejects.toThrow(/1206/);
      await api.signIn(user.username, user.password);

      // A feedback, so the back-office screen has something to show.
      await api.post('/account/feedback/add', {
        type: 'suggestion',
        content: '希望设备列表可以按信号强度排序。',
      });
      await photograph(flow.browser, base, [
        ['/account/security/sms', 'security'],
        ['/account/security/sms/setup/validate?target=question', 'setup-validate'],
        ['/account/security/sms/setup/question?target=question', 'setup-question'],
        ['/account/security/sms/setup/password?target=password', 'setup-password'],
        ['/account/security/sms/setup/success/tel/13900000000', 'setup-success'],
        ['/account/info/sms', 'info'],
        ['/account/info/sms/edit/1', 'info-edit'],
        ['/account/log', 'account-log'],
        ['/account/feedback', 'feedback'],
        ['/account/orders', 'orders'],
      ]);
      expect(pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'staff filter the device list by gateway SN and open the device log',
    async () => {
      const { platform } = flow;
      const base = platform.baseUrl;
      const product = await createBoilerProduct(platform);
      const gateways = [await createGateway(platform), await createGateway(platform)];
      const user = await registerEndUser(platform, PASSWORD);
      const userApi = new PlatformApi(base);
      await userApi.signIn(user.username, user.password);
      for (const [index, gateway] of gateways.entries()) {
        await userApi.post('/equipment/add', {
          name: `${index + 1}号锅炉`,
          sn: gateway.sn,
          verificationCode: gateway.verificationCode,
          productId: product.id,
        });
      }

      staffBrowser = await launchBrowser();
      const { page } = staffBrowser;
      await signIn(page, base, platform.admin.username, platform.admin.password);
      await page.goto(`${base}/manage/equipment`);
      await waitForTitle(page, '设备管理 - LYYP');
      const rows = page.locator('[data-testid="equipment-table"] tbody tr.ant-table-row');
      await page.waitForLoadState('networkidle');
      await staffBrowser.screenshot('equipment-list');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
      await page.fill('#equipment-filters_gatewaySn', gateways[1]!.sn);
      await page.click('[data-testid="equipment-search"]');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
      expect(await rows.first().textContent()).toContain('2号锅炉');
      await staffBrowser.screenshot('equipment-filtered');

      await rows.first().locator('[data-testid="equipment-log-link"]').click();
      await waitForTitle(page, '设备日志 - LYYP');
      const bindRow = page.locator('[data-testid="device-log"] tr', { hasText: '绑定' }).first();
      await bindRow.waitFor();
      expect(await bindRow.textContent()).toContain(user.username);
      await staffBrowser.screenshot('equipment-log');
      const logPath = new URL(page.url()).pathname;

      // Authorise the device to a colleague in the grants drawer, then revoke it.
      const colleague = await registerEndUser(platform, PASSWORD);
      await page.goto(`${base}/manage/equipment`);
      await rows.first().waitFor();
      await rows.first().getByRole('button', { name: '授权' }).click();
      await page.fill('#equipment-authorize_account', colleague.username);
      await page.click('[data-testid="grant-add"]');
      const grant = page.locator('[data-testid="grant-list"] .ant-list-item', {
        hasText: colleague.username,
      });
      await grant.waitFor();
      await staffBrowser.screenshot('screen-equipment-grants-zh-CN');
      await grant.getByRole('button', { name: '取消授权' }).click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await grant.waitFor({ state: 'detached' });

      await photograph(staffBrowser, base, [
        ['/manage/equipment', 'equipment'],
        [logPath, 'equipment-log'],
        ['/manage/feedback', 'manage-feedback'],
        ['/findpwd/email', 'findpwd-email'],
      ]);
      expect(staffBrowser.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
