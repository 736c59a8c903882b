/**
 * Orders and invoices in the browser, in Chinese and English: staff renew the data plan of the
 * SIM card in a person's device, which is an order of that person; the person finds it in the
 * account centre, asks for an invoice (a blank title is refused on its input), and reads the
 * request back from the invoice drawer.
 */
import { LOCALE_STORAGE_KEY, type Locale } from '@lyyp/contracts';
import { describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { signInWithPassword } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { createBoilerProduct, createGateway, registerEndUser } from './support/monitor-setup.ts';
import { PlatformApi } from './system/support/platform-api.ts';

const FLOW_TIMEOUT_MS = 400_000;
const PASSWORD = 'Flow#2024ab';
const TEXTS: Record<Locale, { requested: RegExp; required: RegExp; ok: RegExp }> = {
  'zh-CN': { requested: /已申请/, required: /请输入发票抬头/, ok: /^申请发票$/ },
  'en-US': { requested: /Requested/, required: /Please enter the invoice title/, ok: /^Request invoice$/ },
};

describe('orders and invoices in the browser', () => {
  const flow = useFlowEnvironment();

  it(
    'a renewed data plan is an order whose invoice the person requests and reads back',
    async () => {
      const { platform } = flow;
      const product = await createBoilerProduct(platform);
      const staff = new PlatformApi(platform.baseUrl);
      await staff.signIn(platform.admin.username, platform.admin.password);

      for (const [index, locale] of (['zh-CN', 'en-US'] as const).entries()) {
        const gateway = await createGateway(platform);
        const person = await registerEndUser(platform, PASSWORD);
        const api = new PlatformApi(platform.baseUrl);
        await api.signIn(person.username, person.password);
        const iccid = `8986001234567890123${index}`;
        await api.post('/equipment/add', {
          name: 'Boiler room',
          sn: gateway.sn,
          verificationCode: gateway.verificationCode,
          productId: product.id,
          iccid,
        });
        await staff.post('/sim/edit', { iccid, expiresAt: Date.now() + 86_400_000 });
        await staff.post('/sim/renew', { iccid, months: 12, amountCents: 36_000 });

        const session = await launchBrowser(locale);
        try {
          const { page } = session;
          await page.goto(`${platform.baseUrl}/login`);
          await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
            LOCALE_STORAGE_KEY,
            locale,
          ] as const);
          await page.reload();
          await signInWithPassword(page, person.username, person.password);
          await page.waitForURL((url) => !url.pathname.startsWith('/login'));
          await page.goto(`${platform.baseUrl}/account/orders`);
          const row = page.getByTestId('orders').locator('tr.ant-table-row').first();
          await row.waitFor();
          expect(await row.textContent()).toContain('360');
          await session.screenshot(`orders-${locale}`);

          await row.getByTestId('invoice-request').click();
          const dialog = page.getByRole('dialog');
          await dialog.locator('#invoice_email').fill('finance@example.com');
          await page.getByRole('button', { name: TEXTS[locale].ok }).last().click();
          await dialog.getByText(TEXTS[locale].required).first().waitFor();
          await session.screenshot(`orders-invoice-refused-${locale}`);
          await dialog.locator('#invoice_title').fill('LYYP Heating Ltd');
          await dialog.locator('#invoice_taxNumber').fill('91310000MA1FL0000X');
          await page.getByRole('button', { name: TEXTS[locale].ok }).last().click();
          await row.getByText(TEXTS[locale].requested).waitFor();
          await row.getByRole('button').click();
          await page.locator('.ant-drawer').getByText('91310000MA1FL0000X').waitFor();
          await session.screenshot(`orders-invoice-${locale}`);
          expect(session.pageErrors).toEqual([]);
        } finally {
          await session.close();
        }
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
