/**
 * App packages of version maintenance: staff upload an .apk, .hap or .ipa (a ZIP archive) of at
 * most 200 MB; anyone downloads it as an attachment. Other types (1803), a body declaring more
 * than the limit (1802, refused before it is read), callers without version maintenance (1201)
 * and the plain file path (1003) are refused, and a refused upload stores nothing.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@lyyp/contracts';
import { APP_FILE_MAX_BYTES } from '@lyyp/contracts/system';
import { files } from '../../db/schema/index.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { closeTestServer, postMultipart, signIn } from '../device/catalogue-test-support.ts';

/** A tiny package: the ZIP signature and a few bytes, enough for the platform's check. */
const PACKAGE = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('android package body')]);

describe.each(databaseVariants())('app packages on $name', (variant) => {
  let server: TestServer;
  let staff: TestClient;
  let developer: TestClient;

  beforeAll(async () => {
    server = await startTestServer(variant);
    staff = (await signIn(server, 'super')).client;
    developer = (await signIn(server, 'developer')).client;
  });
  afterAll(async () => closeTestServer(server));

  const upload = (name: string, bytes: Buffer, client = staff) =>
    postMultipart(server, client, '/file/app/upload', {}, { field: 'file', name, bytes });
  const storedCount = async () => (await server.database.db.select().from(files)).length;

  it('stores a package and serves it to anyone as an attachment', async () => {
    const answer = await upload('boiler-2.1.0.apk', PACKAGE);
    expect(answer).toMatchObject({
      code: '200',
      data: {
        name: 'boiler-2.1.0.apk',
        size: PACKAGE.length,
      },
    });
    expect((answer.data as { sha256: string }).sha256).toMatch(/^[0-9a-f]{64}$/);
    const { id, url } = answer.data as { id: string; url: string };
    expect(url).toBe(`${API_PREFIX}/file/app/${id}`);

    const served = await server.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PACKAGE)).toBe(true);
    expect(served.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(served.headers['content-disposition']).toContain('attachment;');
    expect(served.headers['content-disposition']).toContain('boiler-2.1.0.apk');
    // The plain file path never reads a package into memory: it does not know it.
    expect(
      (await server.app.inject({ method: 'GET', url: `${API_PREFIX}/file/${id}` })).json(),
    ).toMatchObject({
      code: '1003',
    });
    for (const name of ['harmony.hap', 'ios.IPA'])
      expect((await upload(name, PACKAGE)).code, name).toBe('200');
  });

  it('refuses other types by name and by content, storing nothing', async () => {
    const before = await storedCount();
    expect(await upload('setup.exe', PACKAGE)).toMatchObject({
      status: 415,
      code: '1803',
      data: { field: 'file', types: '.apk, .hap, .ipa' },
    });
    expect(await upload('fake.apk', Buffer.from('MZ not a zip archive'))).toMatchObject({
      code: '1803',
      data: { field: 'file' },
    });
    expect(await storedCount()).toBe(before);
  });

  it('refuses a body declaring more than 200 MB before reading it', async () => {
    const before = await storedCount();
    const answer = await server.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/file/app/upload`,
      headers: {
        cookie: [...staff.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(APP_FILE_MAX_BYTES + 1024 * 1024),
      },
      payload: '--x--\r\n',
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({ code: '1802', data: { field: 'file', max: '200 MB' } });
    expect(await storedCount()).toBe(before);
  });

  it('lets only staff holding version maintenance upload, and asks for a file', async () => {
    expect(await upload('boiler.apk', PACKAGE, developer)).toMatchObject({ code: '1201' });
    expect(await upload('boiler.apk', PACKAGE, new TestClient(server))).toMatchObject({ code: '1010' });
    const none = await postMultipart(
      server,
      staff,
      '/file/app/upload',
      { note: 'x' },
      {
        field: 'other',
        name: 'boiler.apk',
        bytes: PACKAGE,
      },
    );
    expect(none).toMatchObject({ code: '1001', data: { field: 'file' } });
    expect(
      (await server.app.inject({ method: 'GET', url: `${API_PREFIX}/file/app/missing` })).json(),
    ).toMatchObject({ code: '1003' });
  });

  it('keeps no part of a refused package in the store', async () => {
    const folder = path.join(server.config.dataDir, 'files');
    const listed = async () =>
      (await readdir(folder).catch(() => [] as string[])).filter((name) => name.startsWith('app-'));
    const before = await listed();
    await upload('fake.ipa', Buffer.from('not a zip'));
    expect(await listed()).toEqual(before);
  });
});
