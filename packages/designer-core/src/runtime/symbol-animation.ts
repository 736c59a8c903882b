/**
 * A library symbol's parts at run time. Each part's rules work as the widget's own animation rules
 * do (same comparison, same colour rules), with one difference: a part rule whose binding is empty
 * does nothing, so an unbound part keeps its drawn look (a flame stays drawn, a tank stays full).
 */
import type {
  Box,
  ConditionRule,
  SymbolLevelRule,
  SymbolPartRules,
  WidgetOf,
} from '@lyyp/contracts/designer';
import { isBindingEmpty } from '../registry/defaults.ts';
import { pickColour, type VisualState } from './animation.ts';
import { withBindingTransforms } from './binding-transform.ts';
import { compareValues, type LiveValue, type ValueReader } from './values.ts';

export interface SymbolPartState {
  readonly visible: boolean;
  /** The part's colour while a colour rule holds; null keeps the drawn one. */
  readonly fill: string | null;
  /** How full a level part is, 0 to 1; null keeps the drawn level. */
  readonly level: number | null;
  readonly spin: VisualState['spin'];
}

export const RESTING_PART: SymbolPartState = { visible: true, fill: null, level: null, spin: null };

function toNumber(value: LiveValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** (value − min) / (max − min) kept within 0…1; null while unbound, unknown or min = max. */
function levelFraction(rule: SymbolLevelRule | undefined, read: ValueReader): number | null {
  // `read` hands out transformed values here (see evaluateSymbolPart).
  if (!rule?.enable || isBindingEmpty(rule.binding) || rule.max === rule.min) return null;
  const value = toNumber(read(rule.binding));
  if (value === null) return null;
  return Math.min(1, Math.max(0, (value - rule.min) / (rule.max - rule.min)));
}

/** The part of `area` a level of `fraction` fills: the bottom of the box. */
export function levelBox(area: Box, fraction: number): Box {
  const height = area.height * Math.min(1, Math.max(0, fraction));
  return { x: area.x, y: area.y + area.height - height, width: area.width, height };
}

const bound = (rule: ConditionRule | undefined): rule is ConditionRule =>
  rule !== undefined && rule.enable && !isBindingEmpty(rule.binding);

/** One part's look now; values go through their binding's transform first. */
export function evaluateSymbolPart(rules: SymbolPartRules, rawRead: ValueReader): SymbolPartState {
  const read = withBindingTransforms(rawRead);
  const holds = (rule: ConditionRule) => compareValues(read(rule.binding), rule.symbol, rule.value);
  const { visiable, rotate, fillColor, level } = rules;
  return {
    visible: bound(visiable) ? holds(visiable) : true,
    fill: fillColor && !isBindingEmpty(fillColor.binding) ? pickColour(fillColor, read) : null,
    level: levelFraction(level, read),
    spin: bound(rotate) && holds(rotate) ? { direction: rotate.direction, speed: rotate.speed } : null,
  };
}

/** Every part that has rules, by part name. */
export function evaluateSymbolParts(
  widget: WidgetOf<'ShapeSymbol'>,
  read: ValueReader,
): Readonly<Record<string, SymbolPartState>> {
  return Object.fromEntries(widget.data.parts.map((rules) => [rules.part, evaluateSymbolPart(rules, read)]));
}
