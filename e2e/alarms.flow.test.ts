/**
 * Alarms in real browsers against the real platform and a real edge agent. A developer adds an
 * alarm rule on the demo boiler product in the product's alert tab; the demo boiler's water
 * temperature trips it; the end user, whose console is open, sees the pop-up at once with the
 * count on the header's bell, finds the record in the alarm list and the alarm message in the
 * message centre, and acknowledges the alarm with a comment. The group also calls an integrator's
 * signed webhook: a receiver started by the test gets the call and checks its HMAC signature.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOCALE_STORAGE_KEY, type AccountInfo } from '@lyyp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type BrowserSession } from './support/browser.ts';
import { signInWithPassword, waitForTitle } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { setUpBoundBoiler, startSimulatedGateway } from './support/monitor-setup.ts';
import type { AgentProcess } from './system/support/agent.ts';
import { PlatformApi } from './system/support/platform-api.ts';

const FLOW_TIMEOUT_MS = 300_000;
const PASSWORD = 'Flow#2024ab';
const RULE_NAME = '出水温度报警';
const WEBHOOK_SECRET = 'flow-webhook-secret-2026';
const WEBHOOK_PATH = '/plant/alarms';

interface WebhookCall {
  path: string;
  event: string | undefined;
  signatureValid: boolean;
  body: {
    event: string;
    text: string;
    record: { name: string; texts?: Record<string, { message: string }> };
  };
}

/** An integrator's receiver: keeps each call with whether its HMAC-SHA256 signature holds. */
async function startWebhookReceiver() {
  const calls: WebhookCall[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const expected = Buffer.from(
        `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex')}`,
      );
      const given = Buffer.from(String(request.headers['x-lyyp-signature'] ?? ''));
      calls.push({
        path: request.url ?? '',
        event: request.headers['x-lyyp-event'] as string | undefined,
        signatureValid: given.length === expected.length && timingSafeEqual(given, expected),
        body: JSON.parse(raw.toString('utf8')) as WebhookCall['body'],
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${WEBHOOK_PATH}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('alarm flow in the browser', () => {
  // The platform started below sends webhook calls instead of only logging them (it inherits the
  // environment); set before the flow's own set-up runs, restored after.
  const webhookMode = process.env.ALARM_WEBHOOK_MODE;
  beforeAll(() => {
    process.env.ALARM_WEBHOOK_MODE = 'send';
  });
  const flow = useFlowEnvironment();
  let agent: AgentProcess | undefined;
  let endUserBrowser: BrowserSession | undefined;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;

  afterAll(async () => {
    await endUserBrowser?.close();
    await agent?.remove();
    await receiver?.close();
    if (webhookMode === undefined) delete process.env.ALARM_WEBHOOK_MODE;
    else process.env.ALARM_WEBHOOK_MODE = webhookMode;
  }, 30_000);

  it(
    'a rule added by the developer trips on the boiler; the end user sees the pop-up, the record and the message, and acknowledges it; the webhook receiver gets the signed call',
    async () => {
      const { platform } = flow;
      receiver = await startWebhookReceiver();
      const { product, gateway, user, api: userApi, device } = await setUpBoundBoiler(platform, PASSWORD);
      const me = await userApi.call<AccountInfo>('GET', `/account/info?time=${Date.now()}`);
      agent = await startSimulatedGateway(gateway);

      // The product's alarm group reaches the end user in the app, and the plant's signed webhook.
      const adminApi = new PlatformApi(platform.baseUrl);
      await adminApi.signIn(platform.admin.username, platform.admin.password);
      await adminApi.post('/alarm/group/add', {
        productId: product.id,
        group: {
          name: '值班组',
          channels: ['app', 'webhook'],
          channelSettings: { webhook: { url: receiver.url, secret: WEBHOOK_SECRET } },
          recipients: [{ accountId: me.id, channels: ['app'] }],
        },
      });

      // The end user's console is open on the device list.
      endUserBrowser = await launchBrowser();
      const userPage = endUserBrowser.page;
      await userPage.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(userPage, user.username, user.password);
      await userPage.waitForURL((url) => url.pathname.startsWith('/monitor'));
      await userPage.goto(`${platform.baseUrl}/monitor/devices`);
      await waitForTitle(userPage, '设备列表 - LYYP');
      await userPage.locator('[data-testid="alarm-bell"]').waitFor();

      // The developer adds the rule in the product's alert tab.
      const { page, screenshot, pageErrors } = flow.browser;
      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, platform.admin.username, platform.admin.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${platform.baseUrl}/manage/product/edit/${product.id}/alert`);
      await waitForTitle(page, '报警 - LYYP');
      await page.locator('[data-testid="alarm-capacity"]').waitFor();
      await page.click('[data-testid="rule-add"]');
      await page.locator('form#alarmRule').waitFor();
      await page.fill('#alarmRule_name', RULE_NAME);
      await page.click('#alarmRule_variableKey');
      await page.keyboard.type('waterTemperature');
      await page.keyboard.press('Enter');
      await page.fill('#alarmRule_limitValue', '-100');
      await page.click('#alarmRule_groupIds');
      await page.locator('.ant-select-item-option[title="值班组"]').click();
      await page.click('#alarmRule_pushMethods');
      await page.locator('.ant-select-item-option[title="签名 Webhook"]').click();
      await page.click('#alarmRule_name');
      await page.fill('#alarmRule_message', '{device} 出水温度 {value}{unit}，高于 {limit}');
      await expect
        .poll(() => page.locator('[data-testid="rule-preview"]').textContent())
        .toContain('1号锅炉 出水温度');
      await screenshot('alarm-rule-dialog');
      await page.click('#rule-save');
      await page.getByRole('cell', { name: RULE_NAME }).waitFor();
      expect(await page.locator('[data-testid="alarm-capacity"]').textContent()).toContain('1/');
      await screenshot('alarm-product-tab');

      // The offline alarm: on after 2 minutes, to the duty group, saved with the power-off one.
      const offline = page.getByTestId('status-alarm-offline');
      await offline.getByRole('switch').click();
      await offline.locator('input[id$="offline_delayMinutes"]').fill('2');
      await offline.locator('.ant-select').first().click();
      await page.locator('.ant-select-item-option[title="值班组"]').last().click();
      await page.keyboard.press('Escape');
      await page.getByTestId('status-alarms-save').click();
      await expect
        .poll(async () => {
          const rules = await adminApi.post<{
            statusAlarms: { offline: { enabled: boolean; delaySeconds: number; groupIds: string[] } };
          }>('/alarm/rule/list', { productId: product.id });
          return rules.statusAlarms.offline;
        })
        .toMatchObject({ enabled: true, delaySeconds: 120, groupIds: [expect.any(String)] });
      await screenshot('alarm-status-alarms');

      // The boiler's next value trips it: the end user sees the pop-up and the count at once.
      const popup = userPage.locator('[data-testid="alarm-popup"]');
      await popup.waitFor({ timeout: 30_000 });
      expect(await popup.textContent()).toContain('1号锅炉 出水温度');
      await expect
        .poll(() => userPage.locator('[data-testid="alarm-bell"]').locator('..').textContent())
        .toMatch(/1/);
      await endUserBrowser.screenshot('alarm-popup');

      // The integrator's receiver got the raise, signed with the group's key.
      await expect
        .poll(() => receiver?.calls.filter((call) => call.event === 'alarm.raised').length, {
          timeout: 30_000,
        })
        .toBeGreaterThan(0);
      const [raised] = receiver.calls.filter((call) => call.event === 'alarm.raised');
      expect(raised).toMatchObject({
        path: WEBHOOK_PATH,
        signatureValid: true,
        body: { event: 'alarm.raised', record: { name: RULE_NAME } },
      });
      expect(raised?.body.text).toContain('1号锅炉 出水温度');
      expect(raised?.body.record.texts?.['en-US']?.message).toContain('1号锅炉 出水温度');

      // The record in the alarm list, and its message in the message centre.
      await userPage.goto(`${platform.baseUrl}/monitor/alarms`);
      await waitForTitle(userPage, '报警记录 - LYYP');
      const row = userPage.locator('[data-testid="alarm-records"] tr', { hasText: RULE_NAME }).first();
      await row.waitFor({ timeout: 20_000 });
      expect(await row.textContent()).toContain('报警中，未确认');
      await endUserBrowser.screenshot('alarm-list');
      await userPage.goto(`${platform.baseUrl}/monitor/messages`);
      await waitForTitle(userPage, '消息中心 - LYYP');
      await expect
        .poll(() => userPage.locator('[data-testid="message-bell"]').locator('..').textContent(), {
          timeout: 20_000,
        })
        .toMatch(/1/);
      await userPage
        .locator('[data-testid="messages"] tr', { hasText: '1号锅炉' })
        .first()
        .waitFor({ timeout: 20_000 });
      await endUserBrowser.screenshot('alarm-messages');

      // Acknowledged with a comment: the state changes, the comment shows.
      await userPage.goto(`${platform.baseUrl}/monitor/alarms`);
      await row.waitFor();
      await row.locator('[data-testid="acknowledge-one"]').click();
      await userPage.fill('[data-testid="acknowledge-comment"]', '已到现场检查');
      await userPage.click('#acknowledge-confirm');
      await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('已到现场检查');
      expect(await row.textContent()).toContain('已确认');
      await endUserBrowser.screenshot('alarm-acknowledged');

      // Every new screen in both languages, for people to look at.
      const views: [BrowserSession, string, string][] = [
        [endUserBrowser, `/monitor/devices/${device.id}?tab=alarms`, 'device-alarms'],
        [endUserBrowser, '/monitor/alarms', 'alarm-list'],
        [endUserBrowser, '/monitor/messages', 'messages'],
        [endUserBrowser, '/monitor/messages/preferences', 'preferences'],
        [flow.browser, `/manage/product/edit/${product.id}/alert`, 'product-alert'],
        [flow.browser, '/manage/system/sim', 'sim-cards'],
      ];
      for (const locale of ['zh-CN', 'en-US']) {
        for (const [session, path, name] of views) {
          await session.page.evaluate(([key, value]) => localStorage.setItem(key, value), [
            LOCALE_STORAGE_KEY,
            locale,
          ] as const);
          await session.page.goto(`${platform.baseUrl}${path}`);
          await session.page.waitForLoadState('networkidle');
          await session.screenshot(`screen-${name}-${locale}`);
        }
      }
      await page.goto(`${platform.baseUrl}/manage/product/edit/${product.id}/alert`);
      await page.click('[data-testid="rule-add"]');
      await page.locator('form#alarmRule').waitFor();
      await screenshot('screen-rule-dialog-en-US');
      await page.locator('.ant-modal-footer').getByRole('button', { name: 'Cancel' }).click();
      await page.locator('form#alarmRule').waitFor({ state: 'detached' });
      await page.click('[data-testid="group-add"]');
      await page.locator('form#alarmGroup').waitFor();
      await page.click('#alarmGroup_channels');
      await page.locator('.ant-select-item-option[title="Signed webhook"]').click();
      await page.getByRole('button', { name: 'Add step' }).click();
      await page.locator('.ant-modal-footer').getByRole('button', { name: 'Save' }).click();
      await screenshot('screen-group-dialog-en-US');
      await page.locator('.ant-modal-footer').getByRole('button', { name: 'Cancel' }).click();
      await page.locator('form#alarmGroup').waitFor({ state: 'detached' });

      // The group's recipients are people found by name, shown with a masked phone.
      await page
        .locator('tr', { hasText: '值班组' })
        .filter({ hasNotText: RULE_NAME })
        .getByRole('button', { name: 'Edit' })
        .click();
      await page.locator('form#alarmGroup').waitFor();
      await expect
        .poll(() => page.locator('form#alarmGroup .ant-select', { hasText: user.username }).count())
        .toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Add recipient' }).click();
      await page.locator('form#alarmGroup input[role="combobox"]').last().click();
      await page.locator('.ant-select-item-option').first().waitFor();
      await screenshot('screen-group-recipients-en-US');

      expect(pageErrors).toEqual([]);
      expect(endUserBrowser.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
