/**
 * One-time passwords in the browser, in Chinese and English: staff add an account, the person
 * signs in with the password they were given and is sent to choose their own before any screen;
 * a screen typed in the address bar sends them back; once the new password is set they land in
 * the console and sign in with it from then on.
 */
import { LOCALE_STORAGE_KEY, type Locale } from '@lyyp/contracts';
import { ADMIN_API_PATHS, type IssuedPassword } from '@lyyp/contracts/admin';
import { describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { signInWithPassword } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { PlatformApi } from './system/support/platform-api.ts';

const FLOW_TIMEOUT_MS = 300_000;
const OWN_PASSWORD = 'Own#Pass2026';
const TEXTS: Record<Locale, { title: string; mismatch: RegExp }> = {
  'zh-CN': { title: '修改初始密码', mismatch: /不一致/ },
  'en-US': { title: 'Change your initial password', mismatch: /match/i },
};

describe('one-time passwords in the browser', () => {
  const flow = useFlowEnvironment();

  it(
    'a person staff added must choose their own password before anything else',
    async () => {
      const { platform } = flow;
      const api = new PlatformApi(platform.baseUrl);
      await api.signIn(platform.admin.username, platform.admin.password);
      for (const locale of ['zh-CN', 'en-US'] as const) {
        const username = locale === 'zh-CN' ? 'otpzh' : 'otpen';
        const issued = await api.post<IssuedPassword>(ADMIN_API_PATHS.accountAdd, {
          kind: 'op',
          username,
          name: 'One Time',
          roleId: 'builtin-admin',
        });
        const person = await launchBrowser(locale);
        try {
          const { page } = person;
          await page.goto(`${platform.baseUrl}/login`);
          await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
            LOCALE_STORAGE_KEY,
            locale,
          ] as const);
          await page.reload();
          await signInWithPassword(page, username, issued.password);
          await page.waitForURL((url) => url.pathname === '/account/first-password');
          await page.getByText(TEXTS[locale].title).first().waitFor();
          await person.screenshot(`first-password-${locale}`);

          // Another screen typed in the address bar is not reached.
          await page.goto(`${platform.baseUrl}/manage/product/list`);
          await page.waitForURL((url) => url.pathname === '/account/first-password');

          await page.fill('#firstPassword_password', OWN_PASSWORD);
          await page.fill('#firstPassword_confirmPassword', `${OWN_PASSWORD}x`);
          await page.click('form#firstPassword button[type="submit"]');
          await page.getByText(TEXTS[locale].mismatch).first().waitFor();
          await person.screenshot(`first-password-mismatch-${locale}`);

          await page.fill('#firstPassword_confirmPassword', OWN_PASSWORD);
          await page.click('form#firstPassword button[type="submit"]');
          await page.waitForURL((url) => url.pathname.startsWith('/manage'));
          await page.locator('.ant-layout-sider').getByRole('menu').waitFor();
          await person.screenshot(`first-password-done-${locale}`);
          expect(person.pageErrors).toEqual([]);
        } finally {
          await person.close();
        }
        const again = new PlatformApi(platform.baseUrl);
        await again.signIn(username, OWN_PASSWORD);
        expect(await again.call<{ mustChangePassword: boolean }>('GET', '/account/info')).toMatchObject({
          mustChangePassword: false,
        });
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
