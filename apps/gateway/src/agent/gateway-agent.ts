/**
 * The edge agent, assembled: the Modbus side's reports become numbered batches in the disk
 * buffer, which the forwarder sends over the platform link; acknowledgements release them. Each
 * poll cycle that read every periodic variable is confirmed in an upload within its poll interval
 * (on its own, without points, when nothing changed), so unchanged values stay current. The
 * platform's configuration is applied in place (and kept on disk), its commands are run at most
 * once and answered, and the gateway's status goes out on connect, on change and every minute.
 *
 * Data directory:
 *   buffer/        store-and-forward segments and state (see buffer/disk-buffer.ts)
 *   commands.log   commands received and their replies (see command-journal.ts)
 *   config.json    the configuration last applied
 *   kept-values.json  values of internal and summary variables (see edge-logic.ts)
 *   settings.json  remote settings in force (see settings-runner.ts)
 *   agent.lock     the process using the directory
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type {
  CommandPayload,
  ConfigPayload,
  ConfigReport,
  Point,
  ReplyPayload,
} from '@lyyp/contracts/protocol';
import { DiskBuffer } from '../buffer/disk-buffer.ts';
import { Forwarder } from '../buffer/forwarder.ts';
import type { FormulaEngine } from '../core/formula-engine.ts';
import { DEFAULT_BATCH_DELAY_MS, PointBatcher, pointsOf, type Batch } from '../core/point-batcher.ts';
import type { ReconnectPolicy } from '../core/reconnect-delay.ts';
import type { Scheduler, TimerHandle } from '../core/scheduler.ts';
import { ChangeFilter } from '../core/change-filter.ts';
import { sharedFormulaEngine } from '../core/shared-formula-engine.ts';
import { systemScheduler } from '../modbus/system-scheduler.ts';
import { PlatformLink } from '../mqtt/platform-link.ts';
import type { ScriptLimits } from '../scripts/script-runner.ts';
import { CommandJournal } from './command-journal.ts';
import { readLastWorkingUrl, saveLastWorkingUrl, withoutCredentials } from './link-memory.ts';
import { CommandRunner } from './command-runner.ts';
import { checkConfig } from './config-problem.ts';
import { ConfigStore } from './config-store.ts';
import { lockDataDirectory, type DataDirectoryLock } from './data-dir-lock.ts';
import { EdgeLogic } from './edge-logic.ts';
import { consoleLogger, type AgentLogger } from './logger.ts';
import { ModbusRuntime } from './modbus-runtime.ts';
import { SimulatedEndpoints } from './simulated-endpoints.ts';
import { StatusReporter, type GatewayIdentity } from './status-reporter.ts';
import { OtaRunner } from '../ota/ota-runner.ts';
import { ANTI_TAMPER_WRITE_CODE, PLAIN_HOST, type HostCapabilities } from '../core/gateway-settings.ts';
import { SettingsRunner } from './settings-runner.ts';

/** The version of the agent the gateway came with; a package started by the launcher says its own. */
export const AGENT_VERSION = '0.1.0';
/** Replies kept while the link is down, newest last. */
const MAX_PENDING_REPLIES = 100;
/** On a graceful stop, how long the platform gets to acknowledge what is on its way. */
const STOP_ACK_WAIT_MS = 2000;
/**
 * How long an agent that starts with a saved configuration waits for the platform's current one
 * before it runs the saved one (docs/fleet.md). Connecting takes well under a second; a platform
 * that cannot be reached shows at the first failed attempt, and the saved one runs at once.
 */
export const SAVED_CONFIG_WAIT_MS = 10_000;

/**
 * What the agent just did, for whoever watches it (diagnosis, tests waiting for a step):
 * a poll cycle reported, a batch is on disk, the platform acknowledged one, the link came up or
 * went down, or the next connection attempt was scheduled.
 */
export type AgentActivity =
  | { readonly kind: 'polled'; readonly driver: string; readonly at: number; readonly complete: boolean }
  | { readonly kind: 'buffered'; readonly seq: number; readonly points: number }
  | { readonly kind: 'acknowledged'; readonly seq: number }
  | { readonly kind: 'connected' }
  | { readonly kind: 'disconnected' }
  | { readonly kind: 'retry-scheduled'; readonly delayMs: number }
  /** A configuration runs now: the platform's, or the one saved (docs/fleet.md). */
  | { readonly kind: 'configured'; readonly version: number };

