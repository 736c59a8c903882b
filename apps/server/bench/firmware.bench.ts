/**
 * Firmware upload: a 200 MB file sent over real HTTP to `/system/firmware/upload`, streamed to
 * the file store with its SHA-256. Figures: the platform process's memory growth during the upload
 * (goal < 50 MB: the file is never held in memory), the time, and the throughput beside a ceiling
 * measured in the same run — a plain Node HTTP server that pipes the same bytes through SHA-256
 * to a file on the same disk — and their ratio.
 *
 * Firmware download: 100 gateways fetch a 20 MB firmware file at once from `/ota/firmware/:id`
 * (HTTP Basic per gateway): total throughput and the platform's memory growth, beside a plain
 * `node:http` server streaming the same stored file to as many clients in the same run.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { API_PREFIX } from '@lyyp/contracts';
import { FIRMWARE_API_PATHS } from '@lyyp/contracts/firmware';
import { buildGateway } from '../src/test/factories.ts';
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

/** GETs `url` with `clients` requests at once; answers the seconds until every body has arrived. */
async function downloadAtOnce(
  urls: readonly { url: URL; headers: Record<string, string> }[],
  expectedBytes: number,
): Promise<number> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const started = performance.now();
  await Promise.all(
    urls.map(
      ({ url, headers }) =>
        new Promise<void>((resolve, reject) => {
          http
            .get(url, { headers, agent }, (response) => {
              let received = 0;
              response.on('data', (chunk: Buffer) => {
                received += chunk.length;
              });
              response.on('end', () =>
                received === expectedBytes
                  ? resolve()
                  : reject(
                      new Error(
                        `download got ${received} of ${expectedBytes} bytes (${response.statusCode})`,
                      ),
                    ),
              );
              response.on('error', reject);
            })
            .on('error', reject);
        }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return seconds;
}

async function benchDownloads(
  server: Awaited<ReturnType<typeof startTestServer>>,
  client: TestClient,
  cookie: string,
  port: number,
  dataDir: string,
) {
  const megabytes = Number(process.env.BENCH_FIRMWARE_DOWNLOAD_MB ?? 20);
  const agents = Number(process.env.BENCH_FIRMWARE_AGENTS ?? 100);
  const boundary = '----lyypbench';
  const uploaded = await send(
    new URL(`http://127.0.0.1:${port}${API_PREFIX}${FIRMWARE_API_PATHS.upload}`),
    { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie },
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="image.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    megabytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const file = (JSON.parse(uploaded.body) as { data: { id: string; size: number } }).data;
  const saved = await client.call('POST', FIRMWARE_API_PATHS.add, {
    name: 'Bench image',
    kind: 'system',
    version: `bench-${Date.now() % 100_000}`,
    rootfsFileId: file.id,
  });
  if (saved.code !== '200') throw new Error(`firmware save failed during the benchmark: ${saved.message}`);
  const gateways = [];
  for (let index = 0; index < agents; index += 1) gateways.push(await buildGateway(server.database.db));

  const fileServer = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': file.size });
    createReadStream(path.join(dataDir, 'files', file.id)).pipe(response);
  });
  await new Promise<void>((resolve) => fileServer.listen(0, '127.0.0.1', resolve));
  const ceilingUrl = new URL(`http://127.0.0.1:${(fileServer.address() as AddressInfo).port}/`);
  const plain = Array.from({ length: agents }, () => ({ url: ceilingUrl, headers: {} }));
  const ceilingBefore = await downloadAtOnce(plain, file.size);

  const platform = gateways.map((gateway) => ({
    url: new URL(`http://127.0.0.1:${port}${API_PREFIX}/ota/firmware/${file.id}`),
    headers: {
      authorization: `Basic ${Buffer.from(`${gateway.sn}:${gateway.secret}`).toString('base64')}`,
    },
  }));
  global.gc?.();
  const memory = sampleMemory();
  const seconds = await downloadAtOnce(platform, file.size);
  const growth = memory();
  const ceilingSeconds = Math.min(ceilingBefore, await downloadAtOnce(plain, file.size));
  await new Promise((resolve) => fileServer.close(resolve));

  const total = (agents * file.size) / 2 ** 20;
  const config = { agents, megabytes, transport: 'http on loopback', auth: 'HTTP Basic per gateway' };
  record({
    scenario: 'firmware.download',
    metric: 'throughput',
    value: total / seconds,
    unit: 'MB/s',
    config,
  });
  record({ scenario: 'firmware.download', metric: 'time', value: seconds, unit: 's', config });
  record({ scenario: 'firmware.download', metric: 'memory growth', value: growth, unit: 'MB', config });
  record({
    scenario: 'firmware.download-ceiling',
    metric: 'throughput',
    value: total / ceilingSeconds,
    unit: 'MB/s',
    config: { agents, megabytes, server: 'plain node:http streaming the stored file, best of 2' },
  });
  record({
    scenario: 'firmware.download',
    metric: 'ratio to ceiling',
    value: ceilingSeconds / seconds,
    unit: '×',
    config,
  });
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
    await benchDownloads(server, client, cookie, port, dataDir);
  } finally {
    await server.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
