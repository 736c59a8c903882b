/**
 * Runs the scripts of one configuration by their policies (§3):
 *   startup      once when the configuration starts;
 *   periodic     every `intervalSeconds`, on the agent's scheduler;
 *   condition    after a poll cycle in which the condition (a formula over the device's
 *                variables) became true; with frequency `repeat` also every interval while it holds;
 *   data-change  after a poll cycle in which a watched variable changed.
 * A run reads values, sets internal and summary variables at once, and asks for device writes,
 * which go out after the run, one after the other, through the agent's confirmed write path.
 * Each script's last run, last error and log are kept for the `up/script` report.
 *
 * Runs happen on the script worker's thread (`script-worker-host.ts`), one at a time and in the
 * order they were asked for, so polling on the agent's thread never waits for a script. A script
 * asked to run again while a run of it waits or runs runs once more after it (triggers are merged,
 * never lost). A script that overruns its limits `SCRIPT_OVERRUNS_TO_PAUSE` runs in a row is paused
 * until its configuration starts again; its state says so.
 */
import type { ErrorParams } from '@lyyp/contracts';
import {
  SCRIPT_LOG_LINE_MAX_LENGTH,
  SCRIPT_LOG_LINES_PER_RUN_MAX,
  SCRIPT_MEMORY_LIMIT_BYTES,
  SCRIPT_TIME_LIMIT_MS,
  SCRIPT_WRITES_PER_RUN_MAX,
  type Script,
  type VariableValue,
} from '@lyyp/contracts/device-model';
import type { ScriptState } from '@lyyp/contracts/protocol';
import { compileFormula, type Formula } from '@lyyp/formula';
import type { RunOutcome } from './script-sandbox.ts';
import type { Scheduler, TimerHandle } from '../core/scheduler.ts';
import { ScriptWorkerHost, type HostRunResult } from './script-worker-host.ts';

/** Runs in a row stopped by the time or memory limit after which a script is paused. */
export const SCRIPT_OVERRUNS_TO_PAUSE = 3;

/** The device's variables as scripts see them. */
export interface ScriptVariables {
  /** The newest value, or null (unknown variable, never read, or its last read failed). */
  read(key: string): VariableValue | null;
  /** Sets an internal or summary variable; false when the agent does not keep that variable. */
  setKept(key: string, value: VariableValue): boolean;
  /** Every variable of the device with its newest value: what a run reads. */
  snapshot(): Record<string, VariableValue | null>;
  /** The variables the agent keeps itself (internal, summary). */
  readonly keptKeys: readonly string[];
}

export interface ScriptLimits {
  readonly timeLimitMs?: number;
  readonly memoryLimitBytes?: number;
}

export type DeviceWrite = (
  key: string,
  value: VariableValue,
) => Promise<{ readonly ok: true } | { readonly ok: false; readonly code: string }>;

export interface ScriptRunnerOptions {
  readonly scripts: readonly Script[];
  readonly variables: ScriptVariables;
  readonly writeDevice: DeviceWrite;
  readonly scheduler: Scheduler;
  readonly limits?: ScriptLimits;
  /** A script's state changed (a run, an error). */
  readonly onStateChange?: () => void;
  /** A device write a script asked for has ended (confirmed or refused), for the audit. */
  readonly onWrite?: (write: {
    script: string;
    key: string;
    value: VariableValue;
    ok: boolean;
    code: string | null;
  }) => void;
}

interface Running {
  readonly script: Script;
  readonly condition: Formula | null;
  state: ScriptState;
  timer: TimerHandle | null;
  conditionHeld: boolean;
  watched: Map<string, VariableValue | null>;
  /** Waiting for or in its run on the worker. */
  queued: boolean;
  /** Asked to run again while queued: runs once more after. */
  again: boolean;
  overrunsInARow: number;
  /** A syntax error: every run fails with it without reaching the worker. */
  syntaxError: { code: string; params: ErrorParams } | null;
}

const initialState = (key: string): ScriptState => ({
  key,
  runs: 0,
  failures: 0,
  lastRunAt: null,
  lastDurationMs: null,
  lastOk: null,
  lastErrorAt: null,
  lastErrorCode: null,
  lastErrorParams: null,
  log: [],
  pausedAt: null,
});

const asFormulaValue = (value: VariableValue | null) => (typeof value === 'number' ? value : undefined);

export class ScriptRunner {
  private readonly running: Running[] = [];
  private writing: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly host: ScriptWorkerHost | null;
  private readonly queue: Running[] = [];
  private draining: Promise<void> = Promise.resolve();
  private drainingNow = false;