export interface GatewayAgentOptions {
  readonly sn: string;
  readonly secret: string;
  /** mqtt://host:port (or mqtts, ws, wss). */
  readonly platformUrl: string;
  readonly dataDir: string;
  /** Run every driver against a built-in simulator (see simulated-endpoints.ts). */
  readonly simulate?: boolean;
  readonly logger?: AgentLogger;
  readonly scheduler?: Scheduler;
  readonly formulas?: FormulaEngine;
  /**
   * Scripts and kept values: sandbox limits (tests give a clock of their own), how long script
   * states wait to go out together, how long a changed kept value waits to be saved.
   */
  readonly edge?: {
    readonly sandbox?: ScriptLimits;
    readonly reportDelayMs?: number;
    readonly saveDelayMs?: number;
  };
  readonly buffer?: {
    readonly maxBytes?: number;
    readonly segmentBytes?: number;
    readonly ackSaveDelayMs?: number;
  };
  readonly batch?: { readonly maxPoints?: number; readonly maxDelayMs?: number };
  readonly upload?: { readonly maxInFlight?: number; readonly ackTimeoutMs?: number };
  readonly link?: {
    readonly reconnect?: ReconnectPolicy;
    readonly connectTimeoutMs?: number;
    readonly keepaliveSeconds?: number;
  };
  readonly statusIntervalMs?: number;
  readonly commandRetentionMs?: number;
  readonly identity?: Partial<GatewayIdentity>;
  /**
   * Appends every batch once it is buffered (`{"seq":…,"points":[…]}` per line), for field
   * diagnosis of what the gateway sent. Grows without bound: for investigations, not for everyday.
   */
  readonly traceFile?: string;
  /** Told of every step (see `AgentActivity`); it must not throw. */
  readonly onActivity?: (activity: AgentActivity) => void;
  /** Signal strength to report (0-100): a modem's reading; `--simulate` reports 80 when none is given. */
  readonly signal?: number;
  /** What the host lets the agent change of the remote settings (network, positioning); none by default. */
  readonly host?: HostCapabilities;
  /**
   * Restarts the agent's process (stop, then the launcher starts it again), so the settings read
   * only at start (working mode, MQTT) take effect: the restart command. Without it (no launcher)
   * the command restarts the device side only.
   */
  readonly restartProcess?: () => void;
  /** Upgrades (docs/ota.md). */
  readonly ota?: {
    /** The platform's HTTP address to download firmware from. */
    readonly downloadBase: string | null;
    /** Command that installs system firmware (`<kind> <version> <part>=<file>…`). */
    readonly installHook?: string | null;
    /** Run by the launcher: application firmware can be tried and rolled back. */
    readonly supervised?: boolean;
    /** Stops the agent and hands over to the launcher to start the trial package. */
    readonly restartIntoTrial?: () => void;
  };
}

/** The signal `--simulate` reports when none is given: good enough to upgrade (§9). */
const SIMULATED_SIGNAL = 80;

/** The running agent's version: the launcher names the package it started. */
export function agentVersion(): string {
  return process.env.GATEWAY_AGENT_VERSION || AGENT_VERSION;
}

const success = (uuid: string, data?: ReplyPayload['data']): ReplyPayload => ({
  uuid,
  status: 'success',
  code: '200',
  ...(data ? { data } : {}),
});
// No message: the console shows the catalogue's text for the code in the reader's language.
const failure = (uuid: string, code: string): ReplyPayload => ({ uuid, status: 'failure', code });

