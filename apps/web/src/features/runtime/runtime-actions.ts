/**
 * What a click on a running page does (§3 click event), decided without the screen: the core's
 * `resolveClick` picks the outcome; this adds which variable a write goes to and the toggle's
 * current value, and refuses what cannot run (a popup inside a popup, a write to a system value).
 * A script's writes are decided when it runs (`click-script.ts`) and go through the same write flow.
 */
import type { ClickEvent, DataBinding, LinkTarget, RuleValue } from '@lyyp/contracts/designer';
import { isBindingEmpty, resolveClick, type Rejection, type ValueReader } from '@lyyp/designer-core';
import { writeKeyOf } from '../../widgets/signal-catalogue.ts';

export type PageAction =
  | { readonly kind: 'none' }
  | { readonly kind: 'refused'; readonly rejection: Rejection }
  | { readonly kind: 'not-writable' }
  | {
      readonly kind: 'write';
      readonly key: string;
      /** null: ask for the value first. */
      readonly value: RuleValue | null;
      /** Written on release (a momentary press), or null. */
      readonly releaseValue: RuleValue | null;
      readonly confirm: string | null;
      readonly delayMs: number;
      readonly feedback: boolean;
    }
  | { readonly kind: 'page'; readonly pageId: string }
  | { readonly kind: 'link'; readonly url: string; readonly target: LinkTarget }
  | { readonly kind: 'popup'; readonly pageId: string; readonly width: number; readonly height: number }
  | {
      readonly kind: 'script';
      readonly script: string;
      readonly confirm: string | null;
      readonly delayMs: number;
      readonly feedback: boolean;
    };

export interface ClickContext {
  readonly widgetBinding: DataBinding;
  readonly read: ValueReader;
  readonly insidePopup: boolean;
}

export function planClick(event: ClickEvent, context: ClickContext): PageAction {
  const target = isBindingEmpty(event.binding) ? context.widgetBinding : event.binding;
  const resolved = resolveClick(event, {
    widgetBinding: context.widgetBinding,
    currentValue: context.read(target),
    insidePopup: context.insidePopup,
  });
  if (!resolved.ok) return { kind: 'refused', rejection: resolved.rejection };
  const outcome = resolved.value;
  if (outcome.kind !== 'write') return outcome;
  const key = writeKeyOf(outcome.binding);
  if (!key) return { kind: 'not-writable' };
  return {
    kind: 'write',
    key,
    value: outcome.value,
    releaseValue: outcome.releaseValue,
    confirm: outcome.confirm,
    delayMs: outcome.delayMs,
    feedback: outcome.feedback,
  };
}

/** A value typed into the write dialog: a number when it reads as one. */
export function parseTypedValue(text: string): RuleValue | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const numeric = Number(trimmed);
  return Number.isFinite(numeric) ? numeric : trimmed;
}
