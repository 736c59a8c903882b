/**
 * How live values read on widgets: a data text's number with its decimals, unit and state texts, the
 * share of a percent fill, whether a scroll bar runs, and which frame an animation widget shows.
 */
import type { ComparisonSymbol, RuleValue, WidgetDataOf } from '@lyyp/contracts/designer';
import { compareValues, type LiveValue } from '@lyyp/designer-core';
import { formatValue, type ValueStyle } from '../features/monitor/value-format.ts';

/** Shown where a value is not known yet. */
export const UNKNOWN_VALUE = '--';

/** What the product says about a bound signal, when the viewer knows it. */
export type SignalInfo = ValueStyle;

function toNumber(value: LiveValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/**
 * The text of a data value, by the console's one value formatter (`formatValue`): a state text when
 * the signal maps this value, otherwise the number (decimal places, or as the device holds it)
 * followed by the unit; `--` while the value is not known.
 */
export function formatDataValue(value: LiveValue, info: Partial<SignalInfo> = {}): string {
  if (value === null || value === undefined || value === '') return UNKNOWN_VALUE;
  const numeric = toNumber(value);
  const style: SignalInfo = {
    unit: info.unit ?? '',
    decimals: info.decimals ?? null,
    stateMapping: info.stateMapping ?? [],
    dataType: info.dataType,
  };
  // A state text applies to a number that arrives as text too; other text shows as it is.
  const state =
    typeof value === 'string' && numeric !== null
      ? style.stateMapping.find((entry) => entry.value === numeric)
      : undefined;
  return state ? state.text : formatValue(style, value);
}

/** The share of `min..max` the value fills, 0 to 1; an unknown value fills nothing. */
export function computeFillRatio(value: LiveValue, min: number, max: number): number {
  const numeric = toNumber(value);
  if (numeric === null || max <= min) return 0;
  return Math.min(1, Math.max(0, (numeric - min) / (max - min)));
}

/** The label of a percent fill: the percentage, the value, or nothing. */
export function formatFillLabel(
  value: LiveValue,
  data: WidgetDataOf<'UsualPercentFill'>['dataAddon'],
): string {
  if (data.textType === 'none') return '';
  if (data.textType === 'value') return toNumber(value) === null ? UNKNOWN_VALUE : String(value);
  if (toNumber(value) === null) return UNKNOWN_VALUE;
  return `${Math.round(computeFillRatio(value, data.min, data.max) * 100)}%`;
}

/** A scroll bar runs while `value symbol expected` holds. */
export function isScrolling(value: LiveValue, symbol: ComparisonSymbol, expected: RuleValue): boolean {
  return compareValues(value, symbol, expected);
}

export type AnimationFrame =
  { readonly kind: 'image'; readonly url: string } | { readonly kind: 'text'; readonly text: string } | null;

/**
 * The frame an animation widget shows. While its cycle condition holds it plays its frames in turn
 * (`tick` counts frame times); otherwise it shows the first item whose condition holds, if any.
 */
export function pickAnimationFrame(
  data: WidgetDataOf<'UsualAnimation'>['dataAddon'],
  value: LiveValue,
  tick: number,
): AnimationFrame {
  const items =
    data.type === 'image'
      ? data.imageList.map((item) => ({ ...item, frame: { kind: 'image' as const, url: item.url } }))
      : data.textList.map((item) => ({ ...item, frame: { kind: 'text' as const, text: item.text } }));
  if (items.length === 0) return null;
  if (compareValues(value, data.cycle.judgCondition, data.cycle.judgVal)) {
    return items[((tick % items.length) + items.length) % items.length]?.frame ?? null;
  }
  return items.find((item) => compareValues(value, item.symbol, item.value))?.frame ?? null;
}

/** Whether the animation widget is cycling through its frames now. */
export function isCycling(data: WidgetDataOf<'UsualAnimation'>['dataAddon'], value: LiveValue): boolean {
  return compareValues(value, data.cycle.judgCondition, data.cycle.judgVal);
}