export class GatewayAgent {
  readonly buffer: DiskBuffer;
  readonly runtime: ModbusRuntime;
  readonly link: PlatformLink;
  readonly simulation: SimulatedEndpoints | null;
  /** Computed variables, kept values and scripts. */
  readonly edge: EdgeLogic;
  private readonly forwarder: Forwarder;
  private readonly batcher: PointBatcher;
  private readonly status: StatusReporter;
  /** Upgrades: download, verify, apply, report. */
  readonly ota: OtaRunner;
  private readonly commands: CommandRunner;
  private readonly configStore: ConfigStore;
  private readonly latest = new Map<string, Point['v']>();
  /** What was reported of each polled variable, across configurations (docs/protocol.md). */
  private readonly reported = new ChangeFilter();
  /** Dead zones of the configuration running, and the configuration they were taken from. */
  private deadZones: { config: ConfigPayload | null; byKey: Map<string, number> } = {
    config: null,
    byKey: new Map(),
  };
  /** Variables a point was sent of since the agent started: the first one of each is a snapshot. */
  private readonly sentSinceStart = new Set<string>();
  private readonly linkMemoryFile: string;
  private lastWorkingUrl: string | null;
  private readonly appends = new Set<Promise<unknown>>();
  private pendingReplies: string[] = [];
  private pendingReport: ConfigReport | null = null;
  private operations: Promise<unknown> = Promise.resolve();
  /** The saved configuration while the platform may still send a newer one (from the start on). */
  private savedAtStart: { config: ConfigPayload; timer: TimerHandle } | null = null;
  private stopped = false;
  /** Called on every acknowledgement and disconnection (the graceful stop waits on them). */
  private readonly ackListeners = new Set<() => void>();
  private readonly trace: WriteStream | null;
  /** How long changes are gathered unless the platform's settings say otherwise. */
  private readonly batchDelayMs: number;

