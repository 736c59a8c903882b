/**
 * Runs the real platform as a child process for a browser flow: fresh data directory, free ports,
 * embedded database. Its JSON log lines are kept, because that is where a test reads what a person
 * would read elsewhere: the SMS code on their phone ("sms code sent") and, with CAPTCHA_DEBUG_LOG=1,
 * the characters in the captcha picture ("captcha answer").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pgliteTemplate } from '../../apps/server/src/test/pglite-template.ts';
import { findFreePort } from './ports.ts';
import { REPOSITORY_ROOT, SERVER_ENTRY } from './paths.ts';

export interface LogLine {
  msg?: string;
  [field: string]: unknown;
}

export interface PlatformOptions {
  adminUsername?: string;
  adminPassword?: string;
  startTimeoutMs?: number;
  /** Seed the demo workspace and run its gateway (off by default). */
  demo?: boolean;
  /** Further settings, e.g. a weather provider or camera adapter served by the flow itself. */
  environment?: Record<string, string>;
}

const POLL_INTERVAL_MS = 50;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class Platform {
  readonly logs: LogLine[] = [];
  /** Output that is not a JSON log line (the start banner, crashes), kept for error messages. */
  readonly rawOutput: string[] = [];

  private child: ChildProcess;

  private constructor(
    private readonly environment: NodeJS.ProcessEnv,
    readonly baseUrl: string,
    readonly dataDir: string,
    readonly admin: { username: string; password: string },
  ) {
    this.child = this.spawn();
  }

  private spawn(): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
      cwd: REPOSITORY_ROOT,
      env: this.environment,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (stream: NodeJS.ReadableStream | null) => {
      if (!stream) return;
      createInterface({ input: stream }).on('line', (line) => {
        if (line.startsWith('{')) {
          try {
            this.logs.push(JSON.parse(line) as LogLine);
            return;
          } catch {
            // Not a log line after all; keep it as raw output.
          }
        }
        this.rawOutput.push(line);
      });
    };
    collect(child.stdout);
    collect(child.stderr);
    return child;
  }

  static async start(options: PlatformOptions = {}): Promise<Platform> {
    if (!fs.existsSync(path.join(REPOSITORY_ROOT, SERVER_ENTRY))) {
      throw new Error(
        `The platform entry ${SERVER_ENTRY} does not exist; the browser flow needs the server.`,
      );
    }
    const [port, mqttPort, mqttWsPort] = [await findFreePort(), await findFreePort(), await findFreePort()];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lyyp-e2e-'));
    // A migrated embedded database to start from: a first start would otherwise spend most of its
    // time creating the database and running every migration.
    fs.cpSync((await pgliteTemplate()).dataDir, path.join(dataDir, 'pglite'), { recursive: true });
    const admin = {
      username: options.adminUsername ?? 'admin',
      password: options.adminPassword ?? 'E2e#Admin2024',
    };
    // Flows run the embedded variant whatever the shell exports, and read SMS codes from the log provider.
    const {
      DATABASE_URL: _database,
      MQTT_URL: _mqtt,
      BUS_URL: _bus,
      WEB_DIST: _web,
      ...inherited
    } = process.env;
    const environment: NodeJS.ProcessEnv = {
      ...inherited,
      NODE_ENV: 'test',
      SMS_PROVIDER: 'log',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MQTT_PORT: String(mqttPort),
      MQTT_WS_PORT: String(mqttWsPort),
      DEMO: options.demo ? '1' : '0',
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      CAPTCHA_DEBUG_LOG: '1',
      LOG_LEVEL: 'info',
      ...options.environment,
    };
    const platform = new Platform(environment, `http://127.0.0.1:${port}`, dataDir, admin);
    try {
      // Generous: a first start migrates a fresh embedded database, which on a machine busy with
      // other work takes minutes; a platform that exits is reported at once all the same.
      await platform.waitUntilHealthy(options.startTimeoutMs ?? 300_000);
    } catch (error) {
      await platform.stop();
      throw error;
    }
    return platform;
  }

  private async waitUntilHealthy(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) {
        throw new Error(`The platform exited with code ${this.child.exitCode}:\n${this.describeOutput()}`);
      }
      try {
        // The banner says this very process finished starting; health alone could come from another
        // process that took the port meanwhile.
        const started = this.rawOutput.some((line) => line.includes('Platform is running'));
        if (started && (await fetch(`${this.baseUrl}/healthz`)).status === 200) return;
      } catch {
        // Not listening yet.
      }
      await delay(200);
    }
    throw new Error(`The platform did not answer /healthz within ${timeoutMs} ms:\n${this.describeOutput()}`);
  }

  describeOutput(lines = 40): string {
    const messages = this.logs.map((line) => JSON.stringify(line));
    return [...this.rawOutput, ...messages].slice(-lines).join('\n');
  }

  /** Waits for a log line that matches; only lines from `from` on count (the log index before the action). */
  async waitForLog(match: (line: LogLine) => boolean, from = 0, timeoutMs = 15_000): Promise<LogLine> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = this.logs.slice(from).find(match);
      if (found) return found;
      await delay(POLL_INTERVAL_MS);
    }
    throw new Error(
      `No matching platform log line within ${timeoutMs} ms. Recent output:\n${this.describeOutput()}`,
    );
  }

  /** The characters of the captcha picture `randstr`, as the platform logged them. */
  async readCaptchaAnswer(randstr: string): Promise<string> {
    const line = await this.waitForLog(
      (entry) => entry.msg === 'captcha answer' && entry.randstr === randstr,
    );
    return String(line.answer);
  }

  /** The SMS code texted to `tel` after log index `from`, like reading it on the phone. */
  async readSmsCode(tel: string, purpose: string, from: number): Promise<string> {
    const line = await this.waitForLog(
      (entry) => entry.msg === 'sms code sent' && entry.tel === tel && entry.purpose === purpose,
      from,
    );
    return String(line.code);
  }

  /** Stops the platform gracefully and starts it again on the same ports and data, as an operator would. */
  async restart(timeoutMs = 300_000): Promise<void> {
    await this.terminate();
    this.child = this.spawn();
    await this.waitUntilHealthy(timeoutMs);
  }

  async stop(): Promise<void> {
    await this.terminate();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  private async terminate(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      this.child.kill('SIGTERM');
      const forced = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(forced);
    }
  }
}
