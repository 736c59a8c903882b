/**
 * The real platform (`apps/server/src/main.ts`) as a child process on fixed ports and one data
 * directory, so that it can be stopped (gracefully or with kill -9) and started again as the same
 * platform with the same database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ManagedProcess, eventually, findFreePort } from './processes.ts';

export const ADMIN = { username: 'admin', password: 'Admin#2026x' };

export class PlatformProcess {
  private process: ManagedProcess | null = null;

  private constructor(
    readonly dataDir: string,
    readonly httpPort: number,
    readonly mqttPort: number,
    readonly mqttWsPort: number,
  ) {}

  static async create(): Promise<PlatformProcess> {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lyyp-system-platform-'));
    return new PlatformProcess(dataDir, await findFreePort(), await findFreePort(), await findFreePort());
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.httpPort}`;
  }

  get mqttUrl(): string {
    return `mqtt://127.0.0.1:${this.mqttPort}`;
  }

  get running(): boolean {
    return this.process?.alive ?? false;
  }

  /** Starts (or starts again) and waits until it answers /healthz. */
  async start(timeoutMs = 60_000): Promise<void> {
    const process = ManagedProcess.start('platform', ['--import', 'tsx', 'apps/server/src/main.ts'], {
      NODE_ENV: 'test',
      PORT: String(this.httpPort),
      DATA_DIR: this.dataDir,
      MQTT_PORT: String(this.mqttPort),
      MQTT_WS_PORT: String(this.mqttWsPort),
      HOST: '127.0.0.1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      DEMO: '0',
    });
    this.process = process;
    // The banner comes from this process once start-up is complete. Health alone could be answered
    // by another process that took the port while this one was stopped.
    const [, brokerPort] = await process.waitForLine(/embedded broker on port (\d+)/, timeoutMs);
    if (Number(brokerPort) !== this.mqttPort) {
      throw new Error(`the platform's MQTT port ${this.mqttPort} was taken meanwhile:\n${process.tail()}`);
    }
    await eventually(
      'the platform to answer /healthz',
      async () => {
        if (!process.alive) throw new Error(`the platform exited:\n${process.tail()}`);
        try {
          return (await fetch(`${this.baseUrl}/healthz`)).status === 200;
        } catch {
          return false;
        }
      },
      timeoutMs,
    );
  }

  /** SIGTERM stops it gracefully; SIGKILL is a crash. */
  async stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    await this.process?.stop(signal);
  }

  output(): string {
    return this.process?.tail(60) ?? '';
  }

  async remove(): Promise<void> {
    await this.stop('SIGKILL');
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
