/**
 * The OPC UA tag browser in the browser, end to end: node-opcua's own server (the third-party
 * fixture the agent's tests use) behind a real edge agent, a developer whose product has an OPC UA
 * driver for it, and an end user's device bound to the agent's gateway. The developer opens the
 * tag browser on the product's variables, sees the gateway's certificate thumbprint, opens the
 * fixture's folders (each through the gateway), ticks three nodes, is told why a key typed wrong
 * is refused while the other variables are made, corrects it, and finds the three variables with
 * their NodeIds, data types and access levels. The device then reports the nodes' values, and its
 * owner writes one from the device's read/write tab and sees the gateway confirm it; the owner's
 * dealer, an installer with debug rights, browses the server read-only from the gateway tab.
 */
import { LOCALE_STORAGE_KEY } from '@lyyp/contracts';
import type { PresentedDriver, Variable } from '@lyyp/contracts/device-model';
import type { OpcUaTargetsAnswer } from '@lyyp/contracts/opcua-browse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpcUaFixture } from '../apps/gateway/src/opcua/testing/opcua-fixture.ts';
import {
  USER_CERTIFICATE_PEM,
  USER_PRIVATE_KEY_PEM,
} from '../apps/gateway/src/opcua/testing/user-certificate.ts';
import { signInWithPassword } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { createGateway, registerEndUser } from './support/monitor-setup.ts';
import { AgentProcess } from './system/support/agent.ts';
import { PlatformApi } from './system/support/platform-api.ts';

const FLOW_TIMEOUT_MS = 480_000;
const PASSWORD = 'Flow#2024ab';

/** A node of the tree by its NodeId. */
const treeNode = (page: Page, nodeId: string) =>
  page.locator(`.ant-tree-treenode:has([data-node-id="${nodeId}"])`);

async function expand(page: Page, nodeId: string, child: string): Promise<void> {
  await treeNode(page, nodeId).locator('.ant-tree-switcher').click();
  await treeNode(page, child).waitFor();
}

async function tick(page: Page, nodeId: string): Promise<void> {
  await treeNode(page, nodeId).locator('.ant-tree-checkbox').click();
}

/**
 * The driver dialog with a user certificate chosen for signing in: both files uploaded (and
 * checked by the platform), the certificate's subject shown; closed without saving.
 */
async function showCertificateSignIn(page: Page, label: string, shot: () => Promise<unknown>) {
  await page
    .getByTestId('driver-table')
    .getByRole('button', { name: /Edit|编辑/ })
    .first()
    .click();
  await page.locator('.ant-select:has(#driver_authentication)').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).click();
  await page.getByTestId('credential-certificate').setInputFiles({
    name: 'operator.pem',
    mimeType: 'application/x-pem-file',
    buffer: Buffer.from(USER_CERTIFICATE_PEM),
  });
  await page.getByText(/CN=Line operator/).waitFor();
  await page.getByTestId('credential-key').setInputFiles({
    name: 'operator.key',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(USER_PRIVATE_KEY_PEM),
  });
  await page
    .locator('.ant-form-item', { has: page.getByTestId('credential-key') })
    .locator('.ant-tag')
    .waitFor();
  await shot();
  await page.keyboard.press('Escape');
}

