/**
 * The recovery steps pass each other a mark in the history state, so a step opened directly (a
 * bookmark, a typed address) without the one before it sends the person to the first step instead
 * of showing a form the server would refuse. The mark survives a reload of the same step.
 */
export type FindpwdStep = 'verified' | 'finished';

export const stepState = (step: FindpwdStep) => ({ findpwdStep: step });

export function reachedStep(state: unknown, step: FindpwdStep): boolean {
  return (
    typeof state === 'object' && state !== null && (state as { findpwdStep?: unknown }).findpwdStep === step
  );
}

export const FIRST_STEP_PATH = '/findpwd/tel';
