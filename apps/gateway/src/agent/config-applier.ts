/**
 * The platform's configuration in the agent: checked, applied in place (Modbus side and edge
 * logic), kept in `config.json` and reported on `up/config` (held while the link is down). An
 * agent that starts with a saved configuration first waits a little for the platform's current
 * one (docs/fleet.md); a withdrawn configuration stops polling and is forgotten on disk.
 */
import path from 'node:path';
import type { ConfigPayload, ConfigReport } from '@lyyp/contracts/protocol';
import type { Scheduler, TimerHandle } from '../core/scheduler.ts';
import { SAVED_CONFIG_WAIT_MS, type AgentActivity } from './agent-options.ts';
import { checkConfig } from './config-problem.ts';
import { ConfigStore } from './config-store.ts';
import type { EdgeLogic } from './edge-logic.ts';
import type { AgentLogger } from './logger.ts';
import type { ModbusRuntime } from './modbus-runtime.ts';
import type { SettingsRunner } from './settings-runner.ts';
import type { UploadPipeline } from './upload-pipeline.ts';

export interface ConfigApplierOptions {
  readonly dataDir: string;
  readonly scheduler: Scheduler;
  readonly logger: AgentLogger;
  readonly runtime: ModbusRuntime;
  readonly edge: EdgeLogic;
  readonly settings: SettingsRunner;
  readonly uploads: UploadPipeline;
  /** Sends the gateway's status now (the configuration version changed). */
  readonly sendStatus: () => void;
  readonly notify: (activity: AgentActivity) => void;
  /** Runs work after every configuration change, command and restart before it. */
  readonly exclusive: (work: () => Promise<void>) => Promise<void>;
  readonly isStopped: () => boolean;
  /** Publishes an `up/config` report; false when the link is down. */
  readonly publishReport: (report: string) => boolean;
}

export class ConfigApplier {
  private readonly store: ConfigStore;
  private pendingReport: ConfigReport | null = null;
  /** The saved configuration while the platform may still send a newer one (from the start on). */
  private savedAtStart: { config: ConfigPayload; timer: TimerHandle } | null = null;

  constructor(private readonly options: ConfigApplierOptions) {
    this.store = new ConfigStore(path.join(options.dataDir, 'config.json'));
  }

  /** At the start, or on waking: the saved configuration runs unless the platform sends one. */
  async resume(): Promise<void> {
    const { logger, scheduler } = this.options;
    if (this.options.settings.dormant) {
      logger.log('info', 'dormant: not polling until the platform wakes the gateway');
      return;
    }
    const saved = await this.store.load();
    if (!saved) {
      logger.log('info', 'no configuration yet; waiting for the platform to send one');
      return;
    }
    // The device's addresses may have been changed while the gateway was off: the platform's
    // current configuration (its retained copy, which comes on connecting) goes first, so the
    // first poll is never of an address that is no longer the device's. Without the platform the
    // saved one runs.
    logger.log(
      'info',
      `saved configuration version ${saved.version}: asking the platform for the current one`,
    );
    this.savedAtStart = {
      config: saved,
      timer: scheduler.setTimeout(() => this.runSaved(), SAVED_CONFIG_WAIT_MS),
    };
  }

  /** Runs the configuration saved at the start, unless the platform's runs already. */
  runSaved(): void {
    const waiting = this.savedAtStart;
    if (!waiting) return;
    this.forgetSaved();
    const { runtime, edge, logger } = this.options;
    this.options
      .exclusive(async () => {
        if (this.options.isStopped() || this.options.settings.dormant || runtime.config) return;
        const saved = waiting.config;
        try {
          await runtime.apply(saved);
          await edge.apply(saved);
          logger.log('info', `running saved configuration version ${saved.version}`);
          this.options.sendStatus();
          this.options.notify({ kind: 'configured', version: saved.version });
        } catch (error) {
          logger.log('error', `saved configuration version ${saved.version} cannot run: ${String(error)}`);
        }
      })
      .catch(() => undefined);
  }

  forgetSaved(): void {
    if (this.savedAtStart) this.options.scheduler.clearTimeout(this.savedAtStart.timer);
    this.savedAtStart = null;
  }

  /** The link is up: the report that could not go out goes now. */
  connected(): void {
    if (this.pendingReport && this.options.publishReport(JSON.stringify(this.pendingReport)))
      this.pendingReport = null;
  }

  /** Forgets the saved configuration (factory settings); polling is the caller's to stop. */
  forget(): Promise<void> {
    return this.store.clear();
  }

  async apply(message: unknown): Promise<void> {
    const { runtime, edge, logger } = this.options;
    if (this.options.isStopped()) return;
    const checked = checkConfig(message);
    if (!checked.ok) {
      logger.log(
        'warn',
        `configuration version ${checked.report.version} refused: ${checked.report.message ?? ''}`,
      );
      return this.report(checked.report);
    }
    const config = checked.config;
    if (this.options.settings.dormant) {
      // Kept for when it wakes; a dormant gateway does not poll.
      await this.store.save(config);
      return this.report({ version: config.version, status: 'applied' });
    }
    if (!this.isNew(config)) return this.report(this.appliedReport(config.version));
    try {
      this.options.uploads.flush();
      await runtime.apply(config);
      await edge.apply(config);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.log(
        'error',
        `configuration version ${config.version} failed; keeping version ${runtime.version}: ${message}`,
      );
      return this.report({
        version: config.version,
        status: 'failed',
        code: '90099',
        message: message.slice(0, 500),
      });
    }
    await this.store.save(config);
    logger.log(
      'info',
      `configuration version ${config.version} applied: ${config.model.drivers.length} drivers, ${config.model.variables.length} variables`,
    );
    this.report(this.appliedReport(config.version));
    this.options.sendStatus();
    this.options.notify({ kind: 'configured', version: config.version });
  }

  /**
   * The platform withdrew the configuration (the device was unbound): polling stops, the saved
   * copy goes, and the status says version 0. Nothing is reported on `up/config`: there is no
   * version to report on. What was gathered before stays in the buffer and is still sent.
   */
  async clear(): Promise<void> {
    const { runtime, edge, uploads, logger } = this.options;
    if (this.options.isStopped()) return;
    this.pendingReport = null;
    // Forgotten on disk first: a crash now must not bring the configuration back at the next start.
    await this.store.clear();
    const running = runtime.version;
    if (running === 0) return;
    uploads.flush();
    await edge.stop();
    await runtime.stop();
    uploads.forgetLatest();
    logger.log('info', `configuration version ${running} withdrawn by the platform; polling stopped`);
    this.options.sendStatus();
  }

  private report(report: ConfigReport): void {
    this.pendingReport = this.options.publishReport(JSON.stringify(report)) ? null : report;
  }

  /** The retained configuration comes again on every connection; only a different one is applied. */
  private isNew(config: ConfigPayload): boolean {
    const running = this.options.runtime.config;
    return (
      !running ||
      running.version !== config.version ||
      JSON.stringify(running.model) !== JSON.stringify(config.model)
    );
  }

  private appliedReport(version: number): ConfigReport {
    const rejected = this.options.runtime.rejected;
    if (rejected.length === 0) return { version, status: 'applied' };
    const list = rejected.map((item) => `${item.key} (${item.code})`).join(', ');
    return { version, status: 'applied', message: `not polled: ${list}`.slice(0, 500) };
  }
}
