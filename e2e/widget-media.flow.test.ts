/**
 * The weather and video widgets from the designer to a running page, against the real platform
 * with a weather provider, a camera adapter and an HLS stream all served on loopback by this flow:
 * a developer draws both widgets and sets their place, theme and stream; the running page shows
 * the provider's weather and loads the stream's playlist and segments through hls.js; the pan-tilt
 * buttons ask for a camera cloud key until one is associated on the account security page, then
 * reach the adapter with it; a button's click script runs in the WebAssembly sandbox. Screens are shot
 * in Chinese and English.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type BrowserSession } from './support/browser.ts';
import { signInWithPassword } from './support/console.ts';
import { drawWidget } from './support/designer-steps.ts';
import { callApi, createBoundBoiler, openNewPage } from './support/page-setup.ts';
import { Platform } from './support/platform.ts';
import { ensureWebBuilt } from './support/web-build.ts';

/** One MPEG-TS packet (188 bytes): sync byte, the null PID, stuffing. */
function transportStreamSegment(packets: number): Buffer {
  const segment = Buffer.alloc(188 * packets, 0xff);
  for (let index = 0; index < packets; index += 1) {
    segment.writeUInt8(0x47, index * 188);
    segment.writeUInt16BE(0x1fff, index * 188 + 1);
    segment.writeUInt8(0x10 | (index & 0x0f), index * 188 + 3);
  }
  return segment;
}

