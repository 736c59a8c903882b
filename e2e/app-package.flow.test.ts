/**
 * App packages in the browser, in Chinese and English: staff upload an .apk in the version dialog
 * (a wrong type is refused in the catalogue's words), the Android link fills itself, the version
 * is saved as the latest, and the public download page shows the package with its QR code; the
 * link downloads the very bytes uploaded, to a visitor who is not signed in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCALE_STORAGE_KEY, type Locale } from '@lyyp/contracts';
import { describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { signInWithPassword } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';

const FLOW_TIMEOUT_MS = 400_000;
const OK_BUTTON = /^(确\s?定|保\s?存|OK|Save)$/;
/** A small package: the ZIP signature and a body, as an .apk begins. */
const PACKAGE = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('lyyp monitor package')]);
const TEXTS: Record<Locale, { refused: RegExp; uploaded: RegExp; version: string }> = {
  'zh-CN': { refused: /不支持的文件类型/, uploaded: /已上传/, version: '版本 3.0.0' },
  'en-US': { refused: /Unsupported file type/, uploaded: /uploaded/, version: 'Version 3.1.0' },
};

describe('app packages in the browser', () => {
  const flow = useFlowEnvironment();

  it(
    'uploads a package in version maintenance and offers it on the download page',
    async () => {
      const { platform } = flow;
      const base = platform.baseUrl;
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lyyp-app-package-'));
      const apk = path.join(folder, 'lyyp-monitor.apk');
      const exe = path.join(folder, 'setup.exe');
      fs.writeFileSync(apk, PACKAGE);
      fs.writeFileSync(exe, PACKAGE);

      for (const [locale, version] of [
        ['zh-CN', '3.0.0'],
        ['en-US', '3.1.0'],
      ] as const) {
        const session = await launchBrowser(locale);
        try {
          const { page } = session;
          await page.goto(`${base}/login`);
          await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
            LOCALE_STORAGE_KEY,
            locale,
          ] as const);
          await page.reload();
          await signInWithPassword(page, platform.admin.username, platform.admin.password);
          await page.waitForURL((url) => !url.pathname.startsWith('/login'));
          await page.goto(`${base}/manage/system/version`);
          await page.click('[data-testid="version-add"]');
          const dialog = page.getByRole('dialog');
          await dialog.locator('#appVersion_name').fill('LYYP Monitor');
          await dialog.locator('#appVersion_version').fill(version);
          await dialog.locator('#appVersion_identifier').fill('com.lyyp.monitor');

          const input = dialog
            .locator('[data-testid="app-package-choose"]')
            .locator('xpath=ancestor::span[contains(@class,"ant-upload")]//input[@type="file"]');
          await input.setInputFiles(exe);
          await dialog.getByTestId('app-package-state').getByText(TEXTS[locale].refused).waitFor();
          await session.screenshot(`app-package-refused-${locale}`);

          await input.setInputFiles(apk);
          await dialog.getByTestId('app-package-state').getByText(TEXTS[locale].uploaded).waitFor();
          const link = await dialog.locator('#appVersion_androidUrl').inputValue();
          expect(link).toMatch(new RegExp(`^${base}/lyyp/developer/file/app/[^/]+$`));
          await session.screenshot(`app-package-uploaded-${locale}`);
          await dialog.getByRole('button', { name: OK_BUTTON }).click();
          await page.locator('[data-testid="app-versions"] tr', { hasText: version }).waitFor();

          // A visitor who is not signed in finds it on the download page and gets the same bytes.
          const visitor = await launchBrowser(locale);
          try {
            await visitor.page.goto(`${base}/login`);
            await visitor.page.evaluate(([key, value]) => localStorage.setItem(key, value), [
              LOCALE_STORAGE_KEY,
              locale,
            ] as const);
            await visitor.page.goto(`${base}/download`);
            await visitor.page.getByTestId('download-app').getByText(TEXTS[locale].version).waitFor();
            const codes = visitor.page.getByTestId('download-qr');
            await codes.first().waitFor();
            const texts = await codes.evaluateAll((images) =>
              images.map((image) => image.getAttribute('data-qr-text')),
            );
            expect(texts).toContain(link);
            await visitor.screenshot(`app-package-download-${locale}`);
            const response = await fetch(link);
            expect(response.status).toBe(200);
            expect(Buffer.from(await response.arrayBuffer()).equals(PACKAGE)).toBe(true);
            expect(visitor.pageErrors).toEqual([]);
          } finally {
            await visitor.close();
          }
          expect(session.pageErrors).toEqual([]);
        } finally {
          await session.close();
        }
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
