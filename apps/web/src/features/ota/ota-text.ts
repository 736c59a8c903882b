/**
 * How the OTA screen shows states: the colour of each task and step state, and a failed step's
 * reason in the console's language from its catalogue code and parameters.
 */
import type { Locale } from '@lyyp/contracts';
import type { OtaStepState, OtaTaskState } from '@lyyp/contracts/ota';
import { translateCatalogue } from '../../app/messages.ts';

export const STEP_STATE_COLORS: Readonly<Record<OtaStepState, string>> = {
  waiting: 'default',
  downloading: 'processing',
  verifying: 'processing',
  applying: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'default',
};

export const TASK_STATE_COLORS: Readonly<Record<OtaTaskState, string>> = {
  running: 'processing',
  paused: 'warning',
  finished: 'success',
  cancelled: 'default',
};

/** A failed step's reason ("The firmware check failed: …"), or null when it has none. */
export function describeStepFailure(
  step: { code: string | null; params: Readonly<Record<string, string | number>> | null },
  locale: Locale,
): string | null {
  return step.code ? translateCatalogue(step.code, locale, step.params ?? undefined) : null;
}
