/**
 * Binding transforms (docs/widgets.md "Binding transforms"): what a bound value becomes before a
 * widget uses it. In order:
 * 1. the value: `expression` (a formula of `x`, the raw value) when it is written, else
 *    `x * scale + offset` (scale 1 and offset 0 when left out) for a numeric `x`; text that is not a
 *    number passes through unchanged, and an expression cannot read it (the value is unknown);
 * 2. the maps: the first `textMap` rule that holds for the value gives its text, the first
 *    `colorMap` rule its colour (rules compare as animation rules do);
 * 3. the format, when no text rule held: the value with `decimals` digits (as it is when null or
 *    left out), then a space and the `unit` when there is one; an unknown value reads as empty text.
 * Readers hand out raw values; the animation rules, symbol parts and pipe flow see the value of
 * step 1 (`evaluateAnimation` and the others apply it), a data text shows `text`.
 */
import { compileFormula, evaluateNumber, type Formula } from '@lyyp/formula';
import type { BindingTransform, DataBinding } from '@lyyp/contracts/designer';
import { compareValues, type LiveValue, type ValueReader } from './values.ts';

export interface TransformedValue {
  readonly value: LiveValue;
  /** The value as text (mapped or formatted); empty while the value is unknown. */
  readonly text: string;
  /** The mapped colour, or null when no colour rule holds. */
  readonly color: string | null;
}

const FORMULAS = new Map<string, Formula | null>();

function compiled(source: string): Formula | null {
  let formula = FORMULAS.get(source);
  if (formula === undefined) {
    const result = compileFormula(source, { variables: ['x'] });
    formula = result.ok ? result.formula : null;
    if (FORMULAS.size > 1000) FORMULAS.clear();
    FORMULAS.set(source, formula);
  }
  return formula;
}

function numeric(value: LiveValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** Step 1: the transformed value. */
export function transformValue(transform: BindingTransform | undefined, raw: LiveValue): LiveValue {
  if (!transform || raw === null || raw === undefined) return raw;
  const x = numeric(raw);
  const expression = transform.expression?.trim() ?? '';
  if (expression !== '') {
    const formula = compiled(expression);
    if (!formula || x === null) return undefined;
    const result = evaluateNumber(formula, { x });
    return result.ok && Number.isFinite(result.value) ? result.value : undefined;
  }
  if (x === null || (transform.scale === undefined && transform.offset === undefined)) return raw;
  return x * (transform.scale ?? 1) + (transform.offset ?? 0);
}

/** Step 3: the value as text with its decimals and unit. */
export function formatTransformedValue(transform: BindingTransform | undefined, value: LiveValue): string {
  if (value === null || value === undefined || value === '') return '';
  const x = numeric(value);
  const decimals = transform?.decimals;
  const bare =
    x !== null && decimals !== undefined && decimals !== null && typeof value !== 'boolean'
      ? x.toFixed(decimals)
      : String(value);
  return transform?.unit ? `${bare} ${transform.unit}` : bare;
}

/** All three steps for a raw value. */
export function applyBindingTransform(
  transform: BindingTransform | undefined,
  raw: LiveValue,
): TransformedValue {
  const value = transformValue(transform, raw);
  const known = value !== null && value !== undefined;
  const mappedText = known
    ? transform?.textMap?.find((rule) => compareValues(value, rule.symbol, rule.value))?.text
    : undefined;
  const color = known
    ? (transform?.colorMap?.find((rule) => compareValues(value, rule.symbol, rule.value))?.color ?? null)
    : null;
  return { value, text: mappedText ?? formatTransformedValue(transform, value), color };
}

/**
 * A reader whose values have gone through their binding's transform (step 1). Readers hand out raw
 * values; the runtime's evaluations (animation rules, symbol parts, pipe flow) wrap them once.
 */
export function withBindingTransforms(read: ValueReader): ValueReader {
  return (binding) => transformValue(binding.transform, read(binding));
}

/** The transformed value, text and colour a binding shows now. */
export function readTransformed(read: ValueReader, binding: DataBinding): TransformedValue {
  return applyBindingTransform(binding.transform, read(binding));
}
