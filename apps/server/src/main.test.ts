/**
 * The real start-up, as `npm start` runs it: a first start that fails (a busy broker port) must not
 * create the super manager, or its generated password would be lost with the failed process.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverRoot = path.resolve(import.meta.dirname, '..');

function listenOnFreePort(): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

async function freePort(): Promise<number> {
  const server = await listenOnFreePort();
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface StartResult {
  readonly exitCode: number | null;
  readonly output: string;
}

/** Runs the platform until it exits or prints its banner (then stops it). */
function startPlatform(env: Record<string, string>): Promise<StartResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', HOST: '127.0.0.1', DEMO: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Sign in as')) child.kill('SIGTERM');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve({ exitCode, output }));
  });
}

describe('the first start', () => {
  let dataDir = '';
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('creates the super manager only once the platform is reachable', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'lyyp-first-start-'));
    const busy = await listenOnFreePort();
    const busyPort = String((busy.address() as net.AddressInfo).port);
    const failed = await startPlatform({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      MQTT_PORT: busyPort,
      MQTT_WS_PORT: String(await freePort()),
    }).finally(() => busy.close());
    expect(failed.exitCode).toBe(1);
    expect(failed.output).toContain(`port ${busyPort} is in use`);
    expect(failed.output).not.toContain('Sign in as');

    const started = await startPlatform({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      MQTT_PORT: String(await freePort()),
      MQTT_WS_PORT: String(await freePort()),
    });
    // The second start is still the first for the account: its password is shown now.
    expect(started.output).toMatch(
      /Sign in as {2}admin \/ \S+ {3}\(super manager; shown only on this first start\)/,
    );
  }, 300_000);
});
