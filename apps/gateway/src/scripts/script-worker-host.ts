/**
 * The agent's side of the script worker: starts the worker with the scripts of a configuration,
 * sends it one run at a time, and holds every run to a hard wall-clock limit of its own. A run the
 * worker does not answer in time (QuickJS's interrupt handler is not reached often enough by some
 * allocation patterns, or the thread's heap ran out) ends the worker: the run is a time-limit
 * failure, and a fresh worker with the same scripts takes its place (every script's globals are
 * lost, as after a restart). Nothing here blocks the agent's thread.
 */
import { Worker } from 'node:worker_threads';
import type { VariableValue } from '@lyyp/contracts/device-model';
import type { RunOutcome } from './quickjs-sandbox.ts';
import type { ScriptRunResult, ScriptWorkerData, ScriptWorkerMessage } from './script-worker-protocol.ts';

/**
 * How long the agent waits for a run's answer (wall clock, from when the worker began it) before it
 * ends the worker. Ten times the time limit: the worker's own limit stops nearly every
 * run first; this one holds where its interrupt handler is reached too rarely, and leaves a busy
 * machine room enough that a run which merely waited for the processor is not taken for one.
 */
export const SCRIPT_HARD_LIMIT_FACTOR = 10;
/** The worker thread's own JavaScript heap (the QuickJS memory is limited per script inside it). */
const WORKER_HEAP_MB = 64;

const WORKER_URL = new URL('./script-worker.mjs', import.meta.url);

export interface ScriptWorkerHostOptions extends ScriptWorkerData {
  /** Syntax errors found when a worker compiled the scripts (each time one starts). */
  readonly onSyntaxErrors?: (errors: Readonly<Record<string, RunOutcome>>) => void;
  /** A worker was ended because a run outlived the hard limit. */
  readonly onWorkerEnded?: (key: string, reason: 'time' | 'memory') => void;
}

export interface HostRunResult extends Omit<ScriptRunResult, 'id'> {
  /** The worker was ended during this run (every script's globals are lost). */
  readonly workerEnded: boolean;
}

interface InFlight {
  readonly id: number;
  readonly key: string;
  readonly resolve: (result: HostRunResult) => void;
  timer: NodeJS.Timeout | null;
}

export class ScriptWorkerHost {
  private worker: Worker | null = null;
  private nextId = 1;
  private inFlight: InFlight | null = null;
  private closed = false;
  private readonly hardLimitMs: number;

  constructor(private readonly options: ScriptWorkerHostOptions) {
    this.hardLimitMs = options.timeLimitMs * SCRIPT_HARD_LIMIT_FACTOR;
    this.startWorker();
  }

  /**
   * Runs one script with these values; one run at a time (the caller queues). Resolves with what
   * the run did, never rejects.
   */
  run(key: string, values: Record<string, VariableValue | null>, now: number): Promise<HostRunResult> {
    if (this.inFlight) throw new Error('one script run at a time');
    return new Promise<HostRunResult>((resolve) => {
      if (this.closed) {
        resolve(failed('2356', { ms: this.options.timeLimitMs }, false));
        return;
      }
      const worker = this.worker ?? this.startWorker();
      const id = this.nextId++;
      const inFlight: InFlight = { id, key, resolve, timer: null };
      this.inFlight = inFlight;
      // The hard limit counts from when the worker says the run started: a worker still compiling
      // the scripts (after a restart) or still starting up on a busy machine has not begun it.
      worker.postMessage({ id, key, values, now });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    this.settle(failed('2356', { ms: this.options.timeLimitMs }, false));
    if (worker) await worker.terminate();
  }

  private startWorker(): Worker {
    const { onSyntaxErrors: _syntax, onWorkerEnded: _ended, ...data } = this.options;
    const worker = new Worker(WORKER_URL, {
      workerData: data satisfies ScriptWorkerData,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 16 },
      stdout: false,
      stderr: false,
    });
    // The agent's process may end while a worker runs: the worker never holds it up.
    worker.unref();
    this.worker = worker;
    worker.on('message', (message: ScriptWorkerMessage) => {
      if (worker !== this.worker) return;
      if (message.type === 'ready') {
        this.options.onSyntaxErrors?.(message.syntaxErrors);
        return;
      }
      if (message.type === 'started') {
        if (this.inFlight?.id === message.id) this.armWatchdog(this.inFlight);
        return;
      }
      if (this.inFlight?.id !== message.id) return;
      const { id: _id, type: _type, ...result } = message;
      this.settle({ ...result, workerEnded: false });
    });
    worker.on('error', () => {
      // The thread's own heap ran out (or it failed to start): what was running is a memory failure.
      if (worker !== this.worker) return;
      this.worker = null;
      const key = this.inFlight?.key;
      if (key !== undefined) this.options.onWorkerEnded?.(key, 'memory');
      this.settle(failed('2357', { kb: Math.round(this.options.memoryLimitBytes / 1024) }, true));
    });
    worker.on('exit', () => {
      if (worker !== this.worker) return;
      this.worker = null;
      this.settle(failed('2357', { kb: Math.round(this.options.memoryLimitBytes / 1024) }, true));
    });
    return worker;
  }

  private armWatchdog(inFlight: InFlight): void {
    if (inFlight.timer) return;
    inFlight.timer = setTimeout(() => {
      if (this.inFlight !== inFlight) return;
      const worker = this.worker;
      this.worker = null;
      if (worker) void worker.terminate();
      this.options.onWorkerEnded?.(inFlight.key, 'time');
      this.settle(failed('2356', { ms: this.options.timeLimitMs }, true, this.hardLimitMs));
      // The replacement compiles the scripts now, so the next run does not wait for it.
      if (!this.closed) this.startWorker();
    }, this.hardLimitMs);
    inFlight.timer.unref();
  }

  private settle(result: HostRunResult): void {
    const inFlight = this.inFlight;
    if (!inFlight) return;
    this.inFlight = null;
    if (inFlight.timer) clearTimeout(inFlight.timer);
    inFlight.resolve(result);
  }
}

function failed(
  code: '2356' | '2357',
  params: { ms: number } | { kb: number },
  workerEnded: boolean,
  durationMs = 0,
): HostRunResult {
  return { outcome: { ok: false, code, params }, actions: [], log: [], durationMs, workerEnded };
}
