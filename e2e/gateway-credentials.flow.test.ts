/**
 * Gateways → Credentials in a real browser against a real edge agent: the super manager opens a
 * gateway's credentials (SN, secret, broker address, topics, how the agent starts), rotates the
 * secret, reads the new one once with how the agent takes it, and the agent that was connected with
 * the old secret is disconnected and refused. Shot in Chinese and English.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LOCALE_STORAGE_KEY } from '@lyyp/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { signInWithPassword } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { createGateway } from './support/monitor-setup.ts';
import { AgentProcess } from './system/support/agent.ts';

const FLOW_TIMEOUT_MS = 240_000;
const SHOTS = '/tmp/shots-gateway-credentials';

describe('gateway credentials in the browser', () => {
  const flow = useFlowEnvironment();
  let agent: AgentProcess | undefined;

  afterAll(async () => {
    await agent?.remove();
  }, 30_000);

  it(
    'shows the credentials and rotates the secret, disconnecting the agent that used the old one',
    async () => {
      const { platform } = flow;
      const gateway = await createGateway(platform);
      agent = await AgentProcess.start({
        sn: gateway.sn,
        secret: gateway.secret,
        platformUrl: gateway.mqttUrl,
      });
      await agent.process.waitForLine(/connected to /, 60_000);

      const { page, screenshot, pageErrors } = flow.browser;
      const shoot = async (name: string) => {
        fs.mkdirSync(SHOTS, { recursive: true });
        fs.copyFileSync(await screenshot(name), path.join(SHOTS, `${name}.png`));
      };
      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, platform.admin.username, platform.admin.password);
      await page.waitForURL(`${platform.baseUrl}/manage/product/list`);
      await page.goto(`${platform.baseUrl}/manage/gateway/list`);
      const row = page.locator('[data-testid="gateway-table"] tr', { hasText: gateway.sn });
      await row.getByRole('button', { name: '凭据' }).click();
      const details = page.getByTestId('gateway-credentials');
      await details.waitFor();
      expect(await details.textContent()).toContain(gateway.mqttUrl);
      expect(await details.locator('input[type="password"]').inputValue()).toBe(gateway.secret);
      await shoot('gateway-credentials-zh');

      await page.getByRole('button', { name: /更换密钥/ }).click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /更换密钥/ })
        .click();
      const newSecret = page.getByTestId('new-secret');
      await newSecret.waitFor();
      const secret = (await newSecret.textContent())?.trim() ?? '';
      expect(secret).not.toBe(gateway.secret);
      expect(secret.length).toBeGreaterThan(20);
      await page.getByTestId('secret-rotated').getByText('用旧密钥的连接已断开').waitFor();
      await shoot('gateway-secret-rotated-zh');
      // The agent with the old secret was closed and is refused from now on.
      await agent.process.waitForLine(/disconnected from the platform/, 30_000);

      // English.
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        LOCALE_STORAGE_KEY,
        'en-US',
      ] as const);
      await page.reload();
      await row.getByRole('button', { name: 'Credentials' }).click();
      await details.waitFor();
      expect(await details.locator('input[type="password"]').inputValue()).toBe(secret);
      await shoot('gateway-credentials-en');
      await page.getByRole('button', { name: /Rotate secret/ }).click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /Rotate secret/ })
        .click();
      await page.getByTestId('secret-rotated').getByText('not connected right now').waitFor();
      await shoot('gateway-secret-rotated-en');
      expect(pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
