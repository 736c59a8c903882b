/** What the agent learns about a variable: a value (with its text and limit flag) or a fault code. */
import type { ErrorCode } from '@lyyp/contracts';
import type { VariableValue } from '@lyyp/contracts/device-model';

export interface Reading {
  readonly kind: 'reading';
  readonly key: string;
  /** The value people see: after the collection formula and decimal rounding. */
  readonly value: VariableValue;
  /** The value as decoded from the registers. */
  readonly raw: VariableValue;
  /** State mapping text of the value, when the variable maps it. */
  readonly text?: string;
  /** Set when the value is outside the collection limits. */
  readonly limit?: 'below' | 'above';
  readonly at: number;
}

export interface Fault {
  readonly kind: 'fault';
  readonly key: string;
  readonly code: ErrorCode;
  readonly at: number;
}

export type Sample = Reading | Fault;

/**
 * Whether the sample reaches the platform as a value. A fault, or a number JSON cannot carry
 * (NaN, infinity), goes as `v: null` with an error code instead.
 */
export function carriesValue(sample: Sample): boolean {
  return sample.kind === 'reading' && (typeof sample.value !== 'number' || Number.isFinite(sample.value));
}