  constructor(private readonly options: ScriptRunnerOptions) {
    for (const script of options.scripts) {
      const compiled = script.condition === undefined ? null : compileFormula(script.condition);
      const entry: Running = {
        script,
        condition: compiled?.ok ? compiled.formula : null,
        state: initialState(script.key),
        timer: null,
        conditionHeld: false,
        watched: new Map(),
        queued: false,
        again: false,
        overrunsInARow: 0,
        syntaxError: null,
      };
      if (compiled && !compiled.ok) this.fail(entry, '2359', { detail: compiled.error.message });
      this.running.push(entry);
    }
    this.host =
      options.scripts.length === 0
        ? null
        : new ScriptWorkerHost({
            scripts: options.scripts.map((script) => ({ key: script.key, code: script.code })),
            keptKeys: options.variables.keptKeys,
            timeLimitMs: options.limits?.timeLimitMs ?? SCRIPT_TIME_LIMIT_MS,
            memoryLimitBytes: options.limits?.memoryLimitBytes ?? SCRIPT_MEMORY_LIMIT_BYTES,
            logLineMaxLength: SCRIPT_LOG_LINE_MAX_LENGTH,
            logLinesPerRunMax: SCRIPT_LOG_LINES_PER_RUN_MAX,
            writesPerRunMax: SCRIPT_WRITES_PER_RUN_MAX,
            onSyntaxErrors: (errors) => this.takeSyntaxErrors(errors),
          });
  }

  /**
   * Runs the startup scripts and starts the periodic ones, their first runs spread over the first
   * interval: a hundred scripts of the same interval then never run in one burst that would hold
   * up a poll cycle.
   */
  start(): void {
    const periodic = this.running.filter(
      (entry) => entry.script.enabled && entry.script.policy === 'periodic',
    );
    for (const entry of this.running) {
      if (!entry.script.enabled) continue;
      if (entry.script.policy === 'startup') this.run(entry);
      if (entry.script.policy === 'periodic') {
        const intervalMs = entry.script.intervalSeconds * 1000;
        const offset = Math.floor((intervalMs * periodic.indexOf(entry)) / periodic.length);
        this.every(entry, () => this.run(entry), intervalMs - offset);
      }
      if (entry.script.policy === 'data-change') {
        for (const key of entry.script.watch) entry.watched.set(key, this.options.variables.read(key));
      }
    }
  }

  /** After a poll cycle (values and computed variables updated): conditions and watched variables. */
  afterUpdate(): void {
    if (this.stopped) return;
    for (const entry of this.running) {
      if (!entry.script.enabled) continue;
      if (entry.script.policy === 'condition') this.checkCondition(entry);
      if (entry.script.policy === 'data-change' && this.watchedChanged(entry)) this.run(entry);
    }
  }

  states(): ScriptState[] {
    return this.running.map((entry) => entry.state);
  }

  /** Stops the timers, lets the run in progress and the writes asked for finish, and ends the worker. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const entry of this.running) this.clearTimer(entry);
    this.queue.length = 0;
    await this.draining;
    await this.writing;
    await this.host?.close();
  }

  /** Waits for the runs and the writes asked for so far (tests). */
  async idle(): Promise<void> {
    for (;;) {
      const draining = this.draining;
      await draining;
      await this.writing;
      if (draining === this.draining && !this.drainingNow) return;
    }
  }

  /** Calls `tick` every interval, the first time after `firstDelayMs` (one interval by default). */
  private every(entry: Running, tick: () => void, firstDelayMs = entry.script.intervalSeconds * 1000): void {
    const schedule = (delayMs: number) => {
      entry.timer = this.options.scheduler.setTimeout(() => {
        if (this.stopped) return;
        schedule(entry.script.intervalSeconds * 1000);
        tick();
      }, delayMs);
    };
    schedule(firstDelayMs);
  }

  private clearTimer(entry: Running): void {
    if (entry.timer) this.options.scheduler.clearTimeout(entry.timer);
    entry.timer = null;
  }

  private checkCondition(entry: Running): void {
    const holds = this.evaluateCondition(entry);
    const becameTrue = holds && !entry.conditionHeld;
    entry.conditionHeld = holds;
    if (!becameTrue) {
      if (!holds) this.clearTimer(entry);
      return;
    }
    this.run(entry);
    if (entry.script.frequency === 'repeat' && !entry.timer) {
      this.every(entry, () => {
        if (this.evaluateCondition(entry)) this.run(entry);
        else {
          entry.conditionHeld = false;
          this.clearTimer(entry);
        }
      });
    }
  }

  /** A condition that cannot be evaluated (a value missing …) does not hold; the error is kept. */
  private evaluateCondition(entry: Running): boolean {
    if (!entry.condition) return false;
    const result = entry.condition.evaluate((name) => asFormulaValue(this.options.variables.read(name)));
    if (result.ok) return result.value !== false && result.value !== 0;
    if (
      entry.state.lastErrorCode !== '2359' ||
      entry.state.lastErrorParams?.detail !== result.error.message
    ) {
      this.fail(entry, '2359', { detail: result.error.message });
      this.options.onStateChange?.();
    }
    return false;
  }

