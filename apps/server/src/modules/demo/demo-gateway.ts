/**
 * Runs the demo gateway: the edge agent with its built-in simulator, as a child process of the
 * platform (apps stay separate programs; a fault in the demo gateway never takes the platform
 * down). It is restarted with a growing delay if it stops, and stopped with the platform.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DemoGateway } from './demo.service.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '../../../../..');
const AGENT_ENTRY = path.join(repositoryRoot, 'apps/gateway/src/main.ts');
const MAX_RESTART_DELAY_MS = 60_000;

export class DemoGatewayProcess {
  private child: ChildProcess | null = null;
  private stopping = false;
  private restartDelayMs = 1000;
  private restartTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly gateway: DemoGateway,
    private readonly platformUrl: string,
    private readonly dataDir: string,
    private readonly logger: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.stopping) return;
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        AGENT_ENTRY,
        '--sn',
        this.gateway.sn,
        '--platform',
        this.platformUrl,
        '--data-dir',
        this.dataDir,
        '--simulate',
      ],
      // The secret travels in the environment, not the argument list other users of the machine can read.
      {
        cwd: repositoryRoot,
        env: { ...process.env, GATEWAY_SECRET: this.gateway.secret },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    const started = Date.now();
    child.stdout?.on('data', (chunk: Buffer) =>
      this.logger.debug({ demoGateway: chunk.toString().trim() }, 'demo gateway'),
    );
    child.stderr?.on('data', (chunk: Buffer) =>
      this.logger.warn({ demoGateway: chunk.toString().trim() }, 'demo gateway'),
    );
    child.on('exit', (code, signal) => {
      this.child = null;
      if (this.stopping) return;
      // A run that lasted a while resets the delay; a crash loop backs off.
      if (Date.now() - started > 60_000) this.restartDelayMs = 1000;
      this.logger.warn(
        { code, signal, restartInMs: this.restartDelayMs },
        'demo gateway stopped; restarting',
      );
      this.restartTimer = setTimeout(() => this.start(), this.restartDelayMs);
      this.restartDelayMs = Math.min(this.restartDelayMs * 2, MAX_RESTART_DELAY_MS);
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child) return;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}
