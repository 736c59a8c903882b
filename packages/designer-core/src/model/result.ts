/**
 * Outcome of an operation: the new value, or the reason it was refused. Refusals are values, not
 * exceptions, so the editor can show them and carry on.
 */
import type { ErrorCode } from '@lyyp/contracts';
import { DESIGNER_REJECTIONS, type DesignerRejectionReason } from '@lyyp/contracts/designer';

export interface Rejection {
  readonly reason: DesignerRejectionReason;
  readonly params?: Readonly<Record<string, string | number>>;
  /** The §8 catalogue code, for the reasons the catalogue names (a popup inside a popup: 1601). */
  readonly code?: ErrorCode;
}

export type Result<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly rejection: Rejection };

export function accept<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** A refusal for `reason`, carrying the catalogue code when the reason has one. */
export function rejection(reason: DesignerRejectionReason, params?: Rejection['params']): Rejection {
  const entry: { readonly code?: ErrorCode } = DESIGNER_REJECTIONS[reason];
  return {
    reason,
    ...(params ? { params } : {}),
    ...(entry.code ? { code: entry.code } : {}),
  };
}

export function reject<T = never>(reason: DesignerRejectionReason, params?: Rejection['params']): Result<T> {
  return { ok: false, rejection: rejection(reason, params) };
}

/** The value of an accepted result; throws on a refusal. For tests and for callers that checked. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`Refused: ${result.rejection.reason}`);
  return result.value;
}
