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
 *
 * This class wires the parts and owns the link's events; the work is beside it: the way to the
 * platform in upload-pipeline.ts, the configuration in config-applier.ts, what each command does in
 * command-execution.ts, the options and activities in agent-options.ts.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { checkSubscribeTopic } from '@lyyp/contracts/gateway-ops';
import type { ReplyPayload } from '@lyyp/contracts/protocol';
import { DiskBuffer } from '../buffer/disk-buffer.ts';
import { pointsOf } from '../core/point-batcher.ts';
import type { Scheduler } from '../core/scheduler.ts';
import { sharedFormulaEngine } from '../core/shared-formula-engine.ts';
import { systemScheduler } from '../modbus/system-scheduler.ts';
import { PlatformLink } from '../mqtt/platform-link.ts';
import { OtaRunner } from '../ota/ota-runner.ts';
import { ANTI_TAMPER_WRITE_CODE, PLAIN_HOST } from '../core/gateway-settings.ts';
import { agentVersion, type AgentActivity, type GatewayAgentOptions } from './agent-options.ts';
import { CommandExecution } from './command-execution.ts';
import { CommandJournal } from './command-journal.ts';
import { CommandRunner } from './command-runner.ts';
import { ConfigApplier } from './config-applier.ts';
import { lockDataDirectory, type DataDirectoryLock } from './data-dir-lock.ts';
import { EdgeLogic } from './edge-logic.ts';
import { readLastWorkingUrl, saveLastWorkingUrl, withoutCredentials } from './link-memory.ts';
import { consoleLogger, type AgentLogger } from './logger.ts';
import { ModbusRuntime } from './modbus-runtime.ts';
import { SettingsRunner } from './settings-runner.ts';
import { SimulatedEndpoints } from './simulated-endpoints.ts';
import { StatusReporter } from './status-reporter.ts';
import { UploadPipeline } from './upload-pipeline.ts';

export {
  AGENT_VERSION,
  SAVED_CONFIG_WAIT_MS,
  agentVersion,
  type AgentActivity,
  type GatewayAgentOptions,
} from './agent-options.ts';

/** Replies kept while the link is down, newest last. */
const MAX_PENDING_REPLIES = 100;
/** On a graceful stop, how long the platform gets to acknowledge what is on its way. */
const STOP_ACK_WAIT_MS = 2000;
/** The signal `--simulate` reports when none is given: good enough to upgrade (§9). */
const SIMULATED_SIGNAL = 80;

