/**
 * The edge agent as a real gateway for a browser flow: `apps/gateway/src/main.ts --simulate` with the
 * gateway's SN and secret from the platform, its own data directory, and its output kept so a flow
 * can wait for "configuration version N applied".
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { REPOSITORY_ROOT } from './paths.ts';

const AGENT_ENTRY = 'apps/gateway/src/main.ts';

export class EdgeAgent {
  readonly lines: string[] = [];

  private constructor(
    private readonly child: ChildProcess,
    private readonly dataDir: string,
  ) {
    for (const stream of [child.stdout, child.stderr]) {
      if (stream) createInterface({ input: stream }).on('line', (line) => this.lines.push(line));
    }
  }

  /** Starts the agent with its built-in simulator serving the product's drivers. */
  static start(options: { sn: string; secret: string; platformMqttUrl: string }): EdgeAgent {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lyyp-e2e-agent-'));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        AGENT_ENTRY,
        '--sn',
        options.sn,
        '--secret',
        options.secret,
        '--platform',
        options.platformMqttUrl,
        '--data-dir',
        dataDir,
        '--simulate',
      ],
      { cwd: REPOSITORY_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'test' } },
    );
    return new EdgeAgent(child, dataDir);
  }

  async waitForLine(pattern: RegExp, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = this.lines.find((line) => pattern.test(line));
      if (found) return found;
      if (this.child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`The edge agent did not print ${pattern} in time:\n${this.lines.slice(-30).join('\n')}`);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      this.child.kill('SIGTERM');
      const forced = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(forced);
    }
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
