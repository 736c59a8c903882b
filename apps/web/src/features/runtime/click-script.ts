/**
 * Click scripts (§3 click event, action `script`) run in QuickJS compiled to WebAssembly, the same
 * engine and package as the edge agent's scripts, loaded only when a page runs one. Inside there is
 * JavaScript and two functions: `read(key)` gives the page's live value of a variable (or null) and
 * `write(key, value)` asks for a write. Nothing else: no DOM, no network, no timers, no storage. A
 * run is stopped after `CLICK_SCRIPT_TIME_LIMIT_MS`; the writes it asked for are returned, and the
 * viewer carries them out through the same confirmed write flow and permissions as a write button.
 */
import {
  CLICK_SCRIPT_MAX_WRITES,
  CLICK_SCRIPT_TIME_LIMIT_MS,
  type RuleValue,
} from '@lyyp/contracts/designer';
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';

export interface ScriptWrite {
  readonly key: string;
  readonly value: RuleValue;
}

export type ScriptOutcome =
  | { readonly ok: true; readonly writes: readonly ScriptWrite[] }
  | {
      readonly ok: false;
      readonly code: '2687' | '2688' | '2689' | '2690';
      readonly params: Record<string, string | number>;
    };

export interface ScriptRunOptions {
  /** The live value of a variable by key, as the page shows it. */
  readonly read: (key: string) => RuleValue | undefined;
  readonly timeLimitMs?: number;
  /** The clock the time limit is measured on (ms); tests give one that moves on each look. */
  readonly clock?: () => number;
  /** The engine; loaded on first use when not given (tests give one loaded the Node way). */
  readonly quickJs?: QuickJs;
}

const MEMORY_LIMIT_BYTES = 8 * 1024 * 1024;
const STACK_LIMIT_BYTES = 256 * 1024;

export type QuickJs = QuickJSWASMModule;
let loading: Promise<QuickJs> | null = null;

/** The WebAssembly module, fetched and compiled once per page load. */
function loadQuickJs(): Promise<QuickJs> {
  loading ??= (async () => {
    const [{ newQuickJSWASMModuleFromVariant, newVariant }, { default: variant }, { default: wasmLocation }] =
      await Promise.all([
        import('quickjs-emscripten-core'),
        import('@jitl/quickjs-wasmfile-release-sync'),
        import('@jitl/quickjs-wasmfile-release-sync/wasm?url'),
      ]);
    return newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmLocation }));
  })();
  loading.catch(() => (loading = null));
  return loading;
}

function describe(dumped: unknown): string {
  if (dumped && typeof dumped === 'object' && 'message' in dumped) {
    const { name, message } = dumped as { name?: unknown; message?: unknown };
    return `${typeof name === 'string' ? `${name}: ` : ''}${String(message)}`.slice(0, 200);
  }
  return String(dumped).slice(0, 200);
}

/** Checks a script for syntax without running it; the reason, or null when it compiles. */
export async function checkClickScript(script: string, engine?: QuickJs): Promise<string | null> {
  const quickJs = engine ?? (await loadQuickJs());
  const context = quickJs.newContext();
  try {
    const result = context.evalCode(script, 'click-script.js', { compileOnly: true });
    if (!result.error) {
      result.value.dispose();
      return null;
    }
    const reason = describe(context.dump(result.error));
    result.error.dispose();
    return reason;
  } finally {
    context.dispose();
  }
}

export async function runClickScript(script: string, options: ScriptRunOptions): Promise<ScriptOutcome> {
  const quickJs = options.quickJs ?? (await loadQuickJs());
  const clock = options.clock ?? (() => performance.now());
  const runtime = quickJs.newRuntime();
  runtime.setMemoryLimit(MEMORY_LIMIT_BYTES);
  runtime.setMaxStackSize(STACK_LIMIT_BYTES);
  const deadline = clock() + (options.timeLimitMs ?? CLICK_SCRIPT_TIME_LIMIT_MS);
  let interrupted = false;
  runtime.setInterruptHandler(() => {
    if (clock() <= deadline) return false;
    interrupted = true;
    return true;
  });
  const context = runtime.newContext();
  const writes: ScriptWrite[] = [];
  let tooManyWrites = false;
  try {
    const read = context.newFunction('read', (keyHandle) => {
      const value = options.read(String(context.dump(keyHandle)));
      if (typeof value === 'number') return context.newNumber(value);
      if (typeof value === 'string') return context.newString(value);
      return context.null;
    });
    const write = context.newFunction('write', (keyHandle, valueHandle) => {
      const key = String(context.dump(keyHandle));
      const value: unknown = context.dump(valueHandle);
      if (writes.length >= CLICK_SCRIPT_MAX_WRITES) {
        tooManyWrites = true;
        throw new Error('too many writes');
      }
      if (typeof value === 'boolean') writes.push({ key, value: value ? 1 : 0 });
      else if (typeof value === 'number' && Number.isFinite(value)) writes.push({ key, value });
      else if (typeof value === 'string') writes.push({ key, value });
      else throw new Error(`write(${key}): a number or text is needed`);
      return context.undefined;
    });
    context.setProp(context.global, 'read', read);
    context.setProp(context.global, 'write', write);
    read.dispose();
    write.dispose();
    const result = context.evalCode(script, 'click-script.js');
    if (!result.error) {
      result.value.dispose();
      return { ok: true, writes };
    }
    const dumped: unknown = context.dump(result.error);
    result.error.dispose();
    if (interrupted) return { ok: false, code: '2688', params: {} };
    if (tooManyWrites) return { ok: false, code: '2690', params: { max: CLICK_SCRIPT_MAX_WRITES } };
    const reason = describe(dumped);
    return { ok: false, code: reason.startsWith('SyntaxError') ? '2687' : '2689', params: { reason } };
  } finally {
    context.dispose();
    runtime.dispose();
  }
}
