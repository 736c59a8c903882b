/**
 * The console offers on a product and an inspection plan exactly what the policy allows, in
 * Chinese and English. A developer finds edit, publish and delete on the product it made, its
 * details form saves and its pages tab adds and deletes pages; a staff member whose role only views
 * products finds the same product with none of them. An end user's inspector sees the plan it
 * inspects without edit or delete, which its maker has. Each screen is photographed for each
 * person in both languages.
 */
import { LOCALE_STORAGE_KEY, type Locale } from '@lyyp/contracts';
import { ADMIN_API_PATHS, type IssuedPassword, type Role } from '@lyyp/contracts/admin';
import { describe, expect, it } from 'vitest';
import { launchBrowser, type BrowserSession } from './support/browser.ts';
import { signInWithPassword } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { createBoilerProduct, createGateway, registerEndUser } from './support/monitor-setup.ts';
import { PlatformApi } from './system/support/platform-api.ts';

const FLOW_TIMEOUT_MS = 400_000;
const LOCALES: Locale[] = ['zh-CN', 'en-US'];
const PASSWORD = 'Flow#2024ab';
const PRODUCT_TITLE = 'Steam boiler SB-2';

/** The product list's buttons that change a product, by their test ids. */
const PRODUCT_CHANGES = ['product-edit', 'product-publish', 'product-delete'] as const;

/** Signs in and keeps the console's language, as the language menu does. */
async function signIn(
  session: BrowserSession,
  base: string,
  locale: Locale,
  account: string,
  password: string,
) {
  await session.page.goto(`${base}/login`);
  await signInWithPassword(session.page, account, password);
  await session.page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await session.page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    LOCALE_STORAGE_KEY,
    locale,
  ] as const);
}

/** Which of the buttons show inside `scope` now. */
async function shown(
  scope: ReturnType<BrowserSession['page']['locator']>,
  testIds: readonly string[],
): Promise<string[]> {
  const found: string[] = [];
  for (const id of testIds) if ((await scope.getByTestId(id).count()) > 0) found.push(id);
  return found;
}

