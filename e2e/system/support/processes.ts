/**
 * Child processes for system tests: start with output captured line by line, wait for a line,
 * stop by signal with a deadline. Every process started here is stopped by `stopAll`, also when a
 * test fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../..');

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls until `check` answers something truthy, or fails with `what` after the timeout. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 20_000,
  stepMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(stepMs);
  }
}

const running = new Set<ManagedProcess>();

export class ManagedProcess {
  readonly lines: string[] = [];
  private readonly exited: Promise<number | null>;

  constructor(
    readonly name: string,
    private readonly child: ChildProcess,
  ) {
    for (const stream of [child.stdout, child.stderr]) {
      if (stream) createInterface({ input: stream }).on('line', (line) => this.lines.push(line));
    }
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    running.add(this);
    void this.exited.then(() => running.delete(this));
  }

  static start(name: string, args: string[], env: Record<string, string>): ManagedProcess {
    const child = spawn(process.execPath, args, {
      cwd: REPOSITORY_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new ManagedProcess(name, child);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Waits for an output line matching the pattern (from line `from` on) and answers its match. */
  async waitForLine(pattern: RegExp, timeoutMs = 20_000, from = 0): Promise<RegExpMatchArray> {
    return eventually(
      `${this.name} to print ${String(pattern)}\n${this.tail()}`,
      () => {
        if (!this.alive && !this.lines.slice(from).some((line) => pattern.test(line))) {
          throw new Error(`${this.name} exited before printing ${String(pattern)}:\n${this.tail()}`);
        }
        for (const line of this.lines.slice(from)) {
          const match = pattern.exec(line);
          if (match) return match;
        }
        return null;
      },
      timeoutMs,
      50,
    );
  }

  /** Sends the signal and waits for the exit (SIGKILL after `graceMs`). Answers the exit code. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000): Promise<number | null> {
    if (this.alive) {
      this.child.kill(signal);
      const force = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
      const code = await this.exited;
      clearTimeout(force);
      return code;
    }
    return this.exited;
  }

  tail(lines = 30): string {
    return this.lines.slice(-lines).join('\n');
  }
}

/** Kills whatever a test left running. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((process) => process.stop('SIGKILL')));
}