  private constructor(
    private readonly options: GatewayAgentOptions,
    private readonly scheduler: Scheduler,
    private readonly logger: AgentLogger,
    buffer: DiskBuffer,
    private readonly journal: CommandJournal,
    private readonly lock: DataDirectoryLock,
    /** Remote settings in force (docs/protocol.md, `settings` command). */
    readonly settings: SettingsRunner,
    /** The last MQTT address that worked (`link.json`), null before any did. */
    lastWorkingUrl: string | null = null,
  ) {
    this.buffer = buffer;
    this.batchDelayMs = options.batch?.maxDelayMs ?? DEFAULT_BATCH_DELAY_MS;
    this.trace = options.traceFile ? createWriteStream(options.traceFile, { flags: 'a' }) : null;
    this.trace?.on('error', (error) => logger.log('warn', `upload trace: ${error.message}`));
    this.configStore = new ConfigStore(path.join(options.dataDir, 'config.json'));
    this.simulation = options.simulate
      ? new SimulatedEndpoints((endpoint) =>
          logger.log(
            'info',
            `${endpoint.protocol} simulator for driver ${endpoint.driverKey} on ${endpoint.address}`,
          ),
        )
      : null;
    this.runtime = new ModbusRuntime({
      formulas: options.formulas ?? sharedFormulaEngine,
      scheduler,
      dataDir: options.dataDir,
      onReport: (report) => {
        const computed = this.edge.afterCycle(report.readings, report.at);
        // The agent's own filter decides, not the poller's: it carries on across configurations.
        const samples = report.readings.filter((sample) =>
          this.reported.accept(sample, this.deadZoneOf(sample.key)),
        );
        this.collect(pointsOf([...samples, ...computed], report.at));
        if (report.complete)
          this.batcher.confirm({ driver: report.driverKey, t: report.at }, report.pollIntervalMs);
        this.status.checkForChange();
        this.notify({ kind: 'polled', driver: report.driverKey, at: report.at, complete: report.complete });
      },
      onError: (error) => logger.log('error', `poll cycle failed: ${String(error)}`),
      ...(this.simulation ? { endpoints: this.simulation } : {}),
    });
    this.edge = new EdgeLogic({
      keptFile: path.join(options.dataDir, 'kept-values.json'),
      scheduler,
      logger,
      ...options.edge,
      // The confirmed write path itself, not the command queue: a configuration change waits for
      // the scripts' writes, which must not wait for it in turn.
      writeDevice: async (key, value) => {
        if (this.settings.writesBlocked()) return { ok: false, code: ANTI_TAMPER_WRITE_CODE };
        const outcome = await this.runtime.write(key, value);
        return outcome.ok ? { ok: true } : { ok: false, code: outcome.code };
      },
      onSamples: (samples, at) => this.collect(pointsOf(samples, at)),
      publishReport: (report) => this.link.publish('script', JSON.stringify(report)),
    });
    this.batcher = new PointBatcher({
      scheduler,
      ...options.batch,
      maxDelayMs: settings.batchDelayMs() ?? this.batchDelayMs,
      onBatch: (batch) => this.store(batch),
    });
    // Saved MQTT settings take over from the command line at start (they are read only then).
    const mqtt = settings.saved ? settings.atStart.mqtt : null;
    // A saved address that never answers gives way to the last one that worked (or the command line's).
    const url = mqtt?.url || options.platformUrl;
    const fallbackUrl = lastWorkingUrl ?? options.platformUrl;
    this.linkMemoryFile = path.join(options.dataDir, 'link.json');
    this.lastWorkingUrl = lastWorkingUrl;
    logger.log(
      'info',
      `platform address: ${withoutCredentials(url)} (${mqtt?.url ? 'remote settings' : 'command line'})`,
    );
    this.link = new PlatformLink({
      url,
      ...(fallbackUrl !== url ? { fallbackUrl } : {}),
      sn: options.sn,
      secret: options.secret,
      scheduler,
      ...options.link,
      ...(mqtt ? { keepaliveSeconds: mqtt.keepAliveSeconds } : {}),
      onLog: (level, message) => logger.log(level, message),
      handlers: {
        onConnected: () => this.handleConnected(),
        onDisconnected: (reason) => {
          logger.log('warn', `disconnected from the platform (${reason}); buffering`);
          this.settings.disconnected();
          this.runSaved();
          this.forwarder.disconnected();
          for (const listener of this.ackListeners) listener();
          this.notify({ kind: 'disconnected' });
        },
        onRetryScheduled: (delayMs) => {
          // No platform to ask: the saved configuration runs now.
          this.runSaved();
          this.notify({ kind: 'retry-scheduled', delayMs });
        },
        onFallback: (fallback) =>
          logger.log(
            'warn',
            `platform address: ${withoutCredentials(this.link.url)} (the last that worked; ${withoutCredentials(fallback.url)} failed ${fallback.attempts} times)`,
          ),
        onAck: (ack) => {
          this.forwarder.acknowledged(ack.seq);
          for (const listener of this.ackListeners) listener();
          this.notify({ kind: 'acknowledged', seq: ack.seq });
        },
        onConfig: (message) => {
          this.exclusive(() => this.applyConfig(message))
            .catch((error: unknown) =>
              logger.log('error', `configuration could not be applied: ${String(error)}`),
            )
            // The saved configuration runs only if the platform's could not.
            .finally(() => this.runSaved());
        },
        onConfigCleared: () => {
          this.forgetSaved();
          this.exclusive(() => this.clearConfig()).catch((error: unknown) =>
            logger.log('error', `configuration could not be withdrawn: ${String(error)}`),
          );
        },
        onCommand: (message) => {
          // A command is someone at a screen: traffic saving sends at the report interval again.
          this.settings.viewerSeen();
          if (!this.stopped) void this.commands.handle(message);
        },
        onView: () => this.settings.viewerSeen(),
        onOta: (message) => {
          if (!this.stopped) this.ota.handle(message);
        },
      },
    });
    this.forwarder = new Forwarder({
      buffer,
      scheduler,
      ...options.upload,
      send: (payload) => this.link.publish('data', payload),
      onWarning: (message) => logger.log('warn', message),
    });
    this.status = new StatusReporter({
      scheduler,
      identity: {
        firmware: agentVersion(),
        hardware: `${os.platform()}-${os.arch()}`,
        networkMode: 'ethernet',
        ...options.identity,
        // The working mode set from the platform is in force from the start after it was set (§4).
        gatewayMode: settings.saved ? settings.atStart.mode : (options.identity?.gatewayMode ?? 'standard'),
      },
      currentStatus: () => (this.settings.dormant ? 'dormant' : 'online'),
      configVersion: () => this.runtime.version,
      slaves: () => this.runtime.statuses(),
      extra: () => {
        const opcuaThumbprint = this.runtime.certificate.thumbprint;
        const signal = options.signal ?? (options.simulate ? SIMULATED_SIGNAL : undefined);
        const systemFirmware = this.ota.systemFirmware;
        const failed = this.link.fellBack;
        return {
          ...(opcuaThumbprint ? { opcuaThumbprint } : {}),
          ...(signal !== undefined ? { signal } : {}),
          ...(systemFirmware ? { systemFirmware } : {}),
          mqtt: {
            url: withoutCredentials(this.link.url),
            ...(failed
              ? {
                  failed: {
                    url: withoutCredentials(failed.url),
                    reason: failed.reason.slice(0, 500),
                    at: failed.at,
                  },
                }
              : {}),
          },
        };
      },
      publish: (payload) => this.link.publish('status', JSON.stringify(payload)),
      ...(options.statusIntervalMs ? { intervalMs: options.statusIntervalMs } : {}),
    });
    this.ota = new OtaRunner({
      dataDir: options.dataDir,
      sn: options.sn,
      secret: options.secret,
      downloadBase: options.ota?.downloadBase ?? null,
      publish: (report) => this.link.publish('ota', JSON.stringify(report)),
      supervised: options.ota?.supervised ?? false,
      restartIntoTrial: options.ota?.restartIntoTrial ?? (() => undefined),
      installHook: options.ota?.installHook ?? null,
      simulate: options.simulate ?? false,
      onSystemFirmware: () => this.status.checkForChange(),
      logger,
      now: () => scheduler.now(),
    });
    this.commands = new CommandRunner({
      journal,
      scheduler,
      boot: randomUUID(),
      execute: (command) => this.exclusive(() => this.execute(command)),
      reply: (reply) => this.publishReply(reply),
      afterReply: (command, reply) => {
        if (command.op !== 'restart' || reply.status !== 'success') return;
        if (options.restartProcess) {
          logger.log('info', 'restarting on request: the launcher starts the agent again');
          options.restartProcess();
          return;
        }
        logger.log('info', 'restarting the Modbus side on request (no launcher to restart the agent)');
        this.exclusive(() => this.runtime.restart()).catch((error: unknown) =>
          logger.log('error', `the Modbus side could not restart: ${String(error)}`),
        );
      },
      onWarning: (message) => logger.log('warn', message),
    });
  }

