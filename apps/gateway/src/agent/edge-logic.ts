/**
 * What the agent computes and runs itself, beside polling: computed variables (intermediate,
 * summary) after every poll cycle, internal and summary values kept across restarts, and the
 * scripts of the configuration. Computed values go out like polled ones (dead zone, state text,
 * limits); scripts' states go out on `up/script`, with the device writes scripts made (kept until a
 * report is published, for the platform's device log).
 *
 * Data directory: `kept-values.json` — `{ version, values }` of internal and summary variables,
 * saved at most every `saveDelayMs` after a change and when the configuration stops.
 */
import { readFile } from 'node:fs/promises';
import {
  SCRIPT_WRITES_REPORTED_MAX,
  checkWriteValue,
  type DeviceModel,
  type VariableValue,
} from '@lyyp/contracts/device-model';
import type { ConfigPayload, ScriptReport, ScriptWrite } from '@lyyp/contracts/protocol';
import { removeFile, writeFileAtomic } from '../buffer/durable-files.ts';
import { ChangeFilter } from '../core/change-filter.ts';
import { ComputedVariables } from '../core/computed-variables.ts';
import type { Sample } from '../core/samples.ts';
import type { Scheduler, TimerHandle } from '../core/scheduler.ts';
import { ScriptRunner, type DeviceWrite, type ScriptLimits } from '../scripts/script-runner.ts';
import type { AgentLogger } from './logger.ts';

const KEPT_FORMAT = 1;
const DEFAULT_SAVE_DELAY_MS = 5000;
/** Script states go out at most this often while scripts run. */
const DEFAULT_REPORT_DELAY_MS = 5000;

export interface EdgeLogicOptions {
  readonly keptFile: string;
  readonly scheduler: Scheduler;
  readonly logger: AgentLogger;
  /** Writes a device variable through the agent's confirmed write path. */
  readonly writeDevice: DeviceWrite;
  /** Samples of kept variables set by scripts, to be reported like polled ones. */
  readonly onSamples: (samples: readonly Sample[], at: number) => void;
  /** Publishes a script report; false when not connected (the next connection sends one). */
  readonly publishReport: (report: ScriptReport) => boolean;
  readonly sandbox?: ScriptLimits;
  readonly saveDelayMs?: number;
  readonly reportDelayMs?: number;
}

interface Active {
  keptReported: boolean;
  readonly version: number;
  readonly model: DeviceModel;
  readonly computed: ComputedVariables;
  readonly runner: ScriptRunner;
  readonly deadZones: ReadonlyMap<string, number>;
}

export class EdgeLogic {
  private active: Active | null = null;
  private readonly filter = new ChangeFilter();
  private saveTimer: TimerHandle | null = null;
  private reportTimer: TimerHandle | null = null;
  private saving: Promise<void> = Promise.resolve();
  /** Script writes not yet in a published report, and how many did not fit. */
  private writes: ScriptWrite[] = [];
  private writesDropped = 0;
  private writeCount = 0;
  /** Makes write ids unique across restarts of the agent. */
  private readonly startId: string;

  constructor(private readonly options: EdgeLogicOptions) {
    this.startId = options.scheduler.now().toString(36);
  }

  /** Starts the computed variables and scripts of a configuration in place of the running ones. */
  async apply(config: ConfigPayload): Promise<void> {
    await this.stop();
    const { model } = config;
    const computed = new ComputedVariables(model, await this.loadKept());
    const keys = model.variables.map((variable) => variable.key);
    const runner = new ScriptRunner({
      scripts: model.scripts,
      scheduler: this.options.scheduler,
      writeDevice: this.options.writeDevice,
      ...(this.options.sandbox ? { limits: this.options.sandbox } : {}),
      variables: {
        read: (key) => computed.get(key) ?? null,
        setKept: (key, value) => this.setKept(key, value),
        snapshot: () => Object.fromEntries(keys.map((key) => [key, computed.get(key) ?? null])),
        keptKeys: keys.filter((key) => computed.isKept(key)),
      },
      onStateChange: () => this.scheduleReport(),
      onWrite: (write) => this.keepWrite(write),
    });
    // Computed values reported under the configuration before go on from where they were.
    this.filter.keepOnly(new Set(keys));
    this.active = {
      keptReported: false,
      version: config.version,
      model,
      computed,
      runner,
      deadZones: new Map(model.variables.map((variable) => [variable.key, variable.deadZone])),
    };
    if (computed.rejected.length > 0) {
      const list = computed.rejected.map((item) => `${item.key} (${item.code})`).join(', ');
      this.options.logger.log('warn', `computed variables not computed: ${list}`);
    }
    runner.start();
    this.sendReport();
  }

  /** Whether the agent holds this variable itself (internal, summary): written here, not on a device. */
  ownsVariable(key: string): boolean {
    return this.active?.computed.isKept(key) ?? false;
  }

  /**
   * The value of a variable the agent computes or keeps (for a read command); undefined for a
   * device variable (read from its slave) or when no configuration runs.
   */
  currentValue(key: string): { ok: true; value: VariableValue } | { ok: false; code: string } | undefined {
    const computed = this.active?.computed;
    const variable = computed?.variable(key);
    if (!computed || !variable || variable.kind === 'device') return undefined;
    const value = computed.get(key);
    return value === undefined ? { ok: false, code: '1508' } : { ok: true, value };
  }

