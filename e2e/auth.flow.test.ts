/**
 * A new end user, in a real browser against the real platform: registers with picture check and SMS
 * code, lands in the console, switches to English (kept over a reload), signs out, mistypes the
 * password, and signs in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type BrowserSession } from './support/browser.ts';
import { CaptchaWatcher, createPhoneNumber, createUsername, requestSmsCode } from './support/console.ts';
import { Platform } from './support/platform.ts';
import { ensureWebBuilt } from './support/web-build.ts';

const FLOW_TIMEOUT_MS = 180_000;
const PASSWORD = 'Flow#2024ab';

describe('sign-in flow in the browser', () => {
  let platform: Platform | undefined;
  let browser: BrowserSession | undefined;

  beforeAll(async () => {
    ensureWebBuilt();
    platform = await Platform.start();
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  }, 30_000);

  it(
    'registers an end user, switches language, signs out, refuses a wrong password and signs in',
    async () => {
      if (!platform || !browser) throw new Error('The platform or the browser did not start');
      const { page, screenshot } = browser;
      const captchas = new CaptchaWatcher(page);
      const tel = createPhoneNumber();
      const username = createUsername();

      // Registration, in the default language.
      await page.goto(`${platform.baseUrl}/account/register`);
      await page.locator('form#register').waitFor();
      expect(await page.title()).toBe('注册 - LYYP');
      await page.fill('#register_tel', tel);
      await requestSmsCode(page, platform, captchas, 'register', tel, 'register');
      await page.fill('#register_username', username);
      await page.fill('#register_password', PASSWORD);
      await page.fill('#register_confirmPassword', PASSWORD);
      await page.check('#register_agree');
      await screenshot('flow-register-filled');
      await page.click('form#register button[type="submit"]');

      // An end user's home is the monitoring site.
      await page.waitForURL('**/monitor/devices');
      await page.getByText('此页面尚未建成').waitFor();
      await page.getByTestId('user-menu').getByText(username).waitFor();
      expect(await page.title()).toBe('设备列表 - LYYP');
      await screenshot('flow-console-zh');

      // Switching the language changes the console at once, and survives a reload.
      await page.getByTestId('language-switch').click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await page.getByText('This page is not built yet').waitFor();
      expect(await page.title()).toBe('Devices - LYYP');
      await page.reload();
      await page.getByText('This page is not built yet').waitFor();
      expect(await page.getByTestId('language-switch').textContent()).toContain('English');
      await screenshot('flow-console-en');

      // Signing out returns to the sign-in page.
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.waitForURL('**/login');
      await page.locator('form#login-password').waitFor();

      // A wrong password is refused with the catalogue's text, in English.
      await page.fill('#login-password_account', username);
      await page.fill('#login-password_password', 'Wrong#2024ab');
      await page.click('form#login-password button[type="submit"]');
      await page.getByRole('alert').getByText('Incorrect username or password').waitFor();
      expect(page.url()).toContain('/login');
      await screenshot('flow-login-wrong-password-en');

      // The right password opens the console again.
      await page.fill('#login-password_password', PASSWORD);
      await page.click('form#login-password button[type="submit"]');
      await page.waitForURL('**/monitor/devices');
      await page.getByTestId('user-menu').getByText(username).waitFor();
      await screenshot('flow-console-after-sign-in-en');
    },
    FLOW_TIMEOUT_MS,
  );
});
