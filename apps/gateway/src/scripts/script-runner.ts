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
 */
import type { ErrorParams } from '@lyyp/contracts';
import {
  SCRIPT_LOG_LINES_PER_RUN_MAX,
  SCRIPT_WRITES_PER_RUN_MAX,
  type Script,
  type VariableValue,
} from '@lyyp/contracts/device-model';
import type { ScriptState } from '@lyyp/contracts/protocol';
import { compileFormula, type Formula } from '@lyyp/formula';
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { Scheduler, TimerHandle } from '../core/scheduler.ts';
import { SandboxedScript, ScriptHostError, processCpuMs, type SandboxLimits } from './script-sandbox.ts';

/** The device's variables as scripts see them. */
export interface ScriptVariables {
  /** The newest value, or null (unknown variable, never read, or its last read failed). */
  read(key: string): VariableValue | null;
  has(key: string): boolean;
  /** Sets an internal or summary variable; false when the agent does not keep that variable. */
  setKept(key: string, value: VariableValue): boolean;
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
  readonly quickJs: QuickJSWASMModule;
  readonly limits?: SandboxLimits;
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
  readonly sandbox: SandboxedScript;
  readonly condition: Formula | null;
  state: ScriptState;
  timer: TimerHandle | null;
  conditionHeld: boolean;
  watched: Map<string, VariableValue | null>;
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
});

const asFormulaValue = (value: VariableValue | null) => (typeof value === 'number' ? value : undefined);

export class ScriptRunner {
  private readonly running: Running[] = [];
  private writing: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly cpuClock: () => number;

  constructor(private readonly options: ScriptRunnerOptions) {
    this.cpuClock = options.limits?.cpuClock ?? processCpuMs;
    for (const script of options.scripts) {
      const sandbox = new SandboxedScript(options.quickJs, script.code, options.limits);
      const compiled = script.condition === undefined ? null : compileFormula(script.condition);
      const entry: Running = {
        script,
        sandbox,
        condition: compiled?.ok ? compiled.formula : null,
        state: initialState(script.key),
        timer: null,
        conditionHeld: false,
        watched: new Map(),
      };
      if (sandbox.syntaxError && !sandbox.syntaxError.ok)
        this.fail(entry, sandbox.syntaxError.code, sandbox.syntaxError.params);
      if (compiled && !compiled.ok) this.fail(entry, '2359', { detail: compiled.error.message });
      this.running.push(entry);
    }
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

  /** Stops the timers, lets the writes asked for finish, and frees the sandboxes. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const entry of this.running) this.clearTimer(entry);
    await this.writing;
    for (const entry of this.running) entry.sandbox.dispose();
  }

  /** Waits for the writes asked for so far (tests). */
  idle(): Promise<void> {
    return this.writing;
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

  private run(entry: Running): void {
    if (this.stopped) return;
    const writes: { key: string; value: VariableValue }[] = [];
    const log: string[] = [];
    const { variables, scheduler } = this.options;
    const startedAt = scheduler.now();
    const started = this.cpuClock();
    const outcome = entry.sandbox.run({
      read: (key) => variables.read(key),
      write: (key, value) => {
        if (!variables.has(key)) throw new ScriptHostError(`write: no variable ${key}`);
        if (variables.setKept(key, value)) return;
        if (writes.length >= SCRIPT_WRITES_PER_RUN_MAX)
          throw new ScriptHostError(`write: at most ${SCRIPT_WRITES_PER_RUN_MAX} writes per run`);
        writes.push({ key, value });
      },
      log: (line) => {
        if (log.length < SCRIPT_LOG_LINES_PER_RUN_MAX) log.push(line);
      },
      now: () => scheduler.now(),
    });
    const durationMs = Math.max(0, this.cpuClock() - started);
    entry.state = {
      ...entry.state,
      runs: entry.state.runs + 1,
      lastRunAt: startedAt,
      lastDurationMs: Math.round(durationMs * 1000) / 1000,
      lastOk: outcome.ok,
      log,
    };
    if (!outcome.ok) this.fail(entry, outcome.code, outcome.params, true);
    // Writes of a failed run still go: what the script did before the failure stands, as in any program.
    if (writes.length > 0) this.queueWrites(entry, writes);
    this.options.onStateChange?.();
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
