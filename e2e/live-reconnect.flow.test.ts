/**
 * Live values across a platform restart, in a real browser: the demo workspace's end user watches
 * the demo boiler (a real edge agent with its simulator, run by the platform); the platform is
 * stopped, the screen marks the values stale instead of showing them as live; the platform starts
 * again on the same ports and data, the live channel reconnects by itself and values move again.
 */
import { describe, it } from 'vitest';
import { signInWithPassword } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';

const KEY = 'waterTemperature';
const cell = `[data-testid="value-${KEY}"]`;

describe('live channel across a platform restart', () => {
  const flow = useFlowEnvironment({ demo: true });

  it(
    'marks values stale while the platform is away and resumes them when it is back',
    { timeout: 480_000 },
    async () => {
      const { platform } = flow;
      const { page, screenshot } = flow.browser;
      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, 'user', 'User#2026');
      await page.waitForURL((url) => url.pathname.startsWith('/monitor'));
      await page.getByText('1号锅炉').first().click();
      await page.waitForURL(/\/monitor\/devices\/[^/]+/);
      await page.getByRole('tab', { name: '读写数据' }).click();

      // Live: the value is current and changes without a reload.
      await page.locator(`${cell}[data-stale="false"]`).waitFor({ timeout: 60_000 });
      const before = (await page.locator(cell).textContent()) ?? '';
      await page.waitForFunction(
        ([selector, previous]) => {
          const text = document.querySelector(selector)?.textContent ?? '';
          return text !== '' && text !== previous;
        },
        [cell, before] as const,
        { timeout: 30_000 },
      );

      // The platform goes away: the screen stops calling the value live.
      const restarted = platform.restart();
      await page.locator(`${cell}[data-stale="true"]`).waitFor({ timeout: 60_000 });
      await screenshot('live-reconnect-stale');
      await restarted;

      // Back: the channel reconnects, resubscribes, and values are current and moving again.
      await page.locator(`${cell}[data-stale="false"]`).waitFor({ timeout: 90_000 });
      const resumed = (await page.locator(cell).textContent()) ?? '';
      await page.waitForFunction(
        ([selector, previous]) => {
          const text = document.querySelector(selector)?.textContent ?? '';
          return text !== '' && text !== previous;
        },
        [cell, resumed] as const,
        { timeout: 30_000 },
      );
      await screenshot('live-reconnect-resumed');
    },
  );
});