  private watchedChanged(entry: Running): boolean {
    let changed = false;
    for (const key of entry.script.watch) {
      const value = this.options.variables.read(key);
      const before = entry.watched.get(key);
      // The first value seen is where watching starts, not a change.
      if (before !== undefined && before !== null && value !== before) changed = true;
      entry.watched.set(key, value);
    }
    return changed;
  }

  /** Asks for a run: queued for the worker, merged with a run of the same script already waiting. */
  private run(entry: Running): void {
    if (this.stopped || typeof entry.state.pausedAt === 'number') return;
    if (entry.queued) {
      entry.again = true;
      return;
    }
    entry.queued = true;
    this.queue.push(entry);
    if (!this.drainingNow) {
      this.drainingNow = true;
      this.draining = this.drain();
    }
  }

  private async drain(): Promise<void> {
    try {
      for (let entry = this.queue.shift(); entry; entry = this.queue.shift()) {
        await this.runNow(entry);
        entry.queued = false;
        if (entry.again && !this.stopped) {
          entry.again = false;
          this.run(entry);
        }
      }
    } finally {
      this.drainingNow = false;
    }
  }

  private async runNow(entry: Running): Promise<void> {
    const { scheduler } = this.options;
    const startedAt = scheduler.now();
    const result: HostRunResult =
      entry.syntaxError || !this.host
        ? {
            outcome: {
              ok: false,
              code: (entry.syntaxError?.code ?? '2354') as '2354',
              params: entry.syntaxError?.params ?? {},
            },
            actions: [],
            log: [],
            durationMs: 0,
            workerEnded: false,
          }
        : await this.host.run(entry.script.key, this.options.variables.snapshot(), startedAt);
    if (this.stopped) return;
    const writes: { key: string; value: VariableValue }[] = [];
    for (const action of result.actions) {
      if (action.kept && this.options.variables.setKept(action.key, action.value)) continue;
      writes.push({ key: action.key, value: action.value });
    }
    const { outcome } = result;
    entry.state = {
      ...entry.state,
      runs: entry.state.runs + 1,
      lastRunAt: startedAt,
      lastDurationMs: Math.round(result.durationMs * 1000) / 1000,
      lastOk: outcome.ok,
      log: [...result.log],
    };
    if (!outcome.ok) this.fail(entry, outcome.code, outcome.params, true);
    const overran = !outcome.ok && (outcome.code === '2356' || outcome.code === '2357');
    entry.overrunsInARow = overran ? entry.overrunsInARow + 1 : 0;
    if (entry.overrunsInARow >= SCRIPT_OVERRUNS_TO_PAUSE) this.pause(entry);
    // Writes of a failed run still go: what the script did before the failure stands, as in any program.
    if (writes.length > 0) this.queueWrites(entry, writes);
    this.options.onStateChange?.();
  }

  /** No more runs of this script until its configuration starts again. */
  private pause(entry: Running): void {
    entry.state = { ...entry.state, pausedAt: this.options.scheduler.now() };
    entry.again = false;
    this.clearTimer(entry);
  }

  private takeSyntaxErrors(errors: Readonly<Record<string, RunOutcome>>): void {
    let changed = false;
    for (const entry of this.running) {
      const error = errors[entry.script.key];
      if (!error || error.ok || entry.syntaxError) continue;
      entry.syntaxError = { code: error.code, params: error.params };
      this.fail(entry, error.code, error.params);
      changed = true;
    }
    if (changed) this.options.onStateChange?.();
  }

  private queueWrites(entry: Running, writes: readonly { key: string; value: VariableValue }[]): void {
    this.writing = this.writing.then(async () => {
      for (const { key, value } of writes) {
        const outcome = await this.options
          .writeDevice(key, value)
          .catch(() => ({ ok: false as const, code: '90099' }));
        this.options.onWrite?.({
          script: entry.script.key,
          key,
          value,
          ok: outcome.ok,
          code: outcome.ok ? null : outcome.code,
        });
        if (outcome.ok) continue;
        // The rest of the sequence depends on this step: it is not attempted.
        const countedAlready = entry.state.lastOk === false;
        entry.state = { ...entry.state, lastOk: false };
        this.fail(entry, '2358', { key, reason: outcome.code }, !countedAlready);
        this.options.onStateChange?.();
        return;
      }
    });
  }

  /** Keeps the error as the script's last; `failedRun` counts it as a failed run. */
  private fail(entry: Running, code: string, params: ErrorParams, failedRun = false): void {
    entry.state = {
      ...entry.state,
      failures: entry.state.failures + (failedRun ? 1 : 0),
      lastErrorAt: this.options.scheduler.now(),
      lastErrorCode: code,
      lastErrorParams: Object.fromEntries(
        Object.entries(params).map(([name, value]) => [
          name,
          typeof value === 'number' ? value : String(value).slice(0, 500),
        ]),
      ),
    };
  }
}
