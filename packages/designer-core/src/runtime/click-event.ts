/**
 * Click events at run time (§3): what a click on a widget (or a select item) asks the viewer to do.
 * The viewer performs the returned action; this module only decides it.
 */
import { isSafeUrl } from '@lyyp/contracts';
import type { ClickEvent, DataBinding, LinkTarget, PressType, RuleValue } from '@lyyp/contracts/designer';
import { accept, reject, type Result } from '../model/result.ts';
import { isBindingEmpty } from '../registry/defaults.ts';
import { compareValues, type LiveValue } from './values.ts';

export type ClickOutcome =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'write';
      readonly binding: DataBinding;
      /** null: ask the user for the value first. */
      readonly value: RuleValue | null;
      /** Written when the pointer is released (a momentary press). */
      readonly releaseValue: RuleValue | null;
      /** Ask for confirmation with this text first; null to act at once. */
      readonly confirm: string | null;
      /** Wait this long before reading the value back. */
      readonly delayMs: number;
      readonly feedback: boolean;
    }
  | { readonly kind: 'page'; readonly pageId: string }
  | { readonly kind: 'link'; readonly url: string; readonly target: LinkTarget }
  | { readonly kind: 'popup'; readonly pageId: string; readonly width: number; readonly height: number }
  | {
      readonly kind: 'script';
      readonly script: string;
      /** Ask for confirmation with this text before the script's writes; null to write at once. */
      readonly confirm: string | null;
      readonly delayMs: number;
      readonly feedback: boolean;
    };

export interface ClickContext {
  /** The widget's own binding, written when the event names none. */
  readonly widgetBinding: DataBinding;
  /** The live value of the write target, for toggles. */
  readonly currentValue?: LiveValue;
  /** The page showing the widget is itself a popup. */
  readonly insidePopup: boolean;
}

const PRESS_VALUES: Readonly<Record<PressType, (current: LiveValue) => [RuleValue, RuleValue | null]>> = {
  set1: () => [1, null],
  set0: () => [0, null],
  toggle: (current) => [compareValues(current, '!=', 0) ? 0 : 1, null],
  reset: () => [1, 0],
};

function resolveWrite(event: ClickEvent, context: ClickContext): ClickOutcome {
  const binding = isBindingEmpty(event.binding) ? context.widgetBinding : event.binding;
  if (isBindingEmpty(binding)) return { kind: 'none' };
  const [value, releaseValue] =
    event.writeType === 'set'
      ? [event.writeValue, null]
      : event.writeType === 'input'
        ? [null, null]
        : PRESS_VALUES[event.pressType](context.currentValue);
  return {
    kind: 'write',
    binding,
    value,
    releaseValue,
    confirm: event.hint ? event.hintValue : null,
    delayMs: event.delay.enable ? event.delay.value : 0,
    feedback: event.feedback,
  };
}

/**
 * The action of a click; a popup opened from inside a popup is refused (catalogue 1601), and so is a
 * link the URL rule refuses (1650): it is never opened.
 */
export function resolveClick(event: ClickEvent, context: ClickContext): Result<ClickOutcome> {
  if (!event.enable) return accept({ kind: 'none' });
  switch (event.action) {
    case 'write':
      return accept(resolveWrite(event, context));
    case 'page':
      return accept(event.pageId ? { kind: 'page', pageId: event.pageId } : { kind: 'none' });
    case 'link':
      if (!event.link.trim()) return accept({ kind: 'none' });
      // Checked again here: a page stored before the rule, or edited by hand, never runs script.
      if (!isSafeUrl(event.link)) return reject('unsafe-url', { field: 'event.link' });
      return accept({ kind: 'link', url: event.link, target: event.target });
    case 'popup':
      if (context.insidePopup) return reject('popup-in-popup');
      if (!event.pageId) return accept({ kind: 'none' });
      return accept({
        kind: 'popup',
        pageId: event.pageId,
        width: event.window.width,
        height: event.window.height,
      });
    case 'script':
      if (!event.script.trim()) return accept({ kind: 'none' });
      return accept({
        kind: 'script',
        script: event.script,
        confirm: event.hint ? event.hintValue : null,
        delayMs: event.delay.enable ? event.delay.value : 0,
        feedback: event.feedback,
      });
  }
}
