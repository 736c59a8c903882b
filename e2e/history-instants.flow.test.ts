/**
 * The history table lists every stored value with its millisecond time. The boiler's gateway
 * (played over MQTT) sends a temperature polled every 100 ms and a gas counter every 250 ms; the
 * device's history data tab shows a row per stored instant, times to the millisecond, and the
 * device's reports tab shows the interval its report was configured with. Screens in Chinese and
 * English go to e2e/screenshots/.
 */
import { LOCALE_STORAGE_KEY } from '@lyyp/contracts';
import { downTopic, upTopic } from '@lyyp/contracts/protocol';
import mqtt from 'mqtt';
import { expect, it } from 'vitest';
import { signInWithPassword } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { callApi, createBoundBoiler } from './support/page-setup.ts';

const environment = useFlowEnvironment();

it('shows each value of a 100 ms poll in its own row, with milliseconds, in Chinese and English', async () => {
  const { platform, browser } = environment;
  const { page } = browser;
  const api = <T>(path: string, body: Record<string, unknown>) =>
    callApi<T>(page, platform.baseUrl, path, body);
  await page.goto(`${platform.baseUrl}/login`);
  await signInWithPassword(page, platform.admin.username, platform.admin.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const { product, device, gateway } = await createBoundBoiler(page, platform.baseUrl, {
    title: 'Instant flow boiler',
    productModel: 'LY-BLR-INSTANT',
    deviceName: '5号锅炉',
  });
  const credentials = await api<{ mqtt: { url: string } }>('/gateway/credentials', { sn: gateway.sn });
  const client = await mqtt.connectAsync(credentials.mqtt.url.replace('//localhost:', '//127.0.0.1:'), {
    clientId: gateway.sn,
    username: gateway.sn,
    password: gateway.secret,
    reconnectPeriod: 0,
  });
  try {
    await client.subscribeAsync(downTopic(gateway.sn, 'ack'), { qos: 1 });
    const acked = new Promise<void>((resolve) => client.on('message', () => resolve()));
    const second = Math.floor(Date.now() / 1000) * 1000 - 10_000;
    const points = [];
    for (let tenth = 0; tenth < 20; tenth += 1)
      points.push({ k: 'waterTemperature', t: second + tenth * 100, v: 60 + tenth / 10 });
    for (let quarter = 0; quarter < 8; quarter += 1)
      points.push({ k: 'gasTotal', t: second + quarter * 250, v: 1000 + quarter });
    await client.publishAsync(upTopic(gateway.sn, 'data'), JSON.stringify({ seq: 1, points }), { qos: 1 });
    await acked;
    await api('/report/add', {
      productId: product.id,
      report: {
        name: '温度报表',
        intervalMinutes: 15,
        variables: [{ key: 'waterTemperature', aggregation: 'average' }],
      },
    });

    await page.goto(`${platform.baseUrl}/monitor/devices/${device.id}?tab=history`);
    const table = page.locator('[data-testid="history-table"]');
    // The tab's default columns (the product's first variables) hold the temperature, not the
    // counter: its 20 values of two seconds are 20 rows, none merged into its second.
    await expect
      .poll(() => page.locator('.ant-pagination-total-text').innerText(), { timeout: 30_000 })
      .toMatch(/\b20\b/);
    const firstTime = await table.locator('tr.ant-table-row').first().locator('td').first().innerText();
    expect(firstTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
    expect(firstTime.endsWith('.900')).toBe(true);
    await browser.screenshot('history-instants-zh');

    await page.goto(`${platform.baseUrl}/monitor/devices/${device.id}?tab=reports`);
    await expect
      .poll(() => page.locator('[data-testid="report-interval"]').innerText(), { timeout: 30_000 })
      .toBe('统计周期 15 分钟');
    await browser.screenshot('report-interval-zh');

    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      LOCALE_STORAGE_KEY,
      'en-US',
    ] as const);
    await page.goto(`${platform.baseUrl}/monitor/devices/${device.id}?tab=history`);
    await expect
      .poll(() => table.locator('tr.ant-table-row').first().locator('td').first().innerText(), {
        timeout: 30_000,
      })
      .toBe(firstTime);
    await browser.screenshot('history-instants-en');
    await page.goto(`${platform.baseUrl}/monitor/devices/${device.id}?tab=reports`);
    await expect
      .poll(() => page.locator('[data-testid="report-interval"]').innerText(), { timeout: 30_000 })
      .toBe('Interval 15 min');
    await browser.screenshot('report-interval-en');
  } finally {
    await client.endAsync(true);
  }
}, 240_000);
