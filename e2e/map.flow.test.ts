/**
 * The fleet map in a real browser against the real platform and a real edge agent, with no tile
 * server (the bundled outline base layer; no test needs the internet). An end user with three devices sees
 * them on the map, two neighbours in one cluster; picks the online one, plays back its track from
 * two of its variables, refreshes its position and opens it. Shot in Chinese and English.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LOCALE_STORAGE_KEY } from '@lyyp/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { signInWithPassword, waitForTitle } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import {
  createBoilerProduct,
  createGateway,
  registerEndUser,
  startSimulatedGateway,
} from './support/monitor-setup.ts';
import type { AgentProcess } from './system/support/agent.ts';
import { PlatformApi } from './system/support/platform-api.ts';

const FLOW_TIMEOUT_MS = 300_000;
const PASSWORD = 'Flow#2024ab';
const SHOTS = '/tmp/shots-fleet-map';

describe('map flow in the browser', () => {
  const flow = useFlowEnvironment();
  let agent: AgentProcess | undefined;

  afterAll(async () => {
    await agent?.remove();
  }, 30_000);

  it(
    'shows devices clustered by place in status colours, plays back a track, refreshes a position and opens the device',
    async () => {
      const { platform } = flow;
      const product = await createBoilerProduct(platform);
      const user = await registerEndUser(platform, PASSWORD);
      const api = new PlatformApi(platform.baseUrl);
      await api.signIn(user.username, user.password);
      const places = [
        { name: '浦东锅炉', latitude: 31.23, longitude: 121.47 },
        { name: '浦西锅炉', latitude: 31.2305, longitude: 121.4705 },
        { name: '北京锅炉', latitude: 39.9, longitude: 116.4 },
      ];
      const gateways = [];
      const ids: string[] = [];
      for (const place of places) {
        const gateway = await createGateway(platform);
        gateways.push(gateway);
        const device = await api.post<{ id: string }>('/equipment/add', {
          ...place,
          sn: gateway.sn,
          verificationCode: gateway.verificationCode,
          productId: product.id,
        });
        ids.push(device.id);
      }
      agent = await startSimulatedGateway(gateways[0]!);

      const { page, screenshot, pageErrors } = flow.browser;
      const shoot = async (name: string) => {
        fs.mkdirSync(SHOTS, { recursive: true });
        fs.copyFileSync(await screenshot(name), path.join(SHOTS, `${name}.png`));
      };
      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, user.username, user.password);
      await page.waitForURL((url) => url.pathname.startsWith('/monitor'));
      await page.goto(`${platform.baseUrl}/monitor/map`);
      await waitForTitle(page, '地图 - LYYP');
      const map = page.locator('[data-testid="leaflet-map"]');
      await page.locator('[data-testid="leaflet-map"][data-map-ready="true"]').waitFor();
      expect(await map.getAttribute('data-map-tiles')).toBe('outline');
      await page.locator('[data-testid="leaflet-map"][data-map-outline="drawn"]').waitFor();
      await expect.poll(() => page.locator('[data-testid="map-located"]').textContent()).toContain('3');
      // The two Shanghai devices share one cluster at the zoom that shows Beijing too.
      await page.locator('.fleet-cluster', { hasText: '2' }).first().waitFor();
      await expect.poll(() => page.locator('[data-status-count="online"]').textContent()).toContain('1');
      await shoot('map-zh');

      // The online device alone, chosen on the map.
      await page.locator('input[data-testid="map-keyword"], [data-testid="map-keyword"] input').fill('浦东');
      await page
        .locator('input[data-testid="map-keyword"], [data-testid="map-keyword"] input')
        .press('Enter');
      await expect.poll(() => map.getAttribute('data-marker-count')).toBe('1');
      await page.locator('path.fleet-marker-online').click();
      const panel = page.locator('[data-testid="map-device-panel"]');
      await panel.waitFor();
      expect(await panel.textContent()).toContain('浦东锅炉');

      // Track playback from two of the boiler's variables standing in for GPS.
      await panel.locator('[data-testid="track-latitude"]').click();
      await page.locator('.ant-select-item-option[title="室外温度 (outdoorTemperature)"]').click();
      await panel.locator('[data-testid="track-longitude"]').click();
      // The latitude list stays in the page (closing) with the same options; the newest list is last.
      await page.locator('.ant-select-item-option[title="出水温度 (waterTemperature)"]').last().click();
      await expect
        .poll(
          async () => {
            await panel.locator('[data-testid="track-load"]').click();
            await panel.locator('[data-testid="track-player"]').waitFor();
            return Number(
              await panel.locator('[data-testid="track-player"]').getAttribute('data-track-points'),
            );
          },
          { timeout: 60_000, interval: 2000 },
        )
        .toBeGreaterThan(1);
      await panel.locator('[data-testid="track-play"]').click();
      await expect
        .poll(async () =>
          Number(await panel.locator('[data-testid="track-time"]').getAttribute('data-track-index')),
        )
        .toBeGreaterThan(0);
      await panel.locator('[data-testid="track-pause"]').click();
      await shoot('map-track-zh');

      // The manual refresh takes the latest position and says how many refreshes are left today.
      await panel.getByRole('button', { name: /刷新位置/ }).click();
      await page.locator('.ant-message', { hasText: '今日还可刷新 9 次' }).waitFor();

      // English.
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        LOCALE_STORAGE_KEY,
        'en-US',
      ] as const);
      await page.reload();
      await waitForTitle(page, 'Map - LYYP');
      await page.locator('[data-testid="leaflet-map"][data-map-ready="true"]').waitFor();
      await expect
        .poll(() => page.locator('[data-testid="map-located"]').textContent())
        .toContain('on the map');
      await page.locator('path.fleet-marker').first().waitFor();
      await shoot('map-en');
      await page.locator('input[data-testid="map-keyword"], [data-testid="map-keyword"] input').fill('浦东');
      await page
        .locator('input[data-testid="map-keyword"], [data-testid="map-keyword"] input')
        .press('Enter');
      await expect.poll(() => map.getAttribute('data-marker-count')).toBe('1');
      await page.locator('path.fleet-marker').click();
      await panel.waitFor();
      await shoot('map-panel-en');

      await panel.locator('[data-testid="map-open-device"]').click();
      await page.waitForURL((url) => url.pathname === `/monitor/devices/${ids[0]}`);
      expect(pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