/** The weather provider, camera adapter and HLS stream of this flow. */
async function startLocalServices() {
  const requests: Array<{ method: string; url: string; body: string }> = [];
  const playlist = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:2',
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXTINF:2.0,',
    'segment0.ts',
    '#EXTINF:2.0,',
    'segment1.ts',
    '',
  ].join('\n');
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const url = request.url ?? '';
      requests.push({ method: request.method ?? '', url, body });
      const headers = { 'access-control-allow-origin': '*' };
      if (url.startsWith('/weather')) {
        response
          .writeHead(200, { ...headers, 'content-type': 'application/json' })
          .end(
            JSON.stringify({ place: '海淀区', text: '晴', temperature: 23, humidity: 38, wind: '北风 2 级' }),
          );
      } else if (url === '/camera/ptz') {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else if (url === '/hls/live.m3u8') {
        response
          .writeHead(200, { ...headers, 'content-type': 'application/vnd.apple.mpegurl' })
          .end(playlist);
      } else if (url.startsWith('/hls/segment')) {
        response.writeHead(200, { ...headers, 'content-type': 'video/mp2t' }).end(transportStreamSegment(64));
      } else {
        response.writeHead(404, headers).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('media widgets', () => {
  let services: Awaited<ReturnType<typeof startLocalServices>>;
  let platform: Platform;
  let browser: BrowserSession;

  beforeAll(async () => {
    services = await startLocalServices();
    await ensureWebBuilt();
    platform = await Platform.start({
      environment: {
        WEATHER_PROVIDER_URL: `${services.origin}/weather`,
        CAMERA_ADAPTER_URL: `${services.origin}/camera`,
        CSP_MEDIA_HOSTS: services.origin,
        CSP_CONNECT_HOSTS: services.origin,
      },
    });
    browser = await launchBrowser();
  }, 480_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
    await services?.close();
  }, 30_000);

  it('shows the weather and the camera stream on a running page, and pans the camera with the account key', async () => {
    const { page } = browser;
    const api = <T>(path: string, body: Record<string, unknown>) =>
      callApi<T>(page, platform.baseUrl, path, body);

    await page.goto(`${platform.baseUrl}/login`);
    await signInWithPassword(page, platform.admin.username, platform.admin.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const { product, device } = await createBoundBoiler(page, platform.baseUrl, {
      title: 'Media flow plant',
      productModel: 'LY-MEDIA-E2E',
      deviceName: 'Plant 2',
    });

    // The designer: a blue weather card for city 1101 and a pan-tilt camera playing the local stream.
    const canvas = await openNewPage(page, platform.baseUrl, product.id, '厂区监控');

    await drawWidget(page, canvas, 'ComplexWeather', [40, 40], [320, 170]);
    await page.fill('[data-property="data.cityId"]', '1101');
    await page.press('[data-property="data.cityId"]', 'Enter');
    await page.fill('[data-property="data.title"]', '二号厂区');
    await page.press('[data-property="data.title"]', 'Enter');
    await page.click('[data-property-row="data.themeColor"] .ant-select');
    await page.click('.ant-select-dropdown:visible .ant-select-item-option[title="蓝色"]');
    const designerWeather = page.locator('[data-page-canvas] [data-weather-theme]');
    await expect.poll(() => designerWeather.getAttribute('data-weather-theme')).toBe('blue');

    await drawWidget(page, canvas, 'ComplexVideo', [360, 40], [760, 300]);
    await page.fill('[data-property="data.dataAddon.serialNumber"]', 'CAM-001');
    await page.press('[data-property="data.dataAddon.serialNumber"]', 'Enter');
    await page.fill('[data-property="data.dataAddon.hlsReserve"]', `${services.origin}/hls/live.m3u8`);
    await page.press('[data-property="data.dataAddon.hlsReserve"]', 'Enter');
    await page.click('[data-property="data.dataAddon.PanTilt"]');
    await page.locator('[data-page-canvas] [data-pan-tilt]').waitFor();
    await browser.screenshot('media-designer-zh');

    // A button whose click runs a script in the sandbox.
    await drawWidget(page, canvas, 'UsualButton', [40, 220], [220, 270]);
    await page.click('[data-property-row="event.action"] .ant-select');
    await page.click('.ant-select-dropdown:visible .ant-select-item-option[title="运行脚本"]');
    await page.fill(
      '[data-property="event.script"]',
      "if (read('missing') === null) throw new Error('水泵未就绪');",
    );
    await page.press('[data-property="event.script"]', 'Tab');
    await browser.screenshot('media-script-designer-zh');
    await page.click('[data-action="save"]');
    await page.waitForSelector('[data-save-state="clean"]');
    const pages = await api<{ id: string }[]>('/product/page/list', { productId: product.id });
    const pageId = pages[0]?.id ?? '';

    // The running page: the provider's weather, and hls.js fetching the stream.
    const runtimeUrl = `${platform.baseUrl}/monitor/devices/${device.id}/pages/${pageId}`;
    await page.goto(runtimeUrl);
    await page.waitForSelector(`[data-runtime-page="${pageId}"]`);
    const weather = page.locator('[data-page-canvas] [data-weather-state]');
    await expect.poll(() => weather.getAttribute('data-weather-state')).toBe('conditions');
    await expect(weather.innerText()).resolves.toMatch(/二号厂区[\s\S]*23°C[\s\S]*晴/);
    expect(services.requests.some((request) => request.url === '/weather?province=&city=1101&county=')).toBe(
      true,
    );
    await expect
      .poll(() => services.requests.filter((request) => request.url.startsWith('/hls/')).map((r) => r.url))
      .toEqual(expect.arrayContaining(['/hls/live.m3u8', '/hls/segment0.ts']));
    await browser.screenshot('media-runtime-zh');

    // The button's script runs in QuickJS (WebAssembly) under the console's policy and reports its error.
    await page.click('[data-page-canvas] [data-widget-type="UsualButton"]');
    await page.locator('.ant-message-error', { hasText: '点击脚本出错：Error: 水泵未就绪' }).waitFor();
    await browser.screenshot('media-script-runtime-zh');

    // Pan-tilt without a key is refused with the way to fix it.
    const left = page.locator('[data-page-canvas] [data-pan-tilt] button[aria-label="左"]');
    await left.dispatchEvent('pointerdown');
    await page.locator('.ant-message-error', { hasText: '请先在账号安全中关联摄像头云密钥' }).waitFor();

    // The account security page (Chinese locale): associate the key; only its end is shown back.
    await page.goto(`${platform.baseUrl}/account/security/sms`);
    await page.locator('[data-camera-key="none"]').waitFor();
    await page.fill('#camera-key_appKey', 'media-flow-key-7788');
    await page.fill('#camera-key_appSecret', 'media-flow-secret');
    await page.click('[data-action="camera-key-save"]');
    await page.locator('[data-camera-key-hint]', { hasText: '••••7788' }).waitFor();
    expect(await page.content()).not.toContain('media-flow-secret');
    await browser.screenshot('media-camera-key-zh');

    await page.goto(runtimeUrl);
    await page.waitForSelector(`[data-runtime-page="${pageId}"] [data-pan-tilt]`);
    await page
      .locator('[data-page-canvas] [data-pan-tilt] button[aria-label="左"]')
      .dispatchEvent('pointerdown');
    await expect
      .poll(() =>
        services.requests
          .filter((request) => request.url === '/camera/ptz')
          .map((r) => JSON.parse(r.body) as unknown),
      )
      .toContainEqual({
        serialNumber: 'CAM-001',
        channelNumber: 1,
        direction: 'left',
        appKey: 'media-flow-key-7788',
        appSecret: 'media-flow-secret',
      });

    // English: the same page and the designer; the camera key association is a Chinese-locale service.
    await page.evaluate(() => localStorage.setItem('lyyp.locale', 'en-US'));
    await page.reload();
    await page.waitForSelector(`[data-runtime-page="${pageId}"] [data-weather-state="conditions"]`);
    await expect(
      page.locator('[data-page-canvas] [data-pan-tilt] button[aria-label="Left"]').count(),
    ).resolves.toBe(1);
    await browser.screenshot('media-runtime-en');
    await page.goto(`${platform.baseUrl}/manage/product/${product.id}/designer/${pageId}`);
    await page.waitForSelector('[data-page-canvas] [data-weather-theme="blue"]');
    await page.click('[data-page-canvas] [data-widget-type="ComplexVideo"]');
    await page.locator('[data-property-panel="ComplexVideo"]').waitFor();
    await browser.screenshot('media-designer-en');
    await page.goto(`${platform.baseUrl}/account/security/sms`);
    await page.locator('[data-testid="security-items"]').waitFor();
    expect(await page.locator('[data-camera-key]').count()).toBe(0);

    expect(browser.pageErrors).toEqual([]);
  }, 300_000);
});
