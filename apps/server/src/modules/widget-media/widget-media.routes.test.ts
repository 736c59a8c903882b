/**
 * The media widgets' paths against the real HTTP adapters: a local weather service and a local
 * camera adapter started by the test (loopback only), and a platform without either (offline).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_MEDIA_API_PATHS as PATHS } from '@lyyp/contracts/widget-media';
import { WEATHER_CACHE_MS } from './widget-media.service.ts';
import { postJson, signIn } from '../device/catalogue-test-support.ts';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';

interface Recorded {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

async function startStub(answer: (request: Recorded) => { status: number; body: string }) {
  const seen: Recorded[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const recorded = { url: request.url ?? '', headers: request.headers, body };
      seen.push(recorded);
      const { status, body: text } = answer(recorded);
      response.writeHead(status, { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(databaseVariants())('media widget paths on $name', (variant) => {
  let server: TestServer;
  let offline: TestServer;
  let weather: Awaited<ReturnType<typeof startStub>>;
  let camera: Awaited<ReturnType<typeof startStub>>;

  beforeAll(async () => {
    weather = await startStub(() => ({
      status: 200,
      body: JSON.stringify({
        place: '海淀区',
        text: '晴',
        temperature: '21.5',
        humidity: 40,
        wind: '北风 2 级',
      }),
    }));
    camera = await startStub((request) =>
      request.body.includes('"down"') ? { status: 400, body: 'device offline' } : { status: 200, body: '{}' },
    );
    server = await startTestServer(variant, {
      WEATHER_PROVIDER_URL: `${weather.url}now`,
      WEATHER_PROVIDER_TOKEN: 'weather-secret-token',
      CAMERA_ADAPTER_URL: camera.url,
    });
    offline = await startTestServer(variant);
  });
  afterAll(async () => {
    await server.close();
    await offline.close();
    await weather.close();
    await camera.close();
  });

  it('answers no weather source configured on an offline platform, and needs a session', async () => {
    const { client } = await signIn(offline, 'terminal');
    const answer = await postJson(offline, client, PATHS.weather, { provinceId: '11' });
    expect(answer.code).toBe('200');
    expect(answer.data).toEqual({ configured: false, conditions: null });
    expect((await postJson(offline, null, PATHS.weather, { provinceId: '11' })).code).toBe('1010');
  });

  it('reads the provider once per place and period, with its token, and answers the conditions', async () => {
    const { client } = await signIn(server, 'terminal');
    const place = { provinceId: '11', cityId: '1101', countyId: '110108' };
    const first = await postJson(server, client, PATHS.weather, place);
    expect(first.code).toBe('200');
    expect(first.data).toMatchObject({
      configured: true,
      conditions: { place: '海淀区', text: '晴', temperature: 21.5, humidity: 40, wind: '北风 2 级' },
    });
    expect(weather.seen).toHaveLength(1);
    expect(weather.seen[0]?.url).toBe('/now?province=11&city=1101&county=110108');
    expect(weather.seen[0]?.headers.authorization).toBe('Bearer weather-secret-token');
    await postJson(server, client, PATHS.weather, place);
    expect(weather.seen).toHaveLength(1);
    server.clock.advance(WEATHER_CACHE_MS + 1);
    await postJson(server, client, PATHS.weather, place);
    expect(weather.seen).toHaveLength(2);
    expect(JSON.stringify(server.logs)).not.toContain('weather-secret-token');
  });

  it('refuses a weather request without a place', async () => {
    const { client } = await signIn(server, 'terminal');
    const answer = await postJson(server, client, PATHS.weather, {});
    expect(answer.code).toBe('2682');
    expect(answer.message).toBe('Choose a province, city or county first');
  });

  it('stores the camera cloud key, shows it only by its last characters, and sends it to the adapter', async () => {
    const { client } = await signIn(server, 'terminal');
    const command = { serialNumber: 'D12345678', channelNumber: 2, direction: 'left' };
    expect((await postJson(server, client, PATHS.cameraControl, command)).code).toBe('2685');

    const saved = await postJson(server, client, PATHS.cameraKeySave, {
      appKey: 'app-key-0001-abcd',
      appSecret: 'very-secret-value',
    });
    expect(saved.code).toBe('200');
    expect(saved.data).toMatchObject({ associated: true, appKeyHint: '••••abcd' });
    const shown = await postJson(server, client, PATHS.cameraKey, {});
    expect(shown.raw.toString('utf8')).not.toContain('very-secret-value');
    expect(shown.raw.toString('utf8')).not.toContain('app-key-0001');

    const sent = await postJson(server, client, PATHS.cameraControl, command);
    expect(sent.code).toBe('200');
    const last = camera.seen.at(-1);
    expect(last?.url).toBe('/ptz');
    expect(JSON.parse(last?.body ?? '{}')).toEqual({
      ...command,
      appKey: 'app-key-0001-abcd',
      appSecret: 'very-secret-value',
    });

    const refused = await postJson(server, client, PATHS.cameraControl, { ...command, direction: 'down' });
    expect(refused.code).toBe('2686');
    expect(refused.message).toContain('device offline');
    expect(JSON.stringify(server.logs)).not.toContain('very-secret-value');

    const bad = await postJson(server, client, PATHS.cameraControl, { ...command, direction: 'spin' });
    expect(bad.code).not.toBe('200');
    const removed = await postJson(server, client, PATHS.cameraKeyDelete, {});
    expect(removed.data).toMatchObject({ associated: false, appKeyHint: '' });
  });

  it('keeps each account’s key to itself', async () => {
    const owner = await signIn(server, 'terminal');
    const other = await signIn(server, 'terminal');
    await postJson(server, owner.client, PATHS.cameraKeySave, { appKey: 'owner-key-9999', appSecret: 's' });
    expect((await postJson(server, other.client, PATHS.cameraKey, {})).data).toMatchObject({
      associated: false,
    });
  });

  it('refuses pan-tilt on a platform without a camera adapter', async () => {
    const { client } = await signIn(offline, 'terminal');
    const answer = await postJson(offline, client, PATHS.cameraControl, {
      serialNumber: 'D1',
      channelNumber: 1,
      direction: 'up',
    });
    expect(answer.code).toBe('2683');
  });
});
