/**
 * The console offers on a device exactly what the policy allows, in Chinese and English. A staff
 * member whose role only views devices opens an end user's boiler and finds no unbind, share, clear,
 * restart, factory reset, replace, sync, configuration save or write buttons — on the detail, its
 * tabs and the device lists — while an administrator finds every one of them on the same device.
 * Each screen is photographed for both people in both languages.
 */
import { LOCALE_STORAGE_KEY, type Locale } from '@lyyp/contracts';
import { ADMIN_API_PATHS, type IssuedPassword, type Role } from '@lyyp/contracts/admin';
import { describe, expect, it } from 'vitest';
import { launchBrowser, type BrowserSession } from './support/browser.ts';
import { signInWithPassword } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import {
  createBoilerProduct,
  createGateway,
  registerEndUser,
  type EndUser,
} from './support/monitor-setup.ts';
import { PlatformApi } from './system/support/platform-api.ts';

const FLOW_TIMEOUT_MS = 400_000;
const LOCALES: Locale[] = ['zh-CN', 'en-US'];
const PASSWORD = 'Flow#2024ab';

/** The buttons of each screen that change the device, by their test ids. */
const CHANGES = {
  header: ['device-unbind', 'device-detail-share'],
  gateway: ['sync-config', 'open-replace', 'open-reset', 'open-clear', 'restart-gateway'],
  history: ['clear-records'],
  alarms: ['clear-records'],
} as const;

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

/** Which of the buttons show on the page now. */
async function shown(session: BrowserSession, testIds: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const id of testIds) if ((await session.page.getByTestId(id).count()) > 0) found.push(id);
  return found;
}