  /** Opens the data directory, resumes the saved configuration and connects to the platform. */
  static async start(options: GatewayAgentOptions): Promise<GatewayAgent> {
    const scheduler = options.scheduler ?? systemScheduler;
    const logger = options.logger ?? consoleLogger;
    await mkdir(options.dataDir, { recursive: true });
    const lock = await lockDataDirectory(options.dataDir);
    let buffer: DiskBuffer | null = null;
    try {
      buffer = await DiskBuffer.open({
        directory: path.join(options.dataDir, 'buffer'),
        scheduler,
        ...options.buffer,
        onWarning: (message) => logger.log('warn', message),
      });
      const journal = await CommandJournal.open({
        file: path.join(options.dataDir, 'commands.log'),
        scheduler,
        ...(options.commandRetentionMs ? { retentionMs: options.commandRetentionMs } : {}),
      });
      const settings = await SettingsRunner.open({
        file: path.join(options.dataDir, 'settings.json'),
        host: options.host ?? PLAIN_HOST,
        now: () => scheduler.now(),
      });
      const lastWorkingUrl = await readLastWorkingUrl(path.join(options.dataDir, 'link.json'));
      const agent = new GatewayAgent(
        options,
        scheduler,
        logger,
        buffer,
        journal,
        lock,
        settings,
        lastWorkingUrl,
      );
      await agent.resume();
      await agent.ota.open();
      agent.link.start();
      return agent;
    } catch (error) {
      await buffer?.close().catch(() => undefined);
      await lock.release();
      throw error;
    }
  }

  /** Stops polling, keeps every value gathered so far in the buffer, says goodbye and closes the files. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.forgetSaved();
    this.status.stop();
    await this.ota.stop();
    await this.commands.idle();
    await this.exclusive(async () => {
      await this.edge.stop();
      await this.runtime.stop();
    });
    this.batcher.flush();
    await this.settleAppends();
    // What the platform acknowledges now is not sent again on the next start.
    await this.waitForAcknowledgements(STOP_ACK_WAIT_MS);
    this.forwarder.stop();
    await this.link.stop(this.status.build('offline'));
    await this.commands.idle();
    const waiting = this.buffer.stats();
    await this.buffer.close();
    await this.journal.close();
    await new Promise<void>((resolve) => (this.trace ? this.trace.end(resolve) : resolve()));
    await this.lock.release();
    this.logger.log(
      'info',
      waiting.unacknowledged > 0
        ? `${waiting.unacknowledged} batches (${waiting.unacknowledgedPoints} points) wait in the buffer for the platform`
        : 'everything gathered was acknowledged by the platform',
    );
  }

  /** Closes the batch being gathered, then waits as `idle` does (tests). */
  async settle(): Promise<void> {
    this.batcher.flush();
    await this.idle();
  }

