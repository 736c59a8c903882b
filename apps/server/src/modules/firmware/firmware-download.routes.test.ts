import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@lyyp/contracts';
import { FIRMWARE_API_PATHS, FIRMWARE_CHECKSUM_HEADER, type FirmwareFile } from '@lyyp/contracts/firmware';
import { buildGateway } from '../../test/factories.ts';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { closeTestServer, signIn } from '../device/catalogue-test-support.ts';
import { multipartBody } from '../files/files-test-support.ts';
import { agentPackage } from '../../test/agent-package.ts';

describe.each(databaseVariants())('firmware downloads for gateways on $name', (variant) => {
  let server: TestServer;
  let dataDir: string;
  let gateway: { sn: string; secret: string };
  let saved: FirmwareFile;
  let unsaved: FirmwareFile;
  // An agent package with a payload that does not compress, so the file is long enough for ranges.
  const bytes = agentPackage('1.0.0', '', { 'payload.bin': randomBytes(100_000) });
  const sha256 = createHash('sha256').update(bytes).digest('hex');

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lyyp-firmware-download-'));
    server = await startTestServer(variant, { DATA_DIR: dataDir });
    const staff = (await signIn(server, 'super')).client;
    const cookie = [...staff.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
    const upload = async () => {
      const body = multipartBody({}, [{ field: 'file', name: 'agent.tgz', bytes }]);
      const response = await server.app.inject({
        method: 'POST',
        url: `${API_PREFIX}${FIRMWARE_API_PATHS.upload}`,
        headers: { 'content-type': body.contentType, cookie },
        payload: body.payload,
      });
      return response.json<{ data: FirmwareFile }>().data;
    };
    saved = await upload();
    unsaved = await upload();
    const added = await staff.call('POST', FIRMWARE_API_PATHS.add, {
      name: 'Agent',
      kind: 'application',
      version: '1.0.0',
      packageFileId: saved.id,
    });
    expect(added.code).toBe('200');
    const row = await buildGateway(server.database.db);
    gateway = { sn: row.sn, secret: row.secret };
  });
  afterAll(async () => {
    await closeTestServer(server);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const download = (id: string, headers: Record<string, string> = {}, credentials = gateway) =>
    server.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/ota/firmware/${id}`,
      headers: {
        authorization: `Basic ${Buffer.from(`${credentials.sn}:${credentials.secret}`).toString('base64')}`,
        'accept-language': 'en-US',
        ...headers,
      },
    });

  it('serves the whole file with its checksum to a gateway', async () => {
    const response = await download(saved.id);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect(response.headers[FIRMWARE_CHECKSUM_HEADER]).toBe(sha256);
    expect(response.headers.etag).toBe(`"${sha256}"`);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(Number(response.headers['content-length'])).toBe(bytes.length);
    // A client that accepts compression (fetch always does) still gets the file's own bytes: the
    // declared length and any range count them.
    const asked = await download(saved.id, { 'accept-encoding': 'gzip, deflate' });
    expect(asked.headers['content-encoding']).toBeUndefined();
    expect(Number(asked.headers['content-length'])).toBe(bytes.length);
    expect(asked.rawPayload.equals(bytes)).toBe(true);
  });

  it('resumes from an offset, and starts again when the file changed (If-Range)', async () => {
    const rest = await download(saved.id, { range: 'bytes=60000-', 'if-range': `"${sha256}"` });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes 60000-${bytes.length - 1}/${bytes.length}`);
    expect(rest.rawPayload.equals(bytes.subarray(60_000))).toBe(true);
    const changed = await download(saved.id, { range: 'bytes=60000-', 'if-range': '"other"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBe(bytes.length);
    const past = await download(saved.id, { range: `bytes=${bytes.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.json()).toMatchObject({ code: '2505' });
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
  });

  it('refuses wrong or missing credentials, and files of no saved firmware', async () => {
    const wrong = await download(saved.id, {}, { sn: gateway.sn, secret: 'not-the-secret' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: '2504', message: 'Gateway authentication failed' });
    const none = await server.app.inject({ method: 'GET', url: `${API_PREFIX}/ota/firmware/${saved.id}` });
    expect(none.json()).toMatchObject({ code: '2504' });
    const unknown = await download(saved.id, {}, { sn: '000000000000', secret: gateway.secret });
    expect(unknown.json()).toMatchObject({ code: '2504' });
    expect((await download(unsaved.id)).json()).toMatchObject({ code: '1003' });
    expect((await download('no-such-file')).json()).toMatchObject({ code: '1003' });
  });

  it('stops a gateway guessing its secret after the limit', async () => {
    const row = await buildGateway(server.database.db);
    const guesses = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      guesses.push(
        (await download(saved.id, {}, { sn: row.sn, secret: `guess-${attempt}` })).json<{ code: string }>()
          .code,
      );
    }
    expect(guesses).toContain('1128');
    // Even the right secret waits out the window now.
    expect((await download(saved.id, {}, { sn: row.sn, secret: row.secret })).json()).toMatchObject({
      code: '1128',
    });
  });
});
