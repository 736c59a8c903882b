/**
 * Messages between the agent's thread and the script worker (`script-worker.ts`). Everything a
 * run needs travels with it (the values it may read, the agent's clock); everything it did comes
 * back with its result (kept values set, device writes asked for, log lines), applied on the
 * agent's thread in the order the script made them.
 */
import type { VariableValue } from '@lyyp/contracts/device-model';
import type { RunOutcome } from './quickjs-sandbox.ts';

export interface ScriptWorkerData {
  readonly scripts: readonly { readonly key: string; readonly code: string }[];
  /** Variables the agent keeps itself (internal, summary): `write` sets them at once. */
  readonly keptKeys: readonly string[];
  readonly timeLimitMs: number;
  readonly memoryLimitBytes: number;
  /**
   * The contracts' limits, given rather than imported: the worker loads nothing of the contracts,
   * which would add most of a second to its start.
   */
  readonly logLineMaxLength: number;
  readonly logLinesPerRunMax: number;
  readonly writesPerRunMax: number;
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
  /** A run begins now: the agent's hard limit counts from here. */
  | { readonly type: 'started'; readonly id: number }
  | ({ readonly type: 'result' } & ScriptRunResult);
