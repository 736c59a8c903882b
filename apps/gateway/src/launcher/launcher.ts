/**
 * The launcher: the process a gateway runs, which runs the agent as its child. It starts the
 * current agent package (the built-in agent until an upgrade installed one). When the agent exits
 * with 75 after installing application firmware, it starts the trial package; the trial is kept
 * once it reports in (it reached the platform), and otherwise — it exits, or stays silent past
 * the trial time — it is stopped and the previous agent runs again, which tells the platform
 * (2744). An agent that exits with 75 and no trial waiting asked to be restarted (the restart
 * command): the same package starts again and reads its saved settings afresh. Signals are passed
 * on; the launcher ends with its child.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AGENT_VERSION } from '../agent/gateway-agent.ts';
import type { InstalledPackage } from '../ota/agent-package.ts';
import { RESTART_EXIT_CODE, readSlots, writeSlots, type Slots } from '../ota/package-slots.ts';

/** Set for the child: it runs under the launcher. */
export const LAUNCHER_ENV = 'LYYP_GATEWAY_LAUNCHER';
/** How long a new version has to reach the platform before the launcher goes back. */
export const DEFAULT_TRIAL_MS = 120_000;

/** What the agent tells its launcher over the IPC channel. */
export type LauncherMessage = { readonly kind: 'reported-in' };

/** The agent the gateway came with (this source tree's `main.ts`). */
export const BUILT_IN_AGENT: InstalledPackage = {
  version: AGENT_VERSION,
  main: fileURLToPath(new URL('../main.ts', import.meta.url)),
};

export interface LauncherOptions {
  readonly dataDir: string;
  /** The agent's command line, passed on unchanged. */
  readonly args: readonly string[];
  readonly trialMs?: number;
  readonly log: (message: string) => void;
}

export async function runLauncher(options: LauncherOptions): Promise<number> {
  const tsx = import.meta.resolve('tsx');
  let child: ChildProcess | null = null;
  let signalled: NodeJS.Signals | null = null;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      signalled = signal;
      child?.kill(signal);
    });
  }
  for (;;) {
    const slots = await readSlots(options.dataDir);
    const trial = slots.trial;
    const running = trial ?? slots.current ?? BUILT_IN_AGENT;
    options.log(`starting agent version ${running.version}${trial ? ' (trial)' : ''}`);
    const started = spawn(process.execPath, ['--import', tsx, running.main, ...options.args], {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, [LAUNCHER_ENV]: '1', GATEWAY_AGENT_VERSION: running.version },
    });
    child = started;
    let kept = false;
    let timer: NodeJS.Timeout | null = null;
    if (trial) {
      timer = setTimeout(() => {
        options.log(
          `version ${trial.version} did not report in within ${(options.trialMs ?? DEFAULT_TRIAL_MS) / 1000} s`,
        );
        started.kill('SIGKILL');
      }, options.trialMs ?? DEFAULT_TRIAL_MS);
      started.on('message', (message: LauncherMessage) => {
        if (message.kind !== 'reported-in' || kept) return;
        kept = true;
        if (timer) clearTimeout(timer);
        void keepTrial(options.dataDir, slots).then(() => options.log(`version ${trial.version} kept`));
      });
    }
    const code = await new Promise<number>((resolve) =>
      started.once('exit', (exitCode, signal) =>
        resolve(exitCode ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1)),
      ),
    );
    if (timer) clearTimeout(timer);
    child = null;
    if (trial && !kept) {
      const back = slots.current ?? BUILT_IN_AGENT;
      options.log(`version ${trial.version} failed (exit ${code}); going back to ${back.version}`);
      await writeSlots(options.dataDir, {
        ...slots,
        trial: null,
        outcome: {
          task: trial.task,
          attempt: trial.attempt,
          result: 'rolled-back',
          version: back.version,
          failedVersion: trial.version,
        },
      });
      if (!signalled) continue;
    }
    if (signalled) return 0;
    if (code === RESTART_EXIT_CODE) continue;
    return code;
  }
}

/** The trial becomes current, the current one previous; the agent tells the platform. */
async function keepTrial(dataDir: string, read: Slots): Promise<void> {
  const trial = read.trial;
  if (!trial) return;
  await writeSlots(dataDir, {
    current: { version: trial.version, main: trial.main },
    previous: read.current ?? BUILT_IN_AGENT,
    trial: null,
    outcome: { task: trial.task, attempt: trial.attempt, result: 'succeeded', version: trial.version },
  });
}
