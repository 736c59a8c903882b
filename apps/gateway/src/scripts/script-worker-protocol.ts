/**
 * Messages between the agent's thread and the script worker (`script-worker.ts`). Everything a
 * run needs travels with it (the values it may read, the agent's clock); everything it did comes
 * back with its result (kept values set, device writes asked for, log lines), applied on the
 * agent's thread in the order the script made them.
 */
import type { VariableValue } from '@lyyp/contracts/device-model';
import type { RunOutcome } from './script-sandbox.ts';

export interface ScriptWorkerData {
  readonly scripts: readonly { readonly key: string; readonly code: string }[];
  /** Variables the agent keeps itself (internal, summary): `write` sets them at once. */
  readonly keptKeys: readonly string[];
  readonly timeLimitMs: number;
  readonly memoryLimitBytes: number;
}

export interface ScriptRunRequest {
  readonly id: number;
  readonly key: string;
  /** Every variable of the device with its newest value (null: unknown or failed). */
  readonly values: Readonly<Record<string, VariableValue | null>>;
  /** The agent's clock when the run was sent; `now()` moves on from it. */
  readonly now: number;
}

/** What a script did, in order: a kept variable set, or a device write asked for. */
export interface ScriptAction {
  readonly key: string;
  readonly value: VariableValue;
  readonly kept: boolean;
}

export interface ScriptRunResult {
  readonly id: number;
  readonly outcome: RunOutcome;
  readonly actions: readonly ScriptAction[];
  readonly log: readonly string[];
  /** Wall-clock time the run took inside the worker (ms). */
  readonly durationMs: number;
}

export type ScriptWorkerMessage =
  | {
      readonly type: 'ready';
      /** Syntax errors by script key. */
      readonly syntaxErrors: Readonly<Record<string, RunOutcome>>;
    }
  | ({ readonly type: 'result' } & ScriptRunResult);
