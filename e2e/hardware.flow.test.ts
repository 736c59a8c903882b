/**
 * Hardware models in a real browser against the real platform: the super manager adds a model with
 * its capacity and features, is told on the name input when the name is taken, and finds the model
 * in the list with its numbers; the screen and its dialog photographed in Chinese and English.
 */
import { LOCALE_STORAGE_KEY } from '@lyyp/contracts';
import { describe, expect, it } from 'vitest';
import { signInWithPassword, waitForTitle } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';

const FLOW_TIMEOUT_MS = 300_000;
const OK_BUTTON = /^(确\s?定|保\s?存|OK|Save)$/;
const CANCEL_BUTTON = /^(取\s?消|Cancel)$/;

describe('hardware models in the browser', () => {
  const flow = useFlowEnvironment();

  it(
    'adds a model with its capacity and features, refuses a taken name on its input, lists it',
    async () => {
      const { platform } = flow;
      const { page, screenshot, pageErrors } = flow.browser;

      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, platform.admin.username, platform.admin.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${platform.baseUrl}/manage/system/hardware`);
      await waitForTitle(page, '硬件型号 - LYYP');
      // The built-in model is there from the start.
      await page.locator('[data-testid="hardware-models"] tr', { hasText: '内置' }).waitFor();

      await page.click('[data-testid="hardware-add"]');
      const dialog = page.getByRole('dialog');
      await dialog.locator('#name').fill('EG-300');
      await dialog.locator('#description').fill('双串口 4G 网关');
      await dialog.locator('#capacity_drivers').fill('8');
      await dialog.locator('#capacity_variables').fill('500');
      await dialog.getByText('Wi-Fi', { exact: true }).click();
      await dialog.locator('#features_serialPorts').fill('4');
      await dialog.getByRole('button', { name: OK_BUTTON }).click({ trial: true });
      await screenshot('hardware-dialog-zh-CN');
      await dialog.getByRole('button', { name: OK_BUTTON }).click();
      const row = page.locator('[data-testid="hardware-models"] tr', { hasText: 'EG-300' });
      await row.waitFor();
      const rowText = (await row.textContent()) ?? '';
      expect(rowText).toContain('驱动 8');
      expect(rowText).toContain('变量 500');
      expect(rowText).toContain('Wi-Fi');
      expect(rowText).toContain('串口 4');

      // The same name again: the refusal sits on the name input, and nothing is added.
      await page.click('[data-testid="hardware-add"]');
      await dialog.locator('#name').fill('EG-300');
      await dialog.getByRole('button', { name: OK_BUTTON }).click();
      await dialog.getByText('硬件型号名称已存在：EG-300').waitFor();
      await screenshot('hardware-name-taken-zh-CN');
      await dialog.getByRole('button', { name: CANCEL_BUTTON }).click();
      expect(await page.locator('[data-testid="hardware-models"] tr', { hasText: 'EG-300' }).count()).toBe(1);
      await screenshot('hardware-list-zh-CN');

      // The same screen in English.
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        LOCALE_STORAGE_KEY,
        'en-US',
      ] as const);
      await page.reload();
      await waitForTitle(page, 'Hardware models - LYYP');
      await page.locator('[data-testid="hardware-models"] tr', { hasText: 'Drivers 8' }).waitFor();
      await screenshot('hardware-list-en-US');
      await page
        .locator('[data-testid="hardware-models"] tr', { hasText: 'EG-300' })
        .getByText('Edit')
        .click();
      // A trial click waits until the dialog has finished opening.
      await page.getByRole('dialog').getByRole('button', { name: OK_BUTTON }).click({ trial: true });
      await screenshot('hardware-dialog-en-US');
      await page.getByRole('dialog').getByRole('button', { name: CANCEL_BUTTON }).click();

      // A developer's product picks the model it is built for; left empty, the built-in one applies.
      await page.goto(`${platform.baseUrl}/manage/product/add`);
      await page.locator('[data-testid="hardware-model-select"]').click();
      // A trial click waits until the list has finished opening.
      await page.locator('.ant-select-item-option[title="EG-300"]').click({ trial: true });
      await screenshot('hardware-product-picker-en-US');
      expect(pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