describe('the OPC UA tag browser in the browser', () => {
  const flow = useFlowEnvironment();
  let fixture: OpcUaFixture | undefined;
  let agent: AgentProcess | undefined;

  beforeAll(async () => {
    fixture = await OpcUaFixture.start();
  }, 60_000);
  afterAll(async () => {
    await agent?.remove();
    await fixture?.stop();
  }, 60_000);

  it(
    'a developer browses the server through the gateway and makes variables of three nodes',
    async () => {
      const { platform } = flow;
      const server = fixture!;
      const developer = await registerEndUser(platform, PASSWORD, 'developer');
      const developerApi = new PlatformApi(platform.baseUrl);
      await developerApi.signIn(developer.username, developer.password);
      const product = await developerApi.post<{ id: string }>('/product/advance/importProduct', {
        title: '涂装线',
        productModel: 'PL-1',
        json: {
          drivers: [
            {
              key: 'ua',
              name: '涂装线服务器',
              protocol: 'opcua',
              endpointUrl: server.endpointUrl,
              pollIntervalMs: 500,
              timeoutMs: 2000,
            },
          ],
          variables: [],
        },
      });
      await developerApi.post('/product/setPublish', { id: product.id });

      const gateway = await createGateway(platform);
      const user = await registerEndUser(platform, PASSWORD);
      const userApi = new PlatformApi(platform.baseUrl);
      await userApi.signIn(user.username, user.password);
      const device = await userApi.post<{ id: string }>('/equipment/add', {
        name: '1号涂装线',
        sn: gateway.sn,
        verificationCode: gateway.verificationCode,
        productId: product.id,
      });
      // A real agent, polling the configured server rather than its simulator.
      agent = await AgentProcess.start({
        sn: gateway.sn,
        secret: gateway.secret,
        platformUrl: gateway.mqttUrl,
        simulate: false,
      });
      await agent.process.waitForLine(/configuration version \d+ applied/, 60_000);
      // The gateway runs the driver and has reported its certificate's thumbprint.
      await expect
        .poll(
          async () =>
            (
              await developerApi.post<OpcUaTargetsAnswer>('/product/opcua/targets', {
                productId: product.id,
                driverKey: 'ua',
              })
            ).list.map((target) => [target.status, target.configCurrent, Boolean(target.opcuaThumbprint)]),
          // The thumbprint comes with a status; a busy gateway may send it with the minute's one.
          { timeout: 120_000 },
        )
        .toEqual([['online', true, true]]);

      const { page, screenshot, pageErrors } = flow.browser;
      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, developer.username, developer.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));

      const openBrowser = async () => {
        // The first browse comes while the gateway may still be opening its OPC UA session: the
        // gateway waits for that session, so the Objects folder shows at the first try.
        await page.goto(`${platform.baseUrl}/manage/product/edit/${product.id}/signal`);
        await page.getByTestId('open-tag-browser').click();
        // The Objects folder, or the refusal the browser shows instead (named in the failure).
        await treeNode(page, 'ns=1;s=Line1')
          .or(page.getByTestId('tag-browser-failure'))
          .or(page.getByTestId('tag-browser-device').getByText(/Offline|离线|syncing|同步中/))
          .waitFor();
        if (!(await treeNode(page, 'ns=1;s=Line1').isVisible())) {
          await screenshot('tag-browser-failed');
          throw new Error(
            `The tag browser did not browse: ${await page.getByTestId('tag-browser').textContent()}`,
          );
        }
        await expect
          .poll(() => page.getByTestId('tag-browser-thumbprint').textContent())
          .toMatch(/([0-9A-F]{2}:){19}[0-9A-F]{2}/);
        await expand(page, 'ns=1;s=Line1', 'ns=1;s=Line1.Temp');
        await expand(page, 'ns=1;s=Utilities', 'ns=1;s=Utilities.Pump');
        await expand(page, 'ns=1;s=Utilities.Pump', 'ns=1;s=Utilities.Pump.Speed');
        await tick(page, 'ns=1;s=Line1.Temp');
        await tick(page, 'ns=1;s=Line1.Int16');
        await tick(page, 'ns=1;s=Utilities.Mode');
        await page.getByTestId('tag-browser-picks').locator('tbody tr.ant-table-row').nth(2).waitFor();
      };

      // English first, only looked at: nothing is created.
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        LOCALE_STORAGE_KEY,
        'en-US',
      ] as const);
      await openBrowser();
      expect(await page.getByTestId('tag-browser-create').textContent()).toContain('Create 3 variables');
      await screenshot('tag-browser-en-US');
      await page.keyboard.press('Escape');
      await showCertificateSignIn(page, 'User certificate', () =>
        screenshot('opcua-driver-certificate-en-US'),
      );

      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        LOCALE_STORAGE_KEY,
        'zh-CN',
      ] as const);
      await openBrowser();
      const picks = page.getByTestId('tag-browser-picks');
      const rows = picks.locator('tbody tr.ant-table-row');
      // The names, data types and access levels come from the server.
      expect(await rows.nth(0).textContent()).toContain('ns=1;s=Line1.Temp');
      expect(await rows.nth(2).textContent()).toContain('只读');
      await screenshot('tag-browser-zh-CN');

      // A key no variable can have is refused on its row; the other two are made.
      const badKey = rows.nth(1).getByLabel('变量标识');
      await badKey.fill('2 bad');
      await page.getByTestId('tag-browser-create').click();
      await page.getByTestId('tag-browser-row-failure').waitFor();
      expect(await page.getByTestId('tag-browser-row-failure').textContent()).toContain('参数不正确');
      expect(await rows.count()).toBe(1);
      await screenshot('tag-browser-refused-zh-CN');
      await rows.nth(0).getByLabel('变量标识').fill('int16');
      await page.getByTestId('tag-browser-create').click();
      await page.getByTestId('tag-browser').waitFor({ state: 'hidden' });
      await page.getByTestId('variable-table').getByText('ns=1;s=Utilities.Mode').waitFor();
      await screenshot('tag-browser-variables-zh-CN');
      await showCertificateSignIn(page, '用户证书', () => screenshot('opcua-driver-certificate-zh-CN'));

      const variables = await developerApi.post<{ list: Variable[] }>('/product/variable/list', {
        productId: product.id,
        page: 1,
        pageSize: 50,
      });
      expect(
        variables.list
          .map((variable) => [variable.key, variable.address, variable.dataType, variable.readWrite])
          .sort(),
      ).toEqual([
        ['Double', 'ns=1;s=Line1.Temp', 'double', 'read-write'],
        ['Mode', 'ns=1;s=Utilities.Mode', 'short', 'read-only'],
        ['int16', 'ns=1;s=Line1.Int16', 'short', 'read-write'],
      ]);
      // The gateway takes the new variables and reports the server's values.
      await expect
        .poll(
          async () => {
            const answer = await userApi.post<{ values: { key: string; value: unknown }[] }>(
              '/equipment/values',
              { equipmentId: device.id, keys: 'Double,int16,Mode' },
            );
            return Object.fromEntries(answer.values.map((entry) => [entry.key, entry.value]));
          },
          { timeout: 60_000 },
        )
        .toEqual({ Double: 21.25, int16: -30000, Mode: 3 });

      // The device's owner writes the temperature from the read/write tab: the gateway writes the
      // node, reads it back, and the dialog shows it confirmed; the server holds the new value.
      await page.context().clearCookies();
      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, user.username, PASSWORD);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${platform.baseUrl}/monitor/devices/${device.id}?tab=data`);
      await page.click('[data-testid="write-Double"]');
      await page.locator('[data-testid="write-dialog"]').waitFor();
      await page.fill('input[name="write-value"]', '42.5');
      await page.click('[data-testid="write-next"]');
      await page.click('[data-testid="write-confirm"]');
      await page.locator('[data-testid="write-dialog"][data-step="confirmed"]').waitFor({ timeout: 30_000 });
      await screenshot('opcua-write-confirmed-zh-CN');
      expect(fixture!.read('Double')).toBe(42.5);

      // The gateway tab shows the thumbprint of the gateway's certificate to trust on the server.
      const thumbprint = /([0-9A-F]{2}:){19}[0-9A-F]{2}/;
      await page.goto(`${platform.baseUrl}/monitor/devices/${device.id}?tab=gateway`);
      await expect.poll(() => page.getByTestId('gateway-opcua-thumbprint').textContent()).toMatch(thumbprint);
      await screenshot('gateway-tab-thumbprint-zh-CN');
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        LOCALE_STORAGE_KEY,
        'en-US',
      ] as const);
      await page.reload();
      await page.getByText('OPC UA certificate thumbprint').waitFor();
      await screenshot('gateway-tab-thumbprint-en-US');
      // The owner may not browse through the gateway: no button.
      expect(await page.getByTestId('open-device-tag-browser').count()).toBe(0);

      // An installer — the owner's dealer, with debug rights — browses the server from the
      // gateway tab, read-only: no node can be ticked there.
      const installer = await registerEndUser(platform, PASSWORD);
      const adminApi = new PlatformApi(platform.baseUrl);
      await adminApi.signIn(platform.admin.username, platform.admin.password);
      await adminApi.post('/admin/dealer/certify', {
        account: installer.username,
        organisationId: `E2E${String(Date.now()).padStart(15, '0')}`,
        dataScope: 'all',
        canDebug: true,
        customers: [user.username],
      });
      await page.context().clearCookies();
      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, installer.username, PASSWORD);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      for (const [locale, readOnly] of [
        ['en-US', 'Read-only'],
        ['zh-CN', '只读'],
      ] as const) {
        await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
          LOCALE_STORAGE_KEY,
          locale,
        ] as const);
        await page.goto(`${platform.baseUrl}/monitor/devices/${device.id}?tab=gateway`);
        await page.getByTestId('open-device-tag-browser').click();
        const dialog = page.getByTestId('device-tag-browser');
        await treeNode(page, 'ns=1;s=Line1').waitFor();
        await expand(page, 'ns=1;s=Line1', 'ns=1;s=Line1.Temp');
        expect(await dialog.textContent()).toContain(readOnly);
        expect(await dialog.locator('.ant-tree-checkbox').count()).toBe(0);
        await expect
          .poll(() => dialog.getByTestId('tag-browser-thumbprint').textContent())
          .toMatch(thumbprint);
        await screenshot(`gateway-tab-installer-browse-${locale}`);
        await page.keyboard.press('Escape');
      }

      // A stored password is never shown: the list says it is set, the dialog offers to keep it.
      const secret = 'Line-secret-4410';
      const [ua] = (
        await developerApi.post<{ list: PresentedDriver[] }>('/product/driver/list', {
          productId: product.id,
        })
      ).list.filter((driver) => driver.protocol === 'opcua');
      if (ua?.protocol !== 'opcua') throw new Error('the product has no OPC UA driver');
      const { passwordSet: _set, userPrivateKeySet: _keySet, ...driver } = ua;
      await developerApi.post('/product/driver/save', {
        productId: product.id,
        originalKey: ua.key,
        driver: { ...driver, authentication: 'username', userName: 'operator', password: secret },
      });
      const listed = await developerApi.post<{ list: PresentedDriver[] }>('/product/driver/list', {
        productId: product.id,
      });
      expect(JSON.stringify(listed)).not.toContain(secret);
      expect(listed.list.find((item) => item.key === ua.key)).toMatchObject({ passwordSet: true });
      await page.context().clearCookies();
      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, developer.username, developer.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      for (const [locale, keep] of [
        ['en-US', 'Set — leave blank to keep'],
        ['zh-CN', '已设置 — 留空则保持不变'],
      ] as const) {
        await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
          LOCALE_STORAGE_KEY,
          locale,
        ] as const);
        await page.goto(`${platform.baseUrl}/manage/product/edit/${product.id}/signal`);
        await page
          .getByTestId('driver-table')
          .getByRole('button', { name: /Edit|编辑/ })
          .first()
          .click();
        const password = page.locator('#driver_password');
        await password.waitFor();
        expect(await password.getAttribute('placeholder')).toBe(keep);
        expect(await password.inputValue()).toBe('');
        await screenshot(`opcua-driver-password-set-${locale}`);
        await page.keyboard.press('Escape');
      }
      expect(pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
