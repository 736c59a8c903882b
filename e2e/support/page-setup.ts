/**
 * Set-up shared by the flows that design a page: API calls with the browser's session, a boiler
 * product with a bound device, its gateway played by the real edge agent, and a new page opened in
 * the designer.
 */
import { API_PREFIX } from '@lyyp/contracts';
import { demoBoilerModelInput } from '@lyyp/contracts/device-model';
import type { Page } from 'playwright-core';
import { measureCanvas, type Canvas } from './designer-steps.ts';
import { EdgeAgent } from './edge-agent.ts';

interface Envelope<T> {
  code: string;
  message: string;
  data: T;
}

/** Calls the platform with the browser's session, as the console would. */
export async function callApi<T>(
  page: Page,
  baseUrl: string,
  path: string,
  body: Record<string, unknown>,
): Promise<T> {
  const response = await page.request.post(`${baseUrl}${API_PREFIX}${path}`, { data: body });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== '200' && answer.code !== '201')
    throw new Error(`${path} answered ${answer.code}: ${answer.message}`);
  return answer.data;
}

export interface BoundBoiler {
  product: { id: string };
  gateway: { sn: string; verificationCode: string; secret: string };
  device: { id: string };
}

/** A boiler product (the demo model polling every 500 ms), a new gateway and a device bound to both. */
export async function createBoundBoiler(
  page: Page,
  baseUrl: string,
  names: { title: string; productModel: string; deviceName: string },
): Promise<BoundBoiler> {
  const api = <T>(path: string, body: Record<string, unknown>) => callApi<T>(page, baseUrl, path, body);
  const product = await api<{ id: string }>('/product/advance/importProduct', {
    title: names.title,
    productModel: names.productModel,
    json: demoBoilerModelInput({ host: '192.0.2.10', pollIntervalMs: 500 }),
  });
  const [gateway] = await api<BoundBoiler['gateway'][]>('/gateway/batchAdd', { count: 1 });
  if (!gateway) throw new Error('No gateway was created');
  const device = await api<{ id: string }>('/equipment/add', {
    name: names.deviceName,
    sn: gateway.sn,
    verificationCode: gateway.verificationCode,
    productId: product.id,
  });
  return { product, gateway, device };
}

/** The real edge agent playing the boiler's gateway, once it has applied its configuration. */
export async function startBoilerAgent(page: Page, baseUrl: string, boiler: BoundBoiler): Promise<EdgeAgent> {
  const credentials = await callApi<{ mqtt: { url: string } }>(page, baseUrl, '/gateway/credentials', {
    sn: boiler.gateway.sn,
  });
  const agent = EdgeAgent.start({
    sn: boiler.gateway.sn,
    secret: boiler.gateway.secret,
    platformMqttUrl: credentials.mqtt.url.replace('//localhost:', '//127.0.0.1:'),
  });
  await agent.waitForLine(/configuration version \d+ applied/, 40_000);
  return agent;
}

/** The product's pages tab: a new page with this title, opened in the designer. */
export async function openNewPage(
  page: Page,
  baseUrl: string,
  productId: string,
  title: string,
): Promise<Canvas> {
  await page.goto(`${baseUrl}/manage/product/edit/${productId}/page`);
  await page.click('[data-action="create-page"]');
  await page.fill('#page-title_title', title);
  await page.press('#page-title_title', 'Enter');
  await page.click('[data-page-link]');
  await page.waitForSelector('[data-designer]');
  await page.waitForSelector('[data-save-state="clean"]');
  return measureCanvas(page);
}
