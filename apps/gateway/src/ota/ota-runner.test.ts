/**
 * The agent's upgrade steps over real HTTP and files: system firmware through the simulated
 * install (reports in order, the version kept for the status, files removed), a checksum that does
 * not match (2742), application firmware refused without the launcher (2746), and an order left
 * by a stopped agent reported failed at the next connection instead of resumed.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { OtaOrder, OtaReport } from '@lyyp/contracts/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OtaRunner } from './ota-runner.ts';

const bytes = Buffer.from('root filesystem image '.repeat(500));
const sha256 = createHash('sha256').update(bytes).digest('hex');

describe('upgrade steps on the agent', () => {
  let dataDir: string;
  let server: http.Server;
  let baseUrl: string;
  let reports: OtaReport[];
  let connected: boolean;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'lyyp-ota-runner-'));
    server = http.createServer((_request, response) => response.end(bytes));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    reports = [];
    connected = true;
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  const runner = () =>
    new OtaRunner({
      dataDir,
      sn: '100000000001',
      secret: 'secret-of-gateway',
      downloadBase: baseUrl,
      publish: (report) => connected && reports.push(report) > 0,
      supervised: false,
      restartIntoTrial: () => undefined,
      installHook: null,
      simulate: true,
      logger: { log: () => undefined },
      now: () => 1_000,
    });
  const order = (overrides: Partial<Extract<OtaOrder, { op: 'start' }>> = {}): OtaOrder => ({
    op: 'start',
    task: 'task-1',
    attempt: 1,
    kind: 'system',
    version: 'os-2',
    files: [{ id: 'rootfs-1', part: 'rootfs', size: bytes.length, sha256 }],
    ...overrides,
  });

  it('installs system firmware through the simulated hook and keeps its version', async () => {
    const agent = runner();
    await agent.open();
    agent.handle(order());
    // The same order again is the same upgrade.
    agent.handle(order());
    await agent.idle();
    expect(reports.map((report) => [report.state, report.percent ?? null])).toEqual([
      ['downloading', 100],
      ['downloading', 100],
      ['verifying', null],
      ['applying', null],
      ['succeeded', null],
    ]);
    expect(agent.systemFirmware).toBe('os-2');
    expect(await readdir(path.join(dataDir, 'ota'))).toEqual(['system-firmware.json']);
    // Kept across a restart, for the status.
    const again = runner();
    await again.open();
    expect(again.systemFirmware).toBe('os-2');
  });

  it('fails a checksum that does not match, and application firmware without the launcher', async () => {
    const agent = runner();
    await agent.open();
    agent.handle(
      order({ files: [{ id: 'rootfs-1', part: 'rootfs', size: bytes.length, sha256: '0'.repeat(64) }] }),
    );
    await agent.idle();
    expect(reports.at(-1)).toMatchObject({ task: 'task-1', attempt: 1, state: 'failed', code: '2742' });
    expect(existsSync(path.join(dataDir, 'ota', 'rootfs-1.part'))).toBe(false);

    agent.handle(
      order({
        attempt: 2,
        kind: 'application',
        version: '2.0.0',
        files: [{ id: 'p', part: 'package', size: 1, sha256 }],
      }),
    );
    await agent.idle();
    expect(reports.at(-1)).toMatchObject({ attempt: 2, state: 'failed', code: '2746' });
  });

  it('reports an order left by a stopped agent as failed at the next connection', async () => {
    const first = runner();
    await first.open();
    await writeFile(path.join(dataDir, 'ota', 'order.json'), JSON.stringify(order({ attempt: 3 })));
    connected = false;
    const second = runner();
    await second.open();
    expect(reports).toEqual([]);
    connected = true;
    await second.connected();
    expect(reports).toEqual([
      {
        task: 'task-1',
        attempt: 3,
        state: 'failed',
        code: '2741',
        params: { reason: 'the gateway restarted during the upgrade' },
        ts: 1_000,
      },
    ]);
    expect(existsSync(path.join(dataDir, 'ota', 'order.json'))).toBe(false);
  });
});
