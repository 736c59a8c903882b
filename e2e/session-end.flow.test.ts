/**
 * A session ended by staff reaches an open monitoring page at once, in a real browser: the demo end
 * user watches the demo boiler's live values; the super manager disables the account through the
 * API; the page's live channel is closed by the server, its values stop and the console shows the
 * sign-in page, without waiting for any periodic check or for the next request of the page.
 */
import { ADMIN_API_PATHS } from '@lyyp/contracts/admin';
import { describe, expect, it } from 'vitest';
import { signInWithPassword } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { PlatformApi } from './system/support/platform-api.ts';

const KEY = 'waterTemperature';
const cell = `[data-testid="value-${KEY}"]`;
/** A ceiling far above the expected moment and far below the periodic session check (60 s). */
const PROMPT_MS = 20_000;

describe('a disabled account on an open monitoring page', () => {
  const flow = useFlowEnvironment({ demo: true });

  it(
    'stops updating and goes to the sign-in page as soon as the account is disabled',
    { timeout: 480_000 },
    async () => {
      const { platform } = flow;
      const { page, screenshot } = flow.browser;
      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, 'user', 'User#2026');
      await page.waitForURL((url) => url.pathname.startsWith('/monitor'));

      // The live channel's socket, and whether the server closed it.
      const liveSocket = page.waitForEvent('websocket', (socket) =>
        socket.url().endsWith('/lyyp/developer/live'),
      );
      await page.getByText('1号锅炉').first().click();
      await page.waitForURL(/\/monitor\/devices\/[^/]+/);
      await page.getByRole('tab', { name: '读写数据' }).click();
      const socket = await liveSocket;
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));

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
      await screenshot('session-end-live');

      // Staff disable the account: the socket closes and the console leaves for the sign-in page.
      const api = new PlatformApi(platform.baseUrl);
      await api.signIn(platform.admin.username, platform.admin.password);
      const accounts = await api.post<{ list: Array<{ id: string; username: string | null }> }>(
        ADMIN_API_PATHS.accountList,
        { kind: 'ter', keyword: 'user', page: 1, pageSize: 50 },
      );
      const user = accounts.list.find((account) => account.username === 'user');
      expect(user).toBeDefined();
      let framesAfterClose = 0;
      let socketClosed = false;
      socket.on('framereceived', () => {
        if (socketClosed) framesAfterClose += 1;
      });
      await api.post(ADMIN_API_PATHS.accountSetStatus, { id: user!.id, status: 'disabled' });
      // Well before the session's periodic check (a minute): the change itself closes the socket.
      await Promise.race([
        closed,
        new Promise((_resolve, reject) =>
          setTimeout(() => reject(new Error('the live socket was not closed by the change')), PROMPT_MS),
        ),
      ]);
      socketClosed = true;
      await page.waitForURL((url) => url.pathname.startsWith('/login'), { timeout: PROMPT_MS });
      await page.locator('input[type="password"]').first().waitFor();
      expect(framesAfterClose).toBe(0);
      await screenshot('session-end-signin');
    },
  );
});
