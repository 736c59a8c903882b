/**
 * The MQTT part of a gateway's remote settings in a real browser: an end user uploads the CA
 * certificate, the client certificate and key for the gateway's TLS connection, is told at once
 * when a file is not what its place needs, sees each certificate's subject and fingerprint and
 * "key stored" (never the content), and is refused a subscription topic outside the gateway's own
 * topics on its field. Shot in Chinese and English.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALE_STORAGE_KEY } from '@lyyp/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentProcess } from './system/support/agent.ts';
import { signInWithPassword } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { REPOSITORY_ROOT } from './support/paths.ts';
import { setUpBoundBoiler, startSimulatedGateway } from './support/monitor-setup.ts';

const FLOW_TIMEOUT_MS = 600_000;
const PASSWORD = 'Flow#2024ab';
const FIXTURES = path.join(REPOSITORY_ROOT, 'apps/server/src/modules/gateway-ops/testing/tls');
const fixture = (name: string) => ({
  name,
  mimeType: 'application/octet-stream',
  buffer: readFileSync(path.join(FIXTURES, name)),
});

describe('gateway MQTT TLS files in the browser', () => {
  const flow = useFlowEnvironment();
  const agents: AgentProcess[] = [];

  afterAll(async () => {
    for (const agent of agents) await agent.remove();
  }, 30_000);

  it(
    'uploads the TLS files, shows what they are without their content, and keeps the topic in bounds',
    async () => {
      const { platform } = flow;
      const { page, screenshot, pageErrors } = flow.browser;
      const { gateway, user, device } = await setUpBoundBoiler(platform, PASSWORD);
      agents.push(await startSimulatedGateway(gateway));

      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, user.username, user.password);
      await page.waitForURL((url) => url.pathname.startsWith('/monitor'));
      await page.goto(`${platform.baseUrl}/monitor/devices/${device.id}?tab=gateway`);
      await page.getByTestId('settings-state').waitFor();

      // A key in the CA's place is refused with the catalogue's words; nothing is kept.
      await page.getByTestId('tls-ca-input').setInputFiles(fixture('client.key'));
      await page.getByText('文件不是 PEM 或 DER 格式的 X.509 证书').waitFor();
      expect(await page.getByTestId('tls-ca-stored').count()).toBe(0);

      await page.getByTestId('tls-ca-input').setInputFiles(fixture('ca.pem'));
      await page.getByTestId('tls-ca-summary').waitFor();
      expect(await page.getByTestId('tls-ca-summary').textContent()).toContain('CN=Test MQTT CA');
      await page.getByTestId('tls-cert-input').setInputFiles(fixture('client.der'));
      await page.getByTestId('tls-cert-summary').waitFor();
      await page.getByTestId('tls-key-input').setInputFiles(fixture('client-key.der'));
      await page.getByTestId('tls-key-stored').waitFor();
      expect(await page.getByTestId('tls-key-stored').textContent()).toBe('私钥已保存');
      expect(await page.getByTestId('gateway-settings').textContent()).not.toContain('PRIVATE KEY');

      // A subscription topic outside the gateway's own topics is refused on its field.
      await page.getByTestId('mqtt-subscribe-topic').fill('factory/line1/#');
      await page.getByTestId('save-settings').click();
      await page.getByText(`gw/${gateway.sn}/down/`, { exact: false }).first().waitFor();
      await page.getByTestId('mqtt-tls-files').scrollIntoViewIfNeeded();
      await screenshot('gateway-tls-zh-CN');

      for (const locale of ['zh-CN', 'en-US']) {
        await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
          LOCALE_STORAGE_KEY,
          locale,
        ] as const);
        await page.goto(`${platform.baseUrl}/monitor/devices/${device.id}?tab=gateway`);
        await page.getByTestId('tls-key-stored').waitFor();
        await page.waitForLoadState('networkidle');
        await page.getByTestId('mqtt-tls-files').scrollIntoViewIfNeeded();
        await screenshot(`gateway-tls-files-${locale}`);
      }
      expect(await page.getByTestId('tls-key-stored').textContent()).toBe('Key stored');
      expect(pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
