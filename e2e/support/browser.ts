/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser), with a fresh profile per
 * run so no cookie or stored language leaks between flows. Screenshots go to e2e/screenshots/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, errors, type BrowserContext, type Page } from 'playwright-core';
import { SCREENSHOT_DIR } from './paths.ts';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // WebGL without a GPU: SwiftShader draws it in software. Chromium is retiring its silent fallback,
  // so the flows ask for it; the scene widget's flow needs a WebGL context.
  '--enable-unsafe-swiftshader',
];

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions and console errors of the page (failed requests aside). */
  pageErrors: string[];
  screenshot: (name: string) => Promise<string>;
  close: () => Promise<void>;
}

/**
 * How long one wait of a flow (a click target, a text, a navigation) may take. Playwright's 30 s
 * default is too short for a second Chromium starting while the rest of the suite keeps both cores
 * busy; a wait still ends the moment its condition holds.
 */
const WAIT_TIMEOUT_MS = 90_000;
const FULL_PAGE_SHOT_TIMEOUT_MS = 30_000;

export async function launchBrowser(locale = 'zh-CN'): Promise<BrowserSession> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}: install Debian's package (apt-get install -y chromium) to run the browser flows.`,
    );
  }
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lyyp-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: { width: 1366, height: 860 },
    locale,
    // The console honours reduced motion: dialogs open at once, so a click never lands mid-animation.
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(WAIT_TIMEOUT_MS);
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    // Refused requests (401 before sign-in, 400 for a wrong password) are part of the flows, not faults.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      pageErrors.push(message.text());
    }
  });
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });

  return {
    context,
    page,
    pageErrors,
    screenshot: async (name) => {
      const file = path.join(SCREENSHOT_DIR, `${name}.png`);
      try {
        await page.screenshot({ path: file, fullPage: true, timeout: FULL_PAGE_SHOT_TIMEOUT_MS });
      } catch (error) {
        // A full-page capture resizes the view and can stall Chromium on a machine whose cores are
        // busy; the visible part still records the screen, and the flow's assertions are unchanged.
        if (!(error instanceof errors.TimeoutError)) throw error;
        await page.screenshot({ path: file });
      }
      return file;
    },
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