  /**
   * Writes a kept variable (a command from the platform) after the same checks as a device write
   * (read-only, permission, data type, limits); it is confirmed as soon as it is held.
   */
  writeKept(
    key: string,
    requested: unknown,
  ): { ok: true; value: VariableValue } | { ok: false; code: string } {
    const variable = this.active?.computed.variable(key);
    if (!variable) return { ok: false, code: '1714' };
    const checked = checkWriteValue(variable, requested);
    if (!checked.ok) return { ok: false, code: checked.violation.code };
    this.setKept(key, checked.value);
    return { ok: true, value: this.active?.computed.get(key) ?? checked.value };
  }

  /**
   * After a poll cycle: takes every value read, computes the computed variables and gives the
   * samples worth reporting; then the scripts' conditions and watched variables are checked.
   */
  afterCycle(readings: readonly Sample[], at: number): Sample[] {
    const active = this.active;
    if (!active) return [];
    active.computed.take(readings);
    // Kept values (as saved before a restart, or 0) are reported with the first cycle, so they
    // never carry a time later than values computed from them.
    const kept = active.keptReported ? [] : active.computed.keptSamples(at);
    active.keptReported = true;
    const computed = [...kept, ...active.computed.compute(at)];
    if (computed.some((sample) => active.computed.isKept(sample.key))) this.scheduleSave();
    active.runner.afterUpdate();
    return computed.filter((sample) => this.filter.accept(sample, active.deadZones.get(sample.key) ?? 0));
  }

  /**
   * Sends the script states now (on connect, when a configuration starts), with the writes made
   * since the last report that went out: they stay until a report is published.
   */
  sendReport(): void {
    if (this.reportTimer) this.options.scheduler.clearTimeout(this.reportTimer);
    this.reportTimer = null;
    const active = this.active;
    if (!active || active.model.scripts.length === 0) return;
    const writes = this.writes;
    const dropped = this.writesDropped;
    const published = this.options.publishReport({
      ts: this.options.scheduler.now(),
      configVersion: active.version,
      scripts: active.runner.states(),
      ...(writes.length > 0 ? { writes } : {}),
      ...(dropped > 0 ? { writesDropped: dropped } : {}),
    });
    if (!published) return;
    this.writes = this.writes.slice(writes.length);
    this.writesDropped -= dropped;
  }

  /** Keeps a script's device write for the audit and sends it with the next report. */
  private keepWrite(write: Omit<ScriptWrite, 'id' | 'at'>): void {
    this.writeCount += 1;
    this.writes.push({
      ...write,
      id: `${this.startId}-${this.writeCount}`,
      at: this.options.scheduler.now(),
    });
    if (this.writes.length > SCRIPT_WRITES_REPORTED_MAX) {
      this.writes.shift();
      this.writesDropped += 1;
    }
    this.scheduleReport();
  }

  /** Stops the scripts (their writes finish) and saves the kept values. */
  async stop(): Promise<void> {
    const active = this.active;
    if (!active) return;
    this.active = null;
    if (this.reportTimer) this.options.scheduler.clearTimeout(this.reportTimer);
    this.reportTimer = null;
    await active.runner.stop();
    await this.saveNow(active.computed);
  }

  /** Forgets the kept values on disk (factory reset); call after `stop`. */
  async forgetKeptValues(): Promise<void> {
    await this.saving;
    await removeFile(this.options.keptFile);
  }

  /** Waits for script writes and saving in progress (tests). */
  async idle(): Promise<void> {
    await this.active?.runner.idle();
    await this.saving;
  }

  private setKept(key: string, value: VariableValue): boolean {
    const active = this.active;
    if (!active) return false;
    const at = this.options.scheduler.now();
    const sample = active.computed.set(key, value, at);
    if (!sample) return false;
    this.scheduleSave();
    this.report([sample], at);
    return true;
  }

  private report(samples: readonly Sample[], at: number): void {
    const active = this.active;
    if (!active || samples.length === 0) return;
    const accepted = samples.filter((sample) =>
      this.filter.accept(sample, active.deadZones.get(sample.key) ?? 0),
    );
    if (accepted.length > 0) this.options.onSamples(accepted, at);
  }

  private scheduleReport(): void {
    if (this.reportTimer) return;
    this.reportTimer = this.options.scheduler.setTimeout(
      () => this.sendReport(),
      this.options.reportDelayMs ?? DEFAULT_REPORT_DELAY_MS,
    );
  }

  private scheduleSave(): void {
    if (this.saveTimer) return;
    this.saveTimer = this.options.scheduler.setTimeout(() => {
      this.saveTimer = null;
      const active = this.active;
      if (active) void this.saveNow(active.computed);
    }, this.options.saveDelayMs ?? DEFAULT_SAVE_DELAY_MS);
  }

  private saveNow(computed: ComputedVariables): Promise<void> {
    if (this.saveTimer) this.options.scheduler.clearTimeout(this.saveTimer);
    this.saveTimer = null;
    const values = computed.keptValues();
    this.saving = this.saving
      .then(() => writeFileAtomic(this.options.keptFile, JSON.stringify({ format: KEPT_FORMAT, values })))
      .catch((error: unknown) =>
        this.options.logger.log('warn', `kept variable values could not be saved: ${String(error)}`),
      );
    return this.saving;
  }

  private async loadKept(): Promise<Record<string, VariableValue>> {
    await this.saving;
    try {
      const parsed: unknown = JSON.parse(await readFile(this.options.keptFile, 'utf8'));
      const values = (parsed as { values?: unknown }).values;
      if (!values || typeof values !== 'object') return {};
      return Object.fromEntries(
        Object.entries(values).filter(
          (entry): entry is [string, VariableValue] =>
            typeof entry[1] === 'number' || typeof entry[1] === 'string',
        ),
      );
    } catch {
      // No file yet (or a torn one, which the atomic replace rules out): every kept value starts anew.
      return {};
    }
  }
}
