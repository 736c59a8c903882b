/**
 * The script sandbox with the limits of `@lyyp/contracts` (docs/scripts.md): see
 * `quickjs-sandbox.ts` for the sandbox itself.
 */
import {
  SCRIPT_LOG_LINE_MAX_LENGTH,
  SCRIPT_MEMORY_LIMIT_BYTES,
  SCRIPT_TIME_LIMIT_MS,
} from '@lyyp/contracts/device-model';
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import { SandboxedScript as QuickJsSandbox, type SandboxLimits } from './quickjs-sandbox.ts';

export {
  ScriptHostError,
  loadQuickJs,
  processCpuMs,
  type RunOutcome,
  type ScriptErrorCode,
  type ScriptHost,
} from './quickjs-sandbox.ts';

/** One compiled script in its own QuickJS runtime, the contracts' limits unless given. */
export class SandboxedScript extends QuickJsSandbox {
  constructor(quickJs: QuickJSWASMModule, code: string, limits: Partial<SandboxLimits> = {}) {
    super(quickJs, code, {
      timeLimitMs: SCRIPT_TIME_LIMIT_MS,
      memoryLimitBytes: SCRIPT_MEMORY_LIMIT_BYTES,
      logLineMaxLength: SCRIPT_LOG_LINE_MAX_LENGTH,
      ...limits,
    });
  }
}
