/**
 * The agent's upgrade files over real HTTP and real files: a download resumed from what is on
 * disk with Range / If-Range, a refused checksum that deletes the bytes, and agent packages
 * unpacked beside the running agent (refusing a wrong version or a path leaving the folder).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installAgentPackage } from './agent-package.ts';
import { DOWNLOAD_PATH, OtaFailure, downloadFile, verifyFile } from './firmware-download.ts';

/** A .tar.gz laid down by hand (ustar headers), independent of the reader under test. */
function tarGz(files: Record<string, string>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content);
    const header = Buffer.alloc(512, 0);
    header.write(name, 0);
    header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
    header.write('0', 156);
    header.write('ustar\0', 257);
    parts.push(header, data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  return gzipSync(Buffer.concat([...parts, Buffer.alloc(1024)]));
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('firmware files on the agent', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'lyyp-ota-'));
  });
  afterEach(async () => rm(directory, { recursive: true, force: true }));

  it('resumes a download from the bytes already on disk and checks them', async () => {
    const bytes = Buffer.from(Array.from({ length: 100_000 }, (_, index) => index % 251));
    const file = { id: 'f1', part: 'package' as const, size: bytes.length, sha256: sha256(bytes) };
    const requests: Array<{ range?: string; ifRange?: string; authorization?: string }> = [];
    const server = http.createServer((request, response) => {
      requests.push({
        ...(request.headers.range ? { range: request.headers.range } : {}),
        ...(request.headers['if-range'] ? { ifRange: String(request.headers['if-range']) } : {}),
        ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
      });
      if (request.url !== DOWNLOAD_PATH('f1')) return response.writeHead(404).end();
      const from = Number(/bytes=(\d+)-/.exec(request.headers.range ?? '')?.[1] ?? 0);
      response.writeHead(from > 0 ? 206 : 200, { 'content-length': bytes.length - from });
      response.end(bytes.subarray(from));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const target = path.join(directory, 'f1.part');
      await writeFile(target, bytes.subarray(0, 40_000));
      const seen: number[] = [];
      await downloadFile({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        sn: '100000000001',
        secret: 'secret-of-gateway',
        file,
        target,
        onBytes: (received) => seen.push(received),
        signal: new AbortController().signal,
      });
      expect(requests).toEqual([
        {
          range: 'bytes=40000-',
          ifRange: `"${file.sha256}"`,
          authorization: `Basic ${Buffer.from('100000000001:secret-of-gateway').toString('base64')}`,
        },
      ]);
      expect(seen.at(-1)).toBe(bytes.length);
      expect((await readFile(target)).equals(bytes)).toBe(true);
      await verifyFile(file, target);

      // Bytes that do not match the checksum are refused (2742) and removed.
      await writeFile(target, Buffer.from(bytes).fill(0, 0, 10));
      await expect(verifyFile(file, target)).rejects.toMatchObject({ code: '2742' });
      expect(existsSync(target)).toBe(false);

      // A refusal by the platform is a failed download with its reason (2741), not retried forever.
      requests.length = 0;
      await expect(
        downloadFile({
          baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          sn: '100000000001',
          secret: 'x',
          file: { ...file, id: 'missing' },
          target: path.join(directory, 'missing.part'),
          onBytes: () => undefined,
          signal: new AbortController().signal,
        }),
      ).rejects.toEqual(new OtaFailure('2741', { reason: 'HTTP 404' }));
      expect(requests).toHaveLength(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('unpacks an agent package beside the running agent, refusing what does not fit', async () => {
    const archive = path.join(directory, 'agent.tgz');
    const packages = path.join(directory, 'packages');
    await writeFile(
      archive,
      tarGz({
        'package/package.json': JSON.stringify({ version: '2.0.0', main: 'dist/start.mjs' }),
        'package/dist/start.mjs': 'export {};\n',
      }),
    );
    const installed = await installAgentPackage(archive, packages, '2.0.0');
    expect(installed).toEqual({ version: '2.0.0', main: path.join(packages, '2.0.0', 'dist', 'start.mjs') });
    expect(await readFile(installed.main, 'utf8')).toBe('export {};\n');

    await expect(installAgentPackage(archive, packages, '3.0.0')).rejects.toMatchObject({
      code: '2743',
      params: { reason: 'the package is version 2.0.0' },
    });
    await writeFile(
      archive,
      tarGz({
        'package.json': JSON.stringify({ version: '4.0.0', main: 'start.mjs' }),
        'start.mjs': '',
        '../escape.txt': 'x',
      }),
    );
    await expect(installAgentPackage(archive, packages, '4.0.0')).rejects.toMatchObject({ code: '2743' });
    expect(existsSync(path.join(directory, 'escape.txt'))).toBe(false);
    await writeFile(archive, Buffer.from('not gzip'));
    await expect(installAgentPackage(archive, packages, '4.0.0')).rejects.toMatchObject({ code: '2743' });
  });
});
