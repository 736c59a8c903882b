/**
 * The industrial symbol library: every symbol by id, grouped by category, searchable by its
 * Chinese and English names and keywords. Symbols are drawn for this product (see docs/widgets.md).
 */
import { INSTRUMENT_SYMBOLS } from './instruments.ts';
import { PROCESS_SYMBOLS } from './process.ts';
import { ROTATING_SYMBOLS } from './rotating.ts';
import {
  SYMBOL_CATEGORIES,
  SYMBOL_CATEGORY_LABELS,
  type IndustrialSymbol,
  type SymbolCategory,
} from './symbol-kit.ts';
import { THERMAL_SYMBOLS } from './thermal.ts';
import { VALVE_SYMBOLS } from './valves.ts';
import { VESSEL_SYMBOLS } from './vessels.ts';

const ALL: readonly IndustrialSymbol[] = [
  ...ROTATING_SYMBOLS,
  ...VALVE_SYMBOLS,
  ...VESSEL_SYMBOLS,
  ...THERMAL_SYMBOLS,
  ...PROCESS_SYMBOLS,
  ...INSTRUMENT_SYMBOLS,
];

const BY_ID: ReadonlyMap<string, IndustrialSymbol> = new Map(ALL.map((symbol) => [symbol.id, symbol]));

/** Every symbol of the library in palette order (category by category). */
export function listIndustrialSymbols(): readonly IndustrialSymbol[] {
  return ALL;
}

export function getIndustrialSymbol(id: string): IndustrialSymbol | undefined {
  return BY_ID.get(id);
}

export interface SymbolCategoryGroup {
  readonly category: SymbolCategory;
  readonly label: (typeof SYMBOL_CATEGORY_LABELS)[SymbolCategory];
  readonly symbols: readonly IndustrialSymbol[];
}

/** The symbols grouped by category, in category order; empty categories are left out. */
export function groupSymbolsByCategory(symbols: readonly IndustrialSymbol[] = ALL): SymbolCategoryGroup[] {
  return SYMBOL_CATEGORIES.map((category) => ({
    category,
    label: SYMBOL_CATEGORY_LABELS[category],
    symbols: symbols.filter((symbol) => symbol.category === category),
  })).filter((group) => group.symbols.length > 0);
}

const normalise = (value: string) => value.normalize('NFKC').toLowerCase();

function haystack(symbol: IndustrialSymbol): string {
  const category = SYMBOL_CATEGORY_LABELS[symbol.category];
  return normalise(
    [symbol.id, symbol.name.zh, symbol.name.en, category.zh, category.en, ...symbol.keywords].join('\n'),
  );
}

const HAYSTACKS: ReadonlyMap<string, string> = new Map(ALL.map((symbol) => [symbol.id, haystack(symbol)]));

/**
 * Symbols whose names (zh or en), category or keywords contain every word of `query` (case and
 * width ignored; Chinese needs no spaces: "离心泵" finds the centrifugal pumps). Those whose name
 * contains the whole query come first; an empty query finds everything.
 */
export function searchSymbols(query: string, category?: SymbolCategory): IndustrialSymbol[] {
  const text = normalise(query.trim());
  const words = text.split(/\s+/).filter((word) => word !== '');
  const pool = category ? ALL.filter((symbol) => symbol.category === category) : ALL;
  const found = pool.filter((symbol) => {
    const hay = HAYSTACKS.get(symbol.id) ?? '';
    return words.every((word) => hay.includes(word));
  });
  const named = (symbol: IndustrialSymbol) =>
    normalise(symbol.name.zh).includes(text) || normalise(symbol.name.en).includes(text) ? 0 : 1;
  return found
    .map((symbol, index) => ({ symbol, index, rank: named(symbol) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.symbol);
}
