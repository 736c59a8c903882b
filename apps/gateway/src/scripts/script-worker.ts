/**
 * The script worker: a thread of its own holding the QuickJS sandboxes of one configuration, so a
 * script that computes, allocates or loops never holds up polling on the agent's thread. It runs
 * one run at a time as the agent sends them; the time limit is the wall clock of this thread
 * (QuickJS's interrupt handler), and the agent's thread ends the whole worker if a run outlives its
 * hard limit anyway (see `script-worker-host.ts`).
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import {
  SandboxedScript,
  ScriptHostError,
  loadQuickJs,
  processCpuMs,
  type RunOutcome,
} from './quickjs-sandbox.ts';
import type {
  ScriptAction,
  ScriptRunRequest,
  ScriptWorkerData,
  ScriptWorkerMessage,
} from './script-worker-protocol.ts';

const port = parentPort;
if (!port) throw new Error('script-worker.ts runs as a worker thread');
const data = workerData as ScriptWorkerData;
const kept = new Set(data.keptKeys);
/**
 * The clock of the time limit: the lesser of wall-clock and process CPU time elapsed since the run
 * started (`alignClock` at each start). An endless loop moves both and is stopped after 50 ms; a run
 * that merely waited for the processor on a busy machine moved only the wall clock and goes on. The
 * agent's hard limit (`script-worker-host.ts`) is wall-clock time alone and ends any run that
 * outlives it.
 */
let cpuOffset = 0;
function alignClock(): void {
  cpuOffset = performance.now() - processCpuMs();
}
const limitClock = () => Math.min(performance.now(), processCpuMs() + cpuOffset);

const quickJs = await loadQuickJs();
warmUp();
const sandboxes = new Map<string, SandboxedScript>();
const syntaxErrors: Record<string, RunOutcome> = {};
for (const script of data.scripts) {
  alignClock();
  const sandbox = new SandboxedScript(quickJs, script.code, {
    timeLimitMs: data.timeLimitMs,
    memoryLimitBytes: data.memoryLimitBytes,
    logLineMaxLength: data.logLineMaxLength,
    cpuClock: limitClock,
  });
  sandboxes.set(script.key, sandbox);
  if (sandbox.syntaxError) syntaxErrors[script.key] = sandbox.syntaxError;
}

/**
 * Runs a little of everything once in a throwaway sandbox: WebAssembly compiles its functions on
 * first use, so otherwise a script's first run pays for that and may be taken for an overrun.
 */
function warmUp(): void {
  const sandbox = new SandboxedScript(
    quickJs,
    "let text = ''; const list = []; for (let i = 0; i < 2000; i += 1) { list.push({ i, s: String(i) }); text += i; } log(JSON.stringify(list.slice(0, 3)), text.length, read('x'), now());",
    {
      timeLimitMs: 10_000,
      memoryLimitBytes: data.memoryLimitBytes,
      logLineMaxLength: data.logLineMaxLength,
      cpuClock: () => performance.now(),
    },
  );
  sandbox.run({ read: () => null, write: () => undefined, log: () => undefined, now: () => 0 });
  sandbox.dispose();
}

const post = (message: ScriptWorkerMessage) => port.postMessage(message);

function run(request: ScriptRunRequest): void {
  const sandbox = sandboxes.get(request.key);
  const actions: ScriptAction[] = [];
  const log: string[] = [];
  const overlay = new Map<string, (typeof request.values)[string]>();
  let deviceWrites = 0;
  post({ type: 'started', id: request.id });
  const started = performance.now();
  alignClock();
  const outcome: RunOutcome = sandbox
    ? sandbox.run({
        read: (key) => (overlay.has(key) ? overlay.get(key)! : (request.values[key] ?? null)),
        write: (key, value) => {
          if (!(key in request.values) && !kept.has(key))
            throw new ScriptHostError(`write: no variable ${key}`);
          if (kept.has(key)) {
            overlay.set(key, value);
            actions.push({ key, value, kept: true });
            return;
          }
          if (deviceWrites >= data.writesPerRunMax)
            throw new ScriptHostError(`write: at most ${data.writesPerRunMax} writes per run`);
          deviceWrites += 1;
          actions.push({ key, value, kept: false });
        },
        log: (line) => {
          if (log.length < data.logLinesPerRunMax) log.push(line);
        },
        now: () => request.now + Math.floor(performance.now() - started),
      })
    : { ok: false, code: '2355', params: { detail: `no script ${request.key}` } };
  post({
    type: 'result',
    id: request.id,
    outcome,
    actions,
    log,
    durationMs: performance.now() - started,
  });
}

port.on('message', (request: ScriptRunRequest) => run(request));
post({ type: 'ready', syntaxErrors });
