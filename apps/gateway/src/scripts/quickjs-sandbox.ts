/**
 * The sandbox scripts run in: QuickJS compiled to WebAssembly (`quickjs-emscripten-core` with the
 * release build). Each script gets a runtime of its own with a memory limit and a stack limit,
 * and every run a time limit enforced by the interrupt handler. Inside there is JavaScript and
 * the four functions of `ScriptHost` (read, write, log, now): no modules, no files, no network,
 * no timers, nothing of the agent's process. Globals survive from one run to the next.
 *
 * This module imports nothing of the contracts at run time (the limits are given), so the script
 * worker starts quickly; `script-sandbox.ts` gives the limits of `@lyyp/contracts`.
 */
import variant from '@jitl/quickjs-wasmfile-release-sync';
import {
  newQuickJSWASMModuleFromVariant,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import type { ErrorParams } from '@lyyp/contracts';
import type { VariableValue } from '@lyyp/contracts/device-model';

/** What a script can reach. Methods throw `ScriptHostError` to raise an error inside the script. */
export interface ScriptHost {
  read(key: string): VariableValue | null;
  write(key: string, value: VariableValue): void;
  log(line: string): void;
  now(): number;
}

/** An error raised in the script by a host function (unknown variable, too many writes …). */
export class ScriptHostError extends Error {}

export type ScriptErrorCode = '2354' | '2355' | '2356' | '2357';

export type RunOutcome =
  | { readonly ok: true }
  | { readonly ok: false; readonly code: ScriptErrorCode; readonly params: ErrorParams };

export interface SandboxLimits {
  readonly timeLimitMs: number;
  readonly memoryLimitBytes: number;
  /** Longest log line and error detail kept. */
  readonly logLineMaxLength: number;
  /**
   * The clock the time limit is measured on (ms). The agent process's CPU time by default, so a
   * run that merely waited for the CPU on a busy machine is not stopped; tests give a clock that
   * moves on each look, so "an endless loop is stopped" needs no waiting.
   */
  readonly cpuClock?: () => number;
}

const STACK_LIMIT_BYTES = 256 * 1024;
const RUN_FUNCTION = '__lyypRun';

let loading: Promise<QuickJSWASMModule> | null = null;

/** CPU time the agent's process has used, in ms (user and system). */
export function processCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** The WebAssembly module, compiled once per process (about 20 ms) and shared by every script. */
export function loadQuickJs(): Promise<QuickJSWASMModule> {
  loading ??= newQuickJSWASMModuleFromVariant(variant);
  return loading;
}

function describeError(dumped: unknown): string {
  if (dumped && typeof dumped === 'object') {
    const { name, message } = dumped as { name?: unknown; message?: unknown };
    if (typeof message === 'string') return `${typeof name === 'string' ? `${name}: ` : ''}${message}`;
  }
  if (typeof dumped === 'string' || typeof dumped === 'number' || typeof dumped === 'boolean')
    return String(dumped);
  try {
    return JSON.stringify(dumped) ?? 'error';
  } catch {
    return 'error';
  }
}

/** One compiled script in its own QuickJS runtime. `dispose` frees it. */
export class SandboxedScript {
  private runtime: QuickJSRuntime;
  private context!: QuickJSContext;
  private host: ScriptHost | null = null;
  private readonly timeLimitMs: number;
  private readonly memoryLimitBytes: number;
  private readonly cpuClock: () => number;
  private readonly clip: (text: string) => string;
  private deadline = Infinity;
  private interrupted = false;
  private compileError: RunOutcome | null = null;

  constructor(
    private readonly quickJs: QuickJSWASMModule,
    private readonly code: string,
    limits: SandboxLimits,
  ) {
    this.timeLimitMs = limits.timeLimitMs;
    this.memoryLimitBytes = limits.memoryLimitBytes;
    this.cpuClock = limits.cpuClock ?? processCpuMs;
    this.clip = (text) => text.slice(0, limits.logLineMaxLength);
    this.runtime = this.createRuntime();
    this.compile();
  }

  /** The syntax error of the code, if it has one (every run then fails with it). */
  get syntaxError(): RunOutcome | null {
    return this.compileError;
  }

  /** Runs the script once against `host`. Never throws for anything the script does. */
  run(host: ScriptHost): RunOutcome {
    if (this.compileError) return this.compileError;
    this.host = host;
    this.interrupted = false;
    this.deadline = this.cpuClock() + this.timeLimitMs;
    try {
      const run = this.context.getProp(this.context.global, RUN_FUNCTION);
      const result = this.context.callFunction(run, this.context.undefined);
      run.dispose();
      if (!result.error) {
        result.value.dispose();
        return this.settlePendingJobs();
      }
      return this.failureOf(result.error);
    } finally {
      this.host = null;
      this.deadline = Infinity;
    }
  }

  dispose(): void {
    this.context.dispose();
    this.runtime.dispose();
  }

  private createRuntime(): QuickJSRuntime {
    const runtime = this.quickJs.newRuntime();
    runtime.setMemoryLimit(this.memoryLimitBytes);
    runtime.setMaxStackSize(STACK_LIMIT_BYTES);
    runtime.setInterruptHandler(() => {
      if (this.cpuClock() <= this.deadline) return false;
      this.interrupted = true;
      return true;
    });
    return runtime;
  }

  /** Builds the context, its host functions and the run function (the sandbox's own `Function`). */
  private compile(): void {
    this.context = this.runtime.newContext();
    this.installHost();
    const source = this.context.newString(this.code);
    this.context.setProp(this.context.global, '__lyypSource', source);
    source.dispose();
    this.deadline = this.cpuClock() + this.timeLimitMs;
    const result = this.context.evalCode(
      `globalThis.${RUN_FUNCTION} = new Function(globalThis.__lyypSource); delete globalThis.__lyypSource;`,
    );
    this.deadline = Infinity;
    if (result.error) {
      const failure = this.failureOf(result.error);
      this.compileError = failure.ok || failure.code !== '2355' ? failure : { ...failure, code: '2354' };
    } else result.value.dispose();
  }

  private installHost(): void {
    const context = this.context;
    const define = (
      name: string,
      implementation: (...args: QuickJSHandle[]) => QuickJSHandle | undefined,
    ) => {
      const fn = context.newFunction(name, (...args) => {
        try {
          return implementation(...args);
        } catch (caught) {
          const message = caught instanceof Error ? caught.message : String(caught);
          return { error: context.newError(message) };
        }
      });
      context.setProp(context.global, name, fn);
      fn.dispose();
    };
    const requireHost = (): ScriptHost => {
      if (!this.host) throw new ScriptHostError('not running');
      return this.host;
    };
    define('read', (keyHandle) => {
      const key: unknown = keyHandle ? context.dump(keyHandle) : undefined;
      if (typeof key !== 'string') throw new ScriptHostError('read(key): key must be a text');
      const value = requireHost().read(key);
      if (typeof value === 'number') return context.newNumber(value);
      if (typeof value === 'string') return context.newString(value);
      return context.null;
    });
    define('write', (keyHandle, valueHandle) => {
      const key: unknown = keyHandle ? context.dump(keyHandle) : undefined;
      const value: unknown = valueHandle ? context.dump(valueHandle) : undefined;
      if (typeof key !== 'string') throw new ScriptHostError('write(key, value): key must be a text');
      if (typeof value === 'boolean') requireHost().write(key, value ? 1 : 0);
      else if (typeof value === 'number' || typeof value === 'string') requireHost().write(key, value);
      else throw new ScriptHostError('write(key, value): value must be a number, boolean or text');
      return undefined;
    });
    define('log', (...handles) => {
      const parts = handles.map((handle) => {
        const value: unknown = context.dump(handle);
        return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
      });
      requireHost().log(this.clip(parts.join(' ')));
      return undefined;
    });
    define('now', () => context.newNumber(requireHost().now()));
  }

  /** Promise callbacks the run left behind run within the same time limit. */
  private settlePendingJobs(): RunOutcome {
    const pending = this.runtime.executePendingJobs();
    if (!pending.error) return { ok: true };
    const error = pending.error;
    return this.failureOf(error);
  }

  private failureOf(error: QuickJSHandle): RunOutcome {
    const detail = this.clip(describeError(this.context.dump(error)));
    error.dispose();
    if (this.interrupted) return { ok: false, code: '2356', params: { ms: this.timeLimitMs } };
    if (/out of memory/i.test(detail)) {
      // What filled the memory is still referenced: start over with a clean context.
      this.rebuild();
      return { ok: false, code: '2357', params: { kb: Math.round(this.memoryLimitBytes / 1024) } };
    }
    return { ok: false, code: '2355', params: { detail } };
  }

  private rebuild(): void {
    try {
      this.context.dispose();
      this.runtime.dispose();
    } catch {
      // A runtime that ran out of memory may refuse to free cleanly; a fresh one replaces it anyway.
    }
    this.runtime = this.createRuntime();
    this.compile();
  }
}
