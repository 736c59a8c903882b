/**
 * Steps of the console's forms that read something from outside the page: the captcha picture's
 * characters and the SMS code. Forms are found by their Ant Design name (`<form id="register">`,
 * inputs `#register_tel`).
 */
import type { Page } from 'playwright-core';
import type { Platform } from './platform.ts';

const SHOW_CAPTCHA_PATH = '/lyyp/developer/user/showCaptcha';

interface CaptchaEnvelope {
  data?: { randstr?: string; image?: string };
}

/** Remembers which randstr each captcha picture the page received belongs to. */
export class CaptchaWatcher {
  private readonly randstrByImage = new Map<string, string>();

  constructor(page: Page) {
    page.on('response', (response) => {
      if (!response.url().endsWith(SHOW_CAPTCHA_PATH)) return;
      response.json().then(
        (body: CaptchaEnvelope) => {
          if (body.data?.image && body.data.randstr)
            this.randstrByImage.set(body.data.image, body.data.randstr);
        },
        () => undefined,
      );
    });
  }

  async randstrOf(image: string, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const randstr = this.randstrByImage.get(image);
      if (randstr) return randstr;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('The captcha picture on the page did not come from a showCaptcha answer');
  }
}

/** Types the characters of the picture currently shown in `form`. */
export async function solveCaptcha(
  page: Page,
  platform: Platform,
  captchas: CaptchaWatcher,
  form: string,
): Promise<void> {
  const picture = page.locator(`form#${form} [data-testid="captcha-image"] img`);
  await picture.waitFor({ state: 'visible' });
  const image = await picture.getAttribute('src');
  if (!image) throw new Error('The captcha picture has no image');
  const answer = await platform.readCaptchaAnswer(await captchas.randstrOf(image));
  await page.fill(`#${form}_captcha`, answer);
}

/** Solves the picture, asks for a code for `tel`, and types the code the platform texted. */
export async function requestSmsCode(
  page: Page,
  platform: Platform,
  captchas: CaptchaWatcher,
  form: string,
  tel: string,
  purpose: 'login' | 'register' | 'findpwd',
): Promise<string> {
  await solveCaptcha(page, platform, captchas, form);
  const from = platform.logs.length;
  await page.click(`form#${form} [data-testid="send-sms-code"]`);
  const code = await platform.readSmsCode(tel, purpose, from);
  await page.fill(`#${form}_smsCode`, code);
  return code;
}

/** The shell sets the title just after the screen changes, so wait for it (within the browser's wait bound) rather than read it at once. */
export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title);
}

/** Signs in on the password tab of /login (the page must already show it). */
export async function signInWithPassword(page: Page, account: string, password: string): Promise<void> {
  await page.fill('#login-password_account', account);
  await page.fill('#login-password_password', password);
  await page.click('form#login-password button[type="submit"]');
}

/** A phone number no earlier run has used: 139 followed by eight digits. */
export function createPhoneNumber(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** A username of at most 6 characters that is not all digits (§5). */
export function createUsername(): string {
  return `e${Math.random().toString(36).slice(2, 7)}`;
}
