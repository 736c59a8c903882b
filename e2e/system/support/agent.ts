/**
 * The edge agent as a child process (`apps/gateway/src/main.ts --simulate`), with its data
 * directory and its upload trace: one line per batch it buffered, which tells a test exactly
 * which values the gateway produced.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Point } from '@lyyp/contracts/protocol';
import { ManagedProcess } from './processes.ts';

export interface TracedBatch {
  readonly seq: number;
  readonly points: Point[];
}

export class AgentProcess {
  private constructor(
    readonly process: ManagedProcess,
    readonly dataDir: string,
    readonly traceFile: string,
  ) {}

  /**
   * Starts the agent; with `launcher`, as a gateway runs it: under its launcher
   * (`launcher-main.ts`), downloading firmware from `platformHttpUrl`, which can restart it into
   * an upgraded version and go back when that one does not report in within `trialSeconds`.
   */
  static async start(options: {
    sn: string;
    secret: string;
    platformUrl: string;
    launcher?: { platformHttpUrl: string; trialSeconds: number };
    /** The directory of an agent started before (its data kept); a new one by default. */
    dataDir?: string;
    /** Serve every driver from the built-in simulator (default); false: poll the addresses configured. */
    simulate?: boolean;
  }): Promise<AgentProcess> {
    const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'lyyp-system-agent-')));
    const traceFile = path.join(dataDir, 'uploads.jsonl');
    const { launcher } = options;
    const process = ManagedProcess.start(
      'agent',
      [
        '--import',
        'tsx',
        launcher ? 'apps/gateway/src/launcher-main.ts' : 'apps/gateway/src/main.ts',
        ...(launcher ? ['--platform-http', launcher.platformHttpUrl] : []),
        '--sn',
        options.sn,
        '--platform',
        options.platformUrl,
        '--data-dir',
        path.join(dataDir, 'data'),
        '--trace-uploads',
        traceFile,
        ...(options.simulate === false ? [] : ['--simulate']),
      ],
      // As a gateway should be run: the secret in the environment, off the command line.
      {
        GATEWAY_SECRET: options.secret,
        ...(launcher ? { GATEWAY_TRIAL_SECONDS: String(launcher.trialSeconds) } : {}),
      },
    );
    return new AgentProcess(process, dataDir, traceFile);
  }

  /** Port of the simulator serving the driver, once the configuration runs. */
  async simulatorPort(driverKey: string): Promise<number> {
    const match = await this.process.waitForLine(
      new RegExp(`Modbus simulator for driver ${driverKey} on 127\\.0\\.0\\.1:(\\d+)`),
      30_000,
    );
    return Number(match[1]);
  }

  /** Every batch buffered so far, in the order written. */
  async trace(): Promise<TracedBatch[]> {
    const text = await readFile(this.traceFile, 'utf8').catch(() => '');
    return text
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as TracedBatch);
  }

  async stop(): Promise<number | null> {
    return this.process.stop('SIGTERM');
  }

  /**
   * Stops the agent (under a launcher, the launcher waits for it) and removes its files; retried
   * while a process that wrote there is still going away.
   */
  async remove(): Promise<void> {
    await this.process.stop('SIGTERM', 5_000);
    await rm(this.dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}
