/**
 * Work orders in real browsers against the real platform and a real edge agent. The boiler's
 * water temperature trips an alarm; the end user raises a work order from the alarm record in one
 * click; operation staff, on a 390 px phone screen, dispatch it to themselves as the technician,
 * receive it and finish it with the repair content; the end user, who raised it, finds a work
 * order message for each change in the message centre. On the same phone the technician carries
 * out an inspection task item by item and finishes it. Then every maintenance screen is shot in
 * both languages, on a desk and on a phone, and on the phone the console frame fits the screen.
 */
import { LOCALE_STORAGE_KEY, type AccountInfo } from '@lyyp/contracts';
import { MAINTENANCE_API_PATHS, type InspectionPlanItem } from '@lyyp/contracts/maintenance';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser, type BrowserSession } from './support/browser.ts';
import { signInWithPassword, waitForTitle } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { setUpBoundBoiler, startSimulatedGateway } from './support/monitor-setup.ts';
import type { AgentProcess } from './system/support/agent.ts';
import { PlatformApi } from './system/support/platform-api.ts';

const FLOW_TIMEOUT_MS = 300_000;
const PASSWORD = 'Flow#2024ab';
const PHONE = { width: 390, height: 844 };

describe('work order flow in the browser', () => {
  const flow = useFlowEnvironment();
  let agent: AgentProcess | undefined;
  let endUserBrowser: BrowserSession | undefined;

  afterAll(async () => {
    await endUserBrowser?.close();
    await agent?.remove();
  }, 30_000);

  it(
    'an alarm raises a work order; a technician dispatches, receives and finishes it on a phone; the creator sees each message',
    async () => {
      const { platform } = flow;
      const { product, gateway, user, device } = await setUpBoundBoiler(platform, PASSWORD);
      const adminApi = new PlatformApi(platform.baseUrl);
      await adminApi.signIn(platform.admin.username, platform.admin.password);
      await adminApi.post('/alarm/rule/add', {
        productId: product.id,
        rule: {
          name: '出水温度报警',
          variableKey: 'waterTemperature',
          condition: { operator: 'gt', limit: { kind: 'value', value: -100 } },
          pushMethods: ['app'],
        },
      });
      agent = await startSimulatedGateway(gateway);

      // The end user raises the work order from the alarm record in one click.
      endUserBrowser = await launchBrowser();
      const userPage = endUserBrowser.page;
      await userPage.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(userPage, user.username, user.password);
      await userPage.waitForURL((url) => url.pathname.startsWith('/monitor'));
      await userPage.goto(`${platform.baseUrl}/monitor/alarms`);
      await waitForTitle(userPage, '报警记录 - LYYP');
      const row = userPage.locator('[data-testid="alarm-records"] tr', { hasText: '出水温度报警' }).first();
      await row.waitFor({ timeout: 60_000 });
      await row.locator('[data-testid="raise-work-order"]').click();
      const userDrawer = userPage.locator('[data-testid="work-order-drawer"]');
      await userDrawer.waitFor();
      await expect.poll(() => userDrawer.textContent()).toMatch(/WO-\d{8}-0001/);
      expect(await userDrawer.textContent()).toContain('出水温度报警');
      await endUserBrowser.screenshot('work-order-raised');

      // Operation staff on a phone: dispatch to themselves, receive, finish.
      const { page, screenshot, pageErrors } = flow.browser;
      await page.setViewportSize(PHONE);
      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, platform.admin.username, platform.admin.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${platform.baseUrl}/monitor/workorders`);
      await waitForTitle(page, '维修工单 - LYYP');
      await page.locator('[data-testid="work-order-card"]').first().click();
      const drawer = page.locator('[data-testid="work-order-drawer"]');
      await drawer.waitFor();
      await page.click('[data-testid="action-dispatch"]');
      await page.click('[data-testid="assignee-select"]');
      await page.keyboard.type(platform.admin.username);
      // Choose the person once the list of assignees has arrived (Enter before that picks nothing).
      await page.locator('.ant-select-item-option', { hasText: platform.admin.username }).first().click();
      await page.click('[data-testid="action-confirm"]');
      await expect.poll(() => page.locator('[data-testid="drawer-state"]').textContent()).toBe('已派单');
      await page.click('[data-testid="action-receive"]');
      await page.click('[data-testid="action-confirm"]');
      await expect.poll(() => page.locator('[data-testid="drawer-state"]').textContent()).toBe('已接单');
      await page.click('[data-testid="action-finish"]');
      await page.fill('[data-testid="repair-content"]', '更换温度传感器');
      await page.click('[data-testid="action-confirm"]');
      await expect.poll(() => page.locator('[data-testid="drawer-state"]').textContent()).toBe('已完成');
      await screenshot('work-order-finished-phone');
      // The order's screen fits the phone: nothing of it lies beyond the screen's right edge.
      const rightEdge = await page.evaluate(() => {
        const panel = document.querySelector('.ant-drawer-section');
        if (!panel) return -1;
        const parts = Array.from(panel.querySelectorAll('button, textarea, .ant-descriptions'));
        return Math.max(
          panel.getBoundingClientRect().right,
          ...parts.map((part) => part.getBoundingClientRect().right),
        );
      });
      expect(rightEdge).toBeGreaterThan(0);
      expect(rightEdge).toBeLessThanOrEqual(PHONE.width);

      // The creator has a work order message for each change.
      await userPage.goto(`${platform.baseUrl}/monitor/messages`);
      await waitForTitle(userPage, '消息中心 - LYYP');
      for (const state of ['已派单', '已接单', '已完成']) {
        await userPage
          .locator('[data-testid="messages"] tr', { hasText: state })
          .first()
          .waitFor({ timeout: 20_000 });
      }
      await endUserBrowser.screenshot('work-order-messages');

      // An inspection on the same phone: record each checklist item, then finish the task.
      const me = await adminApi.call<AccountInfo>('GET', '/account/info');
      await adminApi.post<InspectionPlanItem>(MAINTENANCE_API_PATHS.planSave, {
        plan: {
          name: '锅炉房巡检',
          deviceIds: [device.id],
          items: [
            { id: 'pressure', name: '压力', kind: 'reading', unit: 'MPa', low: 0.2, high: 1.2 },
            { id: 'leaks', name: '无泄漏', kind: 'check' },
          ],
          schedule: { frequency: 'daily', utcOffsetMinutes: 480 },
          inspectorIds: [me.id],
        },
      });
      await page.goto(`${platform.baseUrl}/monitor/inspections`);
      await waitForTitle(page, '巡检记录 - LYYP');
      await page.locator('[data-testid="task-card"]', { hasText: '锅炉房巡检' }).first().click();
      const items = page.locator('[data-testid="inspection-item"]');
      await items.first().waitFor();
      await items.first().locator('input.ant-input-number-input').fill('0.8');
      for (const index of [0, 1]) {
        await items.nth(index).locator('[data-testid="record-item"]').click();
        await items.nth(index).locator('.ant-card-extra').getByText('正常', { exact: true }).waitFor();
      }
      await page.getByRole('button', { name: '完成巡检' }).click();
      await expect.poll(() => page.locator('.ant-drawer-section').textContent()).toContain('已完成');
      await screenshot('inspection-finished-phone');

      // The operations centre opens the device list behind a figure: by product with a click, by
      // status from the address its fleet chart opens.
      await page.goto(`${platform.baseUrl}/monitor/operations`);
      await page.locator('[data-testid="by-product"] .ant-list-item').first().click();
      await page.waitForURL((url) => url.searchParams.get('productId') === product.id);
      await page.getByRole('link', { name: '1号锅炉' }).waitFor();
      await page.locator('[data-testid="filter-productId"]').waitFor();
      await page.goto(`${platform.baseUrl}/monitor/operations`);
      await page.locator('[data-testid="by-hardware"] .ant-list-item').first().click();
      await page.waitForURL((url) => url.searchParams.get('hardwareModelId') === 'default');
      await page.getByRole('link', { name: '1号锅炉' }).waitFor();
      await page.locator('[data-testid="filter-hardwareModelId"]', { hasText: 'Standard' }).waitFor();
      await screenshot('device-list-by-hardware-model');
      await page.goto(`${platform.baseUrl}/monitor/devices?status=offline`);
      await page.getByText('没有符合条件的设备').waitFor();
      await page.goto(`${platform.baseUrl}/monitor/devices?status=online`);
      await page.getByRole('link', { name: '1号锅炉' }).waitFor();

      // Every maintenance screen in both languages, on a desk and on a phone.
      const views: [string, string][] = [
        ['/monitor/workorders', 'work-orders'],
        ['/monitor/inspections', 'inspections'],
        ['/monitor/operations', 'operations'],
        [`/monitor/devices/${device.id}?tab=repairs`, 'device-repairs'],
        [`/monitor/devices/${device.id}?tab=inspections`, 'device-inspections'],
      ];
      for (const [size, viewport] of [
        ['desk', { width: 1366, height: 860 }],
        ['phone', PHONE],
      ] as const) {
        await page.setViewportSize(viewport);
        for (const locale of ['zh-CN', 'en-US']) {
          for (const [path, name] of views) {
            await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
              LOCALE_STORAGE_KEY,
              locale,
            ] as const);
            await page.goto(`${platform.baseUrl}${path}`);
            await page.waitForLoadState('networkidle');
            await screenshot(`screen-${name}-${size}-${locale}`);
            if (size === 'phone') {
              // The frame fits: no sideways scrolling, the menu opens from the header.
              expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
                PHONE.width,
              );
              await page.click('[data-testid="console-menu-button"]');
              await page.locator('.ant-drawer-open .ant-menu').first().waitFor();
              await page.keyboard.press('Escape');
            }
          }
        }
      }
      expect(pageErrors).toEqual([]);
      expect(endUserBrowser.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
