/**
 * The console under its Content-Security-Policy: the super manager and the demo end user open every
 * route of the console's route table their permissions allow, the page designer and the runtime
 * viewer included (data: and blob: images, inline styles, the live WebSocket), and the sign-in page
 * with the picture check it shows after several failures from one network. No screen may trip the
 * policy: no `securitypolicyviolation` event, no CSP error in the console.
 */
import {
  API_PREFIX,
  LOGIN_ADDRESS_FREE_FAILURES,
  hasPermission,
  translateError,
  type AccountInfo,
} from '@lyyp/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE, type RouteDefinition } from '../apps/web/src/app/route-table.ts';
import { CaptchaWatcher, signInWithPassword, solveCaptcha } from './support/console.ts';
import { measureCanvas, drawWidget } from './support/designer-steps.ts';
import { useFlowEnvironment } from './support/flow.ts';

const FLOW_TIMEOUT_MS = 600_000;
/** The demo workspace's end user (seeded on the first start with DEMO=1). */
const DEMO_END_USER = { username: 'user', password: 'User#2026' };

interface Envelope<T> {
  code: string;
  message: string;
  data: T;
}

interface RouteToOpen {
  path: string;
  permission: string | undefined;
}

/** Every route of the table as a path to open; parameters are filled from `values`, else `x`. */
function routesToOpen(values: Readonly<Record<string, string>>): RouteToOpen[] {
  const walk = (definitions: readonly RouteDefinition[], parent: string): RouteToOpen[] =>
    definitions.flatMap((definition) => {
      if (definition.path === '*') return [];
      const own = definition.index ? '' : (definition.path ?? '');
      const path = own.startsWith('/')
        ? own
        : `${parent.replace(/\/$/, '')}/${own}`.replace(/\/$/, '') || '/';
      const here = definition.children
        ? []
        : [
            {
              path: path.replace(/:(\w+)/g, (_, name: string) => values[name] ?? 'x'),
              permission: definition.permission,
            },
          ];
      return [...here, ...walk(definition.children ?? [], path)];
    });
  return walk(ROUTE_TABLE, '');
}

/** Collects policy violations of every document the page loads, reported by the page itself and by the console. */
async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportPolicyViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (text: string) => void })
        .reportPolicyViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`);
    });
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function callApi<T>(page: Page, baseUrl: string, path: string, body: Record<string, unknown>) {
  const response = await page.request.post(`${baseUrl}${API_PREFIX}${path}`, { data: body });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== '200' && answer.code !== '201')
    throw new Error(`${path} answered ${answer.code}: ${answer.message}`);
  return answer.data;
}

async function signedInAccount(page: Page, baseUrl: string): Promise<AccountInfo> {
  const response = await page.request.get(`${baseUrl}${API_PREFIX}/account/info?time=${Date.now()}`);
  return ((await response.json()) as Envelope<AccountInfo>).data;
}

/** Opens each route the account may open and waits until the screen has loaded what it needs. */
async function openRoutes(page: Page, baseUrl: string, account: AccountInfo, routes: RouteToOpen[]) {
  const opened: string[] = [];
  for (const route of routes) {
    if (route.permission && !hasPermission(account.auths, route.permission)) continue;
    await page.goto(`${baseUrl}${route.path}`);
    await page.waitForLoadState('networkidle');
    opened.push(route.path);
  }
  return opened;
}

describe('console under its Content-Security-Policy', () => {
  const environment = useFlowEnvironment({ demo: true });

  it(
    'opens every screen of the super manager and of the demo end user without a policy violation',
    async () => {
      const { platform, browser } = environment;
      const { page } = browser;
      const base = platform.baseUrl;
      const violations = await watchPolicy(page);
      const api = <T>(path: string, body: Record<string, unknown> = {}) => callApi<T>(page, base, path, body);

      const first = await page.goto(`${base}/login`);
      const policy = first?.headers()['content-security-policy'] ?? '';
      expect(policy).toContain("frame-ancestors 'self'");
      expect(policy).toContain("script-src 'self'");
      expect(first?.headers()['x-frame-options']).toBe('SAMEORIGIN');

      // The super manager: every back-office screen, then a designer page with an image and shapes.
      await signInWithPassword(page, platform.admin.username, platform.admin.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const manager = await signedInAccount(page, base);
      const products = await api<{ list: Array<{ id: string }> }>('/product/query', { pageSize: 100 });
      const productId = products.list[0]?.id;
      if (!productId) throw new Error('The demo product is missing');
      const devices = await api<{ list: Array<{ id: string }> }>('/equipment/query', { pageSize: 100 });
      const deviceId = devices.list[0]?.id;
      if (!deviceId) throw new Error('The demo device is missing');
      const created = await api<{ id: string }>('/product/page/add', { productId, title: 'CSP' });

      const values = { id: productId, productId, pageId: created.id, src: 'designer' };
      const managerRoutes = await openRoutes(page, base, manager, routesToOpen(values));
      expect(managerRoutes).toContain(`/manage/product/${productId}/designer/${created.id}`);

      await page.goto(`${base}/manage/product/${productId}/designer/${created.id}`);
      await page.waitForSelector('[data-save-state="clean"]');
      const canvas = await measureCanvas(page);
      await drawWidget(page, canvas, 'ShapeRect', [40, 40], [240, 160]);
      await drawWidget(page, canvas, 'UsualImage', [300, 40], [460, 200]);
      await drawWidget(page, canvas, 'UsualDataText', [40, 240], [260, 290]);
      await page.click('[data-action="save"]');
      await page.waitForSelector('[data-save-state="clean"]');
      await page.waitForLoadState('networkidle');

      // The demo end user mistypes the password a few times from this network: the sign-in page
      // then shows the picture check (a data: image under the policy) and signs in with it.
      await page.context().clearCookies();
      const captchas = new CaptchaWatcher(page);
      await page.goto(`${base}/login`);
      const attempt = async (password: string) => {
        const answered = page.waitForResponse((response) => response.url().endsWith('/user/encrypt/login'));
        await signInWithPassword(page, DEMO_END_USER.username, password);
        return ((await (await answered).json()) as Envelope<unknown>).code;
      };
      for (let failure = 0; failure < LOGIN_ADDRESS_FREE_FAILURES; failure += 1) {
        expect(await attempt('Wrong#Pass1')).toBe('1101');
      }
      expect(await attempt(DEMO_END_USER.password)).toBe('1150');
      await page.getByRole('alert').getByText(translateError('1150', 'zh-CN')).waitFor();
      await solveCaptcha(page, platform, captchas, 'login-password');
      await page.click('form#login-password button[type="submit"]');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));

      // Every monitoring and account screen of the end user, then the page live on the device.
      const endUser = await signedInAccount(page, base);
      expect(endUser.username).toBe(DEMO_END_USER.username);
      const userRoutes = await openRoutes(
        page,
        base,
        endUser,
        routesToOpen({ id: deviceId, pageId: 'start', src: 'designer' }),
      );
      expect(userRoutes).toContain(`/monitor/devices/${deviceId}`);

      await page.goto(`${base}/monitor/devices/${deviceId}/pages/${created.id}`);
      await page.waitForSelector(`[data-runtime-page="${created.id}"] [data-widget-type="UsualImage"]`);
      await page.waitForLoadState('networkidle');

      expect(violations).toEqual([]);
      expect(browser.pageErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
