/**
 * Firmware upload: a 200 MB file sent over real HTTP to `/system/firmware/upload`, streamed to
 * the file store with its SHA-256. Figures: the platform process's memory growth during the upload
 * (goal < 50 MB: the file is never held in memory), the time, and the throughput beside a ceiling
 * measured in the same run — a plain Node HTTP server that pipes the same bytes through SHA-256
 * to a file on the same disk — and their ratio.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { API_PREFIX } from '@lyyp/contracts';
import { FIRMWARE_API_PATHS } from '@lyyp/contracts/firmware';
import { startTestServer, TestClient, databaseVariants } from '../src/test/test-server.ts';
import { record } from './report.ts';

const PASSWORD = 'Bench#Pass2026';
const CHUNK = Buffer.alloc(1024 * 1024, 0x5a);

/** Peak resident memory above the level when sampling started, in MB. */
function sampleMemory() {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  return () => {
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    return (peak - baseline) / 2 ** 20;
  };
}

/** Sends `megabytes` of bytes as a request body, generated chunk by chunk; answers the reply text. */
function send(
  url: URL,
  headers: Record<string, string>,
  head: Buffer,
  megabytes: number,
  tail: Buffer,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.on('error', reject);
    void (async () => {
      request.write(head);
      for (let index = 0; index < megabytes; index += 1) {
        if (!request.write(CHUNK)) await new Promise((done) => request.once('drain', done));
      }
      request.end(tail);
    })();
  });
}

async function ceilingUpload(dir: string, megabytes: number): Promise<number> {
  const server = http.createServer((request, response) => {
    const hash = createHash('sha256');
    request.on('data', (chunk: Buffer) => hash.update(chunk));
    pipeline(request, createWriteStream(path.join(dir, 'ceiling.bin')))
      .then(() => response.end(JSON.stringify({ sha256: hash.digest('hex') })))
      .catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const started = performance.now();
  await send(
    new URL(`http://127.0.0.1:${port}/`),
    { 'content-type': 'application/octet-stream' },
    Buffer.alloc(0),
    megabytes,
    Buffer.alloc(0),
  );
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => server.close(resolve));
  return seconds;
}

export async function benchFirmware() {
  const megabytes = Number(process.env.BENCH_FIRMWARE_MB ?? 200);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lyyp-bench-firmware-'));
  const variant = databaseVariants()[0]!;
  const server = await startTestServer(variant, { LOG_LEVEL: 'warn', DATA_DIR: dataDir });
  try {
    await server.auth.ensureSuperManager('admin', PASSWORD, false);
    const client = new TestClient(server);
    await client.login('admin', PASSWORD);
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;

    // The ceiling runs before and after the platform's upload and its best counts, so a disk cache
    // warmed by one run or a burst of load from elsewhere does not favour either side.
    const ceilingBefore = await ceilingUpload(dataDir, megabytes);

    const boundary = '----lyypbench';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="agent.tgz"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    global.gc?.();
    const memory = sampleMemory();
    const started = performance.now();
    const answer = await send(
      new URL(`http://127.0.0.1:${port}${API_PREFIX}${FIRMWARE_API_PATHS.upload}`),
      { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie },
      head,
      megabytes,
      tail,
    );
    const seconds = (performance.now() - started) / 1000;
    const growth = memory();
    const ceilingSeconds = Math.min(ceilingBefore, await ceilingUpload(dataDir, megabytes));
    const parsed = JSON.parse(answer.body) as { code: string; data?: { size: number } };
    if (parsed.code !== '200' || parsed.data?.size !== megabytes * CHUNK.length) {
      throw new Error(`firmware upload failed during the benchmark: ${answer.body}`);
    }
    const config = { megabytes, database: 'pglite in memory', transport: 'http on loopback' };
    record({ scenario: 'firmware.upload', metric: 'memory growth', value: growth, unit: 'MB', config });
    record({ scenario: 'firmware.upload', metric: 'time', value: seconds, unit: 's', config });
    record({
      scenario: 'firmware.upload',
      metric: 'throughput',
      value: megabytes / seconds,
      unit: 'MB/s',
      config,
    });
    record({
      scenario: 'firmware.upload-ceiling',
      metric: 'throughput',
      value: megabytes / ceilingSeconds,
      unit: 'MB/s',
      config: { megabytes, server: 'plain node:http piping through SHA-256 to a file, best of 2' },
    });
    record({
      scenario: 'firmware.upload',
      metric: 'ratio to ceiling',
      value: ceilingSeconds / seconds,
      unit: '×',
      config,
    });
  } finally {
    await server.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
