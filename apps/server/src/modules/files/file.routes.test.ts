import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@lyyp/contracts';
import { DESIGNER_IMAGE_MAX_BYTES } from '@lyyp/contracts/designer';
import {
  databaseVariants,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/test-server.ts';
import { closeTestServer, signIn } from '../device/catalogue-test-support.ts';
import { IMAGE_SAMPLES, multipartBody, type MultipartFile } from './files-test-support.ts';

// Until the application registers these paths itself, the platform the tests build gets them here.
/** A PNG of exactly `size` bytes: the signature, then padding. */
function pngOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x41);
  IMAGE_SAMPLES.png.copy(bytes);
  return bytes;
}

describe.each(databaseVariants())('file paths on $name', (variant) => {
  let server: TestServer;
  let dataDir: string;
  let client: TestClient;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lyyp-files-'));
    server = await startTestServer(variant, { DATA_DIR: dataDir });
    client = (await signIn(server, 'developer')).client;
  });
  afterAll(async () => {
    await closeTestServer(server);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const upload = async (files: MultipartFile[], as: TestClient | null = client, fields = {}) => {
    const body = multipartBody(fields, files);
    const cookie = as ? [...as.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : undefined;
    const response = await server.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/file/upload`,
      headers: {
        'content-type': body.contentType,
        'accept-language': 'en-US',
        ...(cookie ? { cookie } : {}),
      },
      payload: body.payload,
    });
    return {
      status: response.statusCode,
      ...response.json<{ code: string; message: string; data: unknown }>(),
    };
  };
  const image = (name: string, bytes: Buffer): MultipartFile => ({ field: 'file', name, bytes });
  const download = (url: string) => server.app.inject({ method: 'GET', url });

  it('stores an image and serves it to anyone with its type, inert', async () => {
    const bytes = pngOfSize(2048);
    const answer = await upload([image('logo.png', bytes)]);
    expect(answer.code, answer.message).toBe('200');
    const { id, url } = answer.data as { id: string; url: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(url).toBe(`${API_PREFIX}/file/${id}`);
    expect(await fs.readFile(path.join(dataDir, 'files', id))).toEqual(bytes);
    expect((await fs.readdir(path.join(dataDir, 'files'))).filter((name) => name.endsWith('.tmp'))).toEqual(
      [],
    );

    const served = await download(url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(bytes);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves an SVG so that it cannot run script', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const { url } = (await upload([image('drawing.svg', svg)])).data as { url: string };
    const served = await download(url);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload).toEqual(svg);
  });

  it('accepts every image type pages use, by name and content', async () => {
    const names = { jpg: 'photo.JPEG', png: 'a.png', gif: 'spin.gif', svg: 'b.svg', ico: 'favicon.ico' };
    for (const [extension, name] of Object.entries(names)) {
      const answer = await upload([image(name, IMAGE_SAMPLES[extension as keyof typeof IMAGE_SAMPLES])]);
      expect(answer.code, name).toBe('200');
    }
  });

  it('refuses an image of 100K or more by the bytes that arrived', async () => {
    expect((await upload([image('edge.png', pngOfSize(DESIGNER_IMAGE_MAX_BYTES - 1))])).code).toBe('200');
    expect(await upload([image('full.png', pngOfSize(DESIGNER_IMAGE_MAX_BYTES))])).toMatchObject({
      status: 413,
      code: '1802',
      message: 'The file is too large, at most 100K',
    });
    expect(await upload([image('huge.png', pngOfSize(3 * DESIGNER_IMAGE_MAX_BYTES))])).toMatchObject({
      code: '1802',
    });
  });

  it('refuses other types, and files whose content is not what their name says', async () => {
    expect(await upload([image('notes.txt', Buffer.from('hello'))])).toMatchObject({
      status: 415,
      code: '1803',
      message: 'Unsupported file type, allowed: jpg, png, gif, svg, ico',
    });
    expect(
      await upload([image('page.png', Buffer.from('<html><script>alert(1)</script></html>'))]),
    ).toMatchObject({ code: '1803' });
    expect(await upload([image('noextension', IMAGE_SAMPLES.png)])).toMatchObject({ code: '1803' });
    expect(await upload([image('empty.gif', Buffer.alloc(0))])).toMatchObject({ code: '1803' });
  });

  it('needs a signed-in account, a multipart form and the file field', async () => {
    expect(await upload([image('a.png', IMAGE_SAMPLES.png)], null)).toMatchObject({
      status: 401,
      code: '1010',
    });
    expect(await client.call('POST', '/file/upload', { file: 'a.png' })).toMatchObject({ code: '1009' });
    expect(await upload([], client, { note: 'no file' })).toMatchObject({
      code: '1001',
      data: { field: 'file' },
    });
    expect(await upload([{ field: 'picture', name: 'a.png', bytes: IMAGE_SAMPLES.png }])).toMatchObject({
      code: '1001',
      data: { field: 'file' },
    });
  });

  it('takes one file per upload', async () => {
    const answer = await upload([image('a.png', IMAGE_SAMPLES.png), image('b.png', IMAGE_SAMPLES.png)]);
    expect(answer).toMatchObject({ status: 413, code: '1005' });
  });

  it('refuses a broken multipart body as a bad request', async () => {
    const body = multipartBody({}, [image('a.png', pngOfSize(4096))]);
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await server.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/file/upload`,
      headers: { 'content-type': body.contentType, cookie },
      payload: body.payload.subarray(0, 1000),
    });
    expect(response.json()).toMatchObject({ code: '1002' });
  });

  it('answers an unknown file like a missing one', async () => {
    const served = await download(`${API_PREFIX}/file/00000000-0000-4000-8000-000000000000`);
    expect(served.statusCode).toBe(404);
    expect(served.json()).toMatchObject({ code: '1003' });
    expect((await download(`${API_PREFIX}/file/..%2F..%2Fetc%2Fpasswd`)).statusCode).toBe(404);
  });
});
