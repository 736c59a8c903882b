/**
 * The agent's side of an upgrade (docs/ota.md, docs/protocol.md `down/ota` / `up/ota`): one at a
 * time, download each file with resume, verify its SHA-256, then apply. Application firmware is
 * unpacked beside the running agent and handed to the launcher as a trial (the agent stops and
 * the launcher starts the new one, going back if it does not report in); system firmware is
 * handed to the install hook (simulated under `--simulate`). Every step is reported on `up/ota`;
 * the newest report waits for the connection if the link is down. The order in progress is kept
 * in `ota/order.json`: after a restart of the agent it is reported failed (never resumed behind
 * the platform's back), and a retry resumes the download from the bytes on disk.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { OTA_PROGRESS_INTERVAL_MS } from '@lyyp/contracts/ota';
import { otaOrderSchema, type OtaOrder, type OtaReport } from '@lyyp/contracts/protocol';
import { removeFile, writeFileAtomic } from '../buffer/durable-files.ts';
import type { AgentLogger } from '../agent/logger.ts';
import { installAgentPackage } from './agent-package.ts';
import { OtaFailure, downloadFile, verifyFile } from './firmware-download.ts';
import { packagesDirOf, readSlots, writeSlots } from './package-slots.ts';

type StartOrder = Extract<OtaOrder, { op: 'start' }>;

export interface OtaRunnerOptions {
  readonly dataDir: string;
  readonly sn: string;
  readonly secret: string;
  /** http(s)://host:port to download from; null: upgrades fail with 2747. */
  readonly downloadBase: string | null;
  /** Publishes an `up/ota` report; false when not connected. */
  readonly publish: (report: OtaReport) => boolean;
  /** Run by the launcher, which can start a new package (and go back). */
  readonly supervised: boolean;
  /** Stops the agent and hands over to the launcher (exit code 75). */
  readonly restartIntoTrial: () => void;
  /** Command run with the system firmware's files; null under `--simulate` means "simulate". */
  readonly installHook: string | null;
  readonly simulate: boolean;
  /** System firmware was installed: the status should say the new version now. */
  readonly onSystemFirmware?: (version: string) => void;
  readonly logger: AgentLogger;
  readonly now: () => number;
}

interface SystemFirmwareRecord {
  version: string;
}

export class OtaRunner {
  private running: { order: StartOrder; abort: AbortController; done: Promise<void> } | null = null;
  private pending: OtaReport | null = null;
  private systemVersion: string | null = null;
  private readonly directory: string;

  constructor(private readonly options: OtaRunnerOptions) {
    this.directory = path.join(options.dataDir, 'ota');
  }

  /** The system firmware version installed by an upgrade, for the status. */
  get systemFirmware(): string | null {
    return this.systemVersion;
  }

