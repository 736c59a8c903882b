/**
 * Product files in the browser, in Chinese and English: a developer exports a product with its
 * pages, report and alarm rule from the product list, imports the downloaded file as it is and
 * lands on the new product; a broken file is refused in the catalogue's words and creates nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCALE_STORAGE_KEY, type Locale } from '@lyyp/contracts';
import { demoBoilerModelInput } from '@lyyp/contracts/device-model';
import { describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { signInWithPassword } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { registerEndUser } from './support/monitor-setup.ts';
import { PlatformApi } from './system/support/platform-api.ts';

const FLOW_TIMEOUT_MS = 400_000;
const PASSWORD = 'Flow#2024ab';
const IMPORTED: Record<Locale, RegExp> = { 'zh-CN': /已导入产品/, 'en-US': /imported/ };
const REFUSED: Record<Locale, RegExp> = { 'zh-CN': /变量/, 'en-US': /variable/i };

interface ProductPage {
  list: Array<{ id: string; title: string }>;
  total: number;
}

describe('product files in the browser', () => {
  const flow = useFlowEnvironment();

  it(
    'exports a product from the list and imports the file as it is',
    async () => {
      const { platform } = flow;
      const developer = await registerEndUser(platform, PASSWORD, 'developer');
      const api = new PlatformApi(platform.baseUrl);
      await api.signIn(developer.username, developer.password);
      const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'lyyp-product-files-'));

      for (const locale of ['zh-CN', 'en-US'] as const) {
        const title = `Boiler ${locale}`;
        const product = await api.post<{ id: string }>('/product/advance/importProduct', {
          title,
          json: demoBoilerModelInput({ pollIntervalMs: 500 }),
        });
        await api.post('/product/page/add', { productId: product.id, title: 'Overview', kind: 'main' });
        await api.post('/report/add', {
          productId: product.id,
          report: { name: 'Gas', variables: [{ key: 'gasTotal', aggregation: 'difference' }] },
        });
        await api.post('/alarm/rule/add', {
          productId: product.id,
          rule: {
            name: 'High temperature',
            variableKey: 'waterTemperature',
            condition: { operator: 'gt', limit: { kind: 'value', value: 80 } },
          },
        });

        const session = await launchBrowser(locale);
        try {
          const { page } = session;
          await page.goto(`${platform.baseUrl}/login`);
          await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
            LOCALE_STORAGE_KEY,
            locale,
          ] as const);
          await page.reload();
          await signInWithPassword(page, developer.username, developer.password);
          await page.waitForURL((url) => !url.pathname.startsWith('/login'));
          await page.goto(`${platform.baseUrl}/manage/product/list`);
          const row = page.getByTestId('product-table').locator('tr', { hasText: title });
          await row.waitFor();
          await session.screenshot(`product-export-list-${locale}`);

          const [download] = await Promise.all([
            page.waitForEvent('download'),
            row.getByTestId('product-export').click(),
          ]);
          expect(download.suggestedFilename()).toBe(`${title}.lyyp-product.json`);
          const file = path.join(downloads, `${locale}.json`);
          await download.saveAs(file);
          const document = JSON.parse(fs.readFileSync(file, 'utf8')) as {
            version: number;
            pages: unknown[];
            reports: unknown[];
            alarms: { rules: unknown[] };
          };
          expect([document.version, document.pages.length, document.reports.length]).toEqual([2, 1, 1]);
          expect(document.alarms.rules).toHaveLength(1);

          // A broken file: a rule on a variable the product lacks. Refused, nothing created.
          const broken = path.join(downloads, `${locale}-broken.json`);
          const brokenDocument = JSON.parse(fs.readFileSync(file, 'utf8')) as {
            alarms: { rules: Array<Record<string, unknown>> };
          };
          brokenDocument.alarms.rules[0]!.variableKey = 'noSuchVariable';
          fs.writeFileSync(broken, JSON.stringify(brokenDocument));
          const before = (await api.post<ProductPage>('/product/query', { page: 1, pageSize: 50 })).total;
          await page
            .getByTestId('product-import')
            .locator('xpath=ancestor::span[contains(@class,"ant-upload")]//input[@type="file"]')
            .setInputFiles(broken);
          await page.locator('.ant-message-error', { hasText: REFUSED[locale] }).waitFor();
          await session.screenshot(`product-import-refused-${locale}`);
          expect((await api.post<ProductPage>('/product/query', { page: 1, pageSize: 50 })).total).toBe(
            before,
          );

          // The file as it was downloaded imports as it is and opens the new product.
          await page
            .getByTestId('product-import')
            .locator('xpath=ancestor::span[contains(@class,"ant-upload")]//input[@type="file"]')
            .setInputFiles(file);
          await page.locator('.ant-message-success', { hasText: IMPORTED[locale] }).waitFor();
          await page.waitForURL((url) => /\/manage\/product\/edit\/[^/]+\/signal$/.test(url.pathname));
          const importedId = /\/manage\/product\/edit\/([^/]+)\//.exec(new URL(page.url()).pathname)![1]!;
          expect(importedId).not.toBe(product.id);
          await page.locator('.ant-table-row').first().waitFor();
          await session.screenshot(`product-imported-${locale}`);
          const pages = await api.post<Array<{ title: string }>>('/product/page/list', {
            productId: importedId,
          });
          expect(pages.map((item) => item.title)).toEqual(['Overview']);
          expect(session.pageErrors).toEqual([]);
        } finally {
          await session.close();
        }
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
