/**
 * A developer sets and sees its product's retention policy from the console: the product's storage
 * tab shows the points, bytes and oldest point with "kept for ever", the developer saves raw points
 * 30 days, and the tab (and the platform) then holds that policy. Photographed in Chinese and English.
 */
import { LOCALE_STORAGE_KEY, STORAGE_PATHS, type Locale, type ProductStorage } from '@lyyp/contracts';
import { describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { signInWithPassword } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { registerEndUser } from './support/monitor-setup.ts';
import { PlatformApi } from './system/support/platform-api.ts';

const FLOW_TIMEOUT_MS = 400_000;
const LOCALES: Locale[] = ['zh-CN', 'en-US'];
const PASSWORD = 'Flow#2024ab';

describe('product storage and retention', () => {
  const flow = useFlowEnvironment();

  it(
    'a developer sets raw points to 30 days on its product and sees the policy',
    async () => {
      const { platform } = flow;
      const developer = await registerEndUser(platform, PASSWORD, 'developer');
      const api = new PlatformApi(platform.baseUrl);
      await api.signIn(developer.username, developer.password);
      const product = await api.post<{ id: string }>('/product/add', {
        title: 'Storage boiler',
        productModel: 'SB-9',
      });

      for (const [index, locale] of LOCALES.entries()) {
        const session = await launchBrowser(locale);
        try {
          await session.page.goto(`${platform.baseUrl}/login`);
          await signInWithPassword(session.page, developer.username, developer.password);
          await session.page.waitForURL((url) => !url.pathname.startsWith('/login'));
          await session.page.evaluate(([key, value]) => localStorage.setItem(key, value), [
            LOCALE_STORAGE_KEY,
            locale,
          ] as const);
          await session.page.goto(`${platform.baseUrl}/manage/product/edit/${product.id}/storage`);
          const panel = session.page.getByTestId('product-storage');
          await panel.getByTestId('storage-usage').waitFor();
          await session.page.waitForLoadState('networkidle');
          await session.screenshot(`storage-product-before-${locale}`);
          const days = panel.locator('input#rawDays');
          await days.fill(String(30 + index));
          await panel.getByTestId('save-policy').click();
          await session.page.waitForLoadState('networkidle');
          await expect
            .poll(
              async () =>
                (await api.post<ProductStorage>(STORAGE_PATHS.product, { productId: product.id })).policy
                  ?.rawDays,
            )
            .toBe(30 + index);
          await session.screenshot(`storage-product-after-${locale}`);
          expect(session.pageErrors).toEqual([]);
        } finally {
          await session.close();
        }
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
