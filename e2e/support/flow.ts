/**
 * The set-up every browser flow shares: a built console and one platform per file, a fresh browser
 * per test, everything stopped afterwards. Call inside `describe`.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, type BrowserSession } from './browser.ts';
import { Platform, type PlatformOptions } from './platform.ts';
import { ensureWebBuilt } from './web-build.ts';

export interface FlowEnvironment {
  readonly platform: Platform;
  readonly browser: BrowserSession;
}

export function useFlowEnvironment(options: PlatformOptions = {}): FlowEnvironment {
  let platform: Platform | undefined;
  let browser: BrowserSession | undefined;

  beforeAll(async () => {
    await ensureWebBuilt();
    platform = await Platform.start(options);
  }, 480_000);

  beforeEach(async () => {
    browser = await launchBrowser();
  }, 60_000);

  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  }, 30_000);

  afterAll(async () => {
    await platform?.stop();
  }, 30_000);

  return {
    get platform() {
      if (!platform) throw new Error('The platform did not start');
      return platform;
    },
    get browser() {
      if (!browser) throw new Error('The browser did not start');
      return browser;
    },
  };
}
