import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@lyyp/contracts';
import {
  FIRMWARE_API_PATHS,
  FIRMWARE_FILE_MAX_BYTES,
  firmwareFileSchema,
  firmwareItemSchema,
  firmwarePageSchema,
  type FirmwareFile,
  type FirmwareItem,
  type FirmwarePage,
} from '@lyyp/contracts/firmware';
import {
  databaseVariants,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/test-server.ts';
import { closeTestServer, signIn } from '../device/catalogue-test-support.ts';
import { multipartBody } from '../files/files-test-support.ts';
import { agentPackage, tarGz } from '../../test/agent-package.ts';
import { ABANDONED_FILE_AGE_MS } from './firmware.service.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(databaseVariants())('firmware paths on $name', (variant) => {
  let server: TestServer;
  let dataDir: string;
  let staff: TestClient;
  let developer: TestClient;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lyyp-firmware-'));
    server = await startTestServer(variant, { DATA_DIR: dataDir });
    staff = (await signIn(server, 'super')).client;
    developer = (await signIn(server, 'developer')).client;
  });
  afterAll(async () => {
    await closeTestServer(server);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const upload = async (name: string, bytes: Buffer, as: TestClient = staff) => {
    const body = multipartBody({}, [{ field: 'file', name, bytes }]);
    const cookie = [...as.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
    const response = await server.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${FIRMWARE_API_PATHS.upload}`,
      headers: { 'content-type': body.contentType, 'accept-language': 'en-US', cookie },
      payload: body.payload,
    });
    return {
      status: response.statusCode,
      ...response.json<{ code: string; message: string; data: unknown }>(),
    };
  };
  const storedFiles = async () =>
    (await fs.readdir(path.join(dataDir, 'files')).catch(() => [] as string[])).filter(
      (name) => !name.startsWith('.'),
    );

  it('streams a file to storage and answers its size and SHA-256', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    const answer = await upload('agent-1.2.0.tgz', bytes);
    expect(answer.code).toBe('200');
    const file = firmwareFileSchema.parse(answer.data);
    expect(file).toMatchObject({ name: 'agent-1.2.0.tgz', size: bytes.length, sha256: sha256(bytes) });
    const stored = await fs.readFile(path.join(dataDir, 'files', file.id));
    expect(stored.equals(bytes)).toBe(true);
  });

  it('saves application firmware with its package, and refuses the same version again (1509)', async () => {
    const bytes = agentPackage('2.0.0', 'console.log("agent 2.0.0");');
    const file = (await upload('agent.tgz', bytes)).data as FirmwareFile;
    const saved = await staff.call('POST', FIRMWARE_API_PATHS.add, {
      name: 'Edge agent',
      kind: 'application',
      version: '2.0.0',
      description: 'Faster polling',
      packageFileId: file.id,
    });
    expect(saved.code).toBe('200');
    const item = firmwareItemSchema.parse(saved.data);
    expect(item.parts).toEqual([
      { part: 'package', id: file.id, name: 'agent.tgz', size: bytes.length, sha256: sha256(bytes) },
    ]);

    const other = (await upload('agent.tgz', bytes)).data as FirmwareFile;
    const again = await staff.call('POST', FIRMWARE_API_PATHS.add, {
      name: 'Edge agent',
      kind: 'application',
      version: '2.0.0',
      packageFileId: other.id,
    });
    expect(again).toMatchObject({ code: '1509', message: 'The version number already exists' });
    // A file already part of a firmware cannot be named again.
    const reused = await staff.call('POST', FIRMWARE_API_PATHS.add, {
      name: 'Edge agent',
      kind: 'application',
      version: '2.0.1',
      packageFileId: file.id,
    });
    expect(reused.code).toBe('2501');
  });

  it('refuses application firmware that is not an agent package of its version, and keeps the file free', async () => {
    const save = (fileId: string, version: string) =>
      staff.call('POST', FIRMWARE_API_PATHS.add, {
        name: 'Edge agent',
        kind: 'application',
        version,
        packageFileId: fileId,
      });
    for (const bytes of [
      Buffer.from('any bytes at all'),
      tarGz({ 'package/readme.txt': 'no manifest' }),
      tarGz({ 'package/package.json': JSON.stringify({ version: '4.0.0', main: 'missing.mjs' }) }),
    ]) {
      const file = (await upload('agent.tgz', bytes)).data as FirmwareFile;
      expect(await save(file.id, '4.0.0')).toMatchObject({ code: '2506', data: { field: 'packageFileId' } });
    }
    const otherVersion = (await upload('agent.tgz', agentPackage('4.0.1'))).data as FirmwareFile;
    expect(await save(otherVersion.id, '4.0.0')).toMatchObject({
      code: '2507',
      message: 'The package is version 4.0.1, not the version 4.0.0 entered',
    });
    const listed = (await staff.call('POST', FIRMWARE_API_PATHS.list, { keyword: '4.0.' }))
      .data as FirmwarePage;
    expect(listed.total).toBe(0);
    // The refused file is still the uploader's to save under its own version.
    expect((await save(otherVersion.id, '4.0.1')).code).toBe('200');
  });

  it('saves system firmware from a root filesystem and a kernel', async () => {
    const rootfs = (await upload('rootfs.img', Buffer.alloc(4096, 1))).data as FirmwareFile;
    const kernel = (await upload('zImage', Buffer.alloc(2048, 2))).data as FirmwareFile;
    const saved = await staff.call('POST', FIRMWARE_API_PATHS.add, {
      name: 'Base system',
      kind: 'system',
      version: 'v5.1-rc1',
      rootfsFileId: rootfs.id,
      kernelFileId: kernel.id,
    });
    expect(saved.code).toBe('200');
    const item = saved.data as FirmwareItem;
    expect(item.size).toBe(4096 + 2048);
    expect(item.parts.map((part) => part.part).sort()).toEqual(['kernel', 'rootfs']);

    const listed = await staff.call('POST', FIRMWARE_API_PATHS.list, { kind: 'system', keyword: 'v5.1' });
    const page = firmwarePageSchema.parse(listed.data);
    expect(page.total).toBe(1);
    expect(page.list[0]?.id).toBe(item.id);
  });

  it('checks the version rule and the parts of the kind, and changes nothing', async () => {
    const file = (await upload('x.bin', Buffer.from('x'))).data as FirmwareFile;
    const base = { name: 'Agent', kind: 'application', packageFileId: file.id };
    expect((await staff.call('POST', FIRMWARE_API_PATHS.add, { ...base, version: '版本1' })).code).toBe(
      '1801',
    );
    expect(
      (await staff.call('POST', FIRMWARE_API_PATHS.add, { ...base, version: '1.2.3.4.5.6.7.8.9' })).code,
    ).toBe('1137');
    expect((await staff.call('POST', FIRMWARE_API_PATHS.add, { ...base, version: '1 2' })).code).toBe('1002');
    const wrongPart = await staff.call('POST', FIRMWARE_API_PATHS.add, {
      name: 'Agent',
      kind: 'system',
      version: '9.9.9',
      packageFileId: file.id,
    });
    expect(wrongPart.code).toBe('2502');
    const missing = await staff.call('POST', FIRMWARE_API_PATHS.add, {
      ...base,
      version: '9.9.9',
      packageFileId: 'no-such-file',
    });
    expect(missing).toMatchObject({ code: '2501', data: { field: 'packageFileId' } });
    const listed = (await staff.call('POST', FIRMWARE_API_PATHS.list, { keyword: '9.9.9' }))
      .data as FirmwarePage;
    expect(listed.total).toBe(0);
  });

  it('refuses a file over 200 MB and keeps nothing of it', async () => {
    const before = await storedFiles();
    const answer = await upload('huge.bin', Buffer.alloc(FIRMWARE_FILE_MAX_BYTES + 1));
    expect(answer).toMatchObject({ code: '1802', message: 'The file is too large, at most 200 MB' });
    expect(await storedFiles()).toEqual(before);
  });

  it('needs the firmware permission before any byte is stored', async () => {
    const before = await storedFiles();
    const answer = await upload('agent.tgz', Buffer.from('nope'), developer);
    expect(answer.code).toBe('1201');
    expect(await storedFiles()).toEqual(before);
    expect((await developer.call('POST', FIRMWARE_API_PATHS.list, {})).code).toBe('1201');
  });

  it('removes uploads no save named after a day, and keeps saved ones', async () => {
    const abandoned = (await upload('left.bin', Buffer.from('left behind'))).data as FirmwareFile;
    const kept = (await upload('kept.tgz', agentPackage('3.0.0'))).data as FirmwareFile;
    expect(
      (
        await staff.call('POST', FIRMWARE_API_PATHS.add, {
          name: 'Kept',
          kind: 'application',
          version: '3.0.0',
          packageFileId: kept.id,
        })
      ).code,
    ).toBe('200');
    server.clock.advance(ABANDONED_FILE_AGE_MS + 1000);
    // A day later the session has ended too.
    staff = (await signIn(server, 'super')).client;
    await upload('next.bin', Buffer.from('next'));
    const stored = await storedFiles();
    expect(stored).not.toContain(abandoned.id);
    expect(stored).toContain(kept.id);
    const late = await staff.call('POST', FIRMWARE_API_PATHS.add, {
      name: 'Late',
      kind: 'application',
      version: '3.0.1',
      packageFileId: abandoned.id,
    });
    expect(late.code).toBe('2501');
  });

  it('deletes a firmware with its stored files', async () => {
    const file = (await upload('agent.tgz', agentPackage('0.0.1'))).data as FirmwareFile;
    const item = (
      await staff.call('POST', FIRMWARE_API_PATHS.add, {
        name: 'Old agent',
        kind: 'application',
        version: '0.0.1',
        packageFileId: file.id,
      })
    ).data as FirmwareItem;
    expect((await staff.call('POST', FIRMWARE_API_PATHS.delete, { id: item.id })).code).toBe('200');
    expect(await storedFiles()).not.toContain(file.id);
    expect((await staff.call('POST', FIRMWARE_API_PATHS.delete, { id: item.id })).code).toBe('1003');
  });
});
