/**
 * Animation rules at run time (§3): given live values, what a widget looks like now. Only the
 * animations its definition allows are applied; a rule with an unknown value does not hold.
 */
import type { ColourAnimation, ConditionRule, LeafWidget, RotateDirection } from '@lyyp/contracts/designer';
import { getWidgetDefinition } from '../registry/widget-registry.ts';
import { withBindingTransforms } from './binding-transform.ts';
import { compareValues, type ValueReader } from './values.ts';

export interface VisualState {
  /** visiable: shown while its condition holds. */
  readonly visible: boolean;
  readonly twinkle: boolean;
  /** Spinning direction and turns per minute, or null when still. */
  readonly spin: { readonly direction: RotateDirection; readonly speed: number } | null;
  /** Colours that replace the style's while a colour rule holds; null keeps the style's. */
  readonly fillColor: string | null;
  readonly borderColor: string | null;
  readonly fontColor: string | null;
}

export const RESTING_STATE: VisualState = {
  visible: true,
  twinkle: false,
  spin: null,
  fillColor: null,
  borderColor: null,
  fontColor: null,
};

/** The colour of the first rule that holds, or null (and null while the animation is off). */
export function pickColour(rule: ColourAnimation, read: ValueReader): string | null {
  if (!rule.enable) return null;
  const value = read(rule.binding);
  return rule.colors.find((colour) => compareValues(value, colour.symbol, colour.value))?.color ?? null;
}

/** The widget's look now; values go through their binding's transform first. */
export function evaluateAnimation(widget: LeafWidget, rawRead: ValueReader): VisualState {
  const read = withBindingTransforms(rawRead);
  const allowed = new Set(getWidgetDefinition(widget.widgetType).animations);
  const { visiable, twinkle, rotate, fillColor, borderColor, fontColor } = widget.animation;
  const holds = (rule: ConditionRule) =>
    rule.enable && compareValues(read(rule.binding), rule.symbol, rule.value);
  return {
    visible: allowed.has('visiable') && visiable.enable ? holds(visiable) : true,
    twinkle: allowed.has('twinkle') && holds(twinkle),
    spin:
      allowed.has('rotate') && holds(rotate) ? { direction: rotate.direction, speed: rotate.speed } : null,
    fillColor: allowed.has('fillColor') ? pickColour(fillColor, read) : null,
    borderColor: allowed.has('borderColor') ? pickColour(borderColor, read) : null,
    fontColor: allowed.has('fontColor') ? pickColour(fontColor, read) : null,
  };
}

/** Whether a user holding `auths` may see the widget: an empty region means everyone may. */
export function isWidgetAuthorized(
  widget: { readonly authRegion: readonly string[] },
  auths: readonly string[],
): boolean {
  return widget.authRegion.length === 0 || widget.authRegion.some((code) => auths.includes(code));
}