describe('device buttons follow the policy', () => {
  const flow = useFlowEnvironment();
  let bound: Promise<{ owner: EndUser; ownerApi: PlatformApi; device: { id: string } }> | undefined;

  /** An end user's boiler, bound once for the file's tests. */
  const boiler = () =>
    (bound ??= (async () => {
      const { platform } = flow;
      const product = await createBoilerProduct(platform);
      const owner = await registerEndUser(platform, PASSWORD);
      const ownerApi = new PlatformApi(platform.baseUrl);
      await ownerApi.signIn(owner.username, owner.password);
      const gateway = await createGateway(platform);
      const device = await ownerApi.post<{ id: string }>('/equipment/add', {
        sn: gateway.sn,
        verificationCode: gateway.verificationCode,
        productId: product.id,
        name: '1号锅炉',
      });
      return { owner, ownerApi, device };
    })());

  it(
    'a device view role sees no unbind, clear, restart or write buttons; an administrator sees them all',
    async () => {
      const { platform } = flow;
      const { device } = await boiler();

      const api = new PlatformApi(platform.baseUrl);
      await api.signIn(platform.admin.username, platform.admin.password);
      const viewRole = await api.post<Role>(ADMIN_API_PATHS.roleSave, {
        name: 'Device viewer',
        audience: 'operation',
        permissions: [
          'monitor:device:view',
          'monitor:history',
          'monitor:alarm:view',
          'manage:equipment:view',
        ],
        dataScope: 'all',
        productIds: [],
      });
      const viewer = await api.post<IssuedPassword>(ADMIN_API_PATHS.accountAdd, {
        kind: 'op',
        username: 'viewr1',
        name: 'Viewer One',
        roleId: viewRole.id,
      });
      const administrator = await api.post<IssuedPassword>(ADMIN_API_PATHS.accountAdd, {
        kind: 'op',
        username: 'admin3',
        name: 'Admin Three',
        roleId: 'builtin-admin',
      });
      const people = [
        // Passwords staff give are one-time: each person chooses their own first.
        {
          who: 'viewer',
          username: 'viewr1',
          password: await new PlatformApi(platform.baseUrl).chooseOwnPassword(
            'viewr1',
            viewer.password,
            'Own#Pass2026',
          ),
          allowed: false,
        },
        {
          who: 'admin',
          username: 'admin3',
          password: await new PlatformApi(platform.baseUrl).chooseOwnPassword(
            'admin3',
            administrator.password,
            'Own#Pass2026',
          ),
          allowed: true,
        },
      ] as const;

      for (const locale of LOCALES) {
        for (const person of people) {
          const session = await launchBrowser(locale);
          try {
            await signIn(session, platform.baseUrl, locale, person.username, person.password);
            const detail = (tab: string) =>
              session.page.goto(`${platform.baseUrl}/monitor/devices/${device.id}?tab=${tab}`);
            const expectButtons = async (ids: readonly string[]) => {
              // Buttons show once the policy has answered: wait for them where they belong.
              if (person.allowed) await session.page.getByTestId(ids[0]!).first().waitFor();
              expect(await shown(session, ids)).toEqual(person.allowed ? ids : []);
            };

            // The gateway tab: the header's unbind and share, sync and every gateway operation.
            await detail('gateway');
            await session.page.getByTestId('config-match').waitFor();
            // The policy's answer has come when the abilities request is done.
            await session.page.waitForLoadState('networkidle');
            await expectButtons(CHANGES.header);
            await expectButtons(CHANGES.gateway);
            await session.screenshot(`device-buttons-gateway-${person.who}-${locale}`);

            // Read/write: every variable has its read button, write buttons only for the administrator.
            await detail('data');
            await session.page.locator('[data-testid^="read-"]').first().waitFor();
            await session.page.waitForLoadState('networkidle');
            const writes = session.page.locator('[data-testid^="write-"]');
            if (person.allowed) await writes.first().waitFor();
            expect((await writes.count()) > 0).toBe(person.allowed);
            await session.screenshot(`device-buttons-data-${person.who}-${locale}`);

            // History and alarm records: clearing is a change.
            await detail('history');
            await session.page.getByTestId('history-table').waitFor();
            await session.page.waitForLoadState('networkidle');
            await expectButtons(CHANGES.history);
            await detail('alarms');
            await session.page.waitForLoadState('networkidle');
            await expectButtons(CHANGES.alarms);
            await session.screenshot(`device-buttons-alarms-${person.who}-${locale}`);

            // Device info: the form is read-only without the edit code.
            await detail('config');
            await session.page.getByTestId('wizard-step-basic').waitFor();
            await session.page.waitForLoadState('networkidle');
            const basic = session.page.getByTestId('wizard-step-basic');
            const save = basic.locator('button[type="submit"]:not([data-testid="save-policy"])');
            if (person.allowed) await save.waitFor();
            expect(await save.count()).toBe(person.allowed ? 1 : 0);
            // The device's own retention policy: seen by both, saved only by the administrator.
            await basic.getByTestId('device-storage').getByTestId('raw-days').waitFor();
            if (person.allowed) await basic.getByTestId('save-policy').waitFor();
            expect(await basic.getByTestId('save-policy').count()).toBe(person.allowed ? 1 : 0);

            // The device lists: no row unbind or share for the viewer.
            await session.page.goto(`${platform.baseUrl}/monitor/devices`);
            await session.page.getByTestId('device-table').getByText('1号锅炉').waitFor();
            await session.page.waitForLoadState('networkidle');
            expect(await session.page.getByTestId('device-row-unbind').count()).toBe(person.allowed ? 1 : 0);
            expect(await session.page.getByTestId('device-share').count()).toBe(person.allowed ? 1 : 0);
            await session.screenshot(`device-buttons-list-${person.who}-${locale}`);
            await session.page.goto(`${platform.baseUrl}/manage/equipment`);
            await session.page.getByTestId('equipment-table').getByText('1号锅炉').waitFor();
            await session.page.waitForLoadState('networkidle');
            expect(await session.page.getByTestId('equipment-unbind').count()).toBe(person.allowed ? 1 : 0);
            await session.screenshot(`device-buttons-equipment-${person.who}-${locale}`);
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
    'a share receiver shares the device further only when its share says so, and never unbinds it',
    async () => {
      const { platform } = flow;
      const { ownerApi, device } = await boiler();
      const receivers = [];
      for (const canReshare of [false, true]) {
        const receiver = await registerEndUser(platform, PASSWORD);
        const made = await ownerApi.post<{ token: string }>('/equipment/share/add', {
          id: device.id,
          method: 'link',
          canReshare,
        });
        const api = new PlatformApi(platform.baseUrl);
        await api.signIn(receiver.username, receiver.password);
        await api.post('/equipment/share/accept', { token: made.token });
        receivers.push({ ...receiver, canReshare, who: canReshare ? 'resharer' : 'receiver' });
      }

      for (const locale of LOCALES) {
        for (const receiver of receivers) {
          const session = await launchBrowser(locale);
          try {
            await signIn(session, platform.baseUrl, locale, receiver.username, receiver.password);
            await session.page.goto(`${platform.baseUrl}/monitor/devices`);
            const row = session.page.getByTestId('device-table').locator('tr', { hasText: '1号锅炉' });
            await row.waitFor();
            await session.page.waitForLoadState('networkidle');
            const share = row.getByTestId('device-share');
            if (receiver.canReshare) await share.waitFor();
            expect(await share.count()).toBe(receiver.canReshare ? 1 : 0);
            expect(await row.getByTestId('device-row-unbind').count()).toBe(0);
            await session.screenshot(`device-buttons-list-${receiver.who}-${locale}`);

            await session.page.goto(`${platform.baseUrl}/monitor/devices/${device.id}`);
            await session.page.getByTestId('device-name').waitFor();
            await session.page.waitForLoadState('networkidle');
            const headerShare = session.page.getByTestId('device-detail-share');
            if (receiver.canReshare) {
              await headerShare.click();
              // Sharing further offers "may share further" too, off by default.
              const reshare = session.page.getByTestId('share-can-reshare');
              await reshare.waitFor();
              expect(await reshare.getAttribute('aria-checked')).toBe('false');
              await session.screenshot(`device-buttons-share-dialog-${receiver.who}-${locale}`);
            } else {
              expect(await headerShare.count()).toBe(0);
            }
            expect(await session.page.getByTestId('device-unbind').count()).toBe(0);
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