describe('product and inspection plan buttons follow the policy', () => {
  const flow = useFlowEnvironment();

  it(
    'a developer changes the product it made; staff who only view products see no change on it',
    async () => {
      const { platform } = flow;
      const developer = await registerEndUser(platform, PASSWORD, 'developer');
      const developerApi = new PlatformApi(platform.baseUrl);
      await developerApi.signIn(developer.username, developer.password);
      const product = await developerApi.post<{ id: string }>('/product/add', {
        title: PRODUCT_TITLE,
        productModel: 'SB-2',
      });
      await developerApi.post('/product/page/add', { productId: product.id, title: 'Overview' });

      const api = new PlatformApi(platform.baseUrl);
      await api.signIn(platform.admin.username, platform.admin.password);
      const viewRole = await api.post<Role>(ADMIN_API_PATHS.roleSave, {
        name: 'Product viewer',
        audience: 'operation',
        permissions: ['manage:product:view'],
        dataScope: 'all',
        productIds: [],
      });
      const viewer = await api.post<IssuedPassword>(ADMIN_API_PATHS.accountAdd, {
        kind: 'op',
        username: 'prodv1',
        name: 'Product Viewer',
        roleId: viewRole.id,
      });
      const people = [
        // The password staff gave is one-time: the person chooses their own first.
        {
          who: 'viewer',
          username: 'prodv1',
          password: await new PlatformApi(platform.baseUrl).chooseOwnPassword(
            'prodv1',
            viewer.password,
            'Own#Pass2026',
          ),
          allowed: false,
        },
        { who: 'maker', username: developer.username, password: developer.password, allowed: true },
      ] as const;

      for (const locale of LOCALES) {
        for (const person of people) {
          const session = await launchBrowser(locale);
          try {
            await signIn(session, platform.baseUrl, locale, person.username, person.password);
            await session.page.goto(`${platform.baseUrl}/manage/product/list`);
            const row = session.page.getByTestId('product-table').locator('tr', { hasText: PRODUCT_TITLE });
            await row.waitFor();
            // The policy's answer has come when the capabilities request is done.
            await session.page.waitForLoadState('networkidle');
            if (person.allowed) await row.getByTestId('product-edit').waitFor();
            expect(await shown(row, PRODUCT_CHANGES)).toEqual(person.allowed ? PRODUCT_CHANGES : []);
            // Who may not change it still opens it to look.
            expect(await row.getByTestId('product-open').count()).toBe(person.allowed ? 0 : 1);
            expect(await session.page.getByTestId('product-add').count()).toBe(person.allowed ? 1 : 0);
            await session.screenshot(`object-buttons-products-${person.who}-${locale}`);

            // The product's own page asks about this product: the details form saves for its maker only.
            await session.page.goto(`${platform.baseUrl}/manage/product/edit/${product.id}/info`);
            await session.page.getByTestId('product-title').waitFor();
            await session.page.waitForLoadState('networkidle');
            const save = session.page.getByTestId('product-save');
            if (person.allowed) await save.waitFor();
            expect(await save.count()).toBe(person.allowed ? 1 : 0);
            await session.screenshot(`object-buttons-product-info-${person.who}-${locale}`);

            // The pages tab asks about the product too: who only views it neither adds nor deletes pages.
            await session.page.goto(`${platform.baseUrl}/manage/product/edit/${product.id}/page`);
            await session.page.locator('[data-page-link]').first().waitFor();
            await session.page.waitForLoadState('networkidle');
            const pages = session.page.locator('[data-product-pages]');
            if (person.allowed) await pages.locator('[data-action="delete-page"]').first().waitFor();
            expect(await pages.locator('[data-action="create-page"]').count()).toBe(person.allowed ? 1 : 0);
            expect(await pages.locator('[data-action="delete-page"]').count()).toBe(person.allowed ? 1 : 0);
            await session.screenshot(`object-buttons-product-pages-${person.who}-${locale}`);
            expect(session.pageErrors).toEqual([]);
          } finally {
            await session.close();
          }
        }
      }
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'an inspector sees no edit on a plan someone else made; its maker does',
    async () => {
      const { platform } = flow;
      const boiler = await createBoilerProduct(platform);
      const owner = await registerEndUser(platform, PASSWORD);
      const ownerApi = new PlatformApi(platform.baseUrl);
      await ownerApi.signIn(owner.username, owner.password);
      const gateway = await createGateway(platform);
      const device = await ownerApi.post<{ id: string }>('/equipment/add', {
        sn: gateway.sn,
        verificationCode: gateway.verificationCode,
        productId: boiler.id,
        name: '2号锅炉',
      });
      // The inspector reaches the boiler through a share, then is named on the owner's plan.
      const inspector = await registerEndUser(platform, PASSWORD);
      const inspectorApi = new PlatformApi(platform.baseUrl);
      await inspectorApi.signIn(inspector.username, inspector.password);
      const share = await ownerApi.post<{ token: string }>('/equipment/share/add', {
        id: device.id,
        method: 'link',
      });
      await inspectorApi.post('/equipment/share/accept', { token: share.token });
      const inspectorId = (await inspectorApi.call<{ id: string }>('GET', '/account/info')).id;
      await ownerApi.post('/maintenance/inspection/plan/save', {
        plan: {
          name: 'Daily boiler round',
          deviceIds: [device.id],
          items: [{ id: 'leaks', name: 'No leaks', kind: 'check' }],
          schedule: { frequency: 'daily', utcOffsetMinutes: 480 },
          inspectorIds: [inspectorId],
          enabled: false,
        },
      });

      const people = [
        { who: 'inspector', ...inspector, allowed: false },
        { who: 'maker', ...owner, allowed: true },
      ];
      for (const locale of LOCALES) {
        for (const person of people) {
          const session = await launchBrowser(locale);
          try {
            await signIn(session, platform.baseUrl, locale, person.username, person.password);
            await session.page.goto(`${platform.baseUrl}/monitor/inspections`);
            await session.page.locator('[data-node-key="plans"]').click();
            const card = session.page.getByTestId('plan-card').filter({ hasText: 'Daily boiler round' });
            await card.waitFor();
            await session.page.waitForLoadState('networkidle');
            const edit = card.getByTestId('plan-edit');
            if (person.allowed) await edit.waitFor();
            expect(await edit.count()).toBe(person.allowed ? 1 : 0);
            await session.screenshot(`object-buttons-plans-${person.who}-${locale}`);
            expect(session.pageErrors).toEqual([]);
          } finally {
            await session.close();
          }
        }
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
