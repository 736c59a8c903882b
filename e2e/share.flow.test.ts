/**
 * Device sharing and the device list in bulk in a real browser against the real platform. An owner
 * keeps a group, shares a boiler by link (its QR code drawn in the page); a second account opens
 * the link, accepts, and finds the boiler in its list marked as shared; the owner revokes and the
 * second account's list no longer has it. The new screens are shot in Chinese and English.
 */
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import path from 'node:path';
import { LOCALE_STORAGE_KEY } from '@lyyp/contracts';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser, type BrowserSession } from './support/browser.ts';
import { signInWithPassword, waitForTitle } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { createBoilerProduct, createGateway, registerEndUser } from './support/monitor-setup.ts';
import { PlatformApi } from './system/support/platform-api.ts';

const FLOW_TIMEOUT_MS = 300_000;
const PASSWORD = 'Flow#2024ab';
const SHOTS = '/tmp/shots-fleet-share';

async function useEnglish(page: Page) {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    LOCALE_STORAGE_KEY,
    'en-US',
  ] as const);
  await page.reload();
}

describe('device sharing flow in the browser', () => {
  const flow = useFlowEnvironment();
  let receiverBrowser: BrowserSession | undefined;

  afterAll(async () => {
    await receiverBrowser?.close();
  }, 30_000);

  it(
    'shares a device by link, the second account accepts and sees it shared, and loses it when revoked',
    async () => {
      const { platform } = flow;
      const product = await createBoilerProduct(platform);
      const owner = await registerEndUser(platform, PASSWORD);
      const receiver = await registerEndUser(platform, PASSWORD);
      const api = new PlatformApi(platform.baseUrl);
      await api.signIn(owner.username, owner.password);
      const gateway = await createGateway(platform);
      await api.post('/equipment/add', {
        name: '一号锅炉',
        sn: gateway.sn,
        verificationCode: gateway.verificationCode,
        productId: product.id,
      });
      await api.post('/equipment/group/add', { name: '锅炉房' });

      const { page, screenshot, pageErrors } = flow.browser;
      const shoot = async (target: Page | null, name: string) => {
        fs.mkdirSync(SHOTS, { recursive: true });
        const file = target
          ? await target.screenshot({ path: path.join(SHOTS, `${name}.png`) }).then(() => null)
          : await screenshot(name);
        if (file) fs.copyFileSync(file, path.join(SHOTS, `${name}.png`));
      };
      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, owner.username, owner.password);
      await page.waitForURL((url) => url.pathname.startsWith('/monitor'));
      await page.goto(`${platform.baseUrl}/monitor/devices`);
      await waitForTitle(page, '设备列表 - LYYP');
      const table = page.locator('[data-testid="device-table"]');
      await table.getByText('一号锅炉').waitFor();
      await shoot(null, 'device-list-zh');

      // Groups: the group kept through the API is listed with its device count.
      await page.locator('[data-testid="groups-open"]').click();
      const groupsDialog = page.locator('.ant-modal', { hasText: '设备分组' });
      await groupsDialog.getByText('锅炉房').waitFor();
      await shoot(null, 'groups-zh');
      await groupsDialog.locator('.ant-modal-close').click();
      await groupsDialog.waitFor({ state: 'hidden' });
      // Import: one row binds, one is refused with the catalogue's reason.
      const imported = await createGateway(platform);
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('设备');
      sheet.addRow(['SN', '验证码', '设备名称', '备注', '分组', '排序号']);
      sheet.addRow([imported.sn, imported.verificationCode, '二号锅炉', '', '锅炉房', 5]);
      sheet.addRow([
        imported.sn.replace(/.$/, (digit) => String((Number(digit) + 1) % 10)),
        '000000',
        '三号锅炉',
      ]);
      const sheetFile = path.join(SHOTS, 'import.xlsx');
      fs.mkdirSync(SHOTS, { recursive: true });
      await workbook.xlsx.writeFile(sheetFile);
      await page.getByRole('button', { name: /导入设备/ }).click();
      const importDialog = page.locator('.ant-modal', { hasText: '下载模板' });
      await importDialog.waitFor();
      await importDialog.locator('[data-testid="import-product"]').click();
      await page.locator('.ant-select-item-option').first().click();
      await importDialog.locator('input[type="file"]').setInputFiles(sheetFile);
      const result = importDialog.locator('[data-testid="import-result"]');
      await result.getByText('已绑定').waitFor();
      expect(await result.textContent()).toContain('验证码错误');
      await shoot(null, 'import-zh');
      await importDialog.locator('.ant-modal-close').click();
      await importDialog.waitFor({ state: 'hidden' });

      // The boiler moves into the group, chosen in the list.
      await table.locator('tr', { hasText: '一号锅炉' }).locator('.ant-checkbox-input').check();
      await page.getByRole('button', { name: /移动到分组/ }).click();
      const moveDialog = page.locator('.ant-modal', { hasText: '移动 1 台设备到分组' });
      await moveDialog.locator('[data-testid="move-group-select"]').click();
      await page.locator('.ant-select-item-option[title="锅炉房"]').click();
      await moveDialog.getByRole('button', { name: /确/ }).click();
      await table.locator('tr', { hasText: '一号锅炉' }).getByText('锅炉房').waitFor();

      // Share by link, with writing left out.
      await table.locator('tr', { hasText: '一号锅炉' }).locator('[data-testid="device-share"]').click();
      const shareDialog = page.locator('.ant-modal', { hasText: '分享设备' });
      await shareDialog.waitFor();
      await shareDialog.locator('[data-testid="share-create"]').click();
      const linkText = shareDialog.locator('[data-testid="share-link"]');
      await linkText.waitFor();
      const link = (await linkText.textContent())!.trim();
      expect(link).toContain('/monitor/share?token=');
      await shareDialog.locator('img[data-qr-text]').waitFor();
      expect(await shareDialog.locator('img[data-qr-text]').getAttribute('data-qr-text')).toBe(link);
      await shareDialog.locator('[data-testid="share-list"]').getByText('待接受').waitFor();
      await shoot(null, 'share-zh');

      // The second account opens the link and accepts.
      receiverBrowser = await launchBrowser();
      const other = receiverBrowser.page;
      await other.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(other, receiver.username, receiver.password);
      await other.waitForURL((url) => url.pathname.startsWith('/monitor'));
      await other.goto(link);
      await other.locator('[data-testid="share-accept"]:not([disabled])').waitFor();
      expect(await other.locator('.ant-descriptions').textContent()).toContain('一号锅炉');
      await shoot(other, 'accept-zh');
      await other.locator('[data-testid="share-accept"]').click();
      await other.locator('[data-testid="share-open-list"]').click();
      const otherTable = other.locator('[data-testid="device-table"]');
      const sharedRow = otherTable.locator('tr', { hasText: '一号锅炉' });
      await sharedRow.waitFor();
      expect(await sharedRow.locator('.ant-tag', { hasText: '分享' }).count()).toBe(1);
      await shoot(other, 'receiver-list-zh');

      // The owner opens the dialog again, sees it accepted and revokes it.
      await shareDialog.locator('.ant-modal-close').click();
      await shareDialog.waitFor({ state: 'hidden' });
      await table.locator('tr', { hasText: '一号锅炉' }).locator('[data-testid="device-share"]').click();
      await shareDialog.locator('[data-testid="share-list"]').getByText('已接受').waitFor();
      await shoot(null, 'share-list-zh');
      await shareDialog.locator('[data-testid="share-revoke"]').first().click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: '确 定' })
        .or(page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }))
        .click();
      await shareDialog.locator('[data-testid="share-list"]').getByText('已撤销').waitFor();

      // The second account's list no longer has it.
      await other.reload();
      await other.locator('[data-testid="device-list-empty"]').waitFor();
      expect(await otherTable.getByText('一号锅炉').count()).toBe(0);

      // English.
      await shareDialog.locator('.ant-modal-close').click();
      await useEnglish(page);
      await waitForTitle(page, 'Devices - LYYP');
      await table.getByText('二号锅炉').waitFor();
      await shoot(null, 'device-list-en');
      await table.locator('tr', { hasText: '一号锅炉' }).locator('[data-testid="device-share"]').click();
      await page
        .locator('.ant-modal', { hasText: 'Share device' })
        .locator('[data-testid="share-list"]')
        .waitFor();
      await page
        .locator('.ant-modal', { hasText: 'Share device' })
        .locator('[data-testid="share-list"] .ant-tag', { hasText: 'Revoked' })
        .waitFor();
      await shoot(null, 'share-en');
      await page.locator('.ant-modal', { hasText: 'Share device' }).locator('.ant-modal-close').click();
      await page.locator('[data-testid="groups-open"]').click();
      await page.locator('.ant-modal', { hasText: 'Device groups' }).getByText('锅炉房').waitFor();
      await shoot(null, 'groups-en');
      await page.locator('.ant-modal', { hasText: 'Device groups' }).locator('.ant-modal-close').click();
      await page.getByRole('button', { name: /Import devices/ }).click();
      await page.locator('.ant-modal', { hasText: 'Download template' }).waitFor();
      await shoot(null, 'import-en');

      await useEnglish(other);
      await other.goto(`${platform.baseUrl}/monitor/share`);
      await waitForTitle(other, 'Accept a share - LYYP');
      await other.getByText('gateway SN and the share password').waitFor();
      await shoot(other, 'accept-password-en');
      await other.goto(link);
      await other.locator('[role="alert"]').waitFor();
      await shoot(other, 'accept-revoked-en');
      expect(pageErrors).toEqual([]);
      expect(receiverBrowser.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
