/**
 * Sign-in journeys in a real browser against the real platform. A new end user registers with picture
 * check and SMS code, lands in the console, switches to English (kept over a reload), signs out,
 * mistypes the password, and signs in. A phone the platform has never seen signs in by SMS, completes
 * its account, then recovers its password.
 */
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

const FLOW_TIMEOUT_MS = 180_000;
const PASSWORD = 'Flow#2024ab';

describe('sign-in flow in the browser', () => {
  const flow = useFlowEnvironment();

  it(
    'registers an end user, switches language, signs out, refuses a wrong password and signs in',
    async () => {
      const { platform } = flow;
      const { page, screenshot } = flow.browser;
      const captchas = new CaptchaWatcher(page);
      const tel = createPhoneNumber();
      const username = createUsername();

      // Registration, in the default language.
      await page.goto(`${platform.baseUrl}/account/register`);
      await page.locator('form#register').waitFor();
      await waitForTitle(page, '注册 - LYYP');
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
      await page.getByTestId('device-table').waitFor();
      await page.getByTestId('user-menu').getByText(username).waitFor();
      await waitForTitle(page, '设备列表 - LYYP');
      await screenshot('flow-console-zh');

      // Switching the language changes the console at once, and survives a reload.
      await page.getByTestId('language-switch').click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await page.getByTestId('device-table').waitFor();
      await waitForTitle(page, 'Devices - LYYP');
      await page.reload();
      await page.getByTestId('device-table').waitFor();
      expect(await page.getByTestId('language-switch').textContent()).toContain('English');
      await screenshot('flow-console-en');

      // Signing out returns to the sign-in page.
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.waitForURL('**/login');
      await page.locator('form#login-password').waitFor();

      // A wrong password is refused with the catalogue's text, in English.
      await signInWithPassword(page, username, 'Wrong#2024ab');
      await page.getByRole('alert').getByText('Incorrect username or password').waitFor();
      expect(page.url()).toContain('/login');
      await screenshot('flow-login-wrong-password-en');

      // The right password opens the console again.
      await signInWithPassword(page, username, PASSWORD);
      await page.waitForURL('**/monitor/devices');
      await page.getByTestId('user-menu').getByText(username).waitFor();
      await screenshot('flow-console-after-sign-in-en');
      expect(flow.browser.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'signs a new phone in by SMS, completes the account, and recovers its password',
    async () => {
      const { platform } = flow;
      const { page, screenshot } = flow.browser;
      const captchas = new CaptchaWatcher(page);
      const tel = createPhoneNumber();
      const username = createUsername();
      const recovered = 'Again#2024cd';

      // A phone nobody registered signs in by SMS and must complete the account first.
      await page.goto(`${platform.baseUrl}/login`);
      await page.getByRole('tab', { name: '短信验证码登录' }).click();
      await page.fill('#login-sms_tel', tel);
      await requestSmsCode(page, platform, captchas, 'login-sms', tel, 'login');
      await page.click('form#login-sms button[type="submit"]');
      await page.waitForURL('**/account/first');
      await waitForTitle(page, '完善账号信息 - LYYP');
      await page.fill('#first_username', username);
      await page.fill('#first_password', PASSWORD);
      await page.fill('#first_confirmPassword', 'Other#2024ab');
      await page.click('form#first button[type="submit"]');
      await page.getByText('两次输入的密码不一致').waitFor();
      await screenshot('flow-first-time-mismatch');
      await page.fill('#first_confirmPassword', PASSWORD);
      // The agreement is asked for here too, as at registration.
      await page.click('form#first button[type="submit"]');
      await page.getByText('请阅读并同意用户协议').waitFor();
      await page.check('#first_agree');
      await page.click('form#first button[type="submit"]');
      await page.waitForURL('**/monitor/devices');
      await page.getByTestId('user-menu').getByText(username).waitFor();

      // Sign out, then recover the password through the phone.
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: '退出登录' }).click();
      await page.waitForURL('**/login');
      // A later step opened directly, without the one before it, starts recovery from the beginning.
      await page.goto(`${platform.baseUrl}/findpwd/finish`);
      await page.waitForURL('**/findpwd/tel');
      await page.goto(`${platform.baseUrl}/findpwd/password/${tel}`);
      await page.waitForURL('**/findpwd/tel');
      await page.goto(`${platform.baseUrl}/login`);
      await page.getByRole('link', { name: '忘记密码？' }).click();
      await page.waitForURL('**/findpwd/tel');
      await page.fill('#findpwd-tel_tel', tel);
      await requestSmsCode(page, platform, captchas, 'findpwd-tel', tel, 'findpwd');
      await page.click('form#findpwd-tel button[type="submit"]');
      await page.waitForURL(`**/findpwd/password/${tel}`);
      await page.fill('#findpwd-password_password', recovered);
      await page.fill('#findpwd-password_confirmPassword', recovered);
      await page.click('form#findpwd-password button[type="submit"]');
      await page.waitForURL('**/findpwd/finish');
      await page.getByText('密码已重置').waitFor();
      await screenshot('flow-findpwd-finish');

      // The new password works; the phone number works as the account name too.
      await page.getByRole('link', { name: '去登录' }).click();
      await page.waitForURL('**/login');
      await signInWithPassword(page, tel, recovered);
      await page.waitForURL('**/monitor/devices');
      expect(flow.browser.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
