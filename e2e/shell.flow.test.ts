/**
 * The console shell in a real browser: redirects of §2, the login guard keeping where a person was
 * heading, the back-office menu of operation staff, and a screen whose code or style sheet cannot be
 * loaded, which must say so with a reload button instead of leaving the page blank.
 */
import { translateError } from '@lyyp/contracts';
import { describe, expect, it } from 'vitest';
import { signInWithPassword, waitForTitle } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';

const FLOW_TIMEOUT_MS = 120_000;

describe('console shell in the browser', () => {
  const flow = useFlowEnvironment();

  it(
    'follows the redirects of §2 and shows public pages without signing in',
    async () => {
      const { platform } = flow;
      const { page } = flow.browser;
      const base = platform.baseUrl;

      await page.goto(`${base}/`);
      await page.waitForURL(`${base}/login`);
      await page.goto(`${base}/login.html`);
      await page.waitForURL(`${base}/login`);
      await page.goto(`${base}/login.jsp`);
      await page.locator('form#login-password').waitFor();
      await waitForTitle(page, '登录 - LYYP');

      await page.goto(`${base}/no/such/page`);
      await page.waitForURL(`${base}/404`);
      await page.getByText('抱歉，您访问的页面不存在。').waitFor();

      await page.goto(`${base}/download`);
      await page.getByText('暂无已发布的应用版本').waitFor();
      expect(await page.locator('main a[href^="http"]').count()).toBe(0);

      await page.goto(`${base}/help/designer`);
      await page.getByRole('heading', { name: '组态页面设计' }).waitFor();
      await page.goto(`${base}/help/unknown-article`);
      await page.getByText('没有找到这篇帮助文章').waitFor();
      expect(flow.browser.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'sends a signed-out visitor to sign in and back to the screen they asked for',
    async () => {
      const { platform } = flow;
      const { page, screenshot } = flow.browser;
      const base = platform.baseUrl;

      await page.goto(`${base}/manage/product/ota/5`);
      await page.waitForURL(`${base}/login?redirect=%2Fmanage%2Fproduct%2Fota%2F5`);
      await signInWithPassword(page, platform.admin.username, platform.admin.password);
      await page.waitForURL(`${base}/manage/product/ota/5`);
      await waitForTitle(page, 'OTA 升级 - LYYP');

      // Operation staff hold every code, so every back-office entry is there.
      const menu = page.getByRole('menu').filter({ hasText: '设备管理' });
      for (const entry of [
        '设备管理',
        '网关管理',
        '产品管理',
        '系统管理',
        '账号管理',
        '经销商',
        '授权管理',
      ]) {
        await menu.getByText(entry, { exact: true }).waitFor();
      }
      // The screen asked for, inside the frame (a product that does not exist lists no task).
      await page.getByTestId('ota-tasks').waitFor();
      await screenshot('shell-console-operation');

      await menu.getByText('网关管理', { exact: true }).click();
      await page.waitForURL(`${base}/manage/gateway/list`);
      await waitForTitle(page, '网关管理 - LYYP');
      // The super manager may add, import and export gateways: the policy's answer shows each.
      for (const name of ['批量添加', '导入 SN']) await page.getByRole('button', { name }).waitFor();
      await screenshot('shell-gateway-list');
      expect(flow.browser.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'explains a screen whose code or style sheet fails to load, and recovers on reload',
    async () => {
      const { platform } = flow;
      const { page, screenshot } = flow.browser;
      const base = platform.baseUrl;

      await page.goto(`${base}/login`);
      await signInWithPassword(page, platform.admin.username, platform.admin.password);
      await page.waitForURL(`${base}/manage/product/list`);

      await page.route('**/assets/ProductKnowledgePage-*.js', (route) => route.abort());
      await page.goto(`${base}/manage/product/knowledge/5`);
      await page.getByText(translateError('1603', 'zh-CN')).waitFor();
      await screenshot('shell-chunk-failed');
      await page.unroute('**/assets/ProductKnowledgePage-*.js');
      await page.getByRole('button', { name: '重新加载' }).click();
      await page.getByTestId('knowledge-articles').waitFor();

      await page.route('**/assets/ConsoleLayout-*.css', (route) => route.abort());
      await page.goto(`${base}/monitor/map`);
      await page.getByText(translateError('1604', 'zh-CN')).waitFor();
      await page.getByRole('button', { name: '重新加载' }).waitFor();
    },
    FLOW_TIMEOUT_MS,
  );
});
