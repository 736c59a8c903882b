/**
 * A Mosquitto of the benchmark's own, on a free loopback port, with the settings a production
 * broker needs for the platform (docs/operations.md, "External MQTT broker"): Mosquitto's defaults
 * keep at most 1,000 queued and 20 in-flight QoS 1 messages per client, and the platform is one
 * client that receives every gateway's uploads, so a burst from 1,000 gateways is dropped at the
 * broker and waits out the gateways' resend. Also reads the broker's `$SYS` counters, so each
 * figure can say how many messages the broker dropped while it was measured.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';

/** The lines the bench's broker adds to a plain loopback listener (the same as the docs advise). */
export const PLATFORM_BROKER_SETTINGS = [
  'max_queued_messages 200000',
  'max_queued_bytes 0',
  'max_inflight_messages 1000',
  'set_tcp_nodelay true',
];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address !== 'object') throw new Error('no free port');
  return address.port;
}

async function waitForBroker(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited with code ${child.exitCode}`);
    try {
      const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 1000 });
      await client.endAsync();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export class BenchMosquitto {
  private constructor(
    readonly url: string,
    private readonly child: ChildProcess,
    private readonly directory: string,
  ) {}

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Starts `mosquitto` (BENCH_MOSQUITTO names another binary) with the platform's settings. */
  static async start(binary = process.env.BENCH_MOSQUITTO ?? 'mosquitto'): Promise<BenchMosquitto> {
    const port = await freePort();
    const directory = await mkdtemp(path.join(os.tmpdir(), 'bench-mosquitto-'));
    const configFile = path.join(directory, 'mosquitto.conf');
    await writeFile(
      configFile,
      [
        `listener ${port} 127.0.0.1`,
        'allow_anonymous true',
        'persistence false',
        'sys_interval 1',
        ...PLATFORM_BROKER_SETTINGS,
        '',
      ].join('\n'),
    );
    const child = spawn(binary, ['-c', configFile], { stdio: 'ignore' });
    const url = `mqtt://127.0.0.1:${port}`;
    try {
      await waitForBroker(url, child);
    } catch (error) {
      child.kill();
      await rm(directory, { recursive: true, force: true });
      throw error;
    }
    return new BenchMosquitto(url, child, directory);
  }

  async close(): Promise<void> {
    if (this.child.exitCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill();
      await exited;
    }
    await rm(this.directory, { recursive: true, force: true });
  }
}

/**
 * The broker's count of messages it dropped (`$SYS/broker/publish/messages/dropped`, published
 * every `sys_interval`), or null when the broker does not say within the wait.
 */
export async function brokerDroppedMessages(url: string, waitMs = 3000): Promise<number | null> {
  const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 2000 });
  try {
    const topic = '$SYS/broker/publish/messages/dropped';
    const value = new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), waitMs);
      client.on('message', (received, payload) => {
        if (received !== topic) return;
        clearTimeout(timer);
        resolve(Number(payload.toString('utf8')));
      });
    });
    await client.subscribeAsync(topic, { qos: 0 });
    return await value;
  } finally {
    await client.endAsync();
  }
}
