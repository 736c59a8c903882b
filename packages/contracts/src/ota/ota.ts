/**
 * OTA upgrade tasks (§2 product/ota/:id): which gateways a task reaches, the steps each gateway
 * goes through, and the bounds after which a step without news is failed. A step's state shown to
 * people is derived (`deriveStepState`) from the stored row, the version the gateway reports and
 * the clock, so it is true after a crash or restart of either side.
 */
import type { FirmwareKind } from '../firmware/firmware.ts';

/** How a task chooses its gateways: every gateway of the product, a list, or those on a version. */
export const OTA_TARGET_MODES = ['all', 'list', 'version'] as const;
export type OtaTargetMode = (typeof OTA_TARGET_MODES)[number];

/** A gateway's step in a task. `waiting` until it qualifies (§9) and its batch is open. */
export const OTA_STEP_STATES = [
  'waiting',
  'downloading',
  'verifying',
  'applying',
  'succeeded',
  'failed',
  'cancelled',
] as const;
export type OtaStepState = (typeof OTA_STEP_STATES)[number];

/** States in which the gateway is working on the upgrade. */
export const OTA_ACTIVE_STATES: readonly OtaStepState[] = ['downloading', 'verifying', 'applying'];
/** States that end a step (a failed one may be retried). */
export const OTA_FINAL_STATES: readonly OtaStepState[] = ['succeeded', 'failed', 'cancelled'];

/** A task: `running`, `paused` (its first batch had failures, the rest wait), `finished`, `cancelled`. */
export const OTA_TASK_STATES = ['running', 'paused', 'finished', 'cancelled'] as const;
export type OtaTaskState = (typeof OTA_TASK_STATES)[number];

/**
 * A step in an active state without news from its gateway for this long has failed (2745). The
 * agent reports at least every `OTA_PROGRESS_INTERVAL_MS` while it downloads, and a new agent
 * version that does not report in is rolled back well within it.
 */
export const OTA_STEP_SILENCE_MS = 10 * 60_000;
/** The agent's longest pause between progress reports while it works on an upgrade. */
export const OTA_PROGRESS_INTERVAL_MS = 30_000;
/** Largest first batch (staged rollout); the rest follow once it has succeeded. */
export const OTA_MAX_FIRST_BATCH = 1000;
/** Most gateways one task may name in a list. */
export const OTA_MAX_LISTED_GATEWAYS = 1000;

/** Catalogue codes of the upgrade's failures, as the agent and the platform report them. */
export const OTA_FAILURE_CODES = {
  /** The download broke off or was refused ({reason}). */
  download: '2741',
  /** The bytes did not match the firmware's SHA-256. */
  checksum: '2742',
  /** Installing failed ({reason}): a package without an agent, an install hook that failed. */
  install: '2743',
  /** The new version did not report in and the gateway went back to {version}. */
  rolledBack: '2744',
  /** No news from the gateway for {minutes} minutes. */
  silent: '2745',
  /** The agent runs without its launcher, so it cannot restart into a new package. */
  notSupervised: '2746',
  /** The agent does not know the platform's HTTP address to download from. */
  noDownloadAddress: '2747',
} as const;

export interface StepFacts {
  readonly state: OtaStepState;
  /** When the platform last heard about the step (or started it), epoch ms. */
  readonly updatedAt: number;
  readonly code: string | null;
  readonly params: Readonly<Record<string, string | number>> | null;
}

export interface DerivedStep {
  readonly state: OtaStepState;
  readonly code: string | null;
  readonly params: Readonly<Record<string, string | number>> | null;
}

/**
 * What a step really is now: an active step whose gateway reports the task's version has succeeded
 * whatever progress the row last heard of; an active step without news for `OTA_STEP_SILENCE_MS`
 * has failed (2745). Otherwise the row: a step that failed stays failed even when the gateway
 * reaches the version later by another task (that task's success is its own), and a cancelled or
 * waiting one stays as it is.
 */
export function deriveStepState(
  step: StepFacts,
  reportedVersion: string | null,
  targetVersion: string,
  now: number,
): DerivedStep {
  if (reportedVersion === targetVersion && OTA_ACTIVE_STATES.includes(step.state))
    return { state: 'succeeded', code: null, params: null };
  if (OTA_ACTIVE_STATES.includes(step.state) && now - step.updatedAt > OTA_STEP_SILENCE_MS) {
    return {
      state: 'failed',
      code: OTA_FAILURE_CODES.silent,
      params: { minutes: Math.round(OTA_STEP_SILENCE_MS / 60_000) },
    };
  }
  return { state: step.state, code: step.code, params: step.params };
}

/** Which version a gateway runs for a firmware kind: the agent's, or the system's. */
export function reportedVersionOf(
  kind: FirmwareKind,
  gateway: { firmware: string | null; systemFirmware: string | null },
): string | null {
  return kind === 'application' ? gateway.firmware : gateway.systemFirmware;
}

/**
 * The task's state from its steps: cancelled as stored; paused while a step of the first batch
 * failed and later batches wait; finished when every step ended; running otherwise.
 */
export function deriveTaskState(
  cancelled: boolean,
  steps: ReadonlyArray<{ batch: number; state: OtaStepState }>,
): OtaTaskState {
  if (cancelled) return 'cancelled';
  if (steps.every((step) => OTA_FINAL_STATES.includes(step.state))) return 'finished';
  if (firstBatchFailed(steps)) return 'paused';
  return 'running';
}

function firstBatchFailed(steps: ReadonlyArray<{ batch: number; state: OtaStepState }>): boolean {
  return (
    steps.some((step) => step.batch === 1 && step.state === 'failed') &&
    steps.some((step) => step.batch > 1 && step.state === 'waiting')
  );
}

/**
 * Whether steps of `batch` may start: the first batch always; a later one once every step of the
 * batches before it succeeded (a cancelled gateway does not hold the rest back).
 */
export function batchIsOpen(
  batch: number,
  steps: ReadonlyArray<{ batch: number; state: OtaStepState }>,
): boolean {
  return steps
    .filter((step) => step.batch < batch)
    .every((step) => step.state === 'succeeded' || step.state === 'cancelled');
}
