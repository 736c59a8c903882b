/**
 * The value → text and value → colour maps of a binding transform as the editor checks them: at
 * most `BINDING_MAP_MAX_ENTRIES` rows per map, each value (with its comparison) once per map, a
 * value given, and a text that is not only spaces. Values typed as numbers are kept as numbers.
 */
import {
  BINDING_MAP_MAX_ENTRIES,
  type BindingTransform,
  type ComparisonSymbol,
  type RuleValue,
} from '@lyyp/contracts/designer';

export type TextMapRow = NonNullable<BindingTransform['textMap']>[number];
export type ColorMapRow = NonNullable<BindingTransform['colorMap']>[number];
export type MapKind = 'textMap' | 'colorMap';

export type MapProblem =
  | { readonly kind: 'too-many'; readonly map: MapKind; readonly max: number }
  | { readonly kind: 'duplicate'; readonly map: MapKind; readonly row: number }
  | { readonly kind: 'no-value'; readonly map: MapKind; readonly row: number }
  | { readonly kind: 'blank-text'; readonly row: number };

/** What was typed as a rule value: a number when it reads as one, else the text. */
export function parseRuleValue(typed: string): RuleValue {
  const trimmed = typed.trim();
  if (trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed);
  return typed;
}

function ruleKey(symbol: ComparisonSymbol, typed: RuleValue): string {
  const value = typeof typed === 'string' ? parseRuleValue(typed) : typed;
  return `${symbol}\u0000${typeof value === 'number' ? `n${value}` : `s${value.trim()}`}`;
}

/** The maps with their typed values as rule values (numbers where they read as numbers). */
export function settleMapValues(transform: BindingTransform): BindingTransform {
  const settle = <R extends { value: RuleValue }>(rows: readonly R[] | undefined) =>
    rows?.map((row) => (typeof row.value === 'string' ? { ...row, value: parseRuleValue(row.value) } : row));
  const textMap = settle(transform.textMap);
  const colorMap = settle(transform.colorMap);
  return { ...transform, ...(textMap ? { textMap } : {}), ...(colorMap ? { colorMap } : {}) };
}

function checkMap(
  rows: readonly { symbol: ComparisonSymbol; value: RuleValue }[],
  map: MapKind,
): MapProblem[] {
  const problems: MapProblem[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    if (typeof row.value === 'string' && row.value.trim() === '') {
      problems.push({ kind: 'no-value', map, row: index });
      return;
    }
    const key = ruleKey(row.symbol, row.value);
    if (seen.has(key)) problems.push({ kind: 'duplicate', map, row: index });
    seen.add(key);
  });
  return problems;
}

/** Every problem of the transform's maps; empty when they may be saved. */
export function checkTransformMaps(transform: BindingTransform): MapProblem[] {
  const texts = transform.textMap ?? [];
  const colours = transform.colorMap ?? [];
  const problems: MapProblem[] = [];
  for (const [map, rows] of [
    ['textMap', texts],
    ['colorMap', colours],
  ] as const) {
    if (rows.length > BINDING_MAP_MAX_ENTRIES)
      problems.push({ kind: 'too-many', map, max: BINDING_MAP_MAX_ENTRIES });
  }
  problems.push(...checkMap(texts, 'textMap'));
  texts.forEach((row, index) => {
    if (row.text.trim() === '') problems.push({ kind: 'blank-text', row: index });
  });
  problems.push(...checkMap(colours, 'colorMap'));
  return problems;
}

/** Whether another row may be added to the map. */
export function mayAddRow(transform: BindingTransform, map: MapKind): boolean {
  return (transform[map]?.length ?? 0) < BINDING_MAP_MAX_ENTRIES;
}