  /** Reads what survives a restart; resumes an order that was under way. */
  async open(): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const record = await readJson<SystemFirmwareRecord>(path.join(this.directory, 'system-firmware.json'));
    this.systemVersion = record?.version ?? null;
    // An order the agent was working on when it stopped is not resumed on its own: it may have
    // been cancelled meanwhile (a cancel sent while the gateway was away is not kept for it). It is
    // reported failed at the next connection; a retry resumes from the bytes already on disk.
    const orderFile = path.join(this.directory, 'order.json');
    const saved = otaOrderSchema.safeParse(await readJson(orderFile));
    if (saved.success && saved.data.op === 'start') {
      this.pending = {
        task: saved.data.task,
        attempt: saved.data.attempt,
        state: 'failed',
        code: '2741',
        params: { reason: 'the gateway restarted during the upgrade' },
        ts: this.options.now(),
      };
    }
    await removeFile(orderFile);
  }

  /** On every connection: what the launcher decided about a trial, and the newest unsent report. */
  async connected(): Promise<void> {
    const slots = await readSlots(this.options.dataDir);
    if (slots.outcome) {
      const { outcome } = slots;
      const report: OtaReport =
        outcome.result === 'succeeded'
          ? { task: outcome.task, attempt: outcome.attempt, state: 'succeeded', ts: this.options.now() }
          : {
              task: outcome.task,
              attempt: outcome.attempt,
              state: 'failed',
              code: '2744',
              params: { version: outcome.version },
              ts: this.options.now(),
            };
      if (this.options.publish(report)) await writeSlots(this.options.dataDir, { ...slots, outcome: null });
      if (outcome.result === 'rolled-back')
        this.options.logger.log(
          'warn',
          `version ${outcome.failedVersion} did not start; running ${outcome.version} again`,
        );
    }
    if (this.pending && this.options.publish(this.pending)) this.pending = null;
  }

  /** A `down/ota` message (JSON-parsed). */
  handle(message: unknown): void {
    const parsed = otaOrderSchema.safeParse(message);
    if (!parsed.success) {
      this.options.logger.log('warn', 'ignored a malformed down/ota');
      return;
    }
    const order = parsed.data;
    const current = this.running?.order;
    if (order.op === 'cancel') {
      if (current && current.task === order.task && current.attempt === order.attempt) {
        this.options.logger.log('info', `upgrade ${order.task} cancelled`);
        this.running?.abort.abort();
      }
      return;
    }
    // The same order again (the platform sent it twice, or after a reconnect): already on it.
    if (current && current.task === order.task && current.attempt === order.attempt) return;
    this.running?.abort.abort();
    this.start(order);
  }

  /** Until the order under way (if any) has ended (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running.done;
  }

  /** Stops a download under way (the agent is stopping); the order stays for the next start. */
  async stop(): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.abort.abort(new Error('stopping'));
    await running.done;
  }

  private start(order: StartOrder): void {
    const abort = new AbortController();
    const previous = this.running?.done ?? Promise.resolve();
    const done = previous.then(() => this.run(order, abort.signal));
    this.running = { order, abort, done };
    void done.finally(() => {
      if (this.running?.order === order) this.running = null;
    });
  }

  private report(order: StartOrder, state: OtaReport['state'], extra: Partial<OtaReport> = {}): void {
    const report: OtaReport = {
      task: order.task,
      attempt: order.attempt,
      state,
      ts: this.options.now(),
      ...extra,
    };
    this.pending = this.options.publish(report) ? null : report;
  }

  private async run(order: StartOrder, signal: AbortSignal): Promise<void> {
    const orderFile = path.join(this.directory, 'order.json');
    const { logger } = this.options;
    try {
      await writeFileAtomic(orderFile, JSON.stringify(order));
      if (!this.options.downloadBase) throw new OtaFailure('2747');
      if (order.kind === 'application' && !this.options.supervised) throw new OtaFailure('2746');
      logger.log('info', `upgrade ${order.task} to ${order.kind} firmware ${order.version}: downloading`);
      const total = order.files.reduce((sum, file) => sum + file.size, 0) || 1;
      let before = 0;
      let lastPercent = -1;
      let lastReportAt = 0;
      for (const file of order.files) {
        await downloadFile({
          baseUrl: this.options.downloadBase,
          sn: this.options.sn,
          secret: this.options.secret,
          file,
          target: this.fileOf(file.id),
          signal,
          onBytes: (received) => {
            const percent = Math.min(100, Math.floor(((before + received) * 100) / total));
            const now = this.options.now();
            if (percent >= lastPercent + 10 || now - lastReportAt >= OTA_PROGRESS_INTERVAL_MS) {
              lastPercent = percent;
              lastReportAt = now;
              this.report(order, 'downloading', { percent });
            }
          },
        });
        before += file.size;
      }
      this.report(order, 'downloading', { percent: 100 });
      this.report(order, 'verifying');
      for (const file of order.files) await verifyFile(file, this.fileOf(file.id));
      signal.throwIfAborted();
      this.report(order, 'applying');
      logger.log('info', `upgrade ${order.task}: applying ${order.version}`);
      if (order.kind === 'application') await this.applyPackage(order);
      else await this.applySystem(order);
    } catch (error) {
      if (signal.aborted) {
        // Cancelled: the platform knows. Stopping: the order stays, to be reported on the next start.
        if (String(signal.reason) !== 'Error: stopping') await removeFile(orderFile);
        return;
      }
      const failure =
        error instanceof OtaFailure
          ? error
          : new OtaFailure('2743', { reason: error instanceof Error ? error.message : String(error) });
      logger.log('warn', `upgrade ${order.task} failed: ${failure.code} ${JSON.stringify(failure.params)}`);
      await removeFile(orderFile);
      this.report(order, 'failed', {
        code: failure.code,
        ...(Object.keys(failure.params).length > 0 ? { params: failure.params } : {}),
      });
    }
  }

  private fileOf(id: string): string {
    return path.join(this.directory, `${id.replace(/[^\w.-]/g, '_')}.part`);
  }

  /** Unpacks the package beside the running agent, names it the trial, and hands over to the launcher. */
  private async applyPackage(order: StartOrder): Promise<void> {
    const file = order.files.find((entry) => entry.part === 'package') ?? order.files[0]!;
    const installed = await installAgentPackage(
      this.fileOf(file.id),
      packagesDirOf(this.options.dataDir),
      order.version,
    );
    const slots = await readSlots(this.options.dataDir);
    await writeSlots(this.options.dataDir, {
      ...slots,
      trial: { ...installed, task: order.task, attempt: order.attempt },
    });
    await this.cleanUp(order);
    this.options.logger.log('info', `restarting into version ${order.version}`);
    this.options.restartIntoTrial();
  }

  /** Runs the install hook with the files (`<kind> <version> <part>=<file>…`), or simulates it. */
  private async applySystem(order: StartOrder): Promise<void> {
    const hook = this.options.installHook;
    if (hook) {
      const args = [
        order.kind,
        order.version,
        ...order.files.map((file) => `${file.part}=${this.fileOf(file.id)}`),
      ];
      try {
        await promisify(execFile)(hook, args, { timeout: OTA_HOOK_TIMEOUT_MS });
      } catch (error) {
        throw new OtaFailure('2743', { reason: (error as Error).message.split('\n')[0]!.slice(0, 200) });
      }
    } else if (!this.options.simulate) {
      throw new OtaFailure('2743', { reason: 'no install hook is configured (--install-hook)' });
    } else {
      this.options.logger.log('info', `simulated install of system firmware ${order.version}`);
    }
    await writeFileAtomic(
      path.join(this.directory, 'system-firmware.json'),
      JSON.stringify({ version: order.version } satisfies SystemFirmwareRecord),
    );
    this.systemVersion = order.version;
    await this.cleanUp(order);
    this.report(order, 'succeeded');
    this.options.onSystemFirmware?.(order.version);
  }

  private async cleanUp(order: StartOrder): Promise<void> {
    for (const file of order.files) await rm(this.fileOf(file.id), { force: true });
    await removeFile(path.join(this.directory, 'order.json'));
  }
}

/** How long the install hook may take. */
export const OTA_HOOK_TIMEOUT_MS = 30 * 60_000;

async function readJson<T = unknown>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}
