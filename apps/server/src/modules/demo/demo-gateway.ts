/**
 * Runs the demo gateway: the edge agent with its built-in simulator, as a child process of the
 * platform (apps stay separate programs; a fault in the demo gateway never takes the platform
 * down). It is restarted with a growing delay if it stops, and stopped with the platform.
 *
 * Any local user can read a process's command line, so it carries no secret: the gateway secret
 * travels in the child's environment, and the broker address is stripped of any account. The child
 * gets a small environment of its own, not the platform's (which holds MQTT_URL, DATABASE_URL,
 * ADMIN_PASSWORD).
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { withoutCredentials } from '../../mqtt/broker-address.ts';
import type { DemoGateway } from './demo.service.ts';

/** The environment variable the edge agent reads its secret from (see apps/gateway/src/cli.ts). */
export const AGENT_SECRET_VARIABLE = 'GATEWAY_SECRET';

/** What the child keeps of the platform's environment: enough for Node to run, nothing secret. */
const INHERITED_VARIABLES = ['PATH', 'HOME', 'TMPDIR', 'TEMP', 'TMP', 'LANG', 'LC_ALL', 'TZ', 'SYSTEMROOT'];

export type SpawnProcess = (command: string, args: readonly string[], options: SpawnOptions) => ChildProcess;

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
    private readonly spawnProcess: SpawnProcess = spawn,
    private readonly environment: NodeJS.ProcessEnv = process.env,
  ) {}

  /** The child's arguments and environment: the secret in the environment only. */
  commandLine(): { args: string[]; env: NodeJS.ProcessEnv } {
    const env: NodeJS.ProcessEnv = {};
    for (const name of INHERITED_VARIABLES) {
      const value = this.environment[name];
      if (value !== undefined) env[name] = value;
    }
    env[AGENT_SECRET_VARIABLE] = this.gateway.secret;
    return {
      args: [
        '--import',
        'tsx',
        AGENT_ENTRY,
        '--sn',
        this.gateway.sn,
        '--platform',
        withoutCredentials(this.platformUrl),
        '--data-dir',
        this.dataDir,
        '--simulate',
      ],
      env,
    };
  }

  start(): void {
    if (this.stopping) return;
    const { args, env } = this.commandLine();
    const child = this.spawnProcess(process.execPath, args, {
      cwd: repositoryRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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