  /**
   * Waits until batches being written, commands, configuration changes and the current sending
   * round are done. The batch still gathering stays open (tests).
   */
  async idle(): Promise<void> {
    await this.settleAppends();
    await this.commands.idle();
    await this.operations;
    await this.edge.idle();
    await this.forwarder.idle();
  }

  /** Until everything is acknowledged, the link drops, or `timeoutMs` passed. */
  private waitForAcknowledgements(timeoutMs: number): Promise<void> {
    const done = () => !this.link.connected || this.buffer.stats().unacknowledged === 0;
    if (done()) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = () => {
        this.scheduler.clearTimeout(timer);
        this.ackListeners.delete(check);
        resolve();
      };
      const check = () => {
        if (done()) finish();
      };
      const timer = this.scheduler.setTimeout(finish, timeoutMs);
      this.ackListeners.add(check);
    });
  }

  private notify(activity: AgentActivity): void {
    this.options.onActivity?.(activity);
  }

  private async resume(): Promise<void> {
    if (this.settings.dormant) {
      this.logger.log('info', 'dormant: not polling until the platform wakes the gateway');
      return;
    }
    const saved = await this.configStore.load();
    if (!saved) {
      this.logger.log('info', 'no configuration yet; waiting for the platform to send one');
      return;
    }
    // The device's addresses may have been changed while the gateway was off: the platform's
    // current configuration (its retained copy, which comes on connecting) goes first, so the
    // first poll is never of an address that is no longer the device's. Without the platform the
    // saved one runs.
    this.logger.log(
      'info',
      `saved configuration version ${saved.version}: asking the platform for the current one`,
    );
    this.savedAtStart = {
      config: saved,
      timer: this.scheduler.setTimeout(() => this.runSaved(), SAVED_CONFIG_WAIT_MS),
    };
  }

  /** Runs the configuration saved at the start, unless the platform's runs already. */
  private runSaved(): void {
    const waiting = this.savedAtStart;
    if (!waiting) return;
    this.forgetSaved();
    this.exclusive(async () => {
      if (this.stopped || this.settings.dormant || this.runtime.config) return;
      const saved = waiting.config;
      try {
        await this.runtime.apply(saved);
        await this.edge.apply(saved);
        this.logger.log('info', `running saved configuration version ${saved.version}`);
        this.status.sendNow();
        this.notify({ kind: 'configured', version: saved.version });
      } catch (error) {
        this.logger.log('error', `saved configuration version ${saved.version} cannot run: ${String(error)}`);
      }
    }).catch(() => undefined);
  }

  private forgetSaved(): void {
    if (this.savedAtStart) this.scheduler.clearTimeout(this.savedAtStart.timer);
    this.savedAtStart = null;
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.operations.then(work);
    this.operations = run.catch(() => undefined);
    return run;
  }

  /**
   * The dead zone of a variable in the configuration running. A new configuration also ends what
   * was reported of variables it no longer has.
   */
  private deadZoneOf(key: string): number {
    const config = this.runtime.config;
    if (this.deadZones.config !== config) {
      const variables = config?.model.variables ?? [];
      this.deadZones = {
        config,
        byKey: new Map(variables.map((variable) => [variable.key, variable.deadZone])),
      };
      this.reported.keepOnly(new Set(this.deadZones.byKey.keys()));
    }
    return this.deadZones.byKey.get(key) ?? 0;
  }

  private collect(points: Point[]): void {
    this.batcher.setMaxDelay(this.settings.batchDelayMs() ?? this.batchDelayMs);
    for (const point of points) {
      if (point.e === undefined) this.latest.set(point.k, point.v);
      if (this.sentSinceStart.has(point.k)) continue;
      // The first value since the start: the platform stores it only if it is news (docs/protocol.md).
      this.sentSinceStart.add(point.k);
      point.s = true;
    }
    this.batcher.add(points);
  }

  private store({ points, polled: confirmed }: Batch): void {
    const polled = this.confirmationsArriveInTime() ? confirmed : [];
    if (points.length === 0 && polled.length === 0) return;
    const append = this.buffer
      .append(points, polled)
      .then((batch) => {
        const traced = polled.length > 0 ? { seq: batch.seq, points, polled } : { seq: batch.seq, points };
        this.trace?.write(`${JSON.stringify(traced)}\n`);
        this.forwarder.pump();
        this.notify({ kind: 'buffered', seq: batch.seq, points: points.length });
      })
      .catch((error: unknown) =>
        this.logger.log('error', `${points.length} points could not be buffered: ${String(error)}`),
      );
    this.appends.add(append);
    void append.finally(() => this.appends.delete(append));
  }

  /**
   * A poll confirmation says "current now", so it travels only when it can arrive in time: with
   * the link up and nothing in the buffer waiting to go before it. Stored during an outage or
   * behind a backlog, it would fill the buffer and then vouch for values long after the fact.
   */
  private confirmationsArriveInTime(): boolean {
    return this.link.connected && !this.buffer.hasUnsent() && this.settings.confirmationsWanted();
  }

  private async settleAppends(): Promise<void> {
    while (this.appends.size > 0) await Promise.all([...this.appends]);
  }

  private handleConnected(): void {
    this.settings.connected();
    const url = this.link.url;
    if (url !== this.lastWorkingUrl) {
      this.lastWorkingUrl = url;
      saveLastWorkingUrl(this.linkMemoryFile, url).catch((error: unknown) =>
        this.logger.log('warn', `the platform address that worked could not be kept: ${String(error)}`),
      );
    }
    this.status.sendNow();
    if (this.pendingReport && this.link.publish('config', JSON.stringify(this.pendingReport)))
      this.pendingReport = null;
    const replies = this.pendingReplies;
    this.pendingReplies = [];
    for (const reply of replies) if (!this.link.publish('reply', reply)) this.pendingReplies.push(reply);
    this.forwarder.connected();
    this.edge.sendReport();
    this.ota
      .connected()
      .catch((error: unknown) => this.logger.log('warn', `upgrade outcome not reported: ${String(error)}`));
    this.notify({ kind: 'connected' });
    const stats = this.buffer.stats();
    if (stats.unacknowledged > 0) {
      this.logger.log(
        'info',
        `sending ${stats.unacknowledged} buffered batches (${stats.unacknowledgedPoints} points)`,
      );
    }
  }

  private publishReply(reply: ReplyPayload): void {
    const text = JSON.stringify(reply);
    if (this.link.publish('reply', text)) return;
    this.pendingReplies.push(text);
    if (this.pendingReplies.length > MAX_PENDING_REPLIES) this.pendingReplies.shift();
  }

  private reportConfig(report: ConfigReport): void {
    this.pendingReport = this.link.publish('config', JSON.stringify(report)) ? null : report;
  }

  private async applyConfig(message: unknown): Promise<void> {
    if (this.stopped) return;
    const checked = checkConfig(message);
    if (!checked.ok) {
      this.logger.log(
        'warn',
        `configuration version ${checked.report.version} refused: ${checked.report.message ?? ''}`,
      );
      return this.reportConfig(checked.report);
    }
    const config = checked.config;
    if (this.settings.dormant) {
      // Kept for when it wakes; a dormant gateway does not poll.
      await this.configStore.save(config);
      return this.reportConfig({ version: config.version, status: 'applied' });
    }
    if (!this.isNew(config)) return this.reportConfig(this.appliedReport(config.version));
    try {
      this.batcher.flush();
      await this.runtime.apply(config);
      await this.edge.apply(config);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.log(
        'error',
        `configuration version ${config.version} failed; keeping version ${this.runtime.version}: ${message}`,
      );
      return this.reportConfig({
        version: config.version,
        status: 'failed',
        code: '90099',
        message: message.slice(0, 500),
      });
    }
    await this.configStore.save(config);
    this.logger.log(
      'info',
      `configuration version ${config.version} applied: ${config.model.drivers.length} drivers, ${config.model.variables.length} variables`,
    );
    this.reportConfig(this.appliedReport(config.version));
    this.status.sendNow();
    this.notify({ kind: 'configured', version: config.version });
  }

  /**
   * The platform withdrew the configuration (the device was unbound): polling stops, the saved
   * copy goes, and the status says version 0. Nothing is reported on `up/config`: there is no
   * version to report on. What was gathered before stays in the buffer and is still sent.
   */
  private async clearConfig(): Promise<void> {
    if (this.stopped) return;
    this.pendingReport = null;
    // Forgotten on disk first: a crash now must not bring the configuration back at the next start.
    await this.configStore.clear();
    const running = this.runtime.version;
    if (running === 0) return;
    this.batcher.flush();
    await this.edge.stop();
    await this.runtime.stop();
    this.latest.clear();
    this.logger.log('info', `configuration version ${running} withdrawn by the platform; polling stopped`);
    this.status.sendNow();
  }

  /** The retained configuration comes again on every connection; only a different one is applied. */
  private isNew(config: ConfigPayload): boolean {
    const running = this.runtime.config;
    return (
      !running ||
      running.version !== config.version ||
      JSON.stringify(running.model) !== JSON.stringify(config.model)
    );
  }

  private appliedReport(version: number): ConfigReport {
    const rejected = this.runtime.rejected;
    if (rejected.length === 0) return { version, status: 'applied' };
    const list = rejected.map((item) => `${item.key} (${item.code})`).join(', ');
    return { version, status: 'applied', message: `not polled: ${list}`.slice(0, 500) };
  }

  private async execute(command: CommandPayload): Promise<ReplyPayload> {
    const { uuid, key } = command;
    switch (command.op) {
      case 'read': {
        const at = this.scheduler.now();
        const held = key === undefined ? undefined : this.edge.currentValue(key);
        if (held) return held.ok ? success(uuid, { value: held.value }) : failure(uuid, held.code);
        const [sample] = await this.runtime.readNow(key ? [key] : [], at);
        if (!sample) return failure(uuid, '99903');
        this.reported.remember(sample);
        // The poller now counts this value as reported, so history gets it from here.
        const [point] = pointsOf([sample], at);
        if (point) this.collect([point]);
        if (sample.kind === 'fault') return failure(uuid, sample.code);
        return success(uuid, { value: point?.v ?? null });
      }
      case 'write': {
        if (!key) return failure(uuid, '1714');
        const previous = this.latest.get(key);
        if (this.edge.ownsVariable(key)) {
          const kept = this.edge.writeKept(key, command.value);
          if (!kept.ok) return failure(uuid, kept.code);
          return success(uuid, { value: kept.value, ...(previous !== undefined ? { previous } : {}) });
        }
        if (this.settings.writesBlocked()) return failure(uuid, ANTI_TAMPER_WRITE_CODE);
        const outcome = await this.runtime.write(key, command.value);
        if (!outcome.ok) return failure(uuid, outcome.code);
        this.logger.log(
          'info',
          `wrote ${key} = ${String(outcome.value)}${outcome.readBack ? ' (confirmed by read-back)' : ''}`,
        );
        return success(uuid, { value: outcome.value, ...(previous !== undefined ? { previous } : {}) });
      }
      case 'restart':
        return success(uuid);
      case 'settings': {
        if (!command.settings) return failure(uuid, '1002');
        const wasDormant = this.settings.dormant;
        const outcomes = await this.settings.apply(command.settings);
        await this.changeDormancy(wasDormant);
        this.status.sendNow();
        return success(uuid, { settings: outcomes });
      }
      case 'factory-reset':
        await this.factoryReset();
        return success(uuid);
      case 'browse': {
        // The tag browser: the children of a node of an OPC UA driver's server, never stored.
        if (!command.driver) return failure(uuid, '1001');
        const outcome = await this.runtime.browse(command.driver, command.node);
        if (!outcome.ok) return failure(uuid, outcome.code);
        return success(uuid, { nodes: [...outcome.nodes], truncated: outcome.truncated });
      }
    }
  }

  /** Falls asleep (polling stops) or wakes (the saved configuration runs again). */
  private async changeDormancy(wasDormant: boolean): Promise<void> {
    if (wasDormant === this.settings.dormant) return;
    if (this.settings.dormant) {
      this.batcher.flush();
      await this.edge.stop();
      await this.runtime.stop();
      this.logger.log('info', 'dormant on request: polling stopped');
      return;
    }
    await this.resume();
    this.logger.log('info', 'woken on request');
  }

  /**
   * Factory settings: the remote settings, the configuration and the values held by edge logic
   * are forgotten and polling stops (the platform sends the device's configuration again). What
   * is in the buffer was measured and is still sent; the command journal stays, so no command runs
   * twice. The working mode and MQTT settings of the factory apply from the next start.
   */
  private async factoryReset(): Promise<void> {
    await this.settings.reset();
    await this.configStore.clear();
    this.batcher.flush();
    await this.edge.stop();
    await this.edge.forgetKeptValues();
    await this.runtime.stop();
    this.latest.clear();
    this.logger.log('info', 'factory settings restored on request');
    this.status.sendNow();
  }
}
