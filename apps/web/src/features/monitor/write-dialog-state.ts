/**
 * The steps of writing a value (§4 async command flow, §5 write rules) as a reducer: type a value,
 * have it checked with the shared `checkWriteValue` before anything is sent, confirm, follow the
 * §7 polling schedule, and end confirmed by the device or failed with a reason. An offline or
 * dormant gateway (a reply with `online: false`) fails at once with 1501 or 1502.
 */
import type { RuleViolation } from '@lyyp/contracts';
import type { CommandReply } from '@lyyp/contracts/commands';
import { checkWriteValue, type Variable, type VariableValue } from '@lyyp/contracts/device-model';

export type WritableVariable = Pick<
  Variable,
  'dataType' | 'readWrite' | 'writePermission' | 'writeLowerLimit' | 'writeUpperLimit' | 'stringLength'
>;

export type WriteState =
  | { step: 'editing'; input: string; violation: RuleViolation | null }
  | { step: 'confirming'; input: string; value: VariableValue }
  | { step: 'sending'; input: string; value: VariableValue; attempt: number; waitedSeconds: number }
  | { step: 'confirmed'; input: string; value: VariableValue; confirmedValue: unknown }
  /** `error` is what the run threw (described at render time, so it follows the language). */
  | { step: 'failed'; input: string; error: unknown };

export type WriteEvent =
  | { type: 'input'; input: string }
  | { type: 'submit'; variable: WritableVariable }
  | { type: 'back' }
  | { type: 'send' }
  | { type: 'progress'; attempt: number; waitedSeconds: number }
  | { type: 'replied'; reply: CommandReply<{ value?: unknown }> }
  | { type: 'threw'; error: unknown };

/** Raised for a reply that says the gateway cannot take commands now. */
export class GatewayUnavailableError extends Error {
  override name = 'GatewayUnavailableError';
  constructor(readonly code: string) {
    super(`gateway unavailable (${code})`);
  }
}

export function startWrite(input = ''): WriteState {
  return { step: 'editing', input, violation: null };
}

export function reduceWrite(state: WriteState, event: WriteEvent): WriteState {
  switch (event.type) {
    case 'input':
      return state.step === 'editing' || state.step === 'failed'
        ? { step: 'editing', input: event.input, violation: null }
        : state;
    case 'submit': {
      if (state.step !== 'editing') return state;
      const checked = checkWriteValue(event.variable, state.input);
      return checked.ok
        ? { step: 'confirming', input: state.input, value: checked.value }
        : { ...state, violation: checked.violation };
    }
    case 'back':
      return state.step === 'confirming' || state.step === 'failed' ? startWrite(state.input) : state;
    case 'send':
      return state.step === 'confirming'
        ? { step: 'sending', input: state.input, value: state.value, attempt: 0, waitedSeconds: 0 }
        : state;
    case 'progress':
      return state.step === 'sending'
        ? { ...state, attempt: event.attempt, waitedSeconds: event.waitedSeconds }
        : state;
    case 'replied': {
      if (state.step !== 'sending') return state;
      const { reply } = event;
      if (!reply.online) {
        return {
          step: 'failed',
          input: state.input,
          error: new GatewayUnavailableError(reply.code ?? '1501'),
        };
      }
      return {
        step: 'confirmed',
        input: state.input,
        value: state.value,
        confirmedValue: reply.data?.value ?? state.value,
      };
    }
    case 'threw':
      return state.step === 'sending' ? { step: 'failed', input: state.input, error: event.error } : state;
  }
}

/** Whether the dialog may be closed without asking: nothing is on its way to the device. */
export function isSettled(state: WriteState): boolean {
  return state.step !== 'sending';
}
