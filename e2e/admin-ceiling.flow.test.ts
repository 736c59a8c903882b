/**
 * The grant ceiling in the console, in Chinese and English. The super manager must pick a role for
 * new staff (the form refuses without one with the catalogue's message); the assign screen and the
 * cancel confirmation say exactly which codes remain without a role. A staff member narrowed to one
 * product finds the codes they lack greyed in the role dialog, "all products" unavailable, and no
 * debug rights to give a dealer. Each dialog is photographed in both languages.
 */
import { DEMO_BOILER_PRODUCT, demoBoilerModelInput } from '@lyyp/contracts/device-model';
import { ERROR_CATALOGUE, LOCALE_STORAGE_KEY, type Locale } from '@lyyp/contracts';
import { ADMIN_API_PATHS, type IssuedPassword, type Role } from '@lyyp/contracts/admin';
import { describe, expect, it } from 'vitest';
import { launchBrowser, type BrowserSession } from './support/browser.ts';
import { signInWithPassword } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { PlatformApi } from './system/support/platform-api.ts';

const FLOW_TIMEOUT_MS = 400_000;
const LOCALES: Locale[] = ['zh-CN', 'en-US'];
const OK_BUTTON = /^(确\s?定|保\s?存|OK|Save)$/;
const KEEPS = { 'zh-CN': '仅保留', 'en-US': 'keeps only' } as const;

async function signIn(session: BrowserSession, base: string, account: string, password: string) {
  await session.page.goto(`${base}/login`);
  await signInWithPassword(session.page, account, password);
  await session.page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The console's language, as the language menu keeps it. */
async function useLanguage(session: BrowserSession, locale: Locale) {
  await session.page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    LOCALE_STORAGE_KEY,
    locale,
  ] as const);
}

describe('the grant ceiling in the console', () => {
  const flow = useFlowEnvironment();

  it(
    'staff need a role, "no role" says what remains, and what a narrow administrator lacks is not offered',
    async () => {
      const { platform } = flow;
      const api = new PlatformApi(platform.baseUrl);
      await api.signIn(platform.admin.username, platform.admin.password);
      const product = await api.post<{ id: string; title: string }>('/product/advance/importProduct', {
        title: '产品甲',
        productModel: DEMO_BOILER_PRODUCT.productModel,
        json: demoBoilerModelInput({ pollIntervalMs: 500 }),
      });
      const narrow = await api.post<Role>(ADMIN_API_PATHS.roleSave, {
        name: 'Narrow',
        audience: 'operation',
        permissions: [
          'manage:authorization',
          'manage:authorization:permission',
          'manage:dealer',
          'manage:dealer:permission',
          'monitor:device:view',
        ],
        dataScope: 'chosen',
        productIds: [product.id],
      });
      const narrowStaff = await api.post<IssuedPassword>(ADMIN_API_PATHS.accountAdd, {
        kind: 'op',
        username: 'narrw1',
        name: 'Narrow One',
        roleId: narrow.id,
      });
      const adminStaff = await api.post<IssuedPassword>(ADMIN_API_PATHS.accountAdd, {
        kind: 'op',
        username: 'admin2',
        name: 'Admin Two',
        roleId: 'builtin-admin',
      });
      // The password staff gave is one-time: the person chooses their own first.
      const narrowPassword = await new PlatformApi(platform.baseUrl).chooseOwnPassword(
        'narrw1',
        narrowStaff.password,
        'Own#Pass2026',
      );

      for (const locale of LOCALES) {
        const manager = await launchBrowser(locale);
        const staff = await launchBrowser(locale);
        try {
          await signIn(manager, platform.baseUrl, platform.admin.username, platform.admin.password);
          await useLanguage(manager, locale);

          // A new staff account without a role is refused on the form, with the catalogue's text.
          await manager.page.goto(`${platform.baseUrl}/manage/account/op`);
          await manager.page.click('[data-testid="account-add"]');
          const form = manager.page.locator('[data-testid="account-add-form"]');
          await form.locator('#username').fill('norole');
          await form.locator('#name').fill('No Role');
          await manager.page.getByRole('dialog').getByRole('button', { name: OK_BUTTON }).click();
          const refusal = ERROR_CATALOGUE['2226'][locale === 'en-US' ? 'en' : 'zh'];
          await form.getByText(refusal).waitFor();
          await manager.screenshot(`admin-ceiling-add-staff-needs-role-${locale}`);
          await manager.page.keyboard.press('Escape');

          // The assign screen: choosing "no role" says exactly what remains.
          const path = `/manage/account/op/permission/${adminStaff.account.id}/builtin-admin/-`;
          await manager.page.goto(`${platform.baseUrl}${path}`);
          await manager.page.locator('[data-testid="assign-role"]').click();
          await manager.page.locator('.ant-select-item-option').first().click();
          const hint = manager.page.locator('[data-testid="assign-no-role-hint"]');
          await hint.waitFor();
          expect(await hint.textContent()).toContain(locale === 'en-US' ? 'Security settings' : '安全设置');
          await manager.screenshot(`admin-ceiling-assign-no-role-${locale}`);

          // The cancel confirmation names the codes the account keeps.
          await manager.page.goto(`${platform.baseUrl}/manage/authorization`);
          await manager.page
            .getByRole('tab', { name: locale === 'en-US' ? 'Authorized accounts' : '已授权账号' })
            .click();
          const row = manager.page.locator('[data-testid="authorizations"] tr', { hasText: 'admin2' });
          await row
            .getByRole('button', { name: locale === 'en-US' ? 'Cancel authorization' : '取消授权' })
            .click();
          const keeps = manager.page.locator('[data-testid="cancel-keeps"]');
          await keeps.waitFor();
          expect(await keeps.textContent()).toContain(KEEPS[locale]);
          await manager.screenshot(`admin-ceiling-cancel-confirm-${locale}`);

          // The narrow administrator: codes they lack greyed, "all products" not offered.
          await signIn(staff, platform.baseUrl, 'narrw1', narrowPassword);
          await useLanguage(staff, locale);
          await staff.page.goto(`${platform.baseUrl}/manage/authorization`);
          await staff.page.click('[data-testid="role-add"]');
          const dialog = staff.page.getByRole('dialog');
          await dialog.locator('[data-testid="scope-all-beyond"]').waitFor();
          const allProducts = dialog.locator('label', {
            hasText: locale === 'en-US' ? 'All products' : '全部产品',
          });
          expect(await allProducts.getAttribute('class')).toContain('ant-radio-wrapper-disabled');
          const greyed = dialog.locator('[data-testid="permission-tree"] .ant-tree-checkbox-disabled');
          expect(await greyed.count()).toBeGreaterThan(10);
          await staff.screenshot(`admin-ceiling-role-dialog-narrow-${locale}`);
          await staff.page.keyboard.press('Escape');

          // Dealers: no debug rights without the write code.
          await staff.page.goto(`${platform.baseUrl}/manage/dealer/permission/new`);
          const debug = staff.page.locator('[data-testid="dealer-debug"]');
          await debug.waitFor();
          expect(await debug.isDisabled()).toBe(true);
          await staff.screenshot(`admin-ceiling-dealer-narrow-${locale}`);
          // The narrow account's own console may log calls its role refuses; the manager's logs nothing.
          expect(manager.pageErrors).toEqual([]);
          if (staff.pageErrors.length > 0) console.info('narrow console logged', staff.pageErrors);
        } finally {
          await manager.close();
          await staff.close();
        }
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
