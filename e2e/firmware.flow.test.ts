/**
 * Firmware in a real browser against the real platform: the super manager uploads an application
 * firmware (the file streams up with a progress bar and comes back with its SHA-256), is told a
 * version number with Chinese is refused, saves, and finds the firmware in the list with the same
 * checksum; the list and the dialog are photographed in Chinese and English.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LOCALE_STORAGE_KEY } from '@lyyp/contracts';
import { describe, expect, it } from 'vitest';
import { signInWithPassword, waitForTitle } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { agentPackage } from '../apps/server/src/test/agent-package.ts';

const FLOW_TIMEOUT_MS = 300_000;
const SHOTS = '/tmp/shots-firmware-ota';

describe('firmware in the browser', () => {
  const flow = useFlowEnvironment();

  it(
    'uploads application firmware with its checksum and lists it',
    async () => {
      const { platform } = flow;
      const { page, screenshot, pageErrors } = flow.browser;
      fs.mkdirSync(SHOTS, { recursive: true });
      const shoot = async (name: string) => {
        fs.copyFileSync(await screenshot(name), path.join(SHOTS, `${name}.png`));
      };
      // An agent package of about 6 MB (its payload does not compress).
      const bytes = agentPackage('2.0.0', '', { 'payload.bin': randomBytes(6 * 1024 * 1024 - 8192) });
      const sha256 = createHash('sha256').update(bytes).digest('hex');

      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, platform.admin.username, platform.admin.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${platform.baseUrl}/manage/system/firmware`);
      await waitForTitle(page, '固件管理 - LYYP');
      await page.click('[data-testid="firmware-add"]');
      const dialog = page.getByRole('dialog');
      await dialog.locator('[data-testid="firmware-name"]').fill('边缘代理');
      await dialog.locator('[data-testid="firmware-version"]').fill('版本二');
      await dialog.locator('#firmware_description').fill('采集更快，断线续传');
      await dialog
        .locator('[data-testid="firmware-part-package"] input[type="file"]')
        .setInputFiles({ name: 'agent-2.0.0.tgz', mimeType: 'application/gzip', buffer: bytes });
      await dialog.locator('[data-testid="firmware-sha-package"]', { hasText: sha256 }).waitFor();
      await page.locator('#firmware-save').click();
      await dialog.getByText('版本号不能包含中文').waitFor();
      await shoot('firmware-dialog-zh-CN');

      await dialog.locator('[data-testid="firmware-version"]').fill('2.0.0');
      await page.locator('#firmware-save').click();
      await dialog.waitFor({ state: 'hidden' });
      const row = page.locator('[data-testid="firmware-list"] tr', { hasText: '2.0.0' });
      await row.waitFor();
      expect(await row.textContent()).toContain('agent-2.0.0.tgz');
      expect(await row.textContent()).toContain(sha256.slice(0, 16));
      expect(await row.textContent()).toContain('6 MB');

      for (const locale of ['zh-CN', 'en-US']) {
        await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
          LOCALE_STORAGE_KEY,
          locale,
        ] as const);
        await page.goto(`${platform.baseUrl}/manage/system/firmware`);
        await page.waitForLoadState('networkidle');
        await shoot(`firmware-list-${locale}`);
        await page.click('[data-testid="firmware-add"]');
        await page.getByRole('dialog').locator('[data-testid="firmware-kind"] label').nth(1).click();
        await shoot(`firmware-dialog-system-${locale}`);
      }
      expect(pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
