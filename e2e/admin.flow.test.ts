/**
 * Roles and data permission in real browsers against the real platform. The super manager creates
 * an R&D role holding only the product menus and one product's data, creates a staff account with
 * that role, and the new person sees exactly that menu and that product. Then the super manager
 * disables the account: the person's session ends and signing in again is refused.
 */
import { DEMO_BOILER_PRODUCT, demoBoilerModelInput } from '@lyyp/contracts/device-model';
import { describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { signInWithPassword, waitForTitle } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import type { Platform } from './support/platform.ts';
import { PlatformApi } from './system/support/platform-api.ts';

const FLOW_TIMEOUT_MS = 300_000;
const ROLE_NAME = '研发-产品A';
const OK_BUTTON = /^(确\s?定|保\s?存|OK|Save)$/;
const OWN_PASSWORD = 'Own#Pass2026';

async function createProduct(platform: Platform, title: string): Promise<{ id: string; title: string }> {
  const api = new PlatformApi(platform.baseUrl);
  await api.signIn(platform.admin.username, platform.admin.password);
  return api.post<{ id: string; title: string }>('/product/advance/importProduct', {
    title,
    productModel: DEMO_BOILER_PRODUCT.productModel,
    json: demoBoilerModelInput({ pollIntervalMs: 500 }),
  });
}

describe('roles and data permission in the browser', () => {
  const flow = useFlowEnvironment();

  it(
    'an R&D role with product menus and one product limits what a new staff member sees; disabling ends it',
    async () => {
      const { platform } = flow;
      const productA = await createProduct(platform, '产品甲');
      const productB = await createProduct(platform, '产品乙');
      const { page, screenshot, pageErrors } = flow.browser;

      // The super manager creates the role: product menus only, data of product A only.
      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, platform.admin.username, platform.admin.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${platform.baseUrl}/manage/authorization`);
      await waitForTitle(page, '授权管理 - LYYP');
      await page.click('[data-testid="role-add"]');
      const dialog = page.getByRole('dialog');
      await dialog.locator('#name').fill(ROLE_NAME);
      await dialog
        .locator('[data-testid="permission-tree"] .ant-tree-treenode', { hasText: '产品管理' })
        .first()
        .locator('.ant-tree-checkbox')
        .click();
      await dialog.locator('label', { hasText: '指定产品' }).click();
      await dialog.locator('[data-testid="scope-products"]').click();
      await page
        .locator(`.ant-select-item-option[title="${productA.title} (${DEMO_BOILER_PRODUCT.productModel})"]`)
        .click();
      await screenshot('admin-role-dialog');
      await dialog.getByRole('button', { name: OK_BUTTON }).click();
      await page.getByRole('cell', { name: ROLE_NAME }).waitFor();
      await screenshot('admin-authorization');

      // A new staff account with that role; its password is shown once.
      await page.goto(`${platform.baseUrl}/manage/account/op`);
      await waitForTitle(page, '运营账号 - LYYP');
      await page.click('[data-testid="account-add"]');
      const form = page.locator('[data-testid="account-add-form"]');
      await form.locator('#username').fill('rnd1');
      await form.locator('#name').fill('研发一');
      await form.locator('#roleId').click();
      await page.locator(`.ant-select-item-option[title="${ROLE_NAME}"]`).click();
      await page.getByRole('dialog').getByRole('button', { name: OK_BUTTON }).click();
      const password = (await page.locator('[data-testid="issued-password"]').textContent())?.trim() ?? '';
      expect(password.length).toBeGreaterThanOrEqual(8);
      await screenshot('admin-issued-password');
      await page.getByRole('dialog').getByRole('button', { name: OK_BUTTON }).click();
      const row = page.locator('[data-testid="accounts-op"] tr', { hasText: 'rnd1' });
      await row.waitFor();
      expect(await row.textContent()).toContain(ROLE_NAME);
      await screenshot('admin-accounts-op');

      // The person sees the product menu only, and product A only.
      const person = await launchBrowser();
      try {
        await person.page.goto(`${platform.baseUrl}/login`);
        await signInWithPassword(person.page, 'rnd1', password);
        // The issued password is one-time: the person chooses their own before anything else.
        await person.page.waitForURL((url) => url.pathname === '/account/first-password');
        await person.page.fill('#firstPassword_password', OWN_PASSWORD);
        await person.page.fill('#firstPassword_confirmPassword', OWN_PASSWORD);
        await person.page.click('form#firstPassword button[type="submit"]');
        await person.page.waitForURL((url) => url.pathname.startsWith('/manage'));
        const menu = person.page.locator('.ant-layout-sider').getByRole('menu');
        await menu.getByText('产品管理', { exact: true }).waitFor();
        const menuText = (await menu.allTextContents()).join(' ');
        for (const hidden of ['设备管理', '网关管理', '账号管理', '经销商', '授权管理', '系统管理']) {
          expect(menuText).not.toContain(hidden);
        }
        await person.page.goto(`${platform.baseUrl}/manage/product/list`);
        await waitForTitle(person.page, '产品管理 - LYYP');
        await person.page.getByRole('cell', { name: productA.title }).first().waitFor();
        expect(await person.page.getByRole('cell', { name: productB.title }).count()).toBe(0);
        await person.screenshot('admin-rnd-products');

        // Disabled: the open session ends and signing in again is refused.
        await row.getByRole('button', { name: /停\s?用/ }).click();
        await page.locator('.ant-popconfirm').getByRole('button', { name: OK_BUTTON }).click();
        await row.getByRole('button', { name: /启\s?用/ }).waitFor();
        await person.page.reload();
        await person.page.waitForURL((url) => url.pathname.startsWith('/login'));
        await signInWithPassword(person.page, 'rnd1', OWN_PASSWORD);
        await person.page.getByText('账号已被禁用').waitFor();
        await person.screenshot('admin-disabled-sign-in');
      } finally {
        await person.close();
      }
      expect(pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