export class GatewayAgent {
  readonly buffer: DiskBuffer;
  readonly runtime: ModbusRuntime;
  readonly link: PlatformLink;
  readonly simulation: SimulatedEndpoints | null;
  /** Computed variables, kept values and scripts. */
  readonly edge: EdgeLogic;
  /** Points → batches → disk buffer → platform. */
  private readonly uploads: UploadPipeline;
  private readonly status: StatusReporter;
  /** Upgrades: download, verify, apply, report. */
  readonly ota: OtaRunner;
  private readonly commands: CommandRunner;
  /** The platform's configuration: applied, kept on disk, reported. */
  private readonly config: ConfigApplier;
  private readonly execution: CommandExecution;
  private readonly linkMemoryFile: string;
  private lastWorkingUrl: string | null;
  private pendingReplies: string[] = [];
  private operations: Promise<unknown> = Promise.resolve();
  private stopped = false;

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
        this.uploads.acceptCycle(report, computed);
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
      onSamples: (samples, at) => this.uploads.collect(pointsOf(samples, at)),
      publishReport: (report) => this.link.publish('script', JSON.stringify(report)),
    });
    this.uploads = new UploadPipeline({
      buffer,
      scheduler,
      logger,
      settings,
      ...(options.batch ? { batch: options.batch } : {}),
      ...(options.upload ? { upload: options.upload } : {}),
      ...(options.traceFile ? { traceFile: options.traceFile } : {}),
      runningConfig: () => this.runtime.config,
      send: (payload) => this.link.publish('data', payload),
      linkConnected: () => this.link.connected,
      notify: (activity) => this.notify(activity),
    });
    this.config = new ConfigApplier({
      dataDir: options.dataDir,
      scheduler,
      logger,
      runtime: this.runtime,
      edge: this.edge,
      settings,
      uploads: this.uploads,
      sendStatus: () => this.status.sendNow(),
      notify: (activity) => this.notify(activity),
      exclusive: (work) => this.exclusive(work),
      isStopped: () => this.stopped,
      publishReport: (report) => this.link.publish('config', report),
    });
    this.execution = new CommandExecution({
      scheduler,
      logger,
      runtime: this.runtime,
      edge: this.edge,
      settings,
      uploads: this.uploads,
      config: this.config,
      sendStatus: () => this.status.sendNow(),
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
      ...(mqtt?.tls ? { tls: mqtt.tls } : {}),
      ...(mqtt?.subscribeTopic && !checkSubscribeTopic(options.sn, mqtt.subscribeTopic)
        ? { subscribeTopic: mqtt.subscribeTopic }
        : {}),
      onLog: (level, message) => logger.log(level, message),
      handlers: {
        onConnected: () => this.handleConnected(),
        onDisconnected: (reason) => {
          logger.log('warn', `disconnected from the platform (${reason}); buffering`);
          this.settings.disconnected();
          this.config.runSaved();
          this.uploads.disconnected();
          this.notify({ kind: 'disconnected' });
        },
        onRetryScheduled: (delayMs) => {
          // No platform to ask: the saved configuration runs now.
          this.config.runSaved();
          this.notify({ kind: 'retry-scheduled', delayMs });
        },
        onFallback: (fallback) =>
          logger.log(
            'warn',
            `platform address: ${withoutCredentials(this.link.url)} (the last that worked; ${withoutCredentials(fallback.url)} failed ${fallback.attempts} times)`,
          ),
        onAck: (ack) => {
          this.uploads.acknowledged(ack.seq);
          this.notify({ kind: 'acknowledged', seq: ack.seq });
        },
        onConfig: (message) => {
          this.exclusive(() => this.config.apply(message))
            .catch((error: unknown) =>
              logger.log('error', `configuration could not be applied: ${String(error)}`),
            )
            // The saved configuration runs only if the platform's could not.
            .finally(() => this.config.runSaved());
        },
        onConfigCleared: () => {
          this.config.forgetSaved();
          this.exclusive(() => this.config.clear()).catch((error: unknown) =>
            logger.log('error', `configuration could not be withdrawn: ${String(error)}`),
          );
        },
        onCommand: (message) => {
          // A command is someone at a screen: traffic saving resumes the live stream.
          this.settings.viewerSeen();
          this.uploads.followViewers();
          if (!this.stopped) void this.commands.handle(message);
        },
        // The additional subscription topic's messages are logged as received (docs/protocol.md).
        onSubscribed: (topic, payload) =>
          logger.log('info', `message on ${topic}: ${payload.length} bytes ${previewOf(payload)}`),
        onView: () => {
          this.settings.viewerSeen();
          this.uploads.followViewers();
        },
        onOta: (message) => {
          if (!this.stopped) this.ota.handle(message);
        },
      },
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
      execute: (command) => this.exclusive(() => this.execution.execute(command)),
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
      await agent.config.resume();
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
    this.config.forgetSaved();
    this.status.stop();
    await this.ota.stop();
    await this.commands.idle();
    await this.exclusive(async () => {
      await this.edge.stop();
      await this.runtime.stop();
    });
    this.uploads.flush();
    await this.uploads.settleAppends();
    // What the platform acknowledges now is not sent again on the next start.
    await this.uploads.waitForAcknowledgements(STOP_ACK_WAIT_MS);
    this.uploads.stopSending();
    await this.link.stop(this.status.build('offline'));
    await this.commands.idle();
    const waiting = this.buffer.stats();
    await this.buffer.close();
    await this.journal.close();
    await this.uploads.closeTrace();
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
    this.uploads.flush();
    await this.idle();
  }

  /**
   * Waits until batches being written, commands, configuration changes and the current sending
   * round are done. The batch still gathering stays open (tests).
   */
  async idle(): Promise<void> {
    await this.uploads.settleAppends();
    await this.commands.idle();
    await this.operations;
    await this.edge.idle();
    await this.uploads.idle();
  }

  private notify(activity: AgentActivity): void {
    this.options.onActivity?.(activity);
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.operations.then(work);
    this.operations = run.catch(() => undefined);
    return run;
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
    this.config.connected();
    const replies = this.pendingReplies;
    this.pendingReplies = [];
    for (const reply of replies) if (!this.link.publish('reply', reply)) this.pendingReplies.push(reply);
    this.uploads.connected();
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
}

/** The start of a message for the log: printable text up to 200 characters. */
function previewOf(payload: Buffer): string {
  const text = payload.subarray(0, 200).toString('utf8');
  return /^[\P{C}\s]*$/u.test(text) ? JSON.stringify(text) : '(binary)';
}
